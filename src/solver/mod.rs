//! The search kernel: bitboards per digit and band, propagation, guessing.
//!
//! # Layout
//!
//! The grid is cut into three bands of three rows. For every digit `d` and band `b` one 27-bit
//! word `cand[3 * d + b]` says where `d` may still go in that band; bit `9 * r + c` is row `r`
//! of the band, column `c`:
//!
//! ```text
//!            col 0 .. 8
//! band 0   row 0: bits  0..=8
//!          row 1: bits  9..=17
//!          row 2: bits 18..=26
//! band 1   (rows 3..=5, same bit layout in its own word)
//! band 2   (rows 6..=8)
//! ```
//!
//! A cell that is solved keeps exactly one bit, in its digit's word. `unsolved[b]` marks the
//! band's cells that are not placed yet, and `dirty` has one bit per word that changed since
//! it was last examined. The whole state is 124 bytes, so a guess copies it instead of keeping
//! an undo log.
//!
//! # Propagation
//!
//! * Per changed (digit, band) word: the [`tables::COMPLEX`] lookup keeps only cells consistent
//!   with one digit per row and per box of the band (locked candidates along rows, hidden
//!   singles in boxes and rows). A row reduced to one cell places the digit there: the cell is
//!   removed from the other digits and its column from the digit's other bands.
//! * Naked singles: bit-sliced counting over the nine digit words of a band finds empty cells
//!   (a contradiction) and cells with one candidate.
//! * Hidden singles in columns, when nothing else moves.
//!
//! # Search
//!
//! Depth first on a cell with the fewest candidates (a two-candidate cell when there is one),
//! recursing on copies for all but the last candidate and continuing in place with the last.
//! Each level places a cell, so recursion is at most 81 levels of one small state each; no heap.
//!
//! # Interface for the rest of the crate
//!
//! Only [`State::new`], [`State::exclude`], [`State::search`], [`State::write_solution`] and the
//! [`Sink`] trait are used outside this module; the representation behind them is free to change
//! (and will, per CPU kernel).

mod tables;

use tables::{BAND_PEERS, COLUMN, COMPLEX, ROW_OF, SHRINK};

/// All 27 cells of a band.
const BAND: u32 = (1 << 27) - 1;
/// All 27 (digit, band) words.
const ALL_WORDS: u32 = (1 << 27) - 1;
/// Copies a 9-bit column set into the three rows of a band.
const REPLICATE_ROWS: u32 = 0x40201;

/// Receives every solution the search finds.
pub(crate) trait Sink {
    /// Called with a solved state; returning `true` stops the search.
    fn solution(&mut self, state: &State) -> bool;
}

/// Solver state: candidate bitboards per digit and band. See the module documentation.
#[derive(Clone, Copy)]
pub(crate) struct State {
    cand: [u32; 27],
    unsolved: [u32; 3],
    dirty: u32,
}

/// Outcome of one propagation rule.
enum Step {
    Progress,
    Stalled,
    Contradiction,
}

impl State {
    /// Builds the state for a grid of digits `0..=9` (0 = blank), placing every given.
    ///
    /// Returns `None` when two givens clash (the second one finds its digit already excluded
    /// from its cell). Values above 9 are not expected; callers validate bytes first.
    pub(crate) fn new(cells: &[u8; 81]) -> Option<State> {
        let mut s = State {
            cand: [BAND; 27],
            unsolved: [BAND; 3],
            dirty: ALL_WORDS,
        };
        for (cell, &v) in cells.iter().enumerate() {
            if v == 0 {
                continue;
            }
            let d = usize::from(v - 1);
            let b = cell / 27;
            let p = cell % 27;
            let bit = 1u32 << p;
            if s.cand[3 * d + b] & bit == 0 {
                return None;
            }
            for d2 in 0..9 {
                s.cand[3 * d2 + b] &= !bit;
            }
            s.cand[3 * d + b] = (s.cand[3 * d + b] & !BAND_PEERS[p]) | bit;
            for b2 in 0..3 {
                if b2 != b {
                    s.cand[3 * d + b2] &= !COLUMN[p % 9];
                }
            }
            s.unsolved[b] &= !bit;
        }
        Some(s)
    }

