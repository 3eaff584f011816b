//! Text in and out: reading a puzzle from the text people paste ([`parse`]) and writing a
//! board as a line or a grid ([`Board::format`]).
//!
//! # The grammar [`parse`] accepts
//!
//! The text is split into lines at LF or CR LF (a CR anywhere else is an error). Bytes are:
//!
//! * **cells**: `1`-`9` (givens) and `.` `0` `_` `*` `x` (blanks; lower-case `x` only);
//! * **separators**: space, tab and `|`, allowed anywhere on a line;
//! * **rules**: `-` and `+`, allowed only on *rule lines*.
//!
//! Each line is one of:
//!
//! * a **rule line**: its first byte other than space, tab and `|` is `-`, `+`, or a `*`
//!   directly followed by `-` (the corner of a `*-----*` border); it holds only `-` `+` `*` `|`
//!   space and tab, and no cells;
//! * a **cell line**: any other line; it holds cells and separators only.
//!
//! A cell line holds 0 cells (a blank line), 9 cells (one row) or, as the first line with
//! cells, 81 (the whole puzzle on one line). So the puzzle is either **one line of 81 cells** or
//! **nine lines of 9 cells**, with any rule lines and blank lines before, between and after.
//! Once the 81st cell is read, the rest of the text may hold separators, rule lines and
//! **comments**: a comment starts at a byte that is not a cell, separator or rule byte and that
//! follows a space or tab or starts a line, and runs to the end of its line. Any other byte,
//! or any cell after the 81st (a second puzzle), is an error. Nothing is ever guessed.
//!
//! Accepted, for example: the 81-character line `53..7....6..195...` (with or without
//! `  # comment` after it), nine lines like `53..7....`, the [`Format::Grid`] and
//! [`Format::Bordered`] output, and grids framed with `*-----------*` / `|---+---+---|`.
//!
//! Errors name the byte offset of the first problem: the offending byte; the cell that is one
//! too many; the end of a line (its CR or LF, or the end of the text) that holds a wrong number
//! of cells; or the end of the text when cells are missing.

#![forbid(unsafe_code)]

use core::fmt;

use crate::board::{Board, CELLS};
use crate::grid::geometry::cell_at;

/// How [`Board::format`] lays a board out. Blanks are written `.`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// The 81 cells on one line, no newline: `53..7....6..195...`.
    Line,
    /// Nine rows of cells separated by spaces, `|` between boxes, and `------+-------+------`
    /// between bands; every line ends with `\n`.
    Grid,
    /// [`Format::Grid`] framed by a border: `+-------+-------+-------+` above, below and
    /// between bands, `|` at both ends of each row; every line ends with `\n`.
    Bordered,
}

impl Format {
    /// Every style, in the order of their C numbers.
    pub const ALL: [Format; 3] = [Format::Line, Format::Grid, Format::Bordered];

    /// Length in bytes of the text this style produces (no terminating NUL).
    pub const fn text_len(self) -> usize {
        match self {
            Format::Line => CELLS,
            // 9 rows and 2 rules of 21 bytes + LF.
            Format::Grid => 11 * 22,
            // 9 rows and 4 rules of 25 bytes + LF.
            Format::Bordered => 13 * 26,
        }
    }

    /// The longest text any style produces.
    pub const MAX_LEN: usize = Format::Bordered.text_len();
}

/// Writes `board` in `style` into `out`, returning the length written: [`Format::text_len`].
fn render(board: &Board, style: Format, out: &mut [u8; Format::MAX_LEN]) -> usize {
    let bytes = board.to_bytes();
    let mut n = 0;
    let mut put = |s: &[u8]| {
        out[n..n + s.len()].copy_from_slice(s);
        n += s.len();
    };
    match style {
        Format::Line => put(&bytes),
        Format::Grid | Format::Bordered => {
            let framed = style == Format::Bordered;
            let rule: &[u8] = if framed {
                b"+-------+-------+-------+\n"
            } else {
                b"------+-------+------\n"
            };
            for r in 0..9 {
                if r % 3 == 0 && (framed || r > 0) {
                    put(rule);
                }
                if framed {
                    put(b"| ");
                }
                for c in 0..9 {
                    let cell = cell_at(r, c);
                    put(&bytes[cell..=cell]);
                    match c {
                        2 | 5 => put(b" | "),
                        8 if framed => put(b" |\n"),
                        8 => put(b"\n"),
                        _ => put(b" "),
                    }
                }
            }
            if framed {
                put(rule);
            }
        }
    }
    n
}

