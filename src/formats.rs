//! C API of the formats other programs speak: pencil-mark grids, files of many puzzles,
//! SudokuWiki links and Simple Sudoku's `.ss` layout. Thin wrappers over
//! `engine/src/formats/`.

use core::ffi::{c_char, c_int};
use core::{ptr, slice};

use super::out::put;
use super::sudoku_status::{self, *};
use super::{guard, read_board, write_board};
use sudoku_engine::formats::{
    Marks, MarksStyle, Position, SS_MAX_LEN, SUDOKUWIKI_MAX_LEN, next_record, parse_marks,
    parse_ss, parse_sudokuwiki,
};
use sudoku_engine::{Board, CELLS, ParseError};

/// Layouts for sudoku_format_marks().
///
/// The numbers are ABI and never change. Functions take the style as an `int`.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum sudoku_marks_style {
    /// The 729-character candidate string, cell-major (nine bytes per cell, the byte for digit
    /// `d` being `d` or `'.'`); no newline (730 bytes with the NUL). A filled cell shows its
    /// digit alone.
    SUDOKU_MARKS_LINE = 0,
    /// The 9x9 candidate grid: each cell's digits (`'.'` for none), each column as wide as its
    /// widest cell, `|` between boxes and at both ends, `+-----+` rules above, below and
    /// between bands; every line ends with `'\n'`. A board without candidates comes out as
    /// `SUDOKU_FORMAT_BORDERED` writes it:
    /// @code
    /// +-----------------+--------------+-----------------+
    /// | 5   3    124    | 26   7  2468 | 1489  1249 248  |
    /// @endcode
    SUDOKU_MARKS_GRID = 1,
}

/// Buffer size (NUL included) that is enough for sudoku_format_marks() in every style.
pub const SUDOKU_MARKS_MAX_SIZE: usize = 1275;

/// Buffer size (NUL included) that is enough for sudoku_format_sudokuwiki().
pub const SUDOKU_SUDOKUWIKI_MAX_SIZE: usize = 204;

/// Buffer size (NUL included) that is enough for sudoku_format_ss().
pub const SUDOKU_SS_MAX_SIZE: usize = 1641;

const _: () = assert!(SUDOKU_MARKS_MAX_SIZE == MarksStyle::MAX_LEN + 1);
const _: () = assert!(SUDOKU_SUDOKUWIKI_MAX_SIZE == SUDOKUWIKI_MAX_LEN + 1);
const _: () = assert!(SUDOKU_SS_MAX_SIZE == SS_MAX_LEN + 1);

/// The Rust style for a C style number.
fn marks_style_from_int(style: c_int) -> Option<MarksStyle> {
    use sudoku_marks_style::*;
    [
        (SUDOKU_MARKS_LINE, MarksStyle::Line),
        (SUDOKU_MARKS_GRID, MarksStyle::Grid),
    ]
    .into_iter()
    .find(|&(c, _)| c as c_int == style)
    .map(|(_, s)| s)
}

/// The caller's text as a slice.
///
/// # Safety
/// `text` must be non-NULL and point to `len` readable bytes, not written while the slice
/// lives.
unsafe fn text_slice<'a>(text: *const c_char, len: usize) -> Result<&'a [u8], sudoku_status> {
    if isize::try_from(len).is_err() {
        return Err(SUDOKU_ERR_INVALID_ARGUMENT);
    }
    // SAFETY: non-NULL, `len` readable bytes per the caller's contract, `len` fits isize, and
    // u8 has the size and alignment of c_char.
    Ok(unsafe { slice::from_raw_parts(text.cast::<u8>(), len) })
}

/// Copies the caller's 81 masks (byte by byte: no alignment needed).
///
/// # Safety
/// `masks` must be non-NULL and point to 81 readable `uint16_t`.
unsafe fn read_masks(masks: *const u16) -> [u16; CELLS] {
    let mut local = [0u16; CELLS];
    // SAFETY: 81 readable uint16_t per the caller's contract; `local` is a distinct local array
    // of the same size.
    unsafe {
        ptr::copy_nonoverlapping(
            masks.cast::<u8>(),
            local.as_mut_ptr().cast::<u8>(),
            size_of_val(&local),
        )
    };
    local
}

/// Copies 81 masks to the caller (byte by byte: no alignment needed).
///
/// # Safety
/// `out` must be non-NULL and point to 81 writable `uint16_t`.
unsafe fn write_masks(out: *mut u16, masks: &[u16; CELLS]) {
    // SAFETY: 81 writable uint16_t per the caller's contract; `masks` is a local that cannot
    // overlap them.
    unsafe {
        ptr::copy_nonoverlapping(
            masks.as_ptr().cast::<u8>(),
            out.cast::<u8>(),
            size_of_val(masks),
        )
    };
}