    /// Removes `digit` (`1..=9`) from the candidates of `cell` (`0..=80`). Excluding the digit of
    /// a given, or the last candidate of a cell, leaves a state whose search finds no solution.
    #[allow(dead_code, reason = "the generator's uniqueness checks use it")]
    pub(crate) fn exclude(&mut self, cell: usize, digit: u8) {
        debug_assert!(cell < 81 && (1..=9).contains(&digit));
        let i = 3 * usize::from(digit - 1) + cell / 27;
        let bit = 1u32 << (cell % 27);
        if self.cand[i] & bit != 0 {
            self.cand[i] &= !bit;
            self.dirty |= 1 << i;
            if self.unsolved[cell / 27] & bit == 0 {
                // The cell was already placed with this digit: it is now empty.
                self.unsolved[cell / 27] |= bit;
            }
        }
    }

    /// Runs the search, handing each solution to `sink` until it asks to stop.
    /// Returns `true` when the sink stopped the search.
    pub(crate) fn search<S: Sink>(mut self, sink: &mut S) -> bool {
        loop {
            if !self.propagate() {
                return false;
            }
            if self.is_solved() {
                return sink.solution(&self);
            }
            let (b, bit, mut digits) = self.pick_cell();
            while digits & (digits - 1) != 0 {
                let d = digits.trailing_zeros() as usize;
                digits &= digits - 1;
                let mut child = self;
                child.assign(b, bit, d);
                if child.search(sink) {
                    return true;
                }
                // Every solution with `d` here has been seen: exclude it and go on.
                self.cand[3 * d + b] &= !bit;
                self.dirty |= 1 << (3 * d + b);
            }
            self.assign(b, bit, digits.trailing_zeros() as usize);
        }
    }

    /// Writes the solved grid as ASCII digits. Only meaningful on a solved state.
    pub(crate) fn write_solution(&self, out: &mut [u8; 81]) {
        for d in 0..9 {
            for b in 0..3 {
                let mut m = self.cand[3 * d + b];
                while m != 0 {
                    let p = m.trailing_zeros() as usize;
                    out[27 * b + p] = b'1' + d as u8;
                    m &= m - 1;
                }
            }
        }
    }

    fn is_solved(&self) -> bool {
        self.unsolved[0] | self.unsolved[1] | self.unsolved[2] == 0
    }

    /// Places digit `d` on the cell at `bit` of band `b` by clearing the rest of its row for `d`;
    /// the band update then places it.
    fn assign(&mut self, b: usize, bit: u32, d: usize) {
        let p = bit.trailing_zeros() as usize;
        let i = 3 * d + b;
        self.cand[i] &= !ROW_OF[p] | bit;
        self.dirty |= 1 << i;
    }

    /// Applies every rule until none makes progress. Returns `false` on a contradiction.
    fn propagate(&mut self) -> bool {
        loop {
            while self.dirty != 0 {
                let i = self.dirty.trailing_zeros() as usize;
                self.dirty &= self.dirty - 1;
                if !self.update_word(i) {
                    return false;
                }
            }
            match self.naked_singles() {
                Step::Contradiction => return false,
                Step::Progress => continue,
                Step::Stalled => {}
            }
            match self.column_singles() {
                Step::Contradiction => return false,
                Step::Progress => continue,
                Step::Stalled => return true,
            }
        }
    }

