package sudoku_test

import (
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"

	"libsudoku/sudoku"
)

// peers reports whether two different cells share a row, column or box.
func peers(a, b int) bool {
	return a != b && (a/9 == b/9 || a%9 == b%9 || (a/27 == b/27 && a%9/3 == b%9/3))
}

// firstClash is the first cell in row-major order holding a bad byte or repeating a digit given
// earlier in its row, column or box; -1 if none.
func firstClash(board string) int {
	for c := 0; c < 81; c++ {
		ch := board[c]
		if ch == '.' || ch == '0' {
			continue
		}
		if ch < '1' || ch > '9' {
			return c
		}
		for p := 0; p < c; p++ {
			if peers(p, c) && board[p] == ch {
				return c
			}
		}
	}
	return -1
}

func givens(puzzle string) int {
	return 81 - strings.Count(puzzle, ".")
}

func TestStatusesAndEnumsMatchTheHeader(t *testing.T) {
	header, err := os.ReadFile(filepath.Join("..", "..", "include", "sudoku.h"))
	if err != nil {
		t.Fatal(err)
	}
	var source strings.Builder
	files, _ := filepath.Glob("*.go")
	for _, f := range files {
		if !strings.HasSuffix(f, "_test.go") {
			text, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			source.Write(text)
		}
	}
	// Every value of the enums this package binds has its Go constant (C.NAME in the source;
	// cgo checks the values).
	names := regexp.MustCompile(`(?m)^\s+(SUDOKU_(?:OK|ERR|TECHNIQUE|LEVEL|SYMMETRY|HINT)_?\w*) = (\d+),`).
		FindAllSubmatch(header, -1)
	if len(names) < 40 {
		t.Fatalf("found only %d enum values in sudoku.h", len(names))
	}
	for _, m := range names {
		if !strings.Contains(source.String(), "C."+string(m[1])+"\n") &&
			!strings.Contains(source.String(), "C."+string(m[1])+" ") {
			t.Errorf("%s is not bound in Go", m[1])
		}
		if strings.HasPrefix(string(m[1]), "SUDOKU_ERR_") {
			n, _ := strconv.Atoi(string(m[2]))
			if msg := sudoku.Status(n).Error(); strings.Contains(msg, "unknown") {
				t.Errorf("status %d: %q", n, msg)
			}
		}
	}
}

func TestCountSolutions(t *testing.T) {
	count, first, err := sudoku.CountSolutions(puzzle, 2)
	if err != nil || count != 1 || first != answer {
		t.Fatalf("CountSolutions = %d, %q, %v", count, first, err)
	}
	empty := strings.Repeat(".", 81)
	count, first, err = sudoku.CountSolutions(empty, 5)
	if err != nil || count != 5 || !valid(empty, first) {
		t.Fatalf("CountSolutions(empty, 5) = %d, %q, %v", count, first, err)
	}
	// Clashing givens count 0.
	count, first, err = sudoku.CountSolutions("55"+puzzle[2:], 2)
	if err != nil || count != 0 || first != "" {
		t.Fatalf("CountSolutions(conflict) = %d, %q, %v", count, first, err)
	}
	for _, limit := range []int{0, -1} {
		if _, _, err := sudoku.CountSolutions(puzzle, limit); !errors.Is(err, sudoku.ErrInvalidArgument) {
			t.Errorf("limit %d: %v", limit, err)
		}
	}
	if _, _, err := sudoku.CountSolutions(puzzle[:80]+"x", 2); !errors.Is(err, sudoku.ErrInvalidCharacter) {
		t.Errorf("bad character: %v", err)
	}
	if _, _, err := sudoku.CountSolutions(puzzle[:80], 2); !errors.Is(err, sudoku.ErrLength) {
		t.Errorf("short: %v", err)
	}
}

