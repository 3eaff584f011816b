//! The fallback when the ladder is stuck: depth-first search with singles propagation, counting
//! trial placements. It depends only on this module's own rules (lowest-numbered cell with the
//! fewest candidates, digits in increasing order), so the count is the same on every platform.

use super::{Candidates, UNITS};

/// Trial placements made until the first solution is found.
pub(super) fn count_guesses(grid: &Candidates) -> u32 {
    let mut guesses = 0;
    dfs(*grid, &mut guesses);
    guesses
}

fn dfs(mut grid: Candidates, guesses: &mut u32) -> bool {
    if !propagate(&mut grid) {
        return false;
    }
    let mut best = None;
    let mut best_count = 10;
    for c in 0..81 {
        let n = grid.mask(c).count_ones();
        if grid.value(c) == 0 && n < best_count {
            best_count = n;
            best = Some(c);
        }
    }
    let Some(cell) = best else {
        return true;
    };
    for d in super::digits_of(grid.mask(cell)) {
        *guesses += 1;
        let mut child = grid;
        child.place(cell, d as u8 + 1);
        if dfs(child, guesses) {
            return true;
        }
    }
    false
}

/// Naked and hidden singles until nothing changes. Returns `false` on a contradiction.
fn propagate(grid: &mut Candidates) -> bool {
    loop {
        if grid.is_broken() {
            return false;
        }
        let mut progress = false;
        for c in 0..81 {
            let m = grid.mask(c);
            if m != 0 && m & (m - 1) == 0 {
                grid.place(c, m.trailing_zeros() as u8 + 1);
                progress = true;
            }
        }
        for unit in &UNITS {
            let (mut once, mut twice) = (0u16, 0u16);
            for &c in unit {
                let m = grid.mask(usize::from(c));
                twice |= once & m;
                once |= m;
            }
            for d in super::digits_of(once & !twice) {
                if let Some(&c) = unit
                    .iter()
                    .find(|&&c| grid.mask(usize::from(c)) & (1 << d) != 0)
                {
                    grid.place(usize::from(c), d as u8 + 1);
                    progress = true;
                }
            }
        }
        if !progress {
            return true;
        }
    }
}