/// Reads an 81-byte board argument.
///
/// # Safety
/// `board` must be non-NULL and point to 81 readable bytes.
unsafe fn board_arg(board: *const c_char) -> Result<Board, sudoku_status> {
    // SAFETY: the caller's contract, passed on.
    Board::from_bytes(&unsafe { read_board(board) }).map_err(sudoku_status::from)
}

/// Copies `text` and a NUL into the caller's buffer, or reports the size needed: the common end
/// of the writers.
///
/// # Safety
/// `out` must point to `out_len` writable bytes (or be NULL when `out_len` is 0) and not
/// overlap `text`; `out_written` must be NULL or writable.
unsafe fn write_text(
    text: &[u8],
    out: *mut c_char,
    out_len: usize,
    out_written: *mut usize,
) -> sudoku_status {
    let len = text.len();
    if out_len <= len {
        // SAFETY: NULL or writable, per the caller's contract.
        unsafe { put(out_written, len + 1) };
        return SUDOKU_ERR_BUFFER_TOO_SMALL;
    }
    // SAFETY: `out` is non-NULL (out_len > len >= 0 means out_len > 0) with more than `len`
    // writable bytes per the caller's contract, and does not overlap `text`.
    unsafe {
        ptr::copy_nonoverlapping(text.as_ptr(), out.cast::<u8>(), len);
        out.add(len).write(0);
        put(out_written, len);
    }
    SUDOKU_OK
}

/// Reports a parse error's offset and returns `SUDOKU_ERR_PARSE`.
///
/// # Safety
/// `out_error_offset` must be NULL or writable.
unsafe fn parse_error(e: ParseError, out_error_offset: *mut usize) -> sudoku_status {
    // SAFETY: NULL or writable, per the caller's contract.
    unsafe { put(out_error_offset, e.offset) };
    SUDOKU_ERR_PARSE
}

/// @brief Reads a pencil-mark position: the 729-character candidate string or a 9x9 candidate
/// grid.
///
/// The candidate string is 729 bytes, cell-major: nine bytes per cell (r1c1 first, row by row),
/// the byte for digit `d` being `d` when the cell shows it and `'.'` or `'0'` when not; spaces,
/// tabs, CR and LF may surround it. The grid is nine lines of nine cells, a cell being its
/// digits (any order, none twice) or `'.'` for none, separated by spaces, tabs and `|`, with
/// rule lines (a `-` or `=` and only `- = + * . : ' |`, spaces and tabs: HoDoKu's, Simple
/// Sudoku's, SudokuWiki's and sudoku_format_marks()'s borders) and blank lines anywhere around
/// them; spacing is free. The string is told from the grid by the first line holding a byte
/// other than space, tab and `|`: the text is the string when that line's first run of such
/// bytes is longer than 9 and holds none of `- = + * : '`.
///
/// Both formats show a filled cell as its digit alone, like a cell with one candidate left.
/// `values` says which cells are filled; without it, a cell showing exactly one digit is taken
/// as filled, one showing several as empty with those candidates, and one showing none as
/// empty with no candidate.
///
/// @param text The text; `len` bytes are read and no NUL is needed.
/// @param len Number of bytes in `text`.
/// @param values NULL, or 81 bytes (`'1'`-`'9'`, `'.'` or `'0'`): the filled cells. Each of its
///        digits must be the only digit its cell shows; every other cell is empty and keeps
///        what it shows (one digit or more) as its candidates.
/// @param out_board NULL, or 81 bytes that receive the digits (`'1'`-`'9'`, `'.'` for empty
///        cells; no NUL).
/// @param out_masks 81 `uint16_t` that receive the candidates, bit `d - 1` for digit `d`: 0 for
///        filled cells (as sudoku_candidates() reports givens) and for empty cells without
///        candidates.
/// @param out_error_offset NULL, or receives the byte offset of the first problem on
///        `SUDOKU_ERR_PARSE`: the byte out of place (a digit twice in a cell, a digit at another
///        digit's position of the string, a lone CR; for a filled cell of `values` that shows
///        something else, its first byte showing another digit, or when it shows none, where
///        its digit belongs in the string, its `.` in the grid), the first cell too many (a 10th
///        on a line, or the first of a 10th line of cells), the end of a line with fewer than 9
///        cells (its CR or LF, or `len`), a byte after the string, or `len` when the text ends
///        early.
///
/// @return `SUDOKU_OK` with the outputs written, or on failure, with every output untouched:
///         - `SUDOKU_ERR_NULL_POINTER` if `text` or `out_masks` is NULL;
///         - `SUDOKU_ERR_INVALID_ARGUMENT` if `len` exceeds `PTRDIFF_MAX`;
///         - `SUDOKU_ERR_INVALID_CHARACTER` if a byte of `values` is not `'1'`-`'9'`, `'.'` or
///           `'0'`;
///         - `SUDOKU_ERR_PARSE` if the text is neither format.
///         Digits that clash are not checked: see sudoku_validate().
///
/// Thread-safe and reentrant; no heap allocation. Never reads outside the `len` bytes.
///
/// # Safety
/// `text` must be NULL or point to `len` readable bytes; `values` NULL or 81 readable bytes;
/// `out_board` NULL or 81 writable bytes; `out_masks` NULL or 81 writable `uint16_t`;
/// `out_error_offset` NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn sudoku_parse_marks(
    text: *const c_char,
    len: usize,
    values: *const c_char,
    out_board: *mut c_char,
    out_masks: *mut u16,
    out_error_offset: *mut usize,
) -> c_int {
    guard(|| {
        if text.is_null() || out_masks.is_null() {
            return SUDOKU_ERR_NULL_POINTER;
        }
        // SAFETY: non-NULL, and the caller guarantees `len` readable bytes.
        let bytes = match unsafe { text_slice(text, len) } {
            Ok(bytes) => bytes,
            Err(status) => return status,
        };
        let values = if values.is_null() {
            None
        } else {
            // SAFETY: non-NULL, and the caller guarantees 81 readable bytes.
            match unsafe { board_arg(values) } {
                Ok(board) => Some(board),
                Err(status) => return status,
            }
        };
        match parse_marks(bytes, values.as_ref()) {
            Ok(marks) => {
                // SAFETY: out_masks is non-NULL with 81 writable uint16_t, out_board NULL or
                // 81 writable bytes, per the caller's contract.
                unsafe { write_marks(&marks, out_board, out_masks) };
                SUDOKU_OK
            }
            // SAFETY: NULL or writable, per the caller's contract.
            Err(e) => unsafe { parse_error(e, out_error_offset) },
        }
    })
}

