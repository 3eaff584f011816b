//! The solver's state and its layout: candidate bitboards per digit and band.
//!
//! The grid is cut into three bands of three rows. For every digit `d` (`0..9`) and band `b` one
//! 27-bit word `cand[4 * d + b]` says where `d` may still go in that band; bit `9 * r + c` is
//! row `r` of the band, column `c`:
//!
//! ```text
//!  cand:       band 0    band 1    band 2    pad      eight lanes     sixteen lanes
//!  digit 0     [0]       [1]       [2]       [3] = 0  lanes(0) 0..4   lanes(0) 0..4
//!  digit 1     [4]       [5]       [6]       [7] = 0  lanes(0) 4..8   lanes(0) 4..8
//!  digit 2     [8]       [9]       [10]      [11] = 0 lanes(1) 0..4   lanes(0) 8..12
//!  ...
//!  digit 7     [28]      [29]      [30]      [31] = 0 lanes(3) 4..8   lanes(1) 12..16
//!  digit 8     [32]      [33]      [34]      [35] = 0 lanes(4) 0..4   lanes(2) 0..4
//!  pad digit   [36] = 0  [37] = 0  [38] = 0  [39] = 0
//!
//!  one word, band b (grid rows 3b .. 3b + 2):
//!               col 0 .. 8
//!       row 0:  bits  0 ..= 8
//!       row 1:  bits  9 ..= 17
//!       row 2:  bits 18 ..= 26
//! ```
//!
//! Word `4 * d + 3` and the tenth digit's words are always zero: the padding lets the passes
//! that treat every digit alike work on two (or four) digits × four bands at a time,
//! `cand[8 * k..][..8]` (or `cand[16 * k..][..16]`) as one [`Lanes`] value ([`State::lanes`]);
//! the last value holds digit 8 alone. A solved cell keeps exactly one bit, in its digit's word.
//! `unsolved[b]` marks the band's cells not placed yet (`unsolved[3]` is a zero pad), and bit
//! `w` of `dirty` says word `w` changed since it was last examined. The state is 224 bytes; a
//! guess copies it instead of keeping an undo log.
//!
//! Here: building the state from a grid, excluding a candidate, reading the solution, and the
//! accessors the propagation and the branch choice share.

#![forbid(unsafe_code)]

use super::bits::nonzero_cells;
use super::lanes::{Lanes, load_words, store_words};
use super::tables::{CELL_UNITS, ROW_OF, ROWS_AND_BOXES};

/// All 27 cells of a band.
pub(super) const BAND: u32 = (1 << 27) - 1;
/// The 27 real words (`4 * d + b` for `d < 9`, `b < 3`) as bits of a `dirty` mask.
pub(super) const ALL_WORDS: u64 = 0x7_7777_7777;
/// Words per digit (three bands and a pad) and in all (ten digits, the last one a pad).
pub(super) const STRIDE: usize = 4;
pub(super) const WORDS: usize = 40;

/// Solver state: candidate bitboards per digit and band. See the module documentation.
#[derive(Clone, Copy)]
#[repr(C, align(32))]
pub(crate) struct State {
    /// Word `4 * d + b`: where digit `d` may still go in band `b`.
    pub(super) cand: [u32; WORDS],
    /// Per band, the cells not placed yet.
    pub(super) unsolved: [u32; 4],
    /// The triads whose eliminations have been applied ([`State::triads`]), per band, in the
    /// shape that pass computes (one digit group's lanes; every group is alike): `[0]` the
    /// horizontal ones, a full triad at its sparse bit `9r + 3x`, a packed one at the bit
    /// above; `[1]` the vertical ones, a full triad at its column bit, a packed one 9 bits
    /// higher. Eliminations once made stay made in every state below, so only newly full or
    /// packed triads need the pass.
    pub(super) triads_done: [[u32; 4]; 2],
    /// Bit `w` set when word `w` changed since the word update last examined it.
    pub(super) dirty: u64,
}

