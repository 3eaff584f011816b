package sudoku_test

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"

	"libsudoku/sudoku"
)

const (
	puzzle = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
	answer = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
)

func TestSolve(t *testing.T) {
	got, err := sudoku.Solve(puzzle)
	if err != nil || got != answer {
		t.Fatalf("Solve = %q, %v; want %q", got, err, answer)
	}
	got, err = sudoku.Solve(strings.ReplaceAll(puzzle, ".", "0"))
	if err != nil || got != answer {
		t.Fatalf("Solve with '0' blanks = %q, %v", got, err)
	}
}

func TestFailures(t *testing.T) {
	cases := []struct {
		puzzle string
		want   sudoku.Status
	}{
		{"55" + puzzle[2:], sudoku.ErrConflict},
		{puzzle[:80] + "x", sudoku.ErrInvalidCharacter},
		{"12345678." + "........9" + strings.Repeat(".", 63), sudoku.ErrNoSolution},
	}
	for _, c := range cases {
		got, err := sudoku.Solve(c.puzzle)
		if got != "" || !errors.Is(err, c.want) {
			t.Errorf("Solve(%q) = %q, %v; want %v", c.puzzle, got, err, c.want)
		}
		var status sudoku.Status
		if !errors.As(err, &status) || status != c.want {
			t.Errorf("errors.As(%v) gives %d, want %d", err, status, c.want)
		}
		if !strings.HasPrefix(err.Error(), "sudoku: ") {
			t.Errorf("message %q", err.Error())
		}

		// In place: the board is left as it was.
		b, err := sudoku.NewBoard(c.puzzle)
		if err != nil {
			t.Fatal(err)
		}
		if err := b.Solve(); !errors.Is(err, c.want) || b.String() != c.puzzle {
			t.Errorf("Board.Solve = %v, board %q", err, b.String())
		}
	}
	if got := sudoku.ErrConflict.Error(); got != "sudoku: two givens with the same digit share a row, column or box" {
		t.Errorf("ErrConflict.Error() = %q", got)
	}
}

func TestLength(t *testing.T) {
	for _, p := range []string{"", puzzle[:80], puzzle + "."} {
		if _, err := sudoku.Solve(p); !errors.Is(err, sudoku.ErrLength) {
			t.Errorf("Solve of %d bytes: %v", len(p), err)
		}
	}
}

func TestVersionIsTheCrateVersion(t *testing.T) {
	manifest, err := os.ReadFile(filepath.Join("..", "..", "Cargo.toml"))
	if err != nil {
		t.Fatal(err)
	}
	want := regexp.MustCompile(`(?m)^version = "(.+)"`).FindSubmatch(manifest)[1]
	if sudoku.Version() != string(want) {
		t.Fatalf("Version() = %q, Cargo.toml says %q", sudoku.Version(), want)
	}
}

// valid reports whether solution is a complete grid obeying the rules and keeping the givens.
func valid(puzzle, solution string) bool {
	if len(solution) != 81 {
		return false
	}
	for i := 0; i < 81; i++ {
		if puzzle[i] != '.' && puzzle[i] != '0' && puzzle[i] != solution[i] {
			return false
		}
	}
	for u := 0; u < 9; u++ {
		var row, col, box [10]bool
		for k := 0; k < 9; k++ {
			cells := [3]int{u*9 + k, k*9 + u, (u/3*3+k/3)*9 + u%3*3 + k%3}
			for j, seen := range []*[10]bool{&row, &col, &box} {
				d := solution[cells[j]] - '0'
				if d < 1 || d > 9 || seen[d] {
					return false
				}
				seen[d] = true
			}
		}
	}
	return true
}

func corpus(t *testing.T, name string, limit int) []string {
	dir := os.Getenv("SUDOKU_PUZZLES")
	if dir == "" {
		dir = filepath.Join("..", "..", "data", "puzzles")
	}
	f, err := os.Open(filepath.Join(dir, name))
	if err != nil {
		t.Fatalf("corpus: %v (set SUDOKU_PUZZLES)", err)
	}
	defer f.Close()
	var puzzles []string
	for s := bufio.NewScanner(f); s.Scan() && len(puzzles) < limit; {
		if line := s.Text(); line != "" && line[0] != '#' {
			puzzles = append(puzzles, line[:81])
		}
	}
	return puzzles
}

func TestGoroutines(t *testing.T) {
	puzzles := corpus(t, "puzzles2_17_clue.txt", 4000)
	if len(puzzles) != 4000 {
		t.Fatalf("%d puzzles", len(puzzles))
	}
	const workers = 8
	var wg sync.WaitGroup
	failures := make(chan string, len(puzzles))
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for i := w; i < len(puzzles); i += workers {
				got, err := sudoku.Solve(puzzles[i])
				if err != nil || !valid(puzzles[i], got) {
					failures <- fmt.Sprintf("%s: %q, %v", puzzles[i], got, err)
				}
			}
		}(w)
	}
	wg.Wait()
	close(failures)
	for f := range failures {
		t.Error(f)
	}
}

func ExampleSolve() {
	solution, err := sudoku.Solve("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
	fmt.Println(solution, err)
	_, err = sudoku.Solve("55..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
	fmt.Println(errors.Is(err, sudoku.ErrConflict), err)
	// Output:
	// 534678912672195348198342567859761423426853791713924856961537284287419635345286179 <nil>
	// true sudoku: two givens with the same digit share a row, column or box
}