/// Writes a position's digits and masks to the caller's (nullable) outputs.
///
/// # Safety
/// `out_board` must be NULL or point to 81 writable bytes, `out_masks` NULL or 81 writable
/// `uint16_t`.
unsafe fn write_marks(marks: &Marks, out_board: *mut c_char, out_masks: *mut u16) {
    if !out_board.is_null() {
        // SAFETY: non-NULL, 81 writable bytes per the caller's contract.
        unsafe { write_board(out_board, &marks.board().to_bytes()) };
    }
    if !out_masks.is_null() {
        // SAFETY: non-NULL, 81 writable uint16_t per the caller's contract.
        unsafe { write_masks(out_masks, marks.masks()) };
    }
}

/// @brief Writes a pencil-mark position as NUL-terminated text: the 729-character candidate
/// string or the 9x9 candidate grid (see ::sudoku_marks_style).
///
/// A filled cell shows its digit alone; an empty cell its candidates, or nothing (`.........`
/// in the string, `.` in the grid) for a mask of 0. sudoku_parse_marks() reads both back: the
/// same board and masks when given `board` as `values`, and without it the same except that
/// an empty cell with exactly one candidate comes back filled.
///
/// @param board 81 bytes: `'1'`-`'9'` for filled cells, `'.'` or `'0'` for empty ones; only
///        read. Digits are not checked for clashes.
/// @param masks 81 `uint16_t`: the candidates of each empty cell (bit `d - 1` for digit `d`);
///        the masks of filled cells are ignored.
/// @param style A ::sudoku_marks_style value.
/// @param out Receives the text and a terminating NUL. May be NULL only if `out_len` is 0.
/// @param out_len Size of `out` in bytes; ::SUDOKU_MARKS_MAX_SIZE is enough for every style.
/// @param out_written NULL, or receives on `SUDOKU_OK` the length of the text (without the
///        NUL), and on `SUDOKU_ERR_BUFFER_TOO_SMALL` the size `out_len` must have (with the
///        NUL). Left untouched otherwise.
///
/// @return `SUDOKU_OK` with the text written, or on failure, with `out` untouched:
///         - `SUDOKU_ERR_NULL_POINTER` if `board` or `masks` is NULL, or `out` is NULL and
///           `out_len` is not 0;
///         - `SUDOKU_ERR_INVALID_ARGUMENT` if `style` is not a ::sudoku_marks_style value or a
///           mask of an empty cell has bits above bit 8;
///         - `SUDOKU_ERR_INVALID_CHARACTER` if a board byte is not `'1'`-`'9'`, `'.'` or `'0'`;
///         - `SUDOKU_ERR_BUFFER_TOO_SMALL` if `out_len` is smaller than the text plus its NUL
///           (so `out = NULL, out_len = 0` asks for the size).
///
/// Thread-safe and reentrant; no heap allocation.
///
/// # Safety
/// `board` must be NULL or point to 81 readable bytes; `masks` NULL or 81 readable `uint16_t`;
/// `out` must point to `out_len` writable bytes (or be NULL when `out_len` is 0);
/// `out_written` NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn sudoku_format_marks(
    board: *const c_char,
    masks: *const u16,
    style: c_int,
    out: *mut c_char,
    out_len: usize,
    out_written: *mut usize,
) -> c_int {
    guard(|| {
        if board.is_null() || masks.is_null() || (out.is_null() && out_len != 0) {
            return SUDOKU_ERR_NULL_POINTER;
        }
        let Some(style) = marks_style_from_int(style) else {
            return SUDOKU_ERR_INVALID_ARGUMENT;
        };
        // SAFETY: non-NULL, and the caller guarantees 81 readable bytes / uint16_t.
        let marks = match unsafe { marks_arg(board, masks) } {
            Ok(marks) => marks,
            Err(status) => return status,
        };
        let mut text = [0u8; MarksStyle::MAX_LEN];
        let len = marks.format_into(style, &mut text);
        // SAFETY: the caller's contract for `out` and `out_written`; `text` is a local.
        unsafe { write_text(&text[..len], out, out_len, out_written) }
    })
}