impl Board {
    /// The board as text in `style` (see [`Format`]); [`parse`] reads every style back.
    ///
    /// ```
    /// use sudoku_engine::{Board, Format};
    /// let board: Board = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
    ///     .parse()
    ///     .unwrap();
    /// let grid = board.format(Format::Grid);
    /// assert!(grid.starts_with("5 3 . | . 7 . | . . .\n6 . . | 1 9 5 | . . .\n"));
    /// assert_eq!(sudoku_engine::parse(grid.as_bytes()), Ok(board));
    /// ```
    pub fn format(&self, style: Format) -> String {
        let mut buf = [0u8; Format::MAX_LEN];
        let n = self.format_into(style, &mut buf);
        // The text is ASCII digits, dots, spaces, rules and newlines.
        buf[..n].iter().map(|&b| char::from(b)).collect()
    }

    /// Writes the board in `style` into `out` without allocating, returning the length written
    /// ([`Format::text_len`]); the rest of `out` is untouched.
    pub fn format_into(&self, style: Format, out: &mut [u8; Format::MAX_LEN]) -> usize {
        render(self, style, out)
    }
}

/// Why [`parse`] rejected a text, and where.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ParseError {
    /// Byte offset of the first problem in the text.
    pub offset: usize,
    /// What the problem is.
    pub kind: ParseErrorKind,
}

/// The kinds of [`ParseError`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// A byte that the grammar does not allow here (the offset is the byte's).
    UnexpectedByte(u8),
    /// A cell where none may be: the 10th of a row line, or any after the 81st (a second
    /// puzzle). The offset is the cell's.
    ExtraCell,
    /// A line that ended holding this many cells, which is neither 9 nor (for the first line
    /// with cells) 81. The offset is the line's end: its CR or LF, or the end of the text.
    WrongLineLength(usize),
    /// The text ended after this many cells (fewer than 81). The offset is the text's length.
    MissingCells(usize),
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let at = self.offset;
        match self.kind {
            ParseErrorKind::UnexpectedByte(b) => {
                write!(f, "unexpected byte 0x{b:02x} at offset {at}")
            }
            ParseErrorKind::ExtraCell => write!(f, "one cell too many at offset {at}"),
            ParseErrorKind::WrongLineLength(n) => {
                write!(
                    f,
                    "line ending at offset {at} holds {n} cells (expected 9 or 81)"
                )
            }
            ParseErrorKind::MissingCells(n) => {
                write!(f, "text ends at offset {at} after {n} cells (expected 81)")
            }
        }
    }
}

impl std::error::Error for ParseError {}

/// The digit of a cell byte (`0` for a blank), or `None` for any other byte.
pub(crate) fn cell_value(b: u8) -> Option<u8> {
    match b {
        b'1'..=b'9' => Some(b - b'0'),
        b'.' | b'0' | b'_' | b'*' | b'x' => Some(0),
        _ => None,
    }
}

/// What the current line has turned out to be.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Line {
    /// Only separators so far.
    Undecided,
    /// A rule line (`-`, `+`, `*`, separators).
    Rule,
    /// A cell line.
    Cells,
    /// Inside a trailing comment, up to the end of the line.
    Comment,
}