func TestCountsMatchTheTdokuTestFile(t *testing.T) {
	lines := corpusLines(t, "tdoku_test_puzzles_with_counts.txt")
	if len(lines) < 40 {
		t.Fatalf("%d lines", len(lines))
	}
	for _, line := range lines {
		fields := strings.Split(line, ":")
		want, err := strconv.Atoi(fields[1])
		if err != nil {
			t.Fatal(err)
		}
		count, first, err := sudoku.CountSolutions(fields[0], want+1)
		if err != nil || count != want || (count > 0) != valid(fields[0], first) {
			t.Errorf("%s: %d, %q, %v; want %d", fields[0], count, first, err, want)
		}
	}
}

func corpusLines(t *testing.T, name string) []string {
	dir := os.Getenv("SUDOKU_PUZZLES")
	if dir == "" {
		dir = filepath.Join("..", "..", "data", "puzzles")
	}
	text, err := os.ReadFile(filepath.Join(dir, name))
	if err != nil {
		t.Fatalf("corpus: %v (set SUDOKU_PUZZLES)", err)
	}
	var lines []string
	for _, line := range strings.Split(string(text), "\n") {
		if line = strings.TrimRight(line, "\r"); line != "" && line[0] != '#' {
			lines = append(lines, line)
		}
	}
	return lines
}

func TestValidate(t *testing.T) {
	for _, ok := range []string{puzzle, answer, strings.Repeat("0", 81), "12345678.........9" + strings.Repeat(".", 63)} {
		if err := sudoku.Validate(ok); err != nil {
			t.Errorf("Validate(%q) = %v", ok, err)
		}
	}
	// Clashes in rows, columns and boxes, and bad bytes: the cell is the reference's.
	cases := []string{
		"55" + puzzle[2:],              // row
		puzzle[:9] + "5" + puzzle[10:], // column (and box)
		puzzle[:10] + "3" + puzzle[11:],
		puzzle[:40] + "x" + puzzle[41:],
		"5" + puzzle[1:80] + "\x00",
		answer[:50] + answer[49:80], // the 51st cell repeats the 50th
	}
	for _, board := range cases {
		err := sudoku.Validate(board)
		var cellErr *sudoku.CellError
		if !errors.As(err, &cellErr) || cellErr.Cell != firstClash(board) {
			t.Errorf("Validate(%q) = %v; want cell %d", board, err, firstClash(board))
			continue
		}
		want := sudoku.ErrConflict
		if ch := board[cellErr.Cell]; ch < '1' || ch > '9' {
			want = sudoku.ErrInvalidCharacter
		}
		if !errors.Is(err, want) || cellErr.Status != want {
			t.Errorf("Validate(%q) = %v; want %v", board, err, want)
		}
		if !strings.HasSuffix(err.Error(), fmt.Sprintf("(cell %d)", cellErr.Cell)) {
			t.Errorf("message %q", err)
		}
	}
	if err := sudoku.Validate(puzzle[1:]); !errors.Is(err, sudoku.ErrLength) {
		t.Errorf("short: %v", err)
	}
}

// symmetric reports whether the givens of puzzle are symmetric under s.
func symmetric(puzzle string, s sudoku.Symmetry) bool {
	for c := 0; c < 81; c++ {
		r, k := c/9, c%9
		var images [][2]int
		switch s {
		case sudoku.SymmetryRotate180:
			images = [][2]int{{8 - r, 8 - k}}
		case sudoku.SymmetryRotate90:
			images = [][2]int{{k, 8 - r}, {8 - r, 8 - k}, {8 - k, r}}
		case sudoku.SymmetryDiagonal:
			images = [][2]int{{k, r}}
		case sudoku.SymmetryAntiDiagonal:
			images = [][2]int{{8 - k, 8 - r}}
		case sudoku.SymmetryMirror:
			images = [][2]int{{r, 8 - k}}
		}
		for _, im := range images {
			if (puzzle[c] == '.') != (puzzle[im[0]*9+im[1]] == '.') {
				return false
			}
		}
	}
	return true
}