/// Reads a board and its masks into [`Marks`].
///
/// # Safety
/// `board` must be non-NULL with 81 readable bytes, `masks` non-NULL with 81 readable
/// `uint16_t`.
unsafe fn marks_arg(board: *const c_char, masks: *const u16) -> Result<Marks, sudoku_status> {
    // SAFETY: the caller's contract, passed on.
    let board = unsafe { board_arg(board) }?;
    // SAFETY: the caller's contract, passed on.
    Marks::new(board, unsafe { read_masks(masks) }).map_err(sudoku_status::from)
}

/// @brief Reads the next puzzle of a file of puzzles, one per line, from a buffer: SDM files
/// and lists with comments and columns (`puzzle # 7.1`, `puzzle<TAB>7.1`, `puzzle,solution`,
/// `puzzle:1:solution`).
///
/// The text is split into lines at LF or CR LF; a UTF-8 byte order mark at offset 0 is
/// skipped. Blank lines (spaces and tabs only) and comment lines (whose first byte other than
/// space and tab is `#`) are skipped. Every other line is a record: optional spaces and tabs,
/// exactly 81 cells (`'1'`-`'9'`; `'.'`, `'0'`, `'_'`, `'*'`, `'x'` for blanks, as
/// sudoku_parse()), then the end of the line or one separator (space, tab, `,`, `;` or `:`) and the
/// columns: the rest of the line after any more spaces and tabs (no CR).
///
/// Loop with `offset` starting at 0 until `*out_found` is 0. Nothing is allocated or copied
/// but the 81 cells, so a file mapped into memory is read in place.
///
/// @param text The text; `len` bytes are read and no NUL is needed.
/// @param len Number of bytes in `text`.
/// @param offset In: where to start reading (a line start, at most `len`). Out, on `SUDOKU_OK`:
///        just past the line the puzzle was on (past its LF, or `len`), or `len` at the end.
///        Left untouched on failure.
/// @param out_board 81 bytes that receive the puzzle (`'1'`-`'9'`, `'.'` for blanks; no NUL)
///        when one is found.
/// @param out_found Receives 1 when a puzzle was read, 0 when only blank and comment lines
///        (or nothing) remain.
/// @param out_columns NULL, or receives the offset of the puzzle's columns (the line's end
///        when it has none) when one is found.
/// @param out_columns_len NULL, or receives the length of the columns (0 for none), without
///        the line end, when a puzzle is found.
/// @param out_error_offset NULL, or receives the byte offset of the first problem on
///        `SUDOKU_ERR_PARSE`: the byte that is not a cell, or not a separator after the 81st
///        cell (an 82nd cell, a CR in the columns), or the end of a line with fewer than 81
///        cells (its CR or LF, or `len`). To go on with the next line, set `*offset` just past
///        the first LF at or after the error offset (or to `len` when there is none).
///
/// @return `SUDOKU_OK` with the outputs written (found or not), or on failure, with every
///         output untouched:
///         - `SUDOKU_ERR_NULL_POINTER` if `text`, `offset`, `out_board` or `out_found` is NULL;
///         - `SUDOKU_ERR_INVALID_ARGUMENT` if `len` exceeds `PTRDIFF_MAX` or `*offset` exceeds
///           `len`;
///         - `SUDOKU_ERR_PARSE` if the next line that is not blank or a comment is not a
///           record.
///         Givens that clash are not checked: see sudoku_validate().
///
/// Thread-safe and reentrant; no heap allocation. Never reads outside the `len` bytes.
///
/// # Safety
/// `text` must be NULL or point to `len` readable bytes; `offset` NULL or readable and
/// writable; `out_board` NULL or 81 writable bytes; `out_found`, `out_columns`,
/// `out_columns_len` and `out_error_offset` NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn sudoku_next_puzzle(
    text: *const c_char,
    len: usize,
    offset: *mut usize,
    out_board: *mut c_char,
    out_found: *mut usize,
    out_columns: *mut usize,
    out_columns_len: *mut usize,
    out_error_offset: *mut usize,
) -> c_int {
    guard(|| {
        if text.is_null() || offset.is_null() || out_board.is_null() || out_found.is_null() {
            return SUDOKU_ERR_NULL_POINTER;
        }
        // SAFETY: non-NULL, and the caller guarantees `len` readable bytes.
        let bytes = match unsafe { text_slice(text, len) } {
            Ok(bytes) => bytes,
            Err(status) => return status,
        };
        // SAFETY: non-NULL and readable per the caller's contract (any alignment).
        let start = unsafe { offset.read_unaligned() };
        if start > len {
            return SUDOKU_ERR_INVALID_ARGUMENT;
        }
        match next_record(bytes, start) {
            // SAFETY (all three arms): the pointers are non-NULL or checked by `put`, and
            // writable per the caller's contract.
            Ok(Some(record)) => unsafe {
                write_board(out_board, &record.board.to_bytes());
                put(out_columns, record.columns.start);
                put(out_columns_len, record.columns.len());
                put(offset, record.next);
                put(out_found, 1);
                SUDOKU_OK
            },
            Ok(None) => unsafe {
                put(offset, len);
                put(out_found, 0);
                SUDOKU_OK
            },
            Err(e) => unsafe { parse_error(e, out_error_offset) },
        }
    })
}

