//! Basic fish: X-Wing (2), Swordfish (3), Jellyfish (4), row- and column-based.

use super::subsets::combinations;
use super::{Candidates, Step, UNIT_SET, UNITS};

/// A digit whose candidates in `k` rows (the base) lie in `k` columns (the cover), or the same
/// with rows and columns swapped: it leaves the cover's other cells.
pub(super) fn fish(grid: &Candidates, step: &mut Step, k: usize) -> bool {
    for d in 0..9 {
        let pos = grid.cells_with_index(d);
        // Rows as base (units 0..9, cover columns 9..18), then columns as base.
        for (base_first, cover_first) in [(0, 9), (9, 0)] {
            // spread[i]: bit j when the base line i has the digit on its j-th cell, which
            // lies in cover line j.
            let mut spread = [0u16; 9];
            for (i, s) in spread.iter_mut().enumerate() {
                for (j, &c) in UNITS[base_first + i].iter().enumerate() {
                    if pos & (1 << c) != 0 {
                        *s |= 1 << j;
                    }
                }
            }
            let lines: Vec<usize> = (0..9)
                .filter(|&i| (2..=k as u32).contains(&spread[i].count_ones()))
                .collect();
            let found = combinations(&lines, k, &mut |base| {
                let cover = base.iter().fold(0u16, |acc, &i| acc | spread[i]);
                if cover.count_ones() as usize != k {
                    return false;
                }
                let base_cells = base
                    .iter()
                    .fold(0u128, |acc, &i| acc | UNIT_SET[base_first + i]);
                let cover_cells = (0..9)
                    .filter(|&j| cover & (1 << j) != 0)
                    .fold(0u128, |acc, j| acc | UNIT_SET[cover_first + j]);
                let elim = pos & cover_cells & !base_cells;
                if elim == 0 {
                    return false;
                }
                step.eliminate_in(elim, d);
                step.mark(pos & base_cells, d);
                for &i in base {
                    step.units |= 1 << (base_first + i);
                }
                for j in 0..9 {
                    if cover & (1 << j) != 0 {
                        step.units |= 1 << (cover_first + j);
                    }
                }
                true
            });
            if found {
                return true;
            }
        }
    }
    false
}
