//! SudokuWiki links: `https://www.sudokuwiki.org/sudoku.htm?bd=...`, whose `bd` parameter
//! holds the puzzle, or the whole position with its candidates.
//!
//! # The forms of `bd`
//!
//! * **Digits**: 81 bytes, row by row, `1`-`9` for givens and `0` (or `.`) for blanks: the
//!   starting puzzle.
//! * **Candidates** (SudokuWiki's "Sudoku String Definitions", January 2023): 162 bytes, two per
//!   cell in row order, each pair a number in base 32 (`0`-`9`, `a`-`v`; upper case read too)
//!   that is the cell's digits as bits (digit `d` is bit `d - 1`: 1, 2, 4, ... 256) shifted left
//!   by one, plus 1 when the cell is a given. So a given 5 is `(16 << 1) + 1 = 33`, `"11"`; an
//!   entered 5 `"10"`; an empty cell with candidates 1 and 9 `(257 << 1) = 514`, `"g2"`. A given
//!   must have exactly one digit; a cell that is not a given and has exactly one digit is read
//!   as an entered digit (as SudokuWiki reads it), so an empty cell with one candidate left
//!   comes back filled.
//! * **S9B** (read only): `S9B` and 162 bytes, two per cell, each pair a number in base 36
//!   (`0`-`9`, `a`-`z`): 1 to 9 a given, 10 to 18 an entered digit (the number minus 9), 19 and
//!   above the candidates as bits plus 18 (so at most 18 + 511), 0 an empty cell without
//!   candidates. SudokuWiki's pages link to positions in this form; it is not documented there,
//!   and was worked out from those links and the puzzles they start from.
//!
//! [`parse_sudokuwiki`] reads a whole link, its query (`?bd=...&...`), `bd=...`, or the value
//! alone, with spaces, tabs, CR and LF around it; the value runs from just after the first
//! `bd=` that starts the text or follows `?`, `&` or `#` to the next `&`, `#` or the end. The
//! form is told by the value: `S9B` first, else 162 bytes long, else the digits.
//! [`Position::sudokuwiki`] writes the digits link of the givens, or the candidates link of the
//! whole position.

use super::{Marks, Position, is_space};
use crate::board::{Board, CELLS};
use crate::grid::{Digit, DigitSet};
use crate::text::{ParseError, ParseErrorKind};

/// The start of every link [`Position::sudokuwiki`] writes; the `bd` value follows it.
pub const SUDOKUWIKI_URL: &str = "https://www.sudokuwiki.org/sudoku.htm?bd=";

/// The length of the longest link [`Position::sudokuwiki`] writes: the candidates link.
pub const SUDOKUWIKI_MAX_LEN: usize = SUDOKUWIKI_URL.len() + 2 * CELLS;

const BASE32: &[u8; 32] = b"0123456789abcdefghijklmnopqrstuv";

/// The value of a base-`radix` digit byte (either case), if it is one.
fn digit_value(b: u8, radix: u32) -> Option<u32> {
    char::from(b).to_digit(radix)
}

/// Reads a SudokuWiki link or its `bd` value (see the [module documentation](self)) into the
/// givens, the digits on the board and the candidates of the empty cells. The digits form has
/// no candidates: every empty cell comes out with mask 0.
///
/// Errors: a byte that does not belong ([`ParseErrorKind::UnexpectedByte`], also for a pair
/// whose number is out of range, at its first byte: a given with more or fewer than one digit,
/// a base-36 number above 529), an 82nd digit or 163rd byte ([`ParseErrorKind::ExtraCell`]), or
/// a value that ends early ([`ParseErrorKind::MissingCells`], at the value's end).
///
/// ```
/// use sudoku_engine::formats::parse_sudokuwiki;
/// let link = "https://www.sudokuwiki.org/sudoku.htm?bd=\
///     530070000600195000098000060800060003400803001700020006060000280000419005000080079";
/// let position = parse_sudokuwiki(link.as_bytes()).unwrap();
/// assert_eq!(position.givens().get(0), 5);
/// assert_eq!(position.marks().board(), position.givens());
/// ```
pub fn parse_sudokuwiki(text: &[u8]) -> Result<Position, ParseError> {
    let start = text
        .iter()
        .position(|&b| !is_space(b))
        .unwrap_or(text.len());
    let end = text.len() - text.iter().rev().take_while(|&&b| is_space(b)).count();
    let end = end.max(start);
    let (from, to) = value_range(text, start, end);
    let value = &text[from..to];
    if value.starts_with(b"S9B") {
        read_pairs(text, from + 3, to, 36)
    } else if value.len() == 2 * CELLS {
        read_pairs(text, from, to, 32)
    } else {
        read_digits(text, from, to)
    }
}

/// Where the `bd` value is in `text[start..end]`.
fn value_range(text: &[u8], start: usize, end: usize) -> (usize, usize) {
    let part = &text[start..end];
    let found = (0..part.len()).find(|&i| {
        part[i..].starts_with(b"bd=") && (i == 0 || matches!(part[i - 1], b'?' | b'&' | b'#'))
    });
    match found {
        Some(i) => {
            let from = start + i + 3;
            let to = text[from..end]
                .iter()
                .position(|&b| b == b'&' || b == b'#')
                .map_or(end, |p| from + p);
            (from, to)
        }
        None => (start, end),
    }
}

fn error<T>(offset: usize, kind: ParseErrorKind) -> Result<T, ParseError> {
    Err(ParseError { offset, kind })
}