/// Writes a position's givens, digits and masks to the caller's (nullable) outputs.
///
/// # Safety
/// `out_givens` and `out_board` must be NULL or point to 81 writable bytes, `out_masks` NULL or
/// 81 writable `uint16_t`.
unsafe fn write_position(
    position: &Position,
    out_givens: *mut c_char,
    out_board: *mut c_char,
    out_masks: *mut u16,
) {
    if !out_givens.is_null() {
        // SAFETY: non-NULL, 81 writable bytes per the caller's contract.
        unsafe { write_board(out_givens, &position.givens().to_bytes()) };
    }
    // SAFETY: the caller's contract, passed on.
    unsafe { write_marks(position.marks(), out_board, out_masks) };
}

/// Shared body of the two position readers, run inside their `guard`.
///
/// # Safety
/// As for sudoku_parse_sudokuwiki().
unsafe fn parse_position(
    read: fn(&[u8]) -> Result<Position, ParseError>,
    text: *const c_char,
    len: usize,
    out_givens: *mut c_char,
    out_board: *mut c_char,
    out_masks: *mut u16,
    out_error_offset: *mut usize,
) -> sudoku_status {
    if text.is_null() || out_board.is_null() {
        return SUDOKU_ERR_NULL_POINTER;
    }
    // SAFETY: non-NULL, and the caller guarantees `len` readable bytes.
    let bytes = match unsafe { text_slice(text, len) } {
        Ok(bytes) => bytes,
        Err(status) => return status,
    };
    match read(bytes) {
        Ok(position) => {
            // SAFETY: the output pointers' contracts, passed on.
            unsafe { write_position(&position, out_givens, out_board, out_masks) };
            SUDOKU_OK
        }
        // SAFETY: NULL or writable, per the caller's contract.
        Err(e) => unsafe { parse_error(e, out_error_offset) },
    }
}

