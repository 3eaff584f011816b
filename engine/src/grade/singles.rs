//! Singles: hidden singles (the only place for a digit in a unit) and naked singles (the only
//! digit for a cell).

use super::{Candidates, Step, UNITS, cell_units};

/// A digit with exactly one possible cell in a box (`boxes`) or in a row or column.
pub(super) fn hidden_single(grid: &Candidates, step: &mut Step, boxes: bool) -> bool {
    let units = if boxes { 18..27 } else { 0..18 };
    for u in units {
        let (mut once, mut twice) = (0u16, 0u16);
        for &c in &UNITS[u] {
            let m = grid.mask(usize::from(c));
            twice |= once & m;
            once |= m;
        }
        let singles = once & !twice;
        if singles == 0 {
            continue;
        }
        let d = singles.trailing_zeros() as usize;
        let Some(&cell) = UNITS[u]
            .iter()
            .find(|&&c| grid.mask(usize::from(c)) & (1 << d) != 0)
        else {
            continue;
        };
        let cell = usize::from(cell);
        step.placements[cell] = d as u8 + 1;
        step.pattern[cell] = 1 << d;
        step.units = 1 << u;
        return true;
    }
    false
}

/// An empty cell with a single candidate.
pub(super) fn naked_single(grid: &Candidates, step: &mut Step) -> bool {
    for cell in 0..81 {
        let m = grid.mask(cell);
        if m != 0 && m & (m - 1) == 0 {
            step.placements[cell] = m.trailing_zeros() as u8 + 1;
            step.pattern[cell] = m;
            // The cell's units hold the digits that rule out the others.
            step.units = cell_units(cell).iter().fold(0, |acc, &u| acc | 1 << u);
            return true;
        }
    }
    false
}
