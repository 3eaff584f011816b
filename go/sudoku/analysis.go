package sudoku

/*
#include <sudoku.h>
*/
import "C"

import (
	"fmt"
	"math"
	"unsafe"
)

// CellError is a failure at one cell of a board, as Validate reports it. It unwraps to its
// Status, so errors.Is(err, ErrConflict) works; errors.As gives the cell.
type CellError struct {
	Status Status
	Cell   int // 0-80, row by row
}

// Error is the status's description and the cell.
func (e *CellError) Error() string {
	return fmt.Sprintf("%v (cell %d)", e.Status, e.Cell)
}

// Unwrap returns the Status.
func (e *CellError) Unwrap() error {
	return e.Status
}

// ptr is the address of the board's first byte, for C. The C functions read or write exactly
// 81 bytes there, which hold no Go pointers.
func (b *Board) ptr() *C.char {
	return (*C.char)(unsafe.Pointer(&b[0]))
}

// CountSolutions counts the solutions of puzzle, stopping at limit (at least 1), and returns
// one of them ("" when count is 0). With limit 2 the count tells whether the puzzle is proper:
// 0 (no solution), 1 (unique) or 2 (several). Givens that clash count 0 and are not an error.
//
// Errors: ErrLength, ErrInvalidCharacter, and ErrInvalidArgument for a limit below 1.
func CountSolutions(puzzle string, limit int) (count int, first string, err error) {
	b, err := NewBoard(puzzle)
	if err != nil {
		return 0, "", err
	}
	if limit < 0 {
		return 0, "", ErrInvalidArgument
	}
	var n C.size_t
	var solution Board
	if err := check(C.sudoku_count_solutions(b.ptr(), C.size_t(limit), &n, solution.ptr())); err != nil {
		return 0, "", err
	}
	if n == 0 {
		return 0, "", nil
	}
	return int(n), solution.String(), nil
}

// Validate checks puzzle without solving it: every byte '1'-'9', '.' or '0', and no two givens
// with the same digit in a row, column or box. It returns nil when the puzzle passes (it may
// still have no solution), ErrLength, or a *CellError for the first problem in row-major order:
// ErrInvalidCharacter at the bad byte's cell, or ErrConflict at the later of the two clashing
// cells.
func Validate(puzzle string) error {
	b, err := NewBoard(puzzle)
	if err != nil {
		return err
	}
	var cell C.size_t
	code := C.sudoku_validate(b.ptr(), &cell)
	if code == C.SUDOKU_ERR_INVALID_CHARACTER || code == C.SUDOKU_ERR_CONFLICT {
		return &CellError{Status: Status(code), Cell: int(cell)}
	}
	return check(code)
}

// inRange reports whether v fits a C field of the given bounds; callers return
// ErrInvalidArgument when it does not, since cgo's conversions would silently wrap.
func inRange(v int, low, high int64) bool {
	return int64(v) >= low && int64(v) <= high
}

const (
	minInt32  = math.MinInt32
	maxInt32  = math.MaxInt32
	maxUint32 = math.MaxUint32
)