/// @brief Reads a SudokuWiki link (`https://www.sudokuwiki.org/sudoku.htm?bd=...`), its query,
/// `bd=...` or the `bd` value alone: the puzzle, or a whole position with candidates.
///
/// The value runs from just after the first `bd=` that starts the text or follows `?`, `&` or
/// `#`, to the next `&`, `#` or the end (the whole text, without surrounding spaces, tabs, CR
/// and LF, when there is no `bd=`). Its forms:
/// - 81 digits, `'1'`-`'9'` for givens and `'0'` (or `'.'`) for blanks: the puzzle;
/// - 162 bytes, SudokuWiki's documented candidates form: two per cell, row by row, a base-32
///   number (`0`-`9`, `a`-`v`, either case) holding the cell's digits as bits (digit `d` is bit
///   `d - 1`) shifted left by one, plus 1 for a given. A given must have one digit; a cell that
///   is not a given and has one digit is an entered digit, as SudokuWiki reads it;
/// - `S9B` and 162 bytes, the form SudokuWiki's own pages link to (not documented; worked out
///   from those links): two per cell, base 36 (`0`-`9`, `a`-`z`), 1-9 a given, 10-18 an
///   entered digit plus 9, 19-529 the candidate bits plus 18, 0 an empty cell without
///   candidates.
///
/// Which form is told by the value: `S9B` first, else 162 bytes long, else the digits.
///
/// @param text The text; `len` bytes are read and no NUL is needed.
/// @param len Number of bytes in `text`.
/// @param out_givens NULL, or 81 bytes that receive the givens (`'1'`-`'9'`, `'.'`; no NUL).
/// @param out_board 81 bytes that receive the digits on the board: the givens and the entered
///        digits.
/// @param out_masks NULL, or 81 `uint16_t` that receive the candidates of the empty cells (bit
///        `d - 1` for digit `d`), 0 for filled cells and for every cell of the digits form.
/// @param out_error_offset NULL, or receives the byte offset of the first problem on
///        `SUDOKU_ERR_PARSE`: a byte that does not belong (for a pair whose number is out of
///        range, such as a given without exactly one digit, its first byte), an 82nd digit or
///        a byte after the 162, or the value's end when it is short.
///
/// @return `SUDOKU_OK` with the outputs written, or on failure, with every output untouched:
///         - `SUDOKU_ERR_NULL_POINTER` if `text` or `out_board` is NULL;
///         - `SUDOKU_ERR_INVALID_ARGUMENT` if `len` exceeds `PTRDIFF_MAX`;
///         - `SUDOKU_ERR_PARSE` if the value is none of the forms.
///
/// Thread-safe and reentrant; no heap allocation. Never reads outside the `len` bytes.
///
/// # Safety
/// `text` must be NULL or point to `len` readable bytes; `out_givens` and `out_board` NULL or
/// 81 writable bytes; `out_masks` NULL or 81 writable `uint16_t`; `out_error_offset` NULL or
/// writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn sudoku_parse_sudokuwiki(
    text: *const c_char,
    len: usize,
    out_givens: *mut c_char,
    out_board: *mut c_char,
    out_masks: *mut u16,
    out_error_offset: *mut usize,
) -> c_int {
    guard(|| {
        // SAFETY: the same contract, passed on.
        unsafe {
            parse_position(
                parse_sudokuwiki,
                text,
                len,
                out_givens,
                out_board,
                out_masks,
                out_error_offset,
            )
        }
    })
}

/// Reads the writers' position arguments: the givens, and the board and masks (NULL: the
/// givens, and no candidates).
///
/// # Safety
/// `givens` must be non-NULL with 81 readable bytes; `board` NULL or 81 readable bytes;
/// `masks` NULL or 81 readable `uint16_t`.
unsafe fn position_arg(
    givens: *const c_char,
    board: *const c_char,
    masks: *const u16,
) -> Result<Position, sudoku_status> {
    // SAFETY: the caller's contract, passed on.
    let givens = unsafe { board_arg(givens) }?;
    let board = if board.is_null() {
        givens
    } else {
        // SAFETY: non-NULL, and the caller guarantees 81 readable bytes.
        unsafe { board_arg(board) }?
    };
    let masks = if masks.is_null() {
        [0; CELLS]
    } else {
        // SAFETY: non-NULL, and the caller guarantees 81 readable uint16_t.
        unsafe { read_masks(masks) }
    };
    let marks = Marks::new(board, masks).map_err(sudoku_status::from)?;
    Position::new(givens, marks).map_err(sudoku_status::from)
}

