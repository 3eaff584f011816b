//! The rater's position, as Sudoku Explainer keeps it: a digit or a set of candidates per cell,
//! plus, per digit, the set of cells where it is still a candidate. And SE's regions, in SE's
//! order, since the order in which SE scans them decides which hint it finds first.

use crate::board::Board;
use crate::grid::geometry::{
    CELLS, PEERS, UNIT_CELLS, UNIT_SET, UnitKind, box_unit, col_unit, row_unit, unit_kind,
};
use crate::grid::{Candidates, CellSet, Digit, DigitSet};

/// SE's region types, in SE's numbering (`Grid.getRegions(0..3)`): blocks, rows, columns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) enum RegionKind {
    /// SE type 0.
    Block = 0,
    /// SE type 1.
    Row = 1,
    /// SE type 2.
    Column = 2,
}

/// One of SE's 27 regions: a kind and an index `0..9`. Its cells are in SE's order, which is
/// the grid vocabulary's ([`UNIT_CELLS`]): a block row by row, a row left to right, a column top
/// to bottom.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Region {
    pub kind: RegionKind,
    pub index: u8,
}

impl Region {
    /// The 9 regions of each kind, by SE type index: `REGIONS[0]` the blocks, `[1]` the rows,
    /// `[2]` the columns.
    pub const ALL: [[Region; 9]; 3] = {
        let mut all = [[Region {
            kind: RegionKind::Block,
            index: 0,
        }; 9]; 3];
        let mut i = 0;
        while i < 9 {
            all[1][i].kind = RegionKind::Row;
            all[2][i].kind = RegionKind::Column;
            let mut t = 0;
            while t < 3 {
                all[t][i].index = i as u8;
                t += 1;
            }
            i += 1;
        }
        all
    };

    /// The unit number (grid vocabulary: rows `0..9`, columns `9..18`, boxes `18..27`).
    pub const fn unit(self) -> usize {
        let i = self.index as usize;
        match self.kind {
            RegionKind::Block => box_unit(i),
            RegionKind::Row => row_unit(i),
            RegionKind::Column => col_unit(i),
        }
    }

    /// The region of unit number `u`.
    pub const fn of_unit(u: usize) -> Region {
        let (kind, index) = match unit_kind(u) {
            (UnitKind::Row, i) => (RegionKind::Row, i),
            (UnitKind::Col, i) => (RegionKind::Column, i),
            (UnitKind::Box, i) => (RegionKind::Block, i),
        };
        Region {
            kind,
            index: index as u8,
        }
    }

    /// The region of `kind` that holds `cell`.
    pub const fn containing(kind: RegionKind, cell: usize) -> Region {
        let index = match kind {
            RegionKind::Block => crate::grid::geometry::box_of(cell),
            RegionKind::Row => crate::grid::geometry::row(cell),
            RegionKind::Column => crate::grid::geometry::col(cell),
        };
        Region {
            kind,
            index: index as u8,
        }
    }

    /// The nine cells, in SE's order.
    pub const fn cells(self) -> &'static [u8; 9] {
        &UNIT_CELLS[self.unit()]
    }

    /// Cell `k` (`0..9`) in SE's order.
    pub const fn cell(self, k: usize) -> usize {
        self.cells()[k] as usize
    }

    /// The cells as a set.
    pub fn set(self) -> CellSet {
        UNIT_SET[self.unit()]
    }

    /// The position (`0..9`) of `cell` in the region, if it is there.
    pub fn index_of(self, cell: usize) -> Option<usize> {
        self.cells().iter().position(|&c| usize::from(c) == cell)
    }
}

/// A position: SE's `Grid` (cell values and potential values), with the cells of each digit
/// kept alongside so that region and fish queries are bit operations.
///
/// Invariant: `pos[d]` is exactly the set of cells whose `cands` holds digit index `d`; placed
/// cells have no candidates.
#[derive(Clone, PartialEq, Eq, Debug)]
pub(crate) struct Grid {
    values: [u8; CELLS],
    cands: [u16; CELLS],
    pos: [CellSet; 9],
}