impl State {
    /// Builds the state for a grid of digits `0..=9` (0 = blank), placing every given.
    ///
    /// Returns `None` when two givens clash (the second one finds its digit already excluded
    /// from its cell). Values above 9 are not expected; callers validate bytes first.
    #[inline]
    pub(crate) fn new(cells: &[u8; 81]) -> Option<State> {
        // Per digit value (`units[0]` and the first four words of `givens` unused): the units
        // its givens occupy, and the givens per band. A given whose digit already occupies one
        // of its units clashes. The givens are found eight bytes at a time.
        let mut units = [0u32; 10];
        let mut givens = [0u32; WORDS];
        let mut clash = 0u32;
        let filled = nonzero_cells(cells);
        let filled = [0, 27, 54].map(|shift| (filled >> shift) as u32 & BAND);
        for (b, &f) in filled.iter().enumerate() {
            let mut rest = f;
            while rest != 0 {
                let p = rest.trailing_zeros() as usize;
                let bit = rest & rest.wrapping_neg();
                rest ^= bit;
                let i = (27 * b + p).min(80);
                let v = usize::from(cells[i].min(9));
                let u = CELL_UNITS[i];
                clash |= units[v] & u;
                units[v] |= u;
                givens[STRIDE * v + b] |= bit;
            }
        }
        if clash != 0 {
            return None;
        }
        let mut s = State {
            cand: [0; WORDS],
            triads_done: [[0; 4]; 2],
            dirty: ALL_WORDS,
            unsolved: [!filled[0] & BAND, !filled[1] & BAND, !filled[2] & BAND, 0],
        };
        for d in 0..9 {
            let u = units[d + 1];
            let columns = u >> 18;
            let taken = columns | columns << 9 | columns << 18;
            for (b, &f) in filled.iter().enumerate() {
                let seen = ROWS_AND_BOXES[((u >> (6 * b)) & 63) as usize] | taken;
                s.cand[STRIDE * d + b] = (BAND & !f & !seen) | givens[STRIDE * (d + 1) + b];
            }
        }
        Some(s)
    }

    /// Removes `digit` (`1..=9`) from the candidates of `cell` (`0..=80`). Excluding the digit of
    /// a given, or the last candidate of a cell, leaves a state whose search finds no solution.
    #[allow(dead_code, reason = "the generator's uniqueness checks use it")]
    pub(crate) fn exclude(&mut self, cell: usize, digit: u8) {
        debug_assert!(cell < 81 && (1..=9).contains(&digit));
        let w = STRIDE * usize::from(digit - 1) + cell / 27;
        self.cand[w] &= !(1u32 << (cell % 27));
        self.dirty |= 1 << w;
    }

    /// Writes the solved grid as ASCII digits. Only meaningful on a solved state.
    pub(crate) fn write_solution(&self, out: &mut [u8; 81]) {
        // Solved, every digit holds one cell in each row: no loop over bits.
        for d in 0..9 {
            for b in 0..3 {
                let m = self.cand[STRIDE * d + b];
                for r in 0..3 {
                    let p = ((m >> (9 * r)) & 0x1ff).trailing_zeros() as usize;
                    out[(27 * b + 9 * r + p).min(80)] = b'1' + d as u8;
                }
            }
        }
    }

    #[inline(always)]
    pub(super) fn open_cells(&self) -> u32 {
        self.unsolved.iter().map(|u| u.count_ones()).sum()
    }

    #[inline(always)]
    pub(super) fn is_solved(&self) -> bool {
        self.unsolved[0] | self.unsolved[1] | self.unsolved[2] == 0
    }

    /// Vector `k` of the candidate words ([`load_words`]).
    #[inline(always)]
    pub(super) fn lanes<L: Lanes>(&self, k: usize) -> L {
        load_words(&self.cand, k)
    }

    #[inline(always)]
    pub(super) fn set_lanes<L: Lanes>(&mut self, k: usize, v: L) {
        store_words(&mut self.cand, k, v);
    }

    /// Places digit `d` on the cell at `bit` of band `b` by clearing the rest of its row for `d`;
    /// the word update then places it.
    #[inline(always)]
    pub(super) fn assign(&mut self, b: usize, bit: u32, d: usize) {
        self.cand[STRIDE * d + b] &= !ROW_OF[bit.trailing_zeros() as usize] | bit;
        self.dirty |= 1 << (STRIDE * d + b);
    }
}