/// The digits form in `text[from..to]`.
fn read_digits(text: &[u8], from: usize, to: usize) -> Result<Position, ParseError> {
    let mut cells = [0u8; CELLS];
    for i in from..to {
        let b = text[i];
        let v = match b {
            b'1'..=b'9' => b - b'0',
            b'0' | b'.' => 0,
            _ => return error(i, ParseErrorKind::UnexpectedByte(b)),
        };
        if i - from == CELLS {
            return error(i, ParseErrorKind::ExtraCell);
        }
        cells[i - from] = v;
    }
    if to - from < CELLS {
        return error(to, ParseErrorKind::MissingCells(to - from));
    }
    let board = Board::from_cells(cells).unwrap_or_else(|_| unreachable!("cells are 0..=9"));
    Ok(Position::from_givens(board))
}

/// The two-bytes-per-cell forms in `text[from..to]`: base 32 (the documented candidates form)
/// or base 36 (S9B).
fn read_pairs(text: &[u8], from: usize, to: usize, radix: u32) -> Result<Position, ParseError> {
    let mut givens = [0u8; CELLS];
    let mut values = [0u8; CELLS];
    let mut masks = [0u16; CELLS];
    for cell in 0..CELLS {
        let at = from + 2 * cell;
        let mut number = 0;
        for i in at..at + 2 {
            let Some(&b) = text[..to].get(i) else {
                return error(to, ParseErrorKind::MissingCells(cell));
            };
            match digit_value(b, radix) {
                Some(v) => number = number * radix + v,
                None => return error(i, ParseErrorKind::UnexpectedByte(b)),
            }
        }
        let bad = || error(at, ParseErrorKind::UnexpectedByte(text[at]));
        let digits = |bits: u32| DigitSet::from_bits(bits as u16);
        if radix == 32 {
            let (given, bits) = (number & 1 == 1, number >> 1);
            match (given, digits(bits).only()) {
                (true, Some(d)) => {
                    givens[cell] = d.get();
                    values[cell] = d.get();
                }
                (true, None) => return bad(),
                (false, Some(d)) => values[cell] = d.get(),
                (false, None) => masks[cell] = bits as u16,
            }
        } else {
            match number {
                0 => {}
                1..=9 => {
                    givens[cell] = number as u8;
                    values[cell] = number as u8;
                }
                10..=18 => values[cell] = number as u8 - 9,
                19..=529 => masks[cell] = number as u16 - 18,
                _ => return bad(),
            }
        }
    }
    let end = from + 2 * CELLS;
    if end < to {
        return error(end, ParseErrorKind::ExtraCell);
    }
    let board = |cells| Board::from_cells(cells).unwrap_or_else(|_| unreachable!("0..=9"));
    let marks = Marks {
        board: board(values),
        masks,
    };
    Ok(Position {
        givens: board(givens),
        marks,
    })
}

impl Position {
    /// A SudokuWiki link: with `candidates` false the digits link of the givens (the puzzle
    /// from its start), otherwise the candidates link of the whole position (givens, entered
    /// digits and the candidates of the empty cells). [`parse_sudokuwiki`] reads both back; an
    /// empty cell with exactly one candidate comes back as an entered digit.
    pub fn sudokuwiki(&self, candidates: bool) -> String {
        let mut buf = [0u8; SUDOKUWIKI_MAX_LEN];
        let n = self.sudokuwiki_into(candidates, &mut buf);
        buf[..n].iter().map(|&b| char::from(b)).collect()
    }

    /// Writes [`Position::sudokuwiki`]'s link into `out` without allocating, returning its
    /// length; the rest of `out` is untouched.
    pub fn sudokuwiki_into(&self, candidates: bool, out: &mut [u8; SUDOKUWIKI_MAX_LEN]) -> usize {
        let url = SUDOKUWIKI_URL.as_bytes();
        out[..url.len()].copy_from_slice(url);
        let mut n = url.len();
        for cell in 0..CELLS {
            if !candidates {
                out[n] = b'0' + self.givens.get(cell);
                n += 1;
                continue;
            }
            let number = match Digit::new(self.marks.board.get(cell)) {
                Some(d) => (u32::from(d.bit()) << 1) | u32::from(self.givens.get(cell) != 0),
                None => u32::from(self.marks.masks[cell]) << 1,
            };
            out[n] = BASE32[(number / 32) as usize];
            out[n + 1] = BASE32[(number % 32) as usize];
            n += 2;
        }
        n
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A link from SudokuWiki's XYZ-Wing page (the position) and the puzzle it starts from.
    #[test]
    fn an_s9b_link_decodes_to_its_puzzle_and_its_candidates() {
        let s9b = "S9B46090b1m4a01070e1q050v3f022iaa1q7n081n4b3f9603ea027n1m46070e0n450409060l02460r\
                   7r06b64b0g050r060907114k4b030t1n170823093m1z0b3b07191n2319031v0h090i1103082t3o1v0437";
        let start =
            "090001700500200008000030200070004960200060005069700030008090000700003009003800040";
        let position = parse_sudokuwiki(s9b.as_bytes()).unwrap();
        let puzzle = parse_sudokuwiki(start.as_bytes()).unwrap();
        assert_eq!(position.givens(), puzzle.givens());
        // Every digit entered since fits the puzzle's solution, and every empty cell keeps the
        // solution's digit among its candidates.
        let solution = puzzle.givens().solve().unwrap();
        let marks = position.marks();
        for cell in 0..CELLS {
            let d = solution.get(cell);
            match marks.board().get(cell) {
                0 => assert_ne!(marks.masks()[cell] & (1 << (d - 1)), 0, "cell {cell}"),
                v => assert_eq!(v, d, "cell {cell}"),
            }
        }
        assert!(marks.board().givens() > puzzle.givens().givens());
    }
}