impl Grid {
    /// The position of a candidate grid (placed digits, candidates of the others), as given.
    pub fn from_candidates(c: &Candidates) -> Grid {
        let mut g = Grid {
            values: *c.values(),
            cands: *c.masks(),
            pos: [CellSet::EMPTY; 9],
        };
        for cell in 0..CELLS {
            if g.values[cell] != 0 {
                g.cands[cell] = 0;
            }
        }
        g.rebuild_positions();
        g
    }

    /// The starting position of a puzzle whose givens do not clash (as
    /// `Grid::from_candidates(&Candidates::from_board(board)?)`): every empty cell keeps the
    /// digits no peer holds. Built digit by digit with cell-set operations.
    pub fn from_board(board: &Board) -> Grid {
        let values = *board.cells();
        let mut seen = [CellSet::EMPTY; 9];
        let mut given = CellSet::EMPTY;
        for (cell, &v) in values.iter().enumerate() {
            if let Some(d) = Digit::new(v) {
                seen[d.index()] |= PEERS[cell];
                given.insert(cell);
            }
        }
        let mut g = Grid {
            values,
            cands: [0; CELLS],
            pos: [CellSet::EMPTY; 9],
        };
        for (d, p) in g.pos.iter_mut().enumerate() {
            *p = CellSet::ALL - given - seen[d];
            for cell in *p {
                g.cands[cell] |= 1 << d;
            }
        }
        g
    }

    fn rebuild_positions(&mut self) {
        self.pos = [CellSet::EMPTY; 9];
        for (cell, &m) in self.cands.iter().enumerate() {
            for d in DigitSet::from_bits(m).iter() {
                self.pos[d.index()].insert(cell);
            }
        }
    }

    /// The digit in `cell`, 0 if empty.
    pub fn value(&self, cell: usize) -> u8 {
        self.values[cell]
    }

    /// The candidates of `cell` (empty for a placed cell).
    pub fn cands(&self, cell: usize) -> DigitSet {
        DigitSet::from_bits(self.cands[cell])
    }

    /// The candidate masks of all cells (bit `d - 1` for digit `d`).
    pub fn masks(&self) -> &[u16; CELLS] {
        &self.cands
    }

    /// True if `d` is a candidate of `cell`.
    pub fn has(&self, cell: usize, d: Digit) -> bool {
        self.cands[cell] & d.bit() != 0
    }

    /// The cells where `d` is a candidate.
    pub fn cells_with(&self, d: Digit) -> CellSet {
        self.pos[d.index()]
    }

    /// The empty cells.
    pub fn empty_cells(&self) -> CellSet {
        (0..CELLS).filter(|&c| self.values[c] == 0).collect()
    }

    /// SE's `Region.getPotentialPositions`: bit `k` for the region's `k`-th cell (SE order)
    /// where `d` is a candidate.
    pub fn positions(&self, region: Region, d: Digit) -> u16 {
        let bit = d.bit();
        let mut out = 0u16;
        for (k, &c) in region.cells().iter().enumerate() {
            out |= u16::from(self.cands[usize::from(c)] & bit != 0) << k;
        }
        out
    }

    /// SE's `Region.getEmptyCellCount`.
    pub fn empty_count(&self, region: Region) -> usize {
        region
            .cells()
            .iter()
            .filter(|&&c| self.values[usize::from(c)] == 0)
            .count()
    }

    /// True if `d` is placed somewhere in `region` (SE's `Region.contains(grid, value)`).
    pub fn region_has_value(&self, region: Region, d: Digit) -> bool {
        region
            .cells()
            .iter()
            .any(|&c| self.values[usize::from(c)] == d.get())
    }

    /// True when every cell holds a digit.
    pub fn is_solved(&self) -> bool {
        !self.values.contains(&0)
    }

