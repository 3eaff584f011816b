package sudoku_test

import (
	"errors"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"libsudoku/sudoku"
)

// candidatesOf is the candidates the givens leave each empty cell (0 for filled cells),
// computed here independently of the library.
func candidatesOf(board string) sudoku.Marks {
	var m sudoku.Marks
	for c := 0; c < 81; c++ {
		if board[c] != '.' && board[c] != '0' {
			continue
		}
		m[c] = 0x1ff
		for p := 0; p < 81; p++ {
			if peers(p, c) && board[p] >= '1' && board[p] <= '9' {
				m[c] &^= 1 << (board[p] - '1')
			}
		}
	}
	return m
}

// randomPosition is the LeetCode solution relabelled with blanks: (givens, board, marks) where
// some blanks are entered on the board and the others have random candidates holding the
// solution's digit.
func randomPosition(r *rand.Rand, blanks int) (string, string, sudoku.Marks) {
	perm := r.Perm(9)
	sol := []byte(answer)
	for i := range sol {
		sol[i] = byte('1' + perm[sol[i]-'1'])
	}
	givens, board := append([]byte(nil), sol...), append([]byte(nil), sol...)
	var marks sudoku.Marks
	for _, c := range r.Perm(81)[:blanks] {
		givens[c] = '.'
		if r.Intn(4) == 0 {
			continue
		}
		board[c] = '.'
		marks[c] = 1<<(sol[c]-'1') | uint16(r.Intn(512))&uint16(r.Intn(2)*0x1ff)
	}
	return string(givens), string(board), marks
}

// singlesFilled is what a reader without values makes of a position: a lone digit fills.
func singlesFilled(board string, marks sudoku.Marks) (string, sudoku.Marks) {
	b := []byte(strings.ReplaceAll(board, "0", "."))
	var m sudoku.Marks
	for c := 0; c < 81; c++ {
		if b[c] != '.' {
			continue
		}
		m[c] = marks[c]
		if marks[c] != 0 && marks[c]&(marks[c]-1) == 0 {
			for d := 0; d < 9; d++ {
				if marks[c] == 1<<d {
					b[c] = byte('1' + d)
				}
			}
			m[c] = 0
		}
	}
	return string(b), m
}

func offsetOf(t *testing.T, err error) int {
	t.Helper()
	var pe *sudoku.ParseError
	if !errors.As(err, &pe) || !errors.Is(err, sudoku.ErrParse) {
		t.Fatalf("want a *ParseError, got %v", err)
	}
	return pe.Offset
}

func TestMarksRoundTrip(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	for i := 0; i < 200; i++ {
		_, board, marks := randomPosition(r, 20+i%50)
		for _, style := range []sudoku.MarksStyle{sudoku.MarksLine, sudoku.MarksGrid} {
			text, err := sudoku.FormatMarks(board, &marks, style)
			if err != nil {
				t.Fatal(err)
			}
			if style == sudoku.MarksLine && len(text) != 729 {
				t.Fatalf("%d bytes", len(text))
			}
			gotBoard, gotMarks, err := sudoku.ParseMarks(text, board)
			if err != nil || gotBoard != board || gotMarks != marks {
				t.Fatalf("with values: %q %v %v\n%s", gotBoard, gotMarks, err, text)
			}
			wantBoard, wantMarks := singlesFilled(board, marks)
			gotBoard, gotMarks, err = sudoku.ParseMarks(text, "")
			if err != nil || gotBoard != wantBoard || gotMarks != wantMarks {
				t.Fatalf("without values: %q %v %v", gotBoard, gotMarks, err)
			}
		}
	}
}

func TestMarksOfAPuzzleAreItsCandidates(t *testing.T) {
	marks := candidatesOf(puzzle)
	grid, err := sudoku.FormatMarks(puzzle, &marks, sudoku.MarksGrid)
	if err != nil || !strings.Contains(grid, "\n| 5   3    124    | 26   7  2468 |") {
		t.Fatalf("%v\n%s", err, grid)
	}
	// The frame HoDoKu prints reads the same.
	hodoku := strings.NewReplacer("+\n", ".\n", "\n+", "\n:").Replace(grid)
	if _, m, err := sudoku.ParseMarks(hodoku, puzzle); err != nil || m != marks {
		t.Fatalf("%v\n%s", err, hodoku)
	}
}

