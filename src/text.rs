//! C API of the text calls: parsing pasted text and formatting boards. Thin wrappers over
//! `src/text.rs`.

use core::ffi::{c_char, c_int};
use core::{ptr, slice};

use super::out::put;
use super::sudoku_status::*;
use super::{guard, read_board, write_board};
use sudoku_engine::Board;
use sudoku_engine::{Format, parse};

/// Layouts for sudoku_format(). Blanks are written `'.'`.
///
/// The numbers are ABI and never change. Functions take the style as an `int`.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum sudoku_format_style {
    /// The 81 cells on one line, no newline (82 bytes with the NUL).
    SUDOKU_FORMAT_LINE = 0,
    /// Nine rows of cells separated by spaces, `|` between boxes, `------+-------+------`
    /// between bands; every line ends with `'\n'` (243 bytes with the NUL):
    /// @code
    /// 5 3 . | . 7 . | . . .
    /// 6 . . | 1 9 5 | . . .
    /// . 9 8 | . . . | . 6 .
    /// ------+-------+------
    /// ...
    /// @endcode
    SUDOKU_FORMAT_GRID = 1,
    /// The grid framed by `+-------+-------+-------+` above, below and between bands, and `|`
    /// at both ends of each row; every line ends with `'\n'` (339 bytes with the NUL).
    SUDOKU_FORMAT_BORDERED = 2,
}

/// Buffer size (NUL included) that is enough for sudoku_format() in every style.
pub const SUDOKU_FORMAT_MAX_SIZE: usize = 339;

const _: () = assert!(SUDOKU_FORMAT_MAX_SIZE == Format::MAX_LEN + 1);

/// The Rust style for a C style number.
fn style_from_int(style: c_int) -> Option<Format> {
    use sudoku_format_style::*;
    [
        (SUDOKU_FORMAT_LINE, Format::Line),
        (SUDOKU_FORMAT_GRID, Format::Grid),
        (SUDOKU_FORMAT_BORDERED, Format::Bordered),
    ]
    .into_iter()
    .find(|&(c, _)| c as c_int == style)
    .map(|(_, f)| f)
}

/// @brief Reads one puzzle from text as people paste it.
///
/// The grammar (also in the README):
/// - The text is split into lines at LF or CR LF; a CR anywhere else is an error.
/// - Cells are `'1'`-`'9'` (givens) and `'.'`, `'0'`, `'_'`, `'*'`, `'x'` (blanks; lower-case
///   `x` only). Separators are space, tab and `'|'`, allowed anywhere on a line.
/// - A rule line is one whose first byte other than space, tab and `'|'` is `'-'`, `'+'`, or a
///   `'*'` directly followed by `'-'`; it may hold only `'-'`, `'+'`, `'*'`, `'|'`, space and
///   tab. Every other line is a cell line and may hold only cells and separators.
/// - The puzzle is one cell line of 81 cells or nine cell lines of 9, with any rule lines and
///   blank lines before, between and after.
/// - After the 81st cell, a comment may start at a byte that is not a cell, separator, `'-'`
///   or `'+'` and that follows a space or tab or begins a line; it runs to the end of its
///   line.
/// - Anything else is an error, including a second puzzle. Nothing is guessed.
///
/// So an 81-character line (with `"  # comment"` after it or not), nine lines of nine, and the
/// output of sudoku_format() in every style are all read, with LF or CR LF line ends.
///
/// @param text The text; `len` bytes are read and no NUL is needed. A NUL byte is not special:
///        it is an error like any stray byte, so pass `strlen(text)`, not `sizeof text`.
/// @param len Number of bytes in `text`.
/// @param out_board 81 bytes that receive the board: `'1'`-`'9'` and `'.'` for blanks (no NUL).
/// @param out_error_offset NULL, or receives the byte offset of the first problem on
///        `SUDOKU_ERR_PARSE`: the offending byte, the cell that is one too many, the end of a
///        line (its CR or LF, or `len`) holding a wrong number of cells, or `len` when cells
///        are missing. Left untouched otherwise.
///
/// @return `SUDOKU_OK` with the board written, or on failure, with `out_board` untouched:
///         - `SUDOKU_ERR_NULL_POINTER` if `text` or `out_board` is NULL (even if `len` is 0);
///         - `SUDOKU_ERR_INVALID_ARGUMENT` if `len` exceeds `PTRDIFF_MAX`;
///         - `SUDOKU_ERR_PARSE` if the text is not one puzzle in this grammar.
///         It does not check whether givens clash: see sudoku_validate().
///
/// Thread-safe and reentrant; no heap allocation. Never reads outside the `len` bytes.
///
/// # Safety
/// `text` must be NULL or point to `len` readable bytes; `out_board` NULL or 81 writable bytes;
/// `out_error_offset` NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn sudoku_parse(
    text: *const c_char,
    len: usize,
    out_board: *mut c_char,
    out_error_offset: *mut usize,
) -> c_int {
    guard(|| {
        if text.is_null() || out_board.is_null() {
            return SUDOKU_ERR_NULL_POINTER;
        }
        if isize::try_from(len).is_err() {
            return SUDOKU_ERR_INVALID_ARGUMENT;
        }
        // SAFETY: non-NULL, `len` readable bytes per the caller's contract, `len` fits isize,
        // and u8 has the size and alignment of c_char. The slice is only read, and is not used
        // after `parse` returns, before anything is written.
        let bytes = unsafe { slice::from_raw_parts(text.cast::<u8>(), len) };
        match parse(bytes) {
            Ok(board) => {
                // SAFETY: non-NULL, and the caller guarantees 81 writable bytes.
                unsafe { write_board(out_board, &board.to_bytes()) };
                SUDOKU_OK
            }
            Err(e) => {
                // SAFETY: NULL or writable, per the caller's contract.
                unsafe { put(out_error_offset, e.offset) };
                SUDOKU_ERR_PARSE
            }
        }
    })
}