// minimal reports whether removing any one given of a unique puzzle loses uniqueness.
func minimal(t *testing.T, puzzle string) bool {
	for c := 0; c < 81; c++ {
		if puzzle[c] == '.' {
			continue
		}
		count, _, err := sudoku.CountSolutions(puzzle[:c]+"."+puzzle[c+1:], 2)
		if err != nil {
			t.Fatal(err)
		}
		if count == 1 {
			return false
		}
	}
	return true
}

func TestGenerate(t *testing.T) {
	for seed := uint64(0); seed < 6; seed++ {
		for _, s := range []sudoku.Symmetry{sudoku.SymmetryNone, sudoku.SymmetryRotate180, sudoku.SymmetryRotate90,
			sudoku.SymmetryDiagonal, sudoku.SymmetryAntiDiagonal, sudoku.SymmetryMirror} {
			p, sol, err := sudoku.Generate(seed, sudoku.GenerateOptions{Symmetry: s})
			if err != nil {
				t.Fatal(err)
			}
			count, first, err := sudoku.CountSolutions(p, 2)
			if err != nil || count != 1 || first != sol || !valid(p, sol) {
				t.Fatalf("seed %d: %q has %d solutions (%v)", seed, p, count, err)
			}
			if !symmetric(p, s) {
				t.Errorf("seed %d, symmetry %d: %q is not symmetric", seed, s, p)
			}
			// With symmetry, minimal means that no symmetric group of givens can go.
			if s == sudoku.SymmetryNone && !minimal(t, p) {
				t.Errorf("seed %d: %q is not minimal", seed, p)
			}
			again, _, _ := sudoku.Generate(seed, sudoku.GenerateOptions{Symmetry: s})
			if again != p {
				t.Errorf("seed %d: %q then %q", seed, p, again)
			}
		}
	}
	a, _, _ := sudoku.Generate(math.MaxUint64, sudoku.GenerateOptions{})
	b, _, _ := sudoku.Generate(1, sudoku.GenerateOptions{})
	if a == b || len(a) != 81 {
		t.Errorf("seeds give %q and %q", a, b)
	}
}

func TestGenerateLevelsAndFloors(t *testing.T) {
	for level := sudoku.LevelEasy; level <= sudoku.LevelExtreme; level++ {
		p, _, err := sudoku.Generate(2, sudoku.GenerateOptions{MinLevel: level, MaxLevel: level})
		if err != nil {
			t.Fatal(err)
		}
		if r, err := sudoku.Rate(p); err != nil || r.Level != level {
			t.Errorf("asked for %v, got %v (%v)", level, r.Level, err)
		}
	}
	p, sol, err := sudoku.Generate(3, sudoku.GenerateOptions{MinGivens: 30})
	if err != nil || givens(p) != 30 || !valid(p, sol) {
		t.Errorf("floor of 30: %q, %v", p, err)
	}
	p, sol, err = sudoku.Generate(3, sudoku.GenerateOptions{MinGivens: 81})
	if err != nil || p != sol {
		t.Errorf("floor of 81, not minimal: %q, %q, %v", p, sol, err)
	}
	_, _, err = sudoku.Generate(3, sudoku.GenerateOptions{MinGivens: 81, Minimal: true, MaxAttempts: 2})
	if !errors.Is(err, sudoku.ErrAttemptsExhausted) {
		t.Errorf("floor of 81, minimal: %v", err)
	}
	// An ER range.
	p, _, err = sudoku.Generate(4, sudoku.GenerateOptions{MinERTenths: 40, MaxERTenths: 45})
	if r, rerr := sudoku.Rate(p); err != nil || rerr != nil || r.ERTenths < 40 || r.ERTenths > 45 {
		t.Errorf("ER 4.0 to 4.5: %q, %+v, %v, %v", p, r, err, rerr)
	}
	bad := []sudoku.GenerateOptions{
		{Symmetry: 6}, {Symmetry: -1}, {Symmetry: 1 << 40}, {MinLevel: 8}, {MaxLevel: -1},
		{MinLevel: sudoku.LevelHard, MaxLevel: sudoku.LevelEasy}, {MinGivens: 82}, {MinGivens: -1},
		{MaxAttempts: -1}, {MaxAttempts: 1 << 32}, {MinERTenths: 50, MaxERTenths: 40},
		{MaxERTenths: 201}, {MinERTenths: -1}, {MinLevel: sudoku.LevelExpert, MaxERTenths: 46},
	}
	for _, o := range bad {
		if p, _, err := sudoku.Generate(1, o); !errors.Is(err, sudoku.ErrInvalidArgument) || p != "" {
			t.Errorf("Generate with %+v: %q, %v", o, p, err)
		}
	}
}

