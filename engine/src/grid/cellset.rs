//! A set of cells: one bit per cell of the grid.

use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, Not, Sub};

use super::CELLS;

/// A set of cells, bit `i` for cell `i` (`0..81`). Iterates in increasing cell order.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CellSet(u128);

const MASK: u128 = (1 << CELLS) - 1;

impl CellSet {
    /// No cells.
    pub const EMPTY: CellSet = CellSet(0);
    /// Every cell.
    pub const ALL: CellSet = CellSet(MASK);

    /// The set whose bit `i` is bit `i` of `bits` (bits above 80 are dropped).
    pub const fn from_bits(bits: u128) -> CellSet {
        CellSet(bits & MASK)
    }

    /// The bits: bit `i` for cell `i`.
    pub const fn bits(self) -> u128 {
        self.0
    }

    /// The set holding `cell` alone. Panics if `cell >= 81`.
    pub const fn single(cell: usize) -> CellSet {
        assert!(cell < CELLS, "cell out of range");
        CellSet(1 << cell)
    }

    /// True if `cell` is in the set (false for `cell >= 81`).
    pub const fn contains(self, cell: usize) -> bool {
        cell < CELLS && self.0 >> cell & 1 != 0
    }

    /// The set with `cell` added. Panics if `cell >= 81`.
    pub const fn with(self, cell: usize) -> CellSet {
        CellSet(self.0 | CellSet::single(cell).0)
    }

    /// The set with `cell` removed.
    pub const fn without(self, cell: usize) -> CellSet {
        if cell < CELLS {
            CellSet(self.0 & !(1 << cell))
        } else {
            self
        }
    }

    /// Adds `cell`. Panics if `cell >= 81`.
    pub fn insert(&mut self, cell: usize) {
        *self = self.with(cell);
    }

    /// Removes `cell`.
    pub fn remove(&mut self, cell: usize) {
        *self = self.without(cell);
    }

    /// Cells in either set.
    pub const fn union(self, other: CellSet) -> CellSet {
        CellSet(self.0 | other.0)
    }

    /// Cells in both sets.
    pub const fn intersection(self, other: CellSet) -> CellSet {
        CellSet(self.0 & other.0)
    }

    /// Cells of `self` not in `other`.
    pub const fn difference(self, other: CellSet) -> CellSet {
        CellSet(self.0 & !other.0)
    }

    /// The number of cells.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// True if there are no cells.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// True if the sets share a cell.
    pub const fn intersects(self, other: CellSet) -> bool {
        self.0 & other.0 != 0
    }

    /// True if every cell of `self` is in `other`.
    pub const fn is_subset(self, other: CellSet) -> bool {
        self.0 & !other.0 == 0
    }

    /// The lowest cell, if any.
    pub const fn first(self) -> Option<usize> {
        if self.0 == 0 {
            None
        } else {
            Some(self.0.trailing_zeros() as usize)
        }
    }

    /// The only cell of a one-cell set; `None` for any other size.
    pub const fn only(self) -> Option<usize> {
        if self.len() == 1 { self.first() } else { None }
    }

    /// The cells in increasing order.
    pub const fn iter(self) -> Cells {
        Cells(self.0)
    }
}

impl core::fmt::Debug for CellSet {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

/// The cells of a [`CellSet`], in increasing order.
#[derive(Clone, Debug)]
pub struct Cells(u128);

impl Iterator for Cells {
    type Item = usize;

    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let cell = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(cell)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Cells {}

impl IntoIterator for CellSet {
    type Item = usize;
    type IntoIter = Cells;

    fn into_iter(self) -> Cells {
        self.iter()
    }
}

impl FromIterator<usize> for CellSet {
    /// Panics on a cell `>= 81`.
    fn from_iter<I: IntoIterator<Item = usize>>(cells: I) -> CellSet {
        cells.into_iter().fold(CellSet::EMPTY, CellSet::with)
    }
}

impl BitOr for CellSet {
    type Output = CellSet;
    fn bitor(self, rhs: CellSet) -> CellSet {
        self.union(rhs)
    }
}

impl BitOrAssign for CellSet {
    fn bitor_assign(&mut self, rhs: CellSet) {
        *self = self.union(rhs);
    }
}

impl BitAnd for CellSet {
    type Output = CellSet;
    fn bitand(self, rhs: CellSet) -> CellSet {
        self.intersection(rhs)
    }
}

impl BitAndAssign for CellSet {
    fn bitand_assign(&mut self, rhs: CellSet) {
        *self = self.intersection(rhs);
    }
}

impl BitXor for CellSet {
    type Output = CellSet;
    fn bitxor(self, rhs: CellSet) -> CellSet {
        CellSet(self.0 ^ rhs.0)
    }
}

impl Sub for CellSet {
    type Output = CellSet;
    fn sub(self, rhs: CellSet) -> CellSet {
        self.difference(rhs)
    }
}

impl Not for CellSet {
    type Output = CellSet;
    /// The complement within the grid's 81 cells.
    fn not(self) -> CellSet {
        CellSet(!self.0 & MASK)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_operations_agree_with_a_list() {
        let a: CellSet = [0, 5, 80, 40].into_iter().collect();
        let b: CellSet = [5, 6, 40].into_iter().collect();
        assert_eq!(a.iter().collect::<Vec<_>>(), [0, 5, 40, 80]);
        assert_eq!((a & b).iter().collect::<Vec<_>>(), [5, 40]);
        assert_eq!((a - b).iter().collect::<Vec<_>>(), [0, 80]);
        assert_eq!((a | b).len(), 5);
        assert_eq!((!a).len(), 77);
        assert!(!(!a).contains(80) && !CellSet::ALL.contains(81));
        assert_eq!(a.first(), Some(0));
        assert_eq!(CellSet::single(7).only(), Some(7));
        assert_eq!(a.only(), None);
        assert!(CellSet::single(5).is_subset(b) && !a.is_subset(b));
    }
}