func TestBadMarksAreRejectedAtTheFirstProblem(t *testing.T) {
	marks := candidatesOf(puzzle)
	line, _ := sudoku.FormatMarks(puzzle, &marks, sudoku.MarksLine)
	grid, _ := sudoku.FormatMarks(puzzle, &marks, sudoku.MarksGrid)
	at := strings.Index(grid, "124")
	cases := []struct {
		text   string
		offset int
	}{
		{line[:20] + "7" + line[21:], 20}, // cell 2's byte for digit 3
		{line[:600], 600},
		{line + ".", 729},
		{grid[:at] + "121" + grid[at+3:], at + 2},
		{grid[:at] + "1x4" + grid[at+3:], at + 1},
		{"", 0},
	}
	for _, c := range cases {
		_, _, err := sudoku.ParseMarks(c.text, "")
		if got := offsetOf(t, err); got != c.offset {
			t.Errorf("%q: offset %d, want %d", c.text, got, c.offset)
		}
	}
	if _, _, err := sudoku.ParseMarks(line, "3"+puzzle[1:]); offsetOf(t, err) != 4 {
		t.Errorf("values: %v", err)
	}
	if _, _, err := sudoku.ParseMarks(line, "?"+puzzle[1:]); !errors.Is(err, sudoku.ErrInvalidCharacter) {
		t.Errorf("bad values: %v", err)
	}
	bad := marks
	bad[2] |= 0x200
	for _, c := range []struct {
		board string
		marks *sudoku.Marks
		style sudoku.MarksStyle
		want  error
	}{
		{puzzle, &bad, sudoku.MarksGrid, sudoku.ErrInvalidArgument},
		{puzzle, &marks, 2, sudoku.ErrInvalidArgument},
		{puzzle, nil, sudoku.MarksGrid, sudoku.ErrInvalidArgument},
		{"x" + puzzle[1:], &marks, sudoku.MarksGrid, sudoku.ErrInvalidCharacter},
		{puzzle[1:], &marks, sudoku.MarksGrid, sudoku.ErrLength},
	} {
		if _, err := sudoku.FormatMarks(c.board, c.marks, c.style); !errors.Is(err, c.want) {
			t.Errorf("FormatMarks(%q, style %d): %v, want %v", c.board, c.style, err, c.want)
		}
	}
}

func TestPuzzleScannerReadsCommentsColumnsAndGoesOnAfterABadLine(t *testing.T) {
	text := "\ufeff# a list\n\n" + puzzle + " # 7.1\r\n  " + answer + "\t8.3\tSE\n" +
		puzzle[:80] + "\n" + puzzle + "," + answer + "\n\t# end\n" + puzzle
	s := sudoku.NewPuzzleScanner([]byte(text))
	var got []sudoku.Record
	var errs []int
	for {
		if s.Scan() {
			got = append(got, s.Record())
			continue
		}
		if s.Err() == nil {
			break
		}
		errs = append(errs, offsetOf(t, s.Err()))
	}
	want := []struct{ puzzle, columns string }{
		{puzzle, "# 7.1"}, {answer, "8.3\tSE"}, {puzzle, answer}, {puzzle, ""},
	}
	if len(got) != len(want) {
		t.Fatalf("%d records: %+v", len(got), got)
	}
	for i, w := range want {
		if got[i].Puzzle != w.puzzle || got[i].Columns != w.columns {
			t.Errorf("record %d: %+v", i, got[i])
		}
	}
	bad := strings.Index(text, puzzle[:80]+"\n") + 80
	if len(errs) != 1 || errs[0] != bad {
		t.Errorf("errors at %v, want [%d]", errs, bad)
	}
}