// levelOfScore is docs/grading.md's table: easy up to 2.3, medium 3.4, hard 4.6, expert 7.5,
// extreme 8.4, diabolical 8.9, nightmare above.
func levelOfScore(tenths int) sudoku.Level {
	for i, top := range []int{23, 34, 46, 75, 84, 89} {
		if tenths <= top {
			return sudoku.Level(i + 1)
		}
	}
	return sudoku.LevelNightmare
}

func checkRating(t *testing.T, p string, r sudoku.Rating) {
	t.Helper()
	sum := 0
	for _, n := range r.TechniqueSteps {
		sum += n
	}
	took := func(x sudoku.Technique) bool { return x >= 0 && r.TechniqueSteps[x] > 0 }
	ok := sum == r.Steps && r.Level == levelOfScore(r.ERTenths) && r.ScoreTenths == r.ERTenths &&
		!r.NeedsSearch && r.Guesses == 0 && r.EDTenths <= r.EPTenths && r.EPTenths <= r.ERTenths
	if sum == 0 {
		ok = ok && r.Hardest == sudoku.NoTechnique && r.HardestName == "" && r.ERTenths == 0
	} else {
		ok = ok && took(r.Hardest) && took(r.EPTechnique) && took(r.EDTechnique) &&
			r.Hardest.Score() <= r.ERTenths && r.HardestName != ""
	}
	if !ok {
		t.Errorf("%s: inconsistent rating %+v", p, r)
	}
}

