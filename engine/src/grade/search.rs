//! The fallback when the ladder is stuck: depth-first search with singles propagation, counting
//! trial placements. It depends only on this module's own rules (lowest-numbered cell with the
//! fewest candidates, digits in increasing order), so the count is the same on every platform.
//!
//! The propagation is [`Candidates::propagate_singles`]; the count depends only on the fixed
//! point it reaches, or on its failing, and neither depends on the order singles are placed in.

use crate::grid::{CELLS, Candidates, DigitSet};

/// Trial placements made until the first solution is found.
pub(super) fn count_guesses(grid: &Candidates) -> u32 {
    let mut guesses = 0;
    dfs(*grid, &mut guesses);
    guesses
}

fn dfs(mut grid: Candidates, guesses: &mut u32) -> bool {
    if grid.propagate_singles().is_err() {
        return false;
    }
    let mut best = None;
    let mut best_count = 10;
    for c in 0..CELLS {
        let n = grid.mask(c).count_ones();
        if grid.value(c) == 0 && n < best_count {
            best_count = n;
            best = Some(c);
        }
    }
    let Some(cell) = best else {
        return true;
    };
    for d in DigitSet::from_bits(grid.mask(cell)).iter() {
        *guesses += 1;
        let mut child = grid;
        child.place(cell, d.get());
        if dfs(child, guesses) {
            return true;
        }
    }
    false
}
