//! The grid's vocabulary, under everything else: cells, rows, columns, boxes, units, peers,
//! bands and stacks ([`geometry`]); a set of cells ([`CellSet`]); digits and sets of digits
//! ([`Digit`], [`DigitSet`]); and a position with candidates that propagates singles
//! ([`Candidates`]). Every other module takes these facts from here; none writes them again.
//!
//! # Numbering
//!
//! ```text
//!          col 0 1 2   3 4 5   6 7 8
//!  row 0     0  1  2 |  3  4  5 |  6  7  8      box 0 | box 1 | box 2
//!  row 1     9 10 11 | 12 13 14 | 15 16 17     -------+-------+------
//!  row 2    18 19 20 | 21 22 23 | 24 25 26      box 3 | box 4 | box 5
//!          ---------+----------+---------      -------+-------+------
//!  row 3    27 ...                              box 6 | box 7 | box 8
//!   ...
//!  row 8    72 73 74 | 75 76 77 | 78 79 80
//! ```
//!
//! Cells are `0..81`, row by row. Units are `0..27`: rows `0..9`, columns `9..18`, boxes
//! `18..27` (boxes left to right, top to bottom); a set of units is a `u32` with bit `u` for
//! unit `u` (the C API's numbering too). Bands are the three rows of boxes, stacks the three
//! columns of boxes. A digit is `1..=9` ([`Digit`]); its *index* is `0..9`, and its bit in a
//! candidate mask is `1 << index` ([`DigitSet`]).

#![forbid(unsafe_code)]

mod candidates;
mod cellset;
mod digit;
pub mod geometry;

pub use candidates::{Candidates, Contradiction};
pub use cellset::CellSet;
pub use digit::{Digit, DigitSet};
pub use geometry::CELLS;
