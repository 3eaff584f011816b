//! Files of many puzzles, one per line: SDM files (an 81-character puzzle per line) and the
//! lists with comments and columns around them (`puzzle # 7.1`, `puzzle<TAB>7.1<TAB>...`,
//! `puzzle,solution`, `puzzle:count:solution`), read one line at a time without copying the text.
//!
//! # The grammar
//!
//! The text is split into lines at LF or CR LF. A UTF-8 byte order mark at the very start is
//! skipped. Each line is one of:
//!
//! * **blank**: only spaces and tabs; skipped;
//! * a **comment**: its first byte other than space and tab is `#`; skipped;
//! * a **record**: any other line. It holds, after optional spaces and tabs, exactly 81 cells
//!   (`1`-`9` for givens, `.` `0` `_` `*` `x` for blanks: the cells of
//!   [`parse`](crate::parse)), then either the end of the line or one separator (space, tab,
//!   `,`, `;` or `:`) and the **columns**: the rest of the line after any further spaces and tabs
//!   (a rating, a comment, a solution: anything but a CR).
//!
//! A record that breaks this is an error at its first problem: the byte that is not a cell (or
//! not a separator after the 81st cell, [`ParseErrorKind::UnexpectedByte`]), an 82nd cell
//! ([`ParseErrorKind::ExtraCell`]), or the end of a line that holds fewer than 81 cells (its CR
//! or LF, or the text's length; [`ParseErrorKind::WrongLineLength`]). A reader goes on after an
//! error at the line after it: just past the first LF at or after the error's offset, or the
//! end of the text ([`Records`] does that).

use core::ops::Range;

use super::{is_blank, line_at};
use crate::board::{Board, CELLS};
use crate::text::{ParseError, ParseErrorKind, cell_value};

/// One puzzle read by [`next_record`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Record {
    /// The puzzle.
    pub board: Board,
    /// Offset of its first cell.
    pub start: usize,
    /// Where its columns are: the rest of its line after the separator and any spaces and tabs
    /// after it, without the line end (empty when the line ends after the 81st cell).
    pub columns: Range<usize>,
    /// Where the next line starts (just past this line's LF), or the text's length.
    pub next: usize,
}

/// The UTF-8 byte order mark, skipped at the start of a text.
const BOM: &[u8] = b"\xEF\xBB\xBF";

/// Reads the first record at or after `offset` (a line start; past the end reads as the end),
/// skipping blank and comment lines (see the [module documentation](self)). `Ok(None)` when
/// only such lines remain.
///
/// ```
/// use sudoku_engine::formats::next_record;
/// let text = b"# two puzzles\n\
///     4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........ # 9.0\n\
///     ..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9\t10.2\n";
/// let first = next_record(text, 0).unwrap().unwrap();
/// assert_eq!(&text[first.columns.clone()], b"# 9.0");
/// let second = next_record(text, first.next).unwrap().unwrap();
/// assert_eq!(&text[second.columns.clone()], b"10.2");
/// assert_eq!(next_record(text, second.next), Ok(None));
/// ```
pub fn next_record(text: &[u8], offset: usize) -> Result<Option<Record>, ParseError> {
    let mut at = offset.min(text.len());
    if at == 0 && text.starts_with(BOM) {
        at = BOM.len();
    }
    while at < text.len() {
        let line = line_at(text, at);
        match text[line.start..line.end]
            .iter()
            .position(|&b| !is_blank(b))
        {
            Some(p) if text[line.start + p] != b'#' => {
                return record(text, line.start + p, line.end, line.next).map(Some);
            }
            _ => at = line.next,
        }
    }
    Ok(None)
}

/// The record whose first cell is at `start`, on a line ending at `end`.
fn record(text: &[u8], start: usize, end: usize, next: usize) -> Result<Record, ParseError> {
    let error = |offset, kind| Err(ParseError { offset, kind });
    let mut cells = [0u8; CELLS];
    for (k, cell) in cells.iter_mut().enumerate() {
        let at = start + k;
        if at == end {
            return error(end, ParseErrorKind::WrongLineLength(k));
        }
        match cell_value(text[at]) {
            Some(v) => *cell = v,
            None => return error(at, ParseErrorKind::UnexpectedByte(text[at])),
        }
    }
    let after = start + CELLS;
    let columns = if after == end {
        end..end
    } else {
        let b = text[after];
        if cell_value(b).is_some() {
            return error(after, ParseErrorKind::ExtraCell);
        }
        if !matches!(b, b' ' | b'\t' | b',' | b';' | b':') {
            return error(after, ParseErrorKind::UnexpectedByte(b));
        }
        let from = after
            + 1
            + text[after + 1..end]
                .iter()
                .take_while(|&&b| is_blank(b))
                .count();
        if let Some(p) = text[from..end].iter().position(|&b| b == b'\r') {
            return error(from + p, ParseErrorKind::UnexpectedByte(b'\r'));
        }
        from..end
    };
    let board = Board::from_cells(cells).unwrap_or_else(|_| unreachable!("cells are 0..=9"));
    Ok(Record {
        board,
        start,
        columns,
        next,
    })
}

/// Every record of a text, in order: an iterator over [`next_record`] that goes on after an
/// error at the next line (see the [module documentation](self)).
///
/// ```
/// let text = b"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n\
///              not a puzzle\n\
///              ..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9\n";
/// let read: Vec<_> = sudoku_engine::formats::records(text).collect();
/// assert_eq!(read.len(), 3);
/// assert!(read[0].is_ok() && read[2].is_ok());
/// assert_eq!(read[1].as_ref().unwrap_err().offset, 82); // the `n`
/// ```
pub fn records(text: &[u8]) -> Records<'_> {
    Records { text, offset: 0 }
}

/// The iterator of [`records`].
#[derive(Clone, Debug)]
pub struct Records<'a> {
    text: &'a [u8],
    offset: usize,
}

impl Iterator for Records<'_> {
    type Item = Result<Record, ParseError>;

    fn next(&mut self) -> Option<Self::Item> {
        match next_record(self.text, self.offset) {
            Ok(Some(record)) => {
                self.offset = record.next;
                Some(Ok(record))
            }
            Ok(None) => {
                self.offset = self.text.len();
                None
            }
            Err(e) => {
                self.offset = line_at(self.text, e.offset.min(self.text.len())).next;
                Some(Err(e))
            }
        }
    }
}
