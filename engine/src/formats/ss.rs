//! Simple Sudoku's `.ss` layout, as HoDoKu reads and writes it:
//!
//! ```text
//! *-----------*
//! |53.|.7.|...|
//! |6..|195|...|
//! |.98|...|.6.|
//! |---+---+---|
//! ...
//! *-----------*
//! ```
//!
//! A file holds one to three grids, in this order: the givens; the digits on the board now
//! (givens and entries); the candidate grid of the position (see [`parse_marks`]). Each grid is
//! nine lines of cells, with rule lines (holding a `-` or `=` and otherwise only `-` `=` `+`
//! `*` `.` `:` `'` `|`, spaces and tabs) and blank lines anywhere around them; the lines of
//! cells are counted to tell where a grid ends.
//!
//! [`parse_ss`] reads the givens grid, and a digits grid, in the grammar of
//! [`parse`] (so `-----------` rules without a frame, `0` blanks and so on are
//! read too, and a text with fewer than nine lines of cells is read as one puzzle: an
//! 81-character line is a `.ss` file of its givens). With two grids, the second is the
//! candidate grid when its first line holds 9 groups of bytes separated by spaces, tabs and
//! `|` (or more), else the digits grid. The digits grid must keep every given; the candidate
//! grid must show each digit of the board alone in its cell (each given, without a digits
//! grid; the other cells are then read by the convention of [`parse_marks`]).
//!
//! [`Position::ss`] writes the givens grid framed as above, then, each after a blank line, the
//! digits grid and the candidate grid in [`MarksStyle::Grid`] if asked.

use super::marks::{Companion, is_empty_line, is_rule_line, read_grid, settle};
#[cfg(doc)]
use super::parse_marks;
use super::{Line, Marks, MarksStyle, Position, lines};
use crate::board::{Board, CELLS};
use crate::grid::geometry::cell_at;
use crate::text::{ParseError, ParseErrorKind, cell_value, parse};

/// The length of one grid of digits as [`Position::ss`] writes it: 13 lines of 13 bytes and a
/// LF.
const GRID_LEN: usize = 13 * 14;

/// The length of the longest text [`Position::ss`] writes: both grids of digits and the widest
/// candidate grid, with a blank line before each of the last two.
pub const SS_MAX_LEN: usize = GRID_LEN + 1 + GRID_LEN + 1 + MarksStyle::MAX_LEN;

/// Reads a `.ss` text (see the [module documentation](self)) into the givens, the digits on the
/// board and the candidates of its empty cells (0 for every empty cell without a candidate
/// grid).
///
/// Errors are those of [`parse`] for the grids of digits and of
/// [`parse_marks`] for the candidate grid, with the offsets in the whole text (a grid that ends
/// early reports where it ends: where the next grid starts, or the end of the text); a digit
/// of the digits grid that is not its cell's given, or a cell of the candidate grid that does
/// not show its digit alone, is an [`ParseErrorKind::UnexpectedByte`] at the cell; a 28th line
/// of cells is an [`ParseErrorKind::ExtraCell`] at its first cell.
///
/// ```
/// use sudoku_engine::formats::{Position, parse_ss};
/// let givens: sudoku_engine::Board =
///     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
///         .parse()
///         .unwrap();
/// let text = Position::from_givens(givens).ss(false, false);
/// assert!(text.starts_with("*-----------*\n|53.|.7.|...|\n"));
/// assert_eq!(parse_ss(text.as_bytes()).unwrap().givens(), &givens);
/// ```
pub fn parse_ss(text: &[u8]) -> Result<Position, ParseError> {
    // Where each grid starts: grid k at the start of the line after the 9k-th line of cells.
    let mut grid_starts = [0usize; 3];
    let mut grids = 1;
    let mut cell_lines = 0;
    for Line { start, end, .. } in lines(text, 0, text.len()) {
        let line = &text[start..end];
        if is_empty_line(line) || is_rule_line(line) {
            continue;
        }
        if cell_lines > 0 && cell_lines % 9 == 0 {
            if grids == 3 {
                let first = start + line.iter().position(|&b| !is_separator(b)).unwrap_or(0);
                return Err(ParseError {
                    offset: first,
                    kind: ParseErrorKind::ExtraCell,
                });
            }
            grid_starts[grids] = start;
            grids += 1;
        }
        cell_lines += 1;
    }
    let grid_end = |k: usize| {
        if k + 1 < grids {
            grid_starts[k + 1]
        } else {
            text.len()
        }
    };
    let digits = |k: usize| -> Result<Board, ParseError> {
        let (from, to) = (grid_starts[k], grid_end(k));
        parse(&text[from..to]).map_err(|e| ParseError {
            offset: from + e.offset,
            kind: e.kind,
        })
    };
    let givens = digits(0)?;
    let candidates = |k: usize, companion| -> Result<Marks, ParseError> {
        let shown = read_grid(text, grid_starts[k], grid_end(k))?;
        settle(text, &shown, companion)
    };
    let kept = |k: usize, board: &Board| -> Result<(), ParseError> {
        match (0..CELLS).find(|&c| givens.get(c) != 0 && board.get(c) != givens.get(c)) {
            None => Ok(()),
            Some(cell) => {
                let at = cell_offset(text, grid_starts[k], grid_end(k), cell);
                Err(ParseError {
                    offset: at,
                    kind: ParseErrorKind::UnexpectedByte(text[at]),
                })
            }
        }
    };
    let marks = match grids {
        1 => Position::from_givens(givens).marks,
        2 if is_candidate_grid(text, grid_starts[1]) => candidates(1, Companion::Givens(&givens))?,
        2 => {
            let board = digits(1)?;
            kept(1, &board)?;
            Marks {
                board,
                masks: [0; CELLS],
            }
        }
        _ => {
            let board = digits(1)?;
            kept(1, &board)?;
            candidates(2, Companion::Values(&board))?
        }
    };
    Ok(Position { givens, marks })
}