    /// Band consistency for one digit in one band, then placement of rows left with one cell.
    fn update_word(&mut self, i: usize) -> bool {
        let d = i / 3;
        let b = i % 3;
        let mut a = self.cand[i];
        let shrink = SHRINK[(a & 0x1ff) as usize]
            | SHRINK[((a >> 9) & 0x1ff) as usize] << 3
            | SHRINK[(a >> 18) as usize] << 6;
        a &= COMPLEX[shrink as usize];
        if a == 0 {
            return false;
        }
        self.cand[i] = a;

        // Rows holding a single cell: the digit goes there.
        let mut single = 0;
        for r in 0..3 {
            let row = a & (0x1ff << (9 * r));
            if row & (row - 1) == 0 {
                single |= row;
            }
        }
        let placed = single & self.unsolved[b];
        if placed == 0 {
            return true;
        }
        self.unsolved[b] &= !placed;
        for d2 in 0..9 {
            let j = 3 * d2 + b;
            if d2 != d && self.cand[j] & placed != 0 {
                self.cand[j] &= !placed;
                self.dirty |= 1 << j;
            }
        }
        let cols = ((placed | placed >> 9 | placed >> 18) & 0x1ff) * REPLICATE_ROWS;
        for b2 in 0..3 {
            let j = 3 * d + b2;
            if b2 != b && self.cand[j] & cols != 0 {
                self.cand[j] &= !cols;
                self.dirty |= 1 << j;
            }
        }
        true
    }

    /// Finds unsolved cells with no candidate (contradiction) or exactly one (placed).
    fn naked_singles(&mut self) -> Step {
        let mut step = Step::Stalled;
        for b in 0..3 {
            let unsolved = self.unsolved[b];
            if unsolved == 0 {
                continue;
            }
            let (mut once, mut twice) = (0, 0);
            for d in 0..9 {
                let x = self.cand[3 * d + b];
                twice |= once & x;
                once |= x;
            }
            if unsolved & !once != 0 {
                return Step::Contradiction;
            }
            let singles = unsolved & !twice;
            if singles == 0 {
                continue;
            }
            for d in 0..9 {
                let i = 3 * d + b;
                let mut mine = singles & self.cand[i];
                while mine != 0 {
                    let bit = mine & mine.wrapping_neg();
                    mine ^= bit;
                    // An earlier single in the same row took this digit: the cell is empty.
                    if self.cand[i] & bit == 0 {
                        return Step::Contradiction;
                    }
                    self.cand[i] &= !ROW_OF[bit.trailing_zeros() as usize] | bit;
                    self.dirty |= 1 << i;
                }
            }
            step = Step::Progress;
        }
        step
    }

    /// Hidden singles in columns, and columns that lost a digit entirely (contradiction).
    fn column_singles(&mut self) -> Step {
        let mut step = Step::Stalled;
        for d in 0..9 {
            let (mut once, mut twice, mut placed) = (0, 0, 0);
            for b in 0..3 {
                let a = self.cand[3 * d + b];
                for r in 0..3 {
                    let row = (a >> (9 * r)) & 0x1ff;
                    twice |= once & row;
                    once |= row;
                }
                let done = a & !self.unsolved[b];
                placed |= done | done >> 9 | done >> 18;
            }
            if once != 0x1ff {
                return Step::Contradiction;
            }
            let fresh = once & !twice & !(placed & 0x1ff);
            if fresh == 0 {
                continue;
            }
            let cols = fresh * REPLICATE_ROWS;
            for b in 0..3 {
                let i = 3 * d + b;
                let mut mine = self.cand[i] & cols;
                while mine != 0 {
                    let bit = mine & mine.wrapping_neg();
                    mine ^= bit;
                    if self.cand[i] & bit == 0 {
                        // Two column singles of one digit in one row.
                        return Step::Contradiction;
                    }
                    self.cand[i] &= !ROW_OF[bit.trailing_zeros() as usize] | bit;
                    self.dirty |= 1 << i;
                }
            }
            step = Step::Progress;
        }
        step
    }

