//! A position with candidates, and singles propagated to a fixed point: the one routine the
//! analysis, the grader, the hints and the generator share.

use super::geometry::{CELLS, PEERS, UNIT_CELLS, UNITS};
use super::{CellSet, Digit, DigitSet};
use crate::board::{Board, Error};

/// A candidate grid: placed digits and, for every other cell, the digits still possible.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Candidates {
    values: [u8; CELLS],
    masks: [u16; CELLS],
}

/// The position contradicts itself: an empty cell has no candidate, or a unit has neither
/// placed nor possible a digit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Contradiction;

impl From<Contradiction> for Error {
    fn from(_: Contradiction) -> Error {
        Error::NoSolution
    }
}

impl Candidates {
    /// The candidates a board's digits leave: every digit not placed in a peer.
    /// Fails with [`Error::Conflict`] when two digits clash.
    pub fn from_board(board: &Board) -> Result<Candidates, Error> {
        board.validate()?;
        Ok(Candidates::from_parts(
            *board.cells(),
            [DigitSet::ALL.bits(); CELLS],
        ))
    }

    /// A grid from placed digits (`0..=9`, 0 = empty; larger values count as empty) and candidate
    /// masks (bit `d - 1` for digit `d`; bits above 8 are ignored). Each empty cell keeps the
    /// digits of its mask that no peer holds; placed cells have no candidates. Clashing digits
    /// are not checked: this builds arbitrary positions, e.g. for testing techniques.
    pub fn from_parts(values: [u8; CELLS], masks: [u16; CELLS]) -> Candidates {
        let mut g = Candidates {
            values: [0; CELLS],
            masks: masks.map(|m| DigitSet::from_bits(m).bits()),
        };
        for (cell, &v) in values.iter().enumerate() {
            if (1..=9).contains(&v) {
                g.place(cell, v);
            }
        }
        g
    }

    /// The digit placed in `cell`, or 0.
    pub fn value(&self, cell: usize) -> u8 {
        self.values[cell]
    }

    /// The placed digits, 0 for empty cells.
    pub fn values(&self) -> &[u8; CELLS] {
        &self.values
    }

    /// The candidates of `cell` (bit `d - 1` for digit `d`; 0 for a placed cell).
    pub fn mask(&self, cell: usize) -> u16 {
        self.masks[cell]
    }

    /// All 81 candidate masks.
    pub fn masks(&self) -> &[u16; CELLS] {
        &self.masks
    }

    /// The placed digits as a board.
    pub fn board(&self) -> Board {
        // Values are always 0..=9.
        Board::from_cells(self.values).unwrap_or(Board::EMPTY)
    }

    /// True when every cell holds a digit.
    pub fn is_solved(&self) -> bool {
        self.values.iter().all(|&v| v != 0)
    }

    /// Places `digit` (`1..=9`) in `cell` and removes it from the candidates of every peer.
    ///
    /// Panics if `cell >= 81` or `digit` is not `1..=9`.
    pub fn place(&mut self, cell: usize, digit: u8) {
        let d = Digit::new(digit).unwrap_or_else(|| panic!("digit {digit} is not 1..=9"));
        self.values[cell] = digit;
        self.masks[cell] = 0;
        for peer in PEERS[cell] {
            self.masks[peer] &= !d.bit();
        }
    }

    /// Removes the digits of `mask` from the candidates of `cell`. Panics if `cell >= 81`.
    pub fn eliminate(&mut self, cell: usize, mask: u16) {
        self.masks[cell] &= !mask;
    }

    /// The empty cells that have `digit` as a candidate.
    pub fn cells_with(&self, digit: Digit) -> CellSet {
        let bit = digit.bit();
        let mut set = 0u128;
        for (cell, &m) in self.masks.iter().enumerate() {
            set |= u128::from(m & bit != 0) << cell;
        }
        CellSet::from_bits(set)
    }

    /// The empty cells.
    pub fn empty_cells(&self) -> CellSet {
        let mut set = 0u128;
        for (cell, &v) in self.values.iter().enumerate() {
            set |= u128::from(v == 0) << cell;
        }
        CellSet::from_bits(set)
    }

    /// True when the position contradicts itself: an empty cell without candidates, or a unit
    /// where some digit is neither placed nor possible.
    pub fn is_broken(&self) -> bool {
        if (0..CELLS).any(|c| self.values[c] == 0 && self.masks[c] == 0) {
            return true;
        }
        UNIT_CELLS.iter().any(|unit| {
            let mut seen = 0u16;
            for &c in unit {
                let c = usize::from(c);
                seen |= self.masks[c];
                if let Some(d) = Digit::new(self.values[c]) {
                    seen |= d.bit();
                }
            }
            seen != DigitSet::ALL.bits()
        })
    }

    /// Places naked singles (an empty cell with one candidate) and hidden singles (a digit
    /// with one possible cell in a unit that lacks it) until neither applies, returning how
    /// many cells were placed. The fixed point does not depend on the order the rules are
    /// applied in.
    ///
    /// Fails when the position is or becomes contradictory ([`Candidates::is_broken`]); the grid
    /// is then left part-way.
    pub fn propagate_singles(&mut self) -> Result<usize, Contradiction> {
        let mut placed = 0;
        loop {
            if self.is_broken() {
                return Err(Contradiction);
            }
            let before = placed;
            for cell in 0..CELLS {
                if let Some(d) = DigitSet::from_bits(self.masks[cell]).only() {
                    self.place(cell, d.get());
                    placed += 1;
                }
            }
            for u in 0..UNITS {
                let (mut once, mut twice) = (0u16, 0u16);
                for &c in &UNIT_CELLS[u] {
                    let m = self.masks[usize::from(c)];
                    twice |= once & m;
                    once |= m;
                }
                for d in DigitSet::from_bits(once & !twice).iter() {
                    // A placement earlier in this loop may have taken the digit's last cell.
                    if let Some(&c) = UNIT_CELLS[u]
                        .iter()
                        .find(|&&c| self.masks[usize::from(c)] & d.bit() != 0)
                    {
                        self.place(usize::from(c), d.get());
                        placed += 1;
                    }
                }
            }
            if placed == before {
                return Ok(placed);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn singles_solve_an_easy_puzzle_and_stop_on_a_contradiction() {
        let board: Board =
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
                .parse()
                .unwrap();
        let mut grid = Candidates::from_board(&board).unwrap();
        let placed = grid.propagate_singles().unwrap();
        assert_eq!(placed, 81 - 30);
        assert!(grid.is_solved() && !grid.is_broken());
        assert_eq!(grid.board(), board.solve().unwrap());

        // An empty cell without candidates.
        let mut broken = Candidates::from_board(&board).unwrap();
        broken.eliminate(2, 0x1ff);
        assert!(broken.is_broken());
        assert_eq!(broken.propagate_singles(), Err(Contradiction));
    }
}
