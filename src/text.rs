//! C API of the text calls: parsing pasted text and formatting boards. Thin wrappers over the
//! engine's `text` module.

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
/// Accepts the layouts people paste: one line of 81 cells or nine lines of nine, with
/// separators, rule lines, several ways of writing a blank and a trailing comment, and the
/// output of sudoku_format() in every style. Anything else is an error, a second puzzle
/// included; nothing is guessed. The grammar is in docs/text.md in the source tree. Givens
/// that clash are not checked: see sudoku_validate().
///
/// @param text The text; `len` bytes are read and no NUL is needed. A NUL byte is not special:
///        it is an error like any stray byte, so pass `strlen(text)`, not `sizeof text`.
/// @param len Number of bytes in `text`.
/// @param out_board 81 bytes that receive the board.
/// @param out_error_offset NULL, or receives the byte offset of the first problem on
///        `SUDOKU_ERR_PARSE`: the offending byte, the cell that is one too many, the end of a
///        line (its CR or LF, or `len`) holding a wrong number of cells, or `len` when cells
///        are missing. Left untouched otherwise.
///
/// @return `SUDOKU_OK`, `SUDOKU_ERR_NULL_POINTER` (`text` or `out_board`, even if `len` is 0),
///         `SUDOKU_ERR_INVALID_ARGUMENT` (`len` above `PTRDIFF_MAX`) or `SUDOKU_ERR_PARSE`.
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
/// @param board The board (81 bytes). Givens are not checked for clashes.
/// @param style A ::sudoku_format_style value.
/// @param out Receives the text and a terminating NUL. May be NULL only if `out_len` is 0.
/// @param out_len Size of `out` in bytes; ::SUDOKU_FORMAT_MAX_SIZE is enough for every style.
/// @param out_written NULL, or receives on `SUDOKU_OK` the length of the text (without the
///        NUL), and on `SUDOKU_ERR_BUFFER_TOO_SMALL` the size `out_len` must have (with the
///        NUL). Left untouched otherwise.
///
/// @return `SUDOKU_OK`, `SUDOKU_ERR_NULL_POINTER` (`board`, or `out` with `out_len` not 0),
///         `SUDOKU_ERR_INVALID_ARGUMENT` (`style`), `SUDOKU_ERR_INVALID_CHARACTER`, or
///         `SUDOKU_ERR_BUFFER_TOO_SMALL` if `out_len` is smaller than the text plus its NUL (so
///         `out = NULL, out_len = 0` asks for the size).
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