fn is_separator(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'|')
}

/// True when the first line of cells at or after `from` holds at least 9 groups of bytes
/// separated by spaces, tabs and `|`.
fn is_candidate_grid(text: &[u8], from: usize) -> bool {
    let line = lines(text, from, text.len())
        .map(|l| &text[l.start..l.end])
        .find(|l| !is_empty_line(l) && !is_rule_line(l))
        .unwrap_or_default();
    let groups = line
        .split(|&b| is_separator(b))
        .filter(|g| !g.is_empty())
        .count();
    groups >= 9
}

/// The offset of cell `cell` in a grid of digits that [`parse`] has read from `text[from..to]`:
/// its cells are the cell bytes of the lines that are not rule lines, in order.
fn cell_offset(text: &[u8], from: usize, to: usize, cell: usize) -> usize {
    let mut n = 0;
    for Line { start, end, .. } in lines(text, from, to) {
        let line = &text[start..end];
        let first = line.iter().position(|&b| !is_separator(b));
        let rule =
            first.is_some_and(|p| matches!(line[p], b'-' | b'+') || line[p..].starts_with(b"*-"));
        if rule {
            continue;
        }
        for (i, &b) in line.iter().enumerate() {
            if !is_separator(b) && cell_value(b).is_some() {
                if n == cell {
                    return start + i;
                }
                n += 1;
            }
        }
    }
    unreachable!("parse read 81 cells from the grid")
}

impl Position {
    /// The position in the `.ss` layout (see the [module documentation](self)): the givens
    /// grid, then the grid of the digits on the board if `values`, then the candidate grid if
    /// `candidates`. [`parse_ss`] reads it back.
    pub fn ss(&self, values: bool, candidates: bool) -> String {
        let mut buf = [0u8; SS_MAX_LEN];
        let n = self.ss_into(values, candidates, &mut buf);
        buf[..n].iter().map(|&b| char::from(b)).collect()
    }

    /// Writes [`Position::ss`]'s text into `out` without allocating, returning its length; the
    /// rest of `out` is untouched.
    pub fn ss_into(&self, values: bool, candidates: bool, out: &mut [u8; SS_MAX_LEN]) -> usize {
        let mut n = digits_grid(&self.givens, out, 0);
        if values {
            out[n] = b'\n';
            n = digits_grid(&self.marks.board, out, n + 1);
        }
        if candidates {
            out[n] = b'\n';
            let mut grid = [0u8; MarksStyle::MAX_LEN];
            let len = self.marks.format_into(MarksStyle::Grid, &mut grid);
            out[n + 1..n + 1 + len].copy_from_slice(&grid[..len]);
            n += 1 + len;
        }
        n
    }
}

/// Writes a grid of digits at `out[at..]`, returning where it ends.
fn digits_grid(board: &Board, out: &mut [u8], at: usize) -> usize {
    let mut n = at;
    let mut put = |bytes: &[u8]| {
        out[n..n + bytes.len()].copy_from_slice(bytes);
        n += bytes.len();
    };
    let bytes = board.to_bytes();
    for r in 0..9 {
        let rule: &[u8] = match r {
            0 => b"*-----------*\n",
            3 | 6 => b"|---+---+---|\n",
            _ => b"",
        };
        put(rule);
        for c in 0..9 {
            if c % 3 == 0 {
                put(b"|");
            }
            let cell = cell_at(r, c);
            put(&bytes[cell..=cell]);
        }
        put(b"|\n");
    }
    put(b"*-----------*\n");
    n
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_longest_text_fits() {
        let marks = Marks::new(Board::EMPTY, [0x1ff; CELLS]).unwrap();
        let position = Position::new(Board::EMPTY, marks).unwrap();
        let mut buf = [0u8; SS_MAX_LEN];
        assert_eq!(position.ss_into(true, true, &mut buf), SS_MAX_LEN);
    }
}