    /// Chooses the guess cell: the first two-candidate cell, else one with fewest candidates.
    /// Returns its band, its bit and its candidate digits (bit `d` for digit `d + 1`).
    fn pick_cell(&self) -> (usize, u32, u32) {
        let mut best = (0, 0, 0);
        let mut best_count = u32::MAX;
        for b in 0..3 {
            let unsolved = self.unsolved[b];
            if unsolved == 0 {
                continue;
            }
            let (mut once, mut twice, mut thrice) = (0, 0, 0);
            for d in 0..9 {
                let x = self.cand[3 * d + b];
                thrice |= twice & x;
                twice |= once & x;
                once |= x;
            }
            let pairs = unsolved & twice & !thrice;
            if pairs != 0 {
                let bit = pairs & pairs.wrapping_neg();
                return (b, bit, self.digits_at(b, bit));
            }
            let mut rest = unsolved;
            while rest != 0 && best_count > 3 {
                let bit = rest & rest.wrapping_neg();
                rest ^= bit;
                let digits = self.digits_at(b, bit);
                if digits.count_ones() < best_count {
                    best_count = digits.count_ones();
                    best = (b, bit, digits);
                }
            }
        }
        best
    }

    fn digits_at(&self, b: usize, bit: u32) -> u32 {
        let mut digits = 0;
        for d in 0..9 {
            if self.cand[3 * d + b] & bit != 0 {
                digits |= 1 << d;
            }
        }
        digits
    }
}

/// A sink that keeps the first solution and stops.
pub(crate) struct First {
    pub(crate) grid: Option<[u8; 81]>,
}

impl Sink for First {
    fn solution(&mut self, state: &State) -> bool {
        let mut out = [0u8; 81];
        state.write_solution(&mut out);
        self.grid = Some(out);
        true
    }
}

/// A sink that counts solutions up to a limit, keeping the first.
pub(crate) struct Counter {
    pub(crate) limit: usize,
    pub(crate) count: usize,
    pub(crate) first: Option<[u8; 81]>,
}

impl Sink for Counter {
    fn solution(&mut self, state: &State) -> bool {
        if self.first.is_none() {
            let mut out = [0u8; 81];
            state.write_solution(&mut out);
            self.first = Some(out);
        }
        self.count += 1;
        self.count >= self.limit
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PUZZLE: &[u8; 81] =
        b"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    const ANSWER: &[u8; 81] =
        b"534678912672195348198342567859761423426853791713924856961537284287419635345286179";

    fn digits(text: &[u8; 81]) -> [u8; 81] {
        text.map(|b| if b == b'.' { 0 } else { b - b'0' })
    }

    fn count(state: State) -> usize {
        let mut counter = Counter {
            limit: 10,
            count: 0,
            first: None,
        };
        state.search(&mut counter);
        counter.count
    }

    #[test]
    fn exclude_the_solution_digit_leaves_no_solution() {
        let base = State::new(&digits(PUZZLE)).unwrap();
        assert_eq!(count(base), 1);
        for (cell, &answer) in ANSWER.iter().enumerate() {
            let mut s = base;
            s.exclude(cell, answer - b'0');
            assert_eq!(count(s), 0, "cell {cell}");
        }
    }

    #[test]
    fn exclude_another_digit_keeps_the_solution() {
        let base = State::new(&digits(PUZZLE)).unwrap();
        for (cell, &answer) in ANSWER.iter().enumerate() {
            for digit in 1..=9 {
                if digit != answer - b'0' {
                    let mut s = base;
                    s.exclude(cell, digit);
                    let mut first = First { grid: None };
                    s.search(&mut first);
                    assert_eq!(&first.grid.unwrap(), ANSWER, "cell {cell} digit {digit}");
                }
            }
        }
    }

    #[test]
    fn clashing_givens_are_refused() {
        let mut cells = digits(PUZZLE);
        cells[2] = 5;
        assert!(State::new(&cells).is_none());
    }
}
