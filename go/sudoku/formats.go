package sudoku

/*
#include <sudoku.h>
*/
import "C"

import (
	"bytes"
	"fmt"
	"unsafe"
)

// Marks holds a candidate mask per cell: bit d-1 for digit d (the layout HintWith takes).
type Marks = [Cells]uint16

// MarksStyle is a layout for FormatMarks (sudoku_marks_style).
type MarksStyle int

// The styles.
const (
	// MarksLine is the 729-character candidate string: nine characters per cell (the digit or
	// '.'), cell after cell; a filled cell shows its digit alone.
	MarksLine MarksStyle = C.SUDOKU_MARKS_LINE
	// MarksGrid is the 9x9 candidate grid with '|' and "+---+" rules, each column as wide as
	// its widest cell; every line ends with '\n'.
	MarksGrid MarksStyle = C.SUDOKU_MARKS_GRID
)

// ParseError is a text the library could not read, and where. It unwraps to ErrParse.
type ParseError struct {
	Offset int // byte offset of the first problem in the text
}

// Error is the status's description and the offset.
func (e *ParseError) Error() string {
	return fmt.Sprintf("%v (offset %d)", ErrParse, e.Offset)
}

// Unwrap returns ErrParse.
func (e *ParseError) Unwrap() error {
	return ErrParse
}

// Position is a player's position with its origin: the givens, the digits on the board now
// (givens and entries, '.' for empty cells) and the candidates of the empty cells.
type Position struct {
	Givens string
	Board  string
	Marks  Marks
}

// textPtr is the address of a text's first byte for C, which reads exactly len(text) bytes
// there (no Go pointers in them); a one-byte dummy for an empty text, since C refuses NULL.
func textPtr(text []byte) *C.char {
	if len(text) == 0 {
		text = []byte{0}
	}
	return (*C.char)(unsafe.Pointer(&text[0]))
}

func masksPtr(m *Marks) *C.uint16_t {
	if m == nil {
		return nil
	}
	return (*C.uint16_t)(unsafe.Pointer(&m[0]))
}

// status turns a parse status into an error, with the offset for ErrParse.
func parseStatus(code C.int, offset C.size_t) error {
	if code == C.SUDOKU_ERR_PARSE {
		return &ParseError{Offset: int(offset)}
	}
	return check(code)
}

// writeText runs a writer into a buffer of size bytes and returns its text.
func writeText(size int, write func(out *C.char, n C.size_t, written *C.size_t) C.int) (string, error) {
	out := make([]byte, size)
	var written C.size_t
	if err := check(write((*C.char)(unsafe.Pointer(&out[0])), C.size_t(size), &written)); err != nil {
		return "", err
	}
	return string(out[:written]), nil
}

// ParseMarks reads a pencil-mark position: the 729-character candidate string or a 9x9
// candidate grid as HoDoKu, Simple Sudoku, SudokuWiki and the forums print it (any frame and
// spacing). Both show a filled cell as its digit alone, like a cell with one candidate left:
// values (81 bytes, or "" for none) says which cells are filled, each of its digits being the
// only one its cell shows; without it a cell showing one digit is taken as filled. It returns
// the board ('.' for empty cells) and the candidates (0 for filled cells).
//
// Errors: a *ParseError (errors.Is(err, ErrParse)) with the offset of the first problem;
// ErrLength or ErrInvalidCharacter for bad values.
func ParseMarks(text, values string) (board string, marks Marks, err error) {
	var v *C.char
	if values != "" {
		vb, err := NewBoard(values)
		if err != nil {
			return "", marks, err
		}
		v = vb.ptr()
	}
	data := []byte(text)
	var out Board
	var offset C.size_t
	code := C.sudoku_parse_marks(textPtr(data), C.size_t(len(data)), v, out.ptr(), masksPtr(&marks), &offset)
	if err := parseStatus(code, offset); err != nil {
		return "", Marks{}, err
	}
	return out.String(), marks, nil
}

