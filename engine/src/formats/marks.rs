//! Pencil-mark grids: the 729-character candidate string and the 9×9 candidate grid.
//!
//! # The candidate string ([`MarksStyle::Line`])
//!
//! 729 bytes, cell-major: for cell 0 (r1c1) nine bytes for the digits 1 to 9, then nine for
//! cell 1, and so on; the byte for digit `d` is `d` when the cell shows it and `.` (or `0`)
//! when it does not: `1..4.6..9` is a cell showing 1, 4, 6 and 9. A filled cell shows its
//! digit alone (`....5....`), an empty cell without candidates `.........`. Spaces, tabs, CR and LF may surround the 729 bytes, nothing else.
//!
//! # The candidate grid ([`MarksStyle::Grid`])
//!
//! Nine lines of nine cells each, a cell being the digits it shows (`1469`, in any order, no
//! digit twice) or `.` for none, separated by spaces, tabs and `|`; rule lines (holding a `-`
//! or `=` and nothing but `-` `=` `+` `*` `.` `:` `'` `|`, spaces and tabs, such as HoDoKu's
//! `.----+----.` and `:----+----:`, Simple Sudoku's `*----*` and `|----+----|`, or
//! `+-------+`) and blank lines may come before, between and after them. Widths and spacing
//! are free. The writer's layout is [`Format::Bordered`](crate::Format::Bordered)'s with each
//! column as wide as its widest cell:
//!
//! ```text
//! +----------------+--------------+--------------+
//! | 5   3    12    | 26  7  1248  | 1489 1249 48 |
//! ```
//!
//! (so a board without candidates comes out exactly as `Format::Bordered` writes it).
//!
//! [`parse_marks`] tells the two apart by the first line holding a byte other than space, tab
//! and `|`: the text is the candidate string if that line's first run of such bytes is longer
//! than 9 and holds none of the rule bytes `-` `=` `+` `*` `:` `'`; otherwise it is a grid.

use super::{Line, Marks, is_blank, is_space, lines};
use crate::board::{Board, CELLS};
use crate::grid::geometry::{cell_at, col};
use crate::grid::{Digit, DigitSet};
use crate::text::{ParseError, ParseErrorKind};

/// Layouts of [`Marks::format`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MarksStyle {
    /// The 729-character candidate string, on one line without a line end.
    Line,
    /// The 9×9 candidate grid framed by `+---+` rules and `|`, every line ending with `\n`.
    Grid,
}

impl MarksStyle {
    /// Every style, in the order of their C numbers.
    pub const ALL: [MarksStyle; 2] = [MarksStyle::Line, MarksStyle::Grid];

    /// Length of the candidate string.
    pub const LINE_LEN: usize = 9 * CELLS;

    /// The longest text any style produces: a grid whose nine columns are 9 digits wide (13
    /// lines of 16 + 81 bytes and a LF).
    pub const MAX_LEN: usize = 13 * (16 + 81 + 1);
}

/// Where the text read a cell's digits from, to name the first wrong byte when the values say
/// the cell is filled.
#[derive(Clone, Copy)]
pub(super) struct Shown {
    pub(super) digits: [DigitSet; CELLS],
    /// Start and end of each cell's bytes.
    pub(super) at: [(usize, usize); CELLS],
    /// The bytes are the candidate string's nine per cell (else a grid's token).
    string: bool,
}