func TestRate(t *testing.T) {
	levels := map[sudoku.Level]bool{}
	for _, p := range corpus(t, "puzzles1_unbiased_first1000.txt", 150) {
		r, err := sudoku.Rate(p)
		if err != nil {
			t.Fatal(err)
		}
		checkRating(t, p, r)
		levels[r.Level] = true
	}
	if len(levels) < 4 {
		t.Errorf("levels seen: %v", levels)
	}
	// data/ratings/se_sample.tsv: a few of Sudoku Explainer's own ratings.
	sample, err := os.ReadFile(filepath.Join("..", "..", "data", "ratings", "se_sample.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	var hard string
	for i, line := range strings.Split(strings.TrimSpace(string(sample)), "\n")[1:] {
		f := strings.Split(line, "\t")
		if i%50 == 0 {
			r, err := sudoku.Rate(f[0])
			if err != nil {
				t.Fatal(err)
			}
			checkRating(t, f[0], r)
			got := fmt.Sprintf("%d.%d/%d.%d/%d.%d", r.ERTenths/10, r.ERTenths%10,
				r.EPTenths/10, r.EPTenths%10, r.EDTenths/10, r.EDTenths%10)
			if got != f[1] || r.HardestName != f[2] {
				t.Errorf("%s: %s %q, SE %s %q", f[0], got, r.HardestName, f[1], f[2])
			}
		}
		if strings.HasPrefix(f[1], "9.") {
			hard = f[0]
		}
	}
	// A budget too small for it, then the default.
	if _, err := sudoku.RateWith(hard, sudoku.RateOptions{MaxEffort: 1000}); !errors.Is(err, sudoku.ErrBudgetExhausted) {
		t.Errorf("%s with a tiny budget: %v", hard, err)
	}
	if r, err := sudoku.RateWith(hard, sudoku.RateOptions{}); err != nil || r.Level != sudoku.LevelNightmare {
		t.Errorf("%s: %+v, %v", hard, r, err)
	}
	full, err := sudoku.Rate(answer)
	if err != nil || full.Hardest != sudoku.NoTechnique || full.Steps != 0 || full.ScoreTenths != 0 {
		t.Errorf("full board: %+v, %v", full, err)
	}
	failures := map[string]sudoku.Status{
		strings.Repeat(".", 81):                        sudoku.ErrMultipleSolutions,
		"55" + puzzle[2:]:                              sudoku.ErrConflict,
		puzzle[:80] + "x":                              sudoku.ErrInvalidCharacter,
		"12345678.........9" + strings.Repeat(".", 63): sudoku.ErrNoSolution,
	}
	for p, want := range failures {
		if _, err := sudoku.Rate(p); !errors.Is(err, want) {
			t.Errorf("Rate(%q) = %v; want %v", p, err, want)
		}
	}
	if sudoku.XWing.String() != "X-Wing" || sudoku.LevelMedium.String() != "medium" ||
		sudoku.LevelNightmare.String() != "nightmare" ||
		sudoku.Technique(99).String() != "unknown technique" || sudoku.Technique(99).Score() != -1 {
		t.Errorf("names: %v %v %v", sudoku.XWing, sudoku.LevelMedium, sudoku.Technique(99))
	}
}

// play follows the hints with pencil marks until the board is solved, checking each step
// against the solution; it returns the number of steps.
func play(t *testing.T, p, sol string) int {
	board := []byte(p)
	var marks [81]uint16
	for c := range marks {
		if board[c] == '.' {
			marks[c] = 0x1ff
		}
	}
	for steps := 0; steps < 1000; steps++ {
		h, err := sudoku.HintWith(p, string(board), &marks)
		if err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		if h.Kind == sudoku.HintSolved {
			if string(board) != sol {
				t.Fatalf("solved as %s", board)
			}
			return steps
		}
		if h.Kind != sudoku.HintStep && h.Kind != sudoku.HintReveal {
			t.Fatalf("%s: hint %+v", board, h)
		}
		progress := false
		for c := 0; c < 81; c++ {
			d := h.Placements[c]
			if d != 0 {
				if sol[c] != '0'+d {
					t.Fatalf("%s: places %d at %d, solution %c", board, d, c, sol[c])
				}
				board[c] = '0' + d
				progress = true
			}
			if e := h.Eliminations[c]; e != 0 {
				if e&(1<<(sol[c]-'1')) != 0 {
					t.Fatalf("%s: removes the solution digit at %d", board, c)
				}
				marks[c] &^= e
				progress = true
			}
		}
		if !progress || (h.Kind == sudoku.HintStep) == (h.Technique == sudoku.NoTechnique) {
			t.Fatalf("%s: hint %+v", board, h)
		}
		if h.Kind == sudoku.HintStep && (h.SEName == "" || h.DifficultyTenths < h.Technique.Score()) {
			t.Fatalf("%s: step %q rated %d", board, h.SEName, h.DifficultyTenths)
		}
		for _, chain := range h.Chains {
			if chain[0].Link != sudoku.LinkStart {
				t.Fatalf("%s: chain %+v", board, chain)
			}
		}
	}
	t.Fatalf("%s: no end to the hints", p)
	return 0
}

func TestHints(t *testing.T) {
	for level := sudoku.LevelEasy; level <= sudoku.LevelExtreme; level++ {
		p, sol, err := sudoku.Generate(5, sudoku.GenerateOptions{MinLevel: level, MaxLevel: level})
		if err != nil {
			t.Fatal(err)
		}
		if play(t, p, sol) == 0 {
			t.Errorf("%s: no steps", p)
		}
	}
	// A hint without the puzzle is a step; on a full board, solved.
	h, err := sudoku.Hint(puzzle)
	if err != nil || h.Kind != sudoku.HintStep || h.Cell < 0 || answer[h.Cell] != byte('0'+h.Digit) {
		t.Errorf("Hint(puzzle) = %+v, %v", h, err)
	}
	if h, err := sudoku.Hint(answer); err != nil || h.Kind != sudoku.HintSolved {
		t.Errorf("Hint(answer) = %+v, %v", h, err)
	}
	// A wrong entry is named.
	p, sol, _ := sudoku.Generate(11, sudoku.GenerateOptions{})
	c := strings.IndexByte(p, '.')
	wrong := (sol[c]-'0')%9 + 1
	board := p[:c] + string('0'+wrong) + p[c+1:]
	h, err = sudoku.HintWith(p, board, nil)
	if err != nil || h.Kind != sudoku.HintWrongDigit || h.Cell != c || h.Digit != int(wrong) ||
		h.Wrong[c] != 1<<(wrong-1) {
		t.Errorf("wrong digit: %+v, %v", h, err)
	}
	// Marks that exclude the solution are named.
	var marks [81]uint16
	marks[c] = 0x1ff &^ (1 << (sol[c] - '1'))
	h, err = sudoku.HintWith(p, p, &marks)
	if err != nil || h.Kind != sudoku.HintWrongMark || h.Cell != c || h.Digit != int(sol[c]-'0') {
		t.Errorf("wrong mark: %+v, %v", h, err)
	}
	marks[c] = 1 << 9
	if _, err := sudoku.HintWith(p, p, &marks); !errors.Is(err, sudoku.ErrInvalidArgument) {
		t.Errorf("mark above 9: %v", err)
	}
	// Failures.
	given := strings.IndexFunc(p, func(r rune) bool { return r != '.' })
	changed := p[:given] + "." + p[given+1:]
	if _, err := sudoku.HintWith(p, changed, nil); !errors.Is(err, sudoku.ErrInvalidArgument) {
		t.Errorf("changed given: %v", err)
	}
	if _, err := sudoku.Hint(strings.Repeat(".", 81)); !errors.Is(err, sudoku.ErrMultipleSolutions) {
		t.Errorf("empty board: %v", err)
	}
	if _, err := sudoku.HintWith(puzzle[1:], puzzle, nil); !errors.Is(err, sudoku.ErrLength) {
		t.Errorf("short puzzle: %v", err)
	}
}

func TestGenerateRateAndHintOnGoroutines(t *testing.T) {
	const n = 24
	want := make([]string, n)
	for i := range want {
		p, _, err := sudoku.Generate(uint64(i), sudoku.GenerateOptions{MinLevel: sudoku.LevelMedium})
		if err != nil {
			t.Fatal(err)
		}
		r, _ := sudoku.Rate(p)
		h, _ := sudoku.Hint(p)
		want[i] = fmt.Sprintf("%s %+v %+v", p, r, h)
	}
	var wg sync.WaitGroup
	got := make([]string, 4*n)
	for w := 0; w < 4; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for i := 0; i < n; i++ {
				p, _, _ := sudoku.Generate(uint64(i), sudoku.GenerateOptions{MinLevel: sudoku.LevelMedium})
				r, _ := sudoku.Rate(p)
				h, _ := sudoku.Hint(p)
				got[w*n+i] = fmt.Sprintf("%s %+v %+v", p, r, h)
			}
		}(w)
	}
	wg.Wait()
	for i, g := range got {
		if g != want[i%n] {
			t.Errorf("goroutine result %d differs", i)
		}
	}
}

func ExampleCountSolutions() {
	count, _, err := sudoku.CountSolutions("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79", 2)
	fmt.Println(count == 1, err)
	// Output: true <nil>
}

func ExampleValidate() {
	err := sudoku.Validate("55..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
	var cellErr *sudoku.CellError
	fmt.Println(errors.Is(err, sudoku.ErrConflict), errors.As(err, &cellErr), cellErr.Cell)
	// Output: true true 1
}