    /// SE's `Cell.setValueAndCancel`: places `d` in `cell`, clears the cell's candidates and
    /// removes `d` from every peer.
    pub fn place(&mut self, cell: usize, d: Digit) {
        self.values[cell] = d.get();
        self.remove(cell, DigitSet::from_bits(self.cands[cell]));
        for peer in PEERS[cell] & self.pos[d.index()] {
            self.remove(peer, DigitSet::single(d));
        }
    }

    /// Removes the digits of `ds` from the candidates of `cell`.
    pub fn remove(&mut self, cell: usize, ds: DigitSet) {
        let gone = self.cands[cell] & ds.bits();
        if gone == 0 {
            return;
        }
        self.cands[cell] &= !gone;
        for d in DigitSet::from_bits(gone).iter() {
            self.pos[d.index()].remove(cell);
        }
    }

    /// The position as a candidate grid.
    pub fn to_candidates(&self) -> Candidates {
        Candidates::from_parts(self.values, self.cands)
    }

    /// Checks the invariant (for tests and debug assertions).
    #[cfg(test)]
    pub fn is_consistent(&self) -> bool {
        let mut copy = self.clone();
        copy.rebuild_positions();
        copy.pos == self.pos && (0..CELLS).all(|c| self.values[c] == 0 || self.cands[c] == 0)
    }
}

/// The position where a rule last found nothing, kept from step to step: for a rule whose
/// hints are patterns of cells (their candidates decide whether the pattern stands) that only
/// remove candidates seen from the pattern, a pattern none of whose cells changed since has
/// the same cells and fewer candidates to remove — nothing — so the next search need only
/// look at patterns with a changed cell.
#[derive(Clone)]
pub(crate) struct NothingSince {
    masks: [u16; CELLS],
    valid: bool,
}

impl NothingSince {
    pub(crate) const fn new() -> NothingSince {
        NothingSince {
            masks: [0; CELLS],
            valid: false,
        }
    }

    /// The cells whose candidates changed since the last search that found nothing, or `None`
    /// (look everywhere) when there was none or a cell gained a candidate since.
    pub(crate) fn changed(&self, grid: &Grid) -> Option<CellSet> {
        if !self.valid {
            return None;
        }
        let mut bits = 0u128;
        let mut gained = 0u16;
        for (cell, (&now, &then)) in grid.cands.iter().zip(&self.masks).enumerate() {
            gained |= now & !then;
            bits |= u128::from(now != then) << cell;
        }
        (gained == 0).then_some(CellSet::from_bits(bits))
    }

    /// Records the result of a search on `grid`.
    pub(crate) fn record(&mut self, grid: &Grid, found: bool) {
        self.valid = !found;
        if !found {
            self.masks = grid.cands;
        }
    }

    /// Runs `search` on the cells that changed since the last search that found nothing (all
    /// cells when [`NothingSince::changed`] says to look everywhere), and records its result.
    pub(crate) fn search<T>(
        &mut self,
        grid: &Grid,
        search: impl FnOnce(CellSet) -> Option<T>,
    ) -> Option<T> {
        let found = search(self.changed(grid).unwrap_or(CellSet::ALL));
        self.record(grid, found.is_some());
        found
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A puzzle's starting position built digit by digit is the one built by placing its
    /// givens on a full candidate grid.
    #[test]
    fn from_board_places_the_givens() {
        let mut n = 0;
        for line in include_str!("../../../data/ratings/se_sample.tsv")
            .lines()
            .filter(|l| !l.starts_with('#'))
        {
            let board: Board = line[..81].parse().unwrap();
            let placed = Grid::from_candidates(&Candidates::from_board(&board).unwrap());
            let built = Grid::from_board(&board);
            assert_eq!(built, placed, "{}", &line[..81]);
            assert!(built.is_consistent());
            n += 1;
        }
        assert!(n > 100, "{n} puzzles");
    }
}