/// @brief Writes a SudokuWiki link as NUL-terminated text: the puzzle's digits link, or the
/// candidates link of a whole position.
///
/// The link is `https://www.sudokuwiki.org/sudoku.htm?bd=` followed by, when `board` and
/// `masks` are both NULL, the 81 digits of `givens` (`'0'` for blanks), and otherwise the
/// 162-byte candidates form (see sudoku_parse_sudokuwiki()): the givens, the other digits of
/// `board` as entered digits, and each empty cell's candidates. sudoku_parse_sudokuwiki() reads
/// both back, except that an empty cell with exactly one candidate comes back as an entered
/// digit (SudokuWiki reads it so).
///
/// @param givens 81 bytes: the puzzle (`'1'`-`'9'`, `'.'` or `'0'`); only read.
/// @param board NULL, or 81 bytes: the position, which keeps every given.
/// @param masks NULL, or 81 `uint16_t`: the candidates of the position's empty cells (bit
///        `d - 1` for digit `d`); the masks of filled cells are ignored.
/// @param out Receives the link and a terminating NUL. May be NULL only if `out_len` is 0.
/// @param out_len Size of `out` in bytes; ::SUDOKU_SUDOKUWIKI_MAX_SIZE is enough.
/// @param out_written NULL, or receives on `SUDOKU_OK` the length of the link (without the
///        NUL), and on `SUDOKU_ERR_BUFFER_TOO_SMALL` the size `out_len` must have (with the
///        NUL). Left untouched otherwise.
///
/// @return `SUDOKU_OK` with the link written, or on failure, with `out` untouched:
///         - `SUDOKU_ERR_NULL_POINTER` if `givens` is NULL, exactly one of `board` and `masks`
///           is NULL, or `out` is NULL and `out_len` is not 0;
///         - `SUDOKU_ERR_INVALID_CHARACTER` if a byte of `givens` or `board` is not
///           `'1'`-`'9'`, `'.'` or `'0'`;
///         - `SUDOKU_ERR_INVALID_ARGUMENT` if `board` changed or removed a given, or a mask of
///           an empty cell has bits above bit 8;
///         - `SUDOKU_ERR_BUFFER_TOO_SMALL` if `out_len` is smaller than the link plus its NUL.
///
/// Thread-safe and reentrant; no heap allocation.
///
/// # Safety
/// `givens` and `board` must be NULL or point to 81 readable bytes; `masks` NULL or 81
/// readable `uint16_t`; `out` must point to `out_len` writable bytes (or be NULL when `out_len`
/// is 0); `out_written` NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn sudoku_format_sudokuwiki(
    givens: *const c_char,
    board: *const c_char,
    masks: *const u16,
    out: *mut c_char,
    out_len: usize,
    out_written: *mut usize,
) -> c_int {
    guard(|| {
        if givens.is_null() || board.is_null() != masks.is_null() || (out.is_null() && out_len != 0)
        {
            return SUDOKU_ERR_NULL_POINTER;
        }
        // SAFETY: the pointers' contracts, passed on.
        let position = match unsafe { position_arg(givens, board, masks) } {
            Ok(position) => position,
            Err(status) => return status,
        };
        let mut text = [0u8; SUDOKUWIKI_MAX_LEN];
        let len = position.sudokuwiki_into(!board.is_null(), &mut text);
        // SAFETY: the caller's contract for `out` and `out_written`; `text` is a local.
        unsafe { write_text(&text[..len], out, out_len, out_written) }
    })
}

/// @brief Reads Simple Sudoku's `.ss` layout (as HoDoKu reads and writes it): the givens, and
/// optionally the digits on the board and the candidate grid.
///
/// @code
/// *-----------*
/// |53.|.7.|...|
/// |6..|195|...|
/// |.98|...|.6.|
/// |---+---+---|
/// ...
/// *-----------*
/// @endcode
///
/// A file holds one to three grids of nine lines of cells each, in this order: the givens; the
/// digits on the board now (givens and entries); the candidate grid of sudoku_parse_marks().
/// Rule lines (a `-` or `=` and only `- = + * . : ' |`, spaces and tabs) and blank lines may
/// come anywhere; the lines of cells are counted to tell where a grid ends. The grids of digits
/// are read in the grammar of sudoku_parse() (so a text with fewer than nine lines of cells is
/// read as one puzzle, e.g. an 81-character line). With two grids, the second is the candidate
/// grid when its first line of cells holds 9 or more groups of bytes separated by spaces, tabs
/// and `|`, else the digits grid. The digits grid must keep every given; the candidate grid
/// must show each filled cell's digit alone (with only the givens known, each given's; its
/// other cells follow the convention of sudoku_parse_marks() without `values`).
///
/// @param text The text; `len` bytes are read and no NUL is needed.
/// @param len Number of bytes in `text`.
/// @param out_givens NULL, or 81 bytes that receive the givens (`'1'`-`'9'`, `'.'`; no NUL).
/// @param out_board 81 bytes that receive the digits on the board (the givens without a second
///        grid).
/// @param out_masks NULL, or 81 `uint16_t` that receive the candidates of the empty cells (bit
///        `d - 1` for digit `d`); 0 for filled cells, and for every cell without a candidate
///        grid.
/// @param out_error_offset NULL, or receives the byte offset of the first problem on
///        `SUDOKU_ERR_PARSE`, as sudoku_parse() and sudoku_parse_marks() report it within the
///        whole text (a grid that ends early: where the next grid starts, or `len`); a digit of
///        the second grid that breaks a given, or a cell of the candidate grid that does not
///        show its digit alone, is reported at the cell; a 28th line of cells at its first
///        cell.
///
/// @return `SUDOKU_OK` with the outputs written, or on failure, with every output untouched:
///         - `SUDOKU_ERR_NULL_POINTER` if `text` or `out_board` is NULL;
///         - `SUDOKU_ERR_INVALID_ARGUMENT` if `len` exceeds `PTRDIFF_MAX`;
///         - `SUDOKU_ERR_PARSE` if the text is not such a file.
///
/// Thread-safe and reentrant; no heap allocation. Never reads outside the `len` bytes.
///
/// # Safety
/// As for sudoku_parse_sudokuwiki().
#[unsafe(no_mangle)]
pub unsafe extern "C" fn sudoku_parse_ss(
    text: *const c_char,
    len: usize,
    out_givens: *mut c_char,
    out_board: *mut c_char,
    out_masks: *mut u16,
    out_error_offset: *mut usize,
) -> c_int {
    guard(|| {
        // SAFETY: the same contract, passed on.
        unsafe {
            parse_position(
                parse_ss,
                text,
                len,
                out_givens,
                out_board,
                out_masks,
                out_error_offset,
            )
        }
    })
}

