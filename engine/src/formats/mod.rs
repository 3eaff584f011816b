//! Formats other programs read and write: pencil-mark grids ([`parse_marks`],
//! [`Marks::format`]), files of many puzzles ([`next_record`], [`records()`]), SudokuWiki links
//! ([`parse_sudokuwiki`], [`Position::sudokuwiki`]) and Simple Sudoku's `.ss` layout
//! ([`parse_ss`], [`Position::ss`]).
//!
//! Every reader only reads its text, never panics, and on failure names the byte offset of the
//! first problem in a [`ParseError`] (the error type of [`parse`](crate::parse), with the same
//! kinds). Every writer's output is read back by its reader.
//!
//! # Digits, candidates and the ambiguity of a lone digit
//!
//! A pencil-mark position is a [`Marks`]: the digits on the board and, for every empty cell, a
//! candidate mask (bit `d - 1` for digit `d`, as everywhere in the library; 0 for a filled cell,
//! as [`Board::candidates`] reports givens). The pencil-mark formats show a placed digit the
//! way they show a cell with one candidate left: as that digit alone (Sukaku Explainer's
//! `%m` 729-character form and the grids HoDoKu, Simple Sudoku and the forums print all do).
//! So a reader cannot tell the two apart from the text; it takes, in this order:
//!
//! * the digits the caller passes alongside (an 81-cell "values" board): its digits are the
//!   filled cells, each of which must show exactly its digit; every other cell is empty and
//!   keeps what it shows as its candidates, one digit or several;
//! * without one, the convention of those programs: a cell showing exactly one digit is filled
//!   with it, a cell showing several is empty with those candidates, and a cell showing none
//!   (`.........` in the string, `.` in a grid) is empty with no candidate.
//!
//! A [`Position`] adds the givens, for the formats that carry them (SudokuWiki's candidate
//! links and `.ss` files with several grids).

#![forbid(unsafe_code)]

pub mod marks;
pub mod records;
pub mod ss;
pub mod sudokuwiki;

pub use marks::{MarksStyle, parse_marks};
pub use records::{Record, Records, next_record, records};
pub use ss::{SS_MAX_LEN, parse_ss};
pub use sudokuwiki::{SUDOKUWIKI_MAX_LEN, SUDOKUWIKI_URL, parse_sudokuwiki};

use crate::board::{Board, CELLS, Error};
use crate::grid::{Digit, DigitSet};
#[cfg(doc)]
use crate::text::ParseError;

/// Digits on a board and the candidates of its empty cells: what a pencil-mark grid holds.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Marks {
    board: Board,
    masks: [u16; CELLS],
}

impl Marks {
    /// A position from its digits and candidate masks (bit `d - 1` for digit `d`). The masks of
    /// filled cells are ignored (they come out as 0). Fails with [`Error::InvalidArgument`]
    /// when the mask of an empty cell has a bit above bit 8.
    pub fn new(board: Board, masks: [u16; CELLS]) -> Result<Marks, Error> {
        let mut masks = masks;
        for (cell, mask) in masks.iter_mut().enumerate() {
            if board.get(cell) != 0 {
                *mask = 0;
            } else if *mask > DigitSet::ALL.bits() {
                return Err(Error::InvalidArgument);
            }
        }
        Ok(Marks { board, masks })
    }

    /// The digits on the board (givens and entries alike).
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The candidate masks: one per cell, 0 for filled cells.
    pub fn masks(&self) -> &[u16; CELLS] {
        &self.masks
    }

    /// The digits `cell` shows in a pencil-mark format: its digit if filled, else its
    /// candidates.
    fn shown(&self, cell: usize) -> DigitSet {
        match Digit::new(self.board.get(cell)) {
            Some(d) => DigitSet::single(d),
            None => DigitSet::from_bits(self.masks[cell]),
        }
    }
}

/// A player's position with its origin: the givens, and the digits and candidates now on the
/// board (whose digits include every given).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Position {
    givens: Board,
    marks: Marks,
}

impl Position {
    /// A position from its givens and its marks. Fails with [`Error::InvalidArgument`] when the
    /// board does not keep every given.
    pub fn new(givens: Board, marks: Marks) -> Result<Position, Error> {
        let kept = (0..CELLS).all(|c| givens.get(c) == 0 || givens.get(c) == marks.board.get(c));
        if !kept {
            return Err(Error::InvalidArgument);
        }
        Ok(Position { givens, marks })
    }

    /// A puzzle that has not been played: the givens are the whole board, without candidates.
    pub fn from_givens(givens: Board) -> Position {
        Position {
            givens,
            marks: Marks {
                board: givens,
                masks: [0; CELLS],
            },
        }
    }

    /// The givens.
    pub fn givens(&self) -> &Board {
        &self.givens
    }

    /// The digits (givens and entries) and the candidates of the empty cells.
    pub fn marks(&self) -> &Marks {
        &self.marks
    }
}

/// One line of a text: `text[start..end]` without its line end (LF or CR LF); `next` is where
/// the next line starts (just past the LF), or the text's length for the last line. A CR that
/// is not followed by LF stays inside the line.
#[derive(Clone, Copy, Debug)]
struct Line {
    start: usize,
    end: usize,
    next: usize,
}

/// The line that starts at `start` (at most `text.len()`).
fn line_at(text: &[u8], start: usize) -> Line {
    match text[start..].iter().position(|&b| b == b'\n') {
        Some(p) => {
            let lf = start + p;
            let end = if lf > start && text[lf - 1] == b'\r' {
                lf - 1
            } else {
                lf
            };
            Line {
                start,
                end,
                next: lf + 1,
            }
        }
        None => Line {
            start,
            end: text.len(),
            next: text.len(),
        },
    }
}

/// Every line of `text[from..to]` (`to` at a line start or the end of the text), in order.
fn lines(text: &[u8], from: usize, to: usize) -> impl Iterator<Item = Line> + '_ {
    let mut at = from;
    let mut done = from >= to;
    core::iter::from_fn(move || {
        if done {
            return None;
        }
        let line = line_at(text, at);
        done = line.next >= to;
        at = line.next;
        Some(line)
    })
}

/// Space or tab.
fn is_blank(b: u8) -> bool {
    matches!(b, b' ' | b'\t')
}

/// Space, tab, CR or LF: what may surround a one-line format.
fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r' | b'\n')
}