/// What decides which cells are filled (see the [module documentation](super)).
#[derive(Clone, Copy)]
pub(super) enum Companion<'a> {
    /// A cell showing one digit is filled.
    Convention,
    /// Exactly the digits of this board are the filled cells.
    Values(&'a Board),
    /// The digits of this board are filled; the other cells follow the convention.
    Givens(&'a Board),
}

/// Reads a pencil-mark text (the candidate string or the candidate grid; see the
/// [module documentation](self)) into the board's digits and the candidates of its empty
/// cells.
///
/// `values`, if given, says which cells are filled: each of its digits must be the only digit
/// its cell shows, and every other cell is empty and keeps what it shows as candidates (one
/// digit or more). Without it, a cell showing exactly one digit is filled with it.
///
/// Errors name the first problem: [`ParseErrorKind::UnexpectedByte`] (a byte out of place, a
/// digit twice in a cell, a digit where the string's position is another digit's, a lone CR;
/// for a filled cell of `values` that shows something else than its digit, its first byte
/// showing another digit, or when it shows none, where its digit belongs in the string, its
/// `.` in the grid), [`ParseErrorKind::ExtraCell`] (a 10th cell on a
/// line, a 10th line of cells, or bytes after the string),
/// [`ParseErrorKind::WrongLineLength`] (a line that ends with fewer than 9 cells: its end) and
/// [`ParseErrorKind::MissingCells`] (the text ends early: its length).
///
/// ```
/// use sudoku_engine::formats::{MarksStyle, parse_marks};
/// let puzzle: sudoku_engine::Board =
///     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
///         .parse()
///         .unwrap();
/// let marks = sudoku_engine::formats::Marks::new(puzzle, puzzle.candidates().unwrap()).unwrap();
/// let grid = marks.format(MarksStyle::Grid);
/// assert!(grid.contains("\n| 5   3    124    | 26   7  2468 |"));
/// assert_eq!(parse_marks(grid.as_bytes(), Some(&puzzle)), Ok(marks));
/// ```
pub fn parse_marks(text: &[u8], values: Option<&Board>) -> Result<super::Marks, ParseError> {
    let shown = if is_candidate_string(text) {
        read_string(text)?
    } else {
        read_grid(text, 0, text.len())?
    };
    let companion = match values {
        Some(v) => Companion::Values(v),
        None => Companion::Convention,
    };
    settle(text, &shown, companion)
}

fn error<T>(offset: usize, kind: ParseErrorKind) -> Result<T, ParseError> {
    Err(ParseError { offset, kind })
}

/// The bytes that make a line a rule line (with at least one `-` or `=`).
fn is_rule_byte(b: u8) -> bool {
    matches!(
        b,
        b'-' | b'=' | b'+' | b'*' | b'.' | b':' | b'\'' | b'|' | b' ' | b'\t'
    )
}

/// A rule line of a candidate grid.
pub(super) fn is_rule_line(line: &[u8]) -> bool {
    line.iter().any(|&b| b == b'-' || b == b'=') && line.iter().all(|&b| is_rule_byte(b))
}

/// A line with nothing but spaces, tabs and `|`.
pub(super) fn is_empty_line(line: &[u8]) -> bool {
    line.iter().all(|&b| is_blank(b) || b == b'|')
}

fn is_separator(b: u8) -> bool {
    is_blank(b) || b == b'|'
}

/// True when `text` is the candidate string rather than a grid (see the module documentation).
fn is_candidate_string(text: &[u8]) -> bool {
    for Line { start, end, .. } in lines(text, 0, text.len()) {
        let line = &text[start..end];
        let Some(first) = line.iter().position(|&b| !is_separator(b)) else {
            continue;
        };
        let rest = &line[first..];
        let run = &rest[..rest
            .iter()
            .position(|&b| is_separator(b))
            .unwrap_or(rest.len())];
        return run.len() > 9
            && !run
                .iter()
                .any(|&b| matches!(b, b'-' | b'=' | b'+' | b'*' | b':' | b'\''));
    }
    false
}

/// Reads the 729-character candidate string.
fn read_string(text: &[u8]) -> Result<Shown, ParseError> {
    let start = text
        .iter()
        .position(|&b| !is_space(b))
        .unwrap_or(text.len());
    let mut shown = Shown {
        digits: [DigitSet::EMPTY; CELLS],
        at: [(0, 0); CELLS],
        string: true,
    };
    for k in 0..MarksStyle::LINE_LEN {
        let at = start + k;
        let cells = k / 9;
        let Some(&b) = text.get(at) else {
            return error(text.len(), ParseErrorKind::MissingCells(cells));
        };
        if k % 9 == 0 {
            shown.at[cells] = (at, at + 9);
        }
        if is_space(b) && text[at..].iter().all(|&b| is_space(b)) {
            return error(text.len(), ParseErrorKind::MissingCells(cells));
        }
        let digit = Digit::from_index(k % 9).unwrap_or_else(|| unreachable!("k % 9 < 9"));
        if b == b'0' + digit.get() {
            shown.digits[cells] = shown.digits[cells].with(digit);
        } else if b != b'.' && b != b'0' {
            return error(at, ParseErrorKind::UnexpectedByte(b));
        }
    }
    let end = start + MarksStyle::LINE_LEN;
    if let Some(p) = text[end..].iter().position(|&b| !is_space(b)) {
        let b = text[end + p];
        let kind = if p == 0 && (b == b'.' || b.is_ascii_digit()) {
            ParseErrorKind::ExtraCell
        } else {
            ParseErrorKind::UnexpectedByte(b)
        };
        return error(end + p, kind);
    }
    Ok(shown)
}

/// Reads a candidate grid from `text[from..to]` (`to` at a line start or the end of the text).
pub(super) fn read_grid(text: &[u8], from: usize, to: usize) -> Result<Shown, ParseError> {
    let mut shown = Shown {
        digits: [DigitSet::EMPTY; CELLS],
        at: [(0, 0); CELLS],
        string: false,
    };
    let mut n = 0;
    for Line { start, end, .. } in lines(text, from, to) {
        let line = &text[start..end];
        if let Some(p) = line.iter().position(|&b| b == b'\r') {
            return error(start + p, ParseErrorKind::UnexpectedByte(b'\r'));
        }
        if is_empty_line(line) || is_rule_line(line) {
            continue;
        }
        let mut row = 0;
        let mut k = start;
        while k < end {
            let b = text[k];
            if is_separator(b) {
                k += 1;
                continue;
            }
            if row == 9 || n == CELLS {
                return error(k, ParseErrorKind::ExtraCell);
            }
            let token = k;
            let mut digits = DigitSet::EMPTY;
            if b == b'.' {
                k += 1;
                if k < end && !is_separator(text[k]) {
                    return error(k, ParseErrorKind::UnexpectedByte(text[k]));
                }
            } else {
                while k < end && !is_separator(text[k]) {
                    let c = text[k];
                    match Digit::new(c.wrapping_sub(b'0')) {
                        Some(d) if !digits.contains(d) => digits = digits.with(d),
                        _ => return error(k, ParseErrorKind::UnexpectedByte(c)),
                    }
                    k += 1;
                }
            }
            shown.digits[n] = digits;
            shown.at[n] = (token, k);
            n += 1;
            row += 1;
        }
        if row != 9 {
            return error(end, ParseErrorKind::WrongLineLength(row));
        }
    }
    if n < CELLS {
        return error(to, ParseErrorKind::MissingCells(n));
    }
    Ok(shown)
}

/// The first byte of `cell` that does not show `digit` alone: a byte showing another digit,
/// else where the digit should be.
fn first_wrong(text: &[u8], shown: &Shown, cell: usize, digit: Digit) -> usize {
    let (start, end) = shown.at[cell];
    let want = b'0' + digit.get();
    let other = (start..end).find(|&i| !matches!(text[i], b'.' | b'0') && text[i] != want);
    match other {
        Some(i) => i,
        None if shown.string => start + digit.index(),
        None => start,
    }
}

/// The board and masks from what each cell shows, as `companion` decides.
pub(super) fn settle(
    text: &[u8],
    shown: &Shown,
    companion: Companion<'_>,
) -> Result<Marks, ParseError> {
    let mut values = [0u8; CELLS];
    let mut masks = [0u16; CELLS];
    for cell in 0..CELLS {
        let digits = shown.digits[cell];
        let fixed = match companion {
            Companion::Values(b) | Companion::Givens(b) => Digit::new(b.get(cell)),
            Companion::Convention => None,
        };
        match fixed {
            Some(d) if digits == DigitSet::single(d) => values[cell] = d.get(),
            Some(d) => {
                let at = first_wrong(text, shown, cell, d);
                return error(at, ParseErrorKind::UnexpectedByte(text[at]));
            }
            None => match (companion, digits.only()) {
                (Companion::Values(_), _) | (_, None) => masks[cell] = digits.bits(),
                (_, Some(d)) => values[cell] = d.get(),
            },
        }
    }
    let board = Board::from_cells(values).unwrap_or_else(|_| unreachable!("digits are 0..=9"));
    Ok(Marks { board, masks })
}

impl Marks {
    /// The position as text in `style` (see [`MarksStyle`] and the
    /// [module documentation](self)); [`parse_marks`] reads it back (with the board as `values`
    /// when a cell may be empty with one candidate).
    pub fn format(&self, style: MarksStyle) -> String {
        let mut buf = [0u8; MarksStyle::MAX_LEN];
        let n = self.format_into(style, &mut buf);
        buf[..n].iter().map(|&b| char::from(b)).collect()
    }

    /// Writes the position in `style` into `out` without allocating, returning the length
    /// written; the rest of `out` is untouched.
    pub fn format_into(&self, style: MarksStyle, out: &mut [u8; MarksStyle::MAX_LEN]) -> usize {
        match style {
            MarksStyle::Line => {
                for cell in 0..CELLS {
                    let digits = self.shown(cell);
                    for d in Digit::ALL {
                        out[cell * 9 + d.index()] = if digits.contains(d) {
                            b'0' + d.get()
                        } else {
                            b'.'
                        };
                    }
                }
                MarksStyle::LINE_LEN
            }
            MarksStyle::Grid => self.grid_into(out),
        }
    }

    /// The candidate grid.
    fn grid_into(&self, out: &mut [u8; MarksStyle::MAX_LEN]) -> usize {
        let token = |cell: usize| -> ([u8; 9], usize) {
            let mut t = [b'.'; 9];
            let mut n = 0;
            for d in self.shown(cell).iter() {
                t[n] = b'0' + d.get();
                n += 1;
            }
            (t, n.max(1))
        };
        let mut width = [1usize; 9];
        for cell in 0..CELLS {
            width[col(cell)] = width[col(cell)].max(token(cell).1);
        }
        let mut n = 0;
        let mut put = |bytes: &[u8]| {
            out[n..n + bytes.len()].copy_from_slice(bytes);
            n += bytes.len();
        };
        let rule = |put: &mut dyn FnMut(&[u8])| {
            put(b"+");
            for stack in 0..3 {
                let dashes: usize = width[stack * 3..stack * 3 + 3].iter().sum::<usize>() + 4;
                for _ in 0..dashes {
                    put(b"-");
                }
                put(b"+");
            }
            put(b"\n");
        };
        for r in 0..9 {
            if r % 3 == 0 {
                rule(&mut put);
            }
            put(b"|");
            for c in 0..9 {
                let (t, len) = token(cell_at(r, c));
                put(b" ");
                put(&t[..len]);
                for _ in len..width[c] {
                    put(b" ");
                }
                if c % 3 == 2 {
                    put(b" |");
                }
            }
            put(b"\n");
        }
        rule(&mut put);
        n
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_longest_grid_fits() {
        let marks = Marks::new(Board::EMPTY, [DigitSet::ALL.bits(); CELLS]).unwrap();
        let mut buf = [0u8; MarksStyle::MAX_LEN];
        assert_eq!(
            marks.format_into(MarksStyle::Grid, &mut buf),
            MarksStyle::MAX_LEN
        );
    }
}