/// @brief Writes a position in Simple Sudoku's `.ss` layout as NUL-terminated text.
///
/// First the givens framed as in sudoku_parse_ss()'s example (13 lines of 13 bytes, each ending
/// with `'\n'`); then, if `board` is not NULL, a blank line and the digits on the board in the
/// same layout; then, if `masks` is not NULL, a blank line and the candidate grid of
/// sudoku_format_marks() (`SUDOKU_MARKS_GRID`) of the board (or of the givens) and masks.
/// sudoku_parse_ss() reads it back (a cell with one candidate comes back filled unless the
/// board is written too).
///
/// @param givens 81 bytes: the puzzle (`'1'`-`'9'`, `'.'` or `'0'`); only read.
/// @param board NULL, or 81 bytes: the position, which keeps every given.
/// @param masks NULL, or 81 `uint16_t`: the candidates of the empty cells (bit `d - 1` for
///        digit `d`); the masks of filled cells are ignored.
/// @param out Receives the text and a terminating NUL. May be NULL only if `out_len` is 0.
/// @param out_len Size of `out` in bytes; ::SUDOKU_SS_MAX_SIZE is enough.
/// @param out_written NULL, or receives on `SUDOKU_OK` the length of the text (without the
///        NUL), and on `SUDOKU_ERR_BUFFER_TOO_SMALL` the size `out_len` must have (with the
///        NUL). Left untouched otherwise.
///
/// @return `SUDOKU_OK` with the text written, or on failure, with `out` untouched:
///         - `SUDOKU_ERR_NULL_POINTER` if `givens` is NULL, or `out` is NULL and `out_len` is
///           not 0;
///         - `SUDOKU_ERR_INVALID_CHARACTER` if a byte of `givens` or `board` is not
///           `'1'`-`'9'`, `'.'` or `'0'`;
///         - `SUDOKU_ERR_INVALID_ARGUMENT` if `board` changed or removed a given, or a mask of
///           an empty cell has bits above bit 8;
///         - `SUDOKU_ERR_BUFFER_TOO_SMALL` if `out_len` is smaller than the text plus its NUL.
///
/// Thread-safe and reentrant; no heap allocation.
///
/// # Safety
/// As for sudoku_format_sudokuwiki().
#[unsafe(no_mangle)]
pub unsafe extern "C" fn sudoku_format_ss(
    givens: *const c_char,
    board: *const c_char,
    masks: *const u16,
    out: *mut c_char,
    out_len: usize,
    out_written: *mut usize,
) -> c_int {
    guard(|| {
        if givens.is_null() || (out.is_null() && out_len != 0) {
            return SUDOKU_ERR_NULL_POINTER;
        }
        // SAFETY: the pointers' contracts, passed on.
        let position = match unsafe { position_arg(givens, board, masks) } {
            Ok(position) => position,
            Err(status) => return status,
        };
        let mut text = [0u8; SS_MAX_LEN];
        let len = position.ss_into(!board.is_null(), !masks.is_null(), &mut text);
        // SAFETY: the caller's contract for `out` and `out_written`; `text` is a local.
        unsafe { write_text(&text[..len], out, out_len, out_written) }
    })
}