// FormatMarks writes a pencil-mark position in style: a filled cell of board shows its digit
// alone, an empty cell its marks (those of filled cells are ignored). ParseMarks reads it back
// (with board as values, an empty cell with one candidate stays empty).
//
// Errors: ErrLength, ErrInvalidCharacter, ErrInvalidArgument for an unknown style or a mask of
// an empty cell with bits above 8.
func FormatMarks(board string, marks *Marks, style MarksStyle) (string, error) {
	b, err := NewBoard(board)
	if err != nil {
		return "", err
	}
	if marks == nil || !inRange(int(style), minInt32, maxInt32) {
		return "", ErrInvalidArgument
	}
	return writeText(C.SUDOKU_MARKS_MAX_SIZE, func(out *C.char, n C.size_t, w *C.size_t) C.int {
		return C.sudoku_format_marks(b.ptr(), masksPtr(marks), C.int(style), out, n, w)
	})
}

// Record is one puzzle of a file of puzzles (PuzzleScanner).
type Record struct {
	Puzzle  string // 81 characters, blanks as '.'
	Columns string // the rest of its line after the separator ("" if none)
	Next    int    // offset of the next line
}

// PuzzleScanner reads the puzzles of a file with one per line (SDM, or lines like
// "puzzle # 7.1", "puzzle\t7.1", "puzzle,solution"), in place, like bufio.Scanner: blank
// lines and '#' comment lines are skipped, and a byte order mark at the start. Each puzzle is
// 81 cells ('1'-'9', and '.', '0', '_', '*', 'x' for blanks) after optional spaces, then the
// end of the line or a separator (space, tab, ',', ';' or ':') and its columns.
//
//	s := sudoku.NewPuzzleScanner(data)
//	for s.Scan() {
//		use(s.Record())
//	}
//	if err := s.Err(); err != nil { ... } // a *ParseError: Scan again to go on after the line
type PuzzleScanner struct {
	text   []byte
	offset int
	record Record
	err    error
}

// NewPuzzleScanner returns a scanner over text (not copied: do not change it while scanning).
func NewPuzzleScanner(text []byte) *PuzzleScanner {
	return &PuzzleScanner{text: text}
}

// Scan reads the next puzzle, returning false at the end of the text or at a line that is not
// a puzzle (Err says which). After such an error, Scan goes on with the next line.
func (s *PuzzleScanner) Scan() bool {
	if pe, ok := s.err.(*ParseError); ok {
		end := bytes.IndexByte(s.text[pe.Offset:], '\n')
		if end < 0 {
			s.offset = len(s.text)
		} else {
			s.offset = pe.Offset + end + 1
		}
	}
	s.err = nil
	offset := C.size_t(s.offset)
	var board Board
	var found, columns, columnsLen, errorOffset C.size_t
	code := C.sudoku_next_puzzle(textPtr(s.text), C.size_t(len(s.text)), &offset, board.ptr(),
		&found, &columns, &columnsLen, &errorOffset)
	if err := parseStatus(code, errorOffset); err != nil {
		s.err = err
		return false
	}
	s.offset = int(offset)
	if found == 0 {
		return false
	}
	s.record = Record{
		Puzzle:  board.String(),
		Columns: string(s.text[columns : columns+columnsLen]),
		Next:    s.offset,
	}
	return true
}

// Record is the puzzle the last successful Scan read.
func (s *PuzzleScanner) Record() Record {
	return s.record
}

// Err is the error that stopped the last Scan: nil at the end of the text, or a *ParseError
// (errors.Is(err, ErrParse)) with the offset of the first problem of a bad line.
func (s *PuzzleScanner) Err() error {
	return s.err
}

