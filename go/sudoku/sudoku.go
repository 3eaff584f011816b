// Package sudoku is the Go binding of libsudoku, a fast, safe Sudoku engine, through cgo.
//
// It builds against the installed C library, found by pkg-config (sudoku.pc): after
// `make install PREFIX=$prefix`, set PKG_CONFIG_PATH=$prefix/lib/pkgconfig if that is not a
// place pkg-config searches, and LD_LIBRARY_PATH=$prefix/lib if the dynamic loader does not.
//
// A puzzle is 81 bytes, row by row: '1'-'9' for givens and '.' or '0' for blanks; cells are
// numbered 0-80 row by row. Failures the library reports are returned as a Status (an error),
// possibly wrapped (Validate's *CellError); compare with errors.Is(err, ErrConflict) and
// friends. Every function is safe to call from many goroutines at once.
//
// Solve, CountSolutions and Validate solve and check puzzles; Generate makes them, Rate grades
// them and Hint / HintWith give a player's next step. The C header's doc comments (sudoku.h)
// are the reference for each.
package sudoku

/*
#cgo pkg-config: sudoku
#include <sudoku.h>
*/
import "C"

import (
	"errors"
	"fmt"
	"unsafe"
)

// Cells is the number of cells on a board.
const Cells = 81

// Board is a puzzle or a solution: 81 bytes, row by row.
type Board [Cells]byte

// Status is a status code of the C library (sudoku_status in sudoku.h; the numbers never
// change). Every failure the library reports is returned as a Status, which is an error.
type Status int

// The statuses. A newer library may return numbers not listed here.
const (
	OK                   Status = C.SUDOKU_OK
	ErrNullPointer       Status = C.SUDOKU_ERR_NULL_POINTER
	ErrInvalidCharacter  Status = C.SUDOKU_ERR_INVALID_CHARACTER
	ErrConflict          Status = C.SUDOKU_ERR_CONFLICT
	ErrNoSolution        Status = C.SUDOKU_ERR_NO_SOLUTION
	ErrInternal          Status = C.SUDOKU_ERR_INTERNAL
	ErrInvalidArgument   Status = C.SUDOKU_ERR_INVALID_ARGUMENT
	ErrBufferTooSmall    Status = C.SUDOKU_ERR_BUFFER_TOO_SMALL
	ErrParse             Status = C.SUDOKU_ERR_PARSE
	ErrMultipleSolutions Status = C.SUDOKU_ERR_MULTIPLE_SOLUTIONS
	ErrAttemptsExhausted Status = C.SUDOKU_ERR_ATTEMPTS_EXHAUSTED
	ErrBudgetExhausted   Status = C.SUDOKU_ERR_BUDGET_EXHAUSTED
	ErrTooHard           Status = C.SUDOKU_ERR_TOO_HARD
)

// ErrLength is returned (wrapped, with the length found) for a puzzle that is not 81 bytes.
var ErrLength = errors.New("sudoku: a puzzle must be 81 bytes")

// Error is the library's description of the status.
func (s Status) Error() string {
	return "sudoku: " + C.GoString(C.sudoku_status_str(C.int(s)))
}

func check(code C.int) error {
	if code == C.SUDOKU_OK {
		return nil
	}
	return Status(code)
}

// NewBoard copies an 81-byte string into a Board; the characters are checked when it is used.
func NewBoard(puzzle string) (Board, error) {
	var b Board
	if len(puzzle) != Cells {
		return b, fmt.Errorf("%w, got %d", ErrLength, len(puzzle))
	}
	copy(b[:], puzzle)
	return b, nil
}

// String returns the board as an 81-character string.
func (b *Board) String() string {
	return string(b[:])
}

// Solve solves the board in place: on success it holds a solution that keeps every given (one
// of them if there are several); on failure it is left as it was.
func (b *Board) Solve() error {
	// The C function reads and writes exactly these 81 bytes, which hold no Go pointers.
	return check(C.sudoku_solve((*C.char)(unsafe.Pointer(&b[0]))))
}

// Solve returns a solution of puzzle, or ErrLength or the Status that explains why there is none.
func Solve(puzzle string) (string, error) {
	b, err := NewBoard(puzzle)
	if err != nil {
		return "", err
	}
	if err := b.Solve(); err != nil {
		return "", err
	}
	return b.String(), nil
}

// Version returns the C library's version, "MAJOR.MINOR.PATCH".
func Version() string {
	return C.GoString(C.sudoku_version())
}