/// Reads one puzzle from text (the grammar in full: `docs/text.md`):
/// one line of 81 cells or nine lines of 9, optionally framed and separated by `|`, `-`, `+`,
/// spaces and tabs, blanks written `.` `0` `_` `*` or `x`, with a trailing comment allowed after
/// whitespace once the 81 cells are read, LF or CR LF line ends.
///
/// Only reads `text`; never panics, whatever the bytes. Does not check whether givens clash
/// (see [`Board::validate`]).
///
/// ```
/// let text = "5 3 . | . 7 . | . . .\r\n6 . . | 1 9 5 | . . .\r\n. 9 8 | . . . | . 6 .\r\n\
///             ------+-------+------\r\n8 . . | . 6 . | . . 3\r\n4 . . | 8 . 3 | . . 1\r\n\
///             7 . . | . 2 . | . . 6\r\n------+-------+------\r\n. 6 . | . . . | 2 8 .\r\n\
///             . . . | 4 1 9 | . . 5\r\n. . . | . 8 . | . 7 9   # LeetCode 37\r\n";
/// let board = sudoku_engine::parse(text.as_bytes()).unwrap();
/// assert_eq!(
///     board.to_string(),
///     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
/// );
/// ```
pub fn parse(text: &[u8]) -> Result<Board, ParseError> {
    let error = |offset, kind| Err(ParseError { offset, kind });
    let mut cells = [0u8; CELLS];
    let mut n = 0; // Cells read in all.
    let mut line_cells = 0; // Cells on the current line.
    let mut rows = false; // The first cell line held 9 cells: the puzzle is nine rows.
    let mut line = Line::Undecided;
    let mut after_space = true; // The previous byte was a space or tab, or the line just began.
    let mut i = 0;
    loop {
        // End of a line: at LF, at CR LF, or at the end of the text.
        let end = match text.get(i) {
            None => true,
            Some(b'\n') => true,
            Some(b'\r') => text.get(i + 1) == Some(&b'\n'),
            Some(_) => false,
        };
        if end {
            if line_cells != 0 && line_cells != 9 && line_cells != 81 {
                return error(i, ParseErrorKind::WrongLineLength(line_cells));
            }
            if line_cells == 9 && n == 9 {
                rows = true;
            }
            match text.get(i) {
                None if n < CELLS => return error(i, ParseErrorKind::MissingCells(n)),
                None => break,
                Some(b'\r') => i += 2,
                Some(_) => i += 1,
            }
            line_cells = 0;
            line = Line::Undecided;
            after_space = true;
            continue;
        }
        let b = text[i];
        let was_after_space = after_space;
        after_space = matches!(b, b' ' | b'\t');
        if b == b'\r' {
            // Not followed by LF (that is a line end): never part of a puzzle, nor of a comment
            // (with CR-only line ends a comment would otherwise swallow the rest of the text).
            return error(i, ParseErrorKind::UnexpectedByte(b));
        }
        if line == Line::Comment || matches!(b, b' ' | b'\t' | b'|') {
            i += 1;
            continue;
        }
        if line == Line::Undecided {
            let border = b == b'*' && text.get(i + 1) == Some(&b'-');
            line = if b == b'-' || b == b'+' || border {
                Line::Rule
            } else {
                Line::Cells
            };
        }
        let rule_byte = matches!(b, b'-' | b'+');
        if line == Line::Rule && (rule_byte || b == b'*') {
            i += 1;
            continue;
        }
        let value = if line == Line::Cells {
            cell_value(b)
        } else {
            None
        };
        match value {
            Some(_) if n == CELLS || (rows && line_cells == 9) => {
                return error(i, ParseErrorKind::ExtraCell);
            }
            Some(v) => {
                cells[n] = v;
                n += 1;
                line_cells += 1;
            }
            None if n == CELLS && was_after_space && !rule_byte && cell_value(b).is_none() => {
                line = Line::Comment;
            }
            None => return error(i, ParseErrorKind::UnexpectedByte(b)),
        }
        i += 1;
    }
    Board::from_cells(cells).map_err(|_| ParseError {
        offset: text.len(),
        kind: ParseErrorKind::MissingCells(n),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lengths_match_what_render_writes() {
        let board = Board::EMPTY;
        for style in Format::ALL {
            let mut buf = [0u8; Format::MAX_LEN];
            assert_eq!(
                render(&board, style, &mut buf),
                style.text_len(),
                "{style:?}"
            );
        }
    }
}