// parsePosition runs one of the position readers.
func parsePosition(text string, read func(text *C.char, n C.size_t, givens, board *C.char, marks *C.uint16_t, offset *C.size_t) C.int) (Position, error) {
	data := []byte(text)
	var givens, board Board
	var marks Marks
	var offset C.size_t
	code := read(textPtr(data), C.size_t(len(data)), givens.ptr(), board.ptr(), masksPtr(&marks), &offset)
	if err := parseStatus(code, offset); err != nil {
		return Position{}, err
	}
	return Position{Givens: givens.String(), Board: board.String(), Marks: marks}, nil
}

// ParseSudokuWiki reads a SudokuWiki link ("https://www.sudokuwiki.org/sudoku.htm?bd=..."), its
// query, "bd=..." or the value alone: 81 digits (the puzzle), the documented 162-character
// candidates form, or the "S9B" form SudokuWiki's pages link to. In the candidates forms an
// empty cell with one candidate is an entered digit, as SudokuWiki reads it.
//
// Errors: a *ParseError with the offset of the first problem.
func ParseSudokuWiki(text string) (Position, error) {
	return parsePosition(text, func(t *C.char, n C.size_t, g, b *C.char, m *C.uint16_t, o *C.size_t) C.int {
		return C.sudoku_parse_sudokuwiki(t, n, g, b, m, o)
	})
}

// ParseSS reads Simple Sudoku's .ss layout (as HoDoKu reads and writes it): the givens grid,
// optionally followed by the grid of the digits on the board and a candidate grid.
//
// Errors: a *ParseError with the offset of the first problem.
func ParseSS(text string) (Position, error) {
	return parsePosition(text, func(t *C.char, n C.size_t, g, b *C.char, m *C.uint16_t, o *C.size_t) C.int {
		return C.sudoku_parse_ss(t, n, g, b, m, o)
	})
}

// positionArgs checks a writer's givens and optional board ("" for none).
func positionArgs(givens, board string) (g Board, b *Board, err error) {
	if g, err = NewBoard(givens); err != nil {
		return g, nil, err
	}
	if board != "" {
		nb, err := NewBoard(board)
		if err != nil {
			return g, nil, err
		}
		b = &nb
	}
	return g, b, nil
}

func boardPtr(b *Board) *C.char {
	if b == nil {
		return nil
	}
	return b.ptr()
}

// FormatSudokuWiki writes a SudokuWiki link: of the puzzle givens alone (board "" and marks
// nil), or the candidates link of the whole position, board (which keeps every given) and the
// marks of its empty cells. ParseSudokuWiki reads both back.
//
// Errors: ErrLength, ErrInvalidCharacter; ErrInvalidArgument when only one of board and marks
// is given, board changed a given, or a mask of an empty cell has bits above 8.
func FormatSudokuWiki(givens, board string, marks *Marks) (string, error) {
	if (board == "") != (marks == nil) {
		return "", fmt.Errorf("%w: give both board and marks, or neither", ErrInvalidArgument)
	}
	g, b, err := positionArgs(givens, board)
	if err != nil {
		return "", err
	}
	return writeText(C.SUDOKU_SUDOKUWIKI_MAX_SIZE, func(out *C.char, n C.size_t, w *C.size_t) C.int {
		return C.sudoku_format_sudokuwiki(g.ptr(), boardPtr(b), masksPtr(marks), out, n, w)
	})
}

// FormatSS writes a position in Simple Sudoku's .ss layout: the givens grid, then the grid of
// board unless it is "" (it keeps every given), then the candidate grid unless marks is nil.
// ParseSS reads it back.
//
// Errors: ErrLength, ErrInvalidCharacter; ErrInvalidArgument when board changed a given or a
// mask of an empty cell has bits above 8.
func FormatSS(givens, board string, marks *Marks) (string, error) {
	g, b, err := positionArgs(givens, board)
	if err != nil {
		return "", err
	}
	return writeText(C.SUDOKU_SS_MAX_SIZE, func(out *C.char, n C.size_t, w *C.size_t) C.int {
		return C.sudoku_format_ss(g.ptr(), boardPtr(b), masksPtr(marks), out, n, w)
	})
}
