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

use super::bits::{
    TRIAD_BASE, lane_columns, next_box, next_row, replicate_rows, row_mask, triad_cells,
};
use super::lanes::{Lanes, load_words, store_words};
use super::tables::ROW_OF;

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
    /// Builds the state for a grid of digits `0..=9` (0 = blank), placing every given, with the
    /// detected kernel ([`Kernel::new_state`](super::Kernel::new_state) for a chosen one).
    ///
    /// Returns `None` when two givens clash (share a row, column or box). Values above 9 are
    /// not expected (callers validate bytes first); they read as 9.
    #[inline]
    pub(crate) fn new(cells: &[u8; 81]) -> Option<State> {
        super::Kernel::detect().new_state(cells)
    }

    /// [`new`](Self::new) on lanes `L`, compiled into each kernel build: every digit and band at
    /// once, as the propagation works. From each word's givens: the mini-rows they occupy, hence
    /// a clash (two givens in one mini-row, in two mini-rows of a row or of a box, or in one
    /// column of two bands), and the cells they see (their rows, their boxes' columns and their
    /// columns in every band). Measured with callgrind on 3000 random isomorphs of serg (AVX2
    /// kernel): 490 instructions per puzzle, where a loop over the givens that looked up each one's
    /// units took 940.
    #[inline(always)]
    pub(super) fn build<L: Lanes>(cells: &[u8; 81]) -> Option<State> {
        let givens = L::given_words(cells);
        let mut filled = L::zero();
        for k in 0..L::VECTORS {
            filled = filled.or(load_words::<L>(&givens, k));
        }
        for level in 0..L::FOLDS {
            filled = filled.or(filled.swap_digits(level));
        }
        // Every digit group: the open cells of each band, zero in the pad.
        let open = L::per_band([BAND; 3]).and_not(filled);
        let mut s = State {
            cand: [0; WORDS],
            unsolved: open.first_group(),
            triads_done: [[0; 4]; 2],
            dirty: ALL_WORDS,
        };
        let mut clash = L::zero();
        for k in 0..L::VECTORS {
            let g: L = load_words(&givens, k);
            let (one, two) = (g.shr::<1>(), g.shr::<2>());
            let near = g.or(one);
            let base = L::splat(TRIAD_BASE);
            // Mini-rows holding a given, and holding two or more (two of their three cells).
            let triads = near.or(two).and(base);
            let crowded = g.and(one).or(two.and(near)).and(base);
            let cols = lane_columns(g);
            clash = clash
                .or(crowded)
                .or(triads.and(next_box(triads)))
                .or(triads.and(next_row(triads)))
                .or(cols.and(cols.next_band()));
            // The columns of the boxes holding a given, and the givens' columns in every band.
            let stacks = cols
                .or(cols.shr::<1>())
                .or(cols.shr::<2>())
                .and(L::splat(0o111));
            let seen_cols = triad_cells(stacks)
                .or(cols)
                .or(cols.next_band())
                .or(cols.after_next_band());
            let seen = row_mask(g).or(replicate_rows(seen_cols));
            s.set_lanes(k, open.and_not(seen).or(g));
        }
        if clash.is_zero() { Some(s) } else { None }
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

    /// Writes the solved grid as ASCII digits, with the detected kernel. Only meaningful on a
    /// solved state.
    pub(crate) fn write_solution(&self, out: &mut [u8; 81]) {
        super::Kernel::detect().write_solution(self, out);
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