/// @brief Writes a board as NUL-terminated text: one line or a 9x9 grid.
///
/// @param board 81 bytes, row by row: `'1'`-`'9'` for givens, `'.'` or `'0'` for blanks; only
///        read. Givens are not checked for clashes.
/// @param style A ::sudoku_format_style value.
/// @param out Receives the text and a terminating NUL. May be NULL only if `out_len` is 0.
/// @param out_len Size of `out` in bytes; ::SUDOKU_FORMAT_MAX_SIZE is enough for every style.
/// @param out_written NULL, or receives on `SUDOKU_OK` the length of the text (without the
///        NUL), and on `SUDOKU_ERR_BUFFER_TOO_SMALL` the size `out_len` must have (with the
///        NUL). Left untouched otherwise.
///
/// @return `SUDOKU_OK` with the text written, or on failure, with `out` untouched:
///         - `SUDOKU_ERR_NULL_POINTER` if `board` is NULL, or `out` is NULL and `out_len` is
///           not 0;
///         - `SUDOKU_ERR_INVALID_ARGUMENT` if `style` is not a ::sudoku_format_style value;
///         - `SUDOKU_ERR_INVALID_CHARACTER` if a board byte is not `'1'`-`'9'`, `'.'` or `'0'`;
///         - `SUDOKU_ERR_BUFFER_TOO_SMALL` if `out_len` is smaller than the text plus its NUL
///           (so `out = NULL, out_len = 0` asks for the size).
///
/// Thread-safe and reentrant; no heap allocation.
///
/// # Safety
/// `board` must be NULL or point to 81 readable bytes; `out` must point to `out_len` writable
/// bytes (or be NULL when `out_len` is 0); `out_written` NULL or writable.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn sudoku_format(
    board: *const c_char,
    style: c_int,
    out: *mut c_char,
    out_len: usize,
    out_written: *mut usize,
) -> c_int {
    guard(|| {
        if board.is_null() || (out.is_null() && out_len != 0) {
            return SUDOKU_ERR_NULL_POINTER;
        }
        let Some(style) = style_from_int(style) else {
            return SUDOKU_ERR_INVALID_ARGUMENT;
        };
        // SAFETY: non-NULL, and the caller guarantees 81 readable bytes.
        let input = unsafe { read_board(board) };
        let board = match Board::from_bytes(&input) {
            Ok(board) => board,
            Err(e) => return e.into(),
        };
        let mut text = [0u8; SUDOKU_FORMAT_MAX_SIZE];
        let (body, _) = text
            .split_first_chunk_mut::<{ Format::MAX_LEN }>()
            .unwrap_or_else(|| {
                unreachable!("SUDOKU_FORMAT_MAX_SIZE holds Format::MAX_LEN and a NUL")
            });
        let len = board.format_into(style, body);
        text[len] = 0;
        if out_len <= len {
            // SAFETY: NULL or writable, per the caller's contract.
            unsafe { put(out_written, len + 1) };
            return SUDOKU_ERR_BUFFER_TOO_SMALL;
        }
        // SAFETY: `out` is non-NULL (out_len > len >= 81) with `out_len` > `len` writable
        // bytes per the caller's contract; `text` is a local that cannot overlap it.
        unsafe { ptr::copy_nonoverlapping(text.as_ptr(), out.cast::<u8>(), len + 1) };
        // SAFETY: NULL or writable, per the caller's contract.
        unsafe { put(out_written, len) };
        SUDOKU_OK
    })
}
