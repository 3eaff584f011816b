//! Naked and hidden subsets (pairs, triples, quads) within one unit.

use super::{Candidates, Step, UNITS};

/// Calls `f` with each `k`-element combination of `items` (in lexicographic order) until it
/// returns `true`; returns whether it did.
pub(super) fn combinations(
    items: &[usize],
    k: usize,
    f: &mut impl FnMut(&[usize]) -> bool,
) -> bool {
    fn go(
        items: &[usize],
        k: usize,
        start: usize,
        chosen: &mut [usize; 4],
        len: usize,
        f: &mut impl FnMut(&[usize]) -> bool,
    ) -> bool {
        if len == k {
            return f(&chosen[..k]);
        }
        for i in start..items.len() {
            if items.len() - i < k - len {
                break;
            }
            chosen[len] = items[i];
            if go(items, k, i + 1, chosen, len + 1, f) {
                return true;
            }
        }
        false
    }
    debug_assert!(k <= 4);
    go(items, k, 0, &mut [0; 4], 0, f)
}

/// `k` empty cells of a unit whose candidates, together, are `k` digits: those digits leave the
/// unit's other cells.
pub(super) fn naked(grid: &Candidates, step: &mut Step, k: usize) -> bool {
    for (u, unit) in UNITS.iter().enumerate() {
        let cells: Vec<usize> = unit
            .iter()
            .map(|&c| usize::from(c))
            .filter(|&c| (2..=k as u32).contains(&grid.mask(c).count_ones()))
            .collect();
        let found = combinations(&cells, k, &mut |chosen| {
            let digits = chosen.iter().fold(0, |acc, &c| acc | grid.mask(c));
            if digits.count_ones() as usize != k {
                return false;
            }
            let mut progress = false;
            for &c in unit {
                let c = usize::from(c);
                if !chosen.contains(&c) && grid.mask(c) & digits != 0 {
                    step.eliminations[c] = grid.mask(c) & digits;
                    progress = true;
                }
            }
            if progress {
                for &c in chosen {
                    step.pattern[c] = grid.mask(c);
                }
                step.units = 1 << u;
            }
            progress
        });
        if found {
            return true;
        }
    }
    false
}

/// `k` digits of a unit whose possible cells, together, are `k` cells: those cells lose their
/// other candidates.
pub(super) fn hidden(grid: &Candidates, step: &mut Step, k: usize) -> bool {
    for (u, unit) in UNITS.iter().enumerate() {
        // where[d]: bit i for the i-th cell of the unit that has digit d.
        let mut place = [0u16; 9];
        for (i, &c) in unit.iter().enumerate() {
            for (d, p) in place.iter_mut().enumerate() {
                if grid.mask(usize::from(c)) & (1 << d) != 0 {
                    *p |= 1 << i;
                }
            }
        }
        let digits: Vec<usize> = (0..9)
            .filter(|&d| (2..=k as u32).contains(&place[d].count_ones()))
            .collect();
        let found = combinations(&digits, k, &mut |chosen| {
            let spots = chosen.iter().fold(0, |acc, &d| acc | place[d]);
            if spots.count_ones() as usize != k {
                return false;
            }
            let keep: u16 = chosen.iter().fold(0, |acc, &d| acc | 1 << d);
            let mut progress = false;
            for (i, &c) in unit.iter().enumerate() {
                let c = usize::from(c);
                if spots & (1 << i) != 0 {
                    step.pattern[c] = grid.mask(c) & keep;
                    if grid.mask(c) & !keep != 0 {
                        step.eliminations[c] = grid.mask(c) & !keep;
                        progress = true;
                    }
                }
            }
            if progress {
                step.units = 1 << u;
            } else {
                step.pattern = [0; 81];
            }
            progress
        });
        if found {
            return true;
        }
    }
    false
}