func TestPuzzleScannerReadsAWholeCorpusFile(t *testing.T) {
	dir := os.Getenv("SUDOKU_PUZZLES")
	if dir == "" {
		dir = filepath.Join("..", "..", "data", "puzzles")
	}
	name := "tdoku_test_puzzles_with_counts.txt" // puzzle:count:solution
	data, err := os.ReadFile(filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	lines := corpusLines(t, name)
	s := sudoku.NewPuzzleScanner(data)
	n := 0
	for ; s.Scan(); n++ {
		rec := s.Record()
		if n >= len(lines) || rec.Puzzle != lines[n][:81] || rec.Columns != lines[n][82:] {
			t.Fatalf("record %d: %+v", n, rec)
		}
	}
	if s.Err() != nil || n != len(lines) {
		t.Fatalf("%d of %d, %v", n, len(lines), s.Err())
	}
}

func TestSudokuWikiLinksRoundTrip(t *testing.T) {
	r := rand.New(rand.NewSource(2))
	const url = "https://www.sudokuwiki.org/sudoku.htm?bd="
	for i := 0; i < 100; i++ {
		givens, board, marks := randomPosition(r, 55)
		link, err := sudoku.FormatSudokuWiki(givens, "", nil)
		if err != nil || link != url+strings.ReplaceAll(givens, ".", "0") {
			t.Fatalf("%q %v", link, err)
		}
		p, err := sudoku.ParseSudokuWiki(link)
		if err != nil || p.Givens != givens || p.Board != givens || p.Marks != (sudoku.Marks{}) {
			t.Fatalf("%+v %v", p, err)
		}
		link, err = sudoku.FormatSudokuWiki(givens, board, &marks)
		if err != nil || len(link) != len(url)+162 {
			t.Fatalf("%q %v", link, err)
		}
		wantBoard, wantMarks := singlesFilled(board, marks)
		p, err = sudoku.ParseSudokuWiki("bd=" + link[len(url):] + "&x=1")
		if err != nil || p.Givens != givens || p.Board != wantBoard || p.Marks != wantMarks {
			t.Fatalf("%+v %v", p, err)
		}
	}
	if _, err := sudoku.ParseSudokuWiki(url + puzzle[:80]); offsetOf(t, err) != len(url)+80 {
		t.Errorf("short: %v", err)
	}
	if _, err := sudoku.FormatSudokuWiki(puzzle, puzzle, nil); !errors.Is(err, sudoku.ErrInvalidArgument) {
		t.Errorf("board without marks: %v", err)
	}
	marks := candidatesOf(puzzle)
	if _, err := sudoku.FormatSudokuWiki(puzzle, "1"+puzzle[1:], &marks); !errors.Is(err, sudoku.ErrInvalidArgument) {
		t.Errorf("changed given: %v", err)
	}
}

func TestSSRoundTrips(t *testing.T) {
	r := rand.New(rand.NewSource(3))
	for i := 0; i < 100; i++ {
		givens, board, marks := randomPosition(r, 50)
		text, err := sudoku.FormatSS(givens, "", nil)
		if err != nil || !strings.HasPrefix(text, "*-----------*\n|") {
			t.Fatalf("%q %v", text, err)
		}
		p, err := sudoku.ParseSS(text)
		if err != nil || p.Givens != givens || p.Board != givens {
			t.Fatalf("%+v %v", p, err)
		}
		text, err = sudoku.FormatSS(givens, board, &marks)
		if err != nil {
			t.Fatal(err)
		}
		p, err = sudoku.ParseSS(text)
		if err != nil || p.Givens != givens || p.Board != board || p.Marks != marks {
			t.Fatalf("%+v %v\n%s", p, err, text)
		}
	}
	text, _ := sudoku.FormatSS(puzzle, "", nil)
	if _, err := sudoku.ParseSS(strings.Replace(text, "5", "?", 1)); offsetOf(t, err) != strings.Index(text, "5") {
		t.Errorf("stray byte: %v", err)
	}
	if _, err := sudoku.FormatSS(puzzle, "."+puzzle[1:], nil); !errors.Is(err, sudoku.ErrInvalidArgument) {
		t.Errorf("removed given: %v", err)
	}
}
