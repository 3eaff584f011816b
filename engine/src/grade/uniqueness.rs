//! Uniqueness techniques: unique rectangles (types 1 and 2) and BUG+1. These rely on the puzzle having a single solution: four
//! empty cells in two rows, two columns and two boxes can never end up holding only `a` and `b`,
//! since swapping them would give a second solution.

use super::{Candidates, CellSet, PEERS, Step, UNIT_SET, cell_units, digits_of};

/// Type 1: three corners hold exactly `{a,b}`, so the fourth is neither `a` nor `b`.
/// Type 2: two corners hold exactly `{a,b}` and the other two exactly `{a,b,c}`, so one of those
/// two is `c`, and `c` leaves every cell that sees both.
pub(super) fn unique_rectangle(grid: &Candidates, step: &mut Step) -> bool {
    for r1 in 0..9 {
        for r2 in r1 + 1..9 {
            for c1 in 0..9 {
                for c2 in c1 + 1..9 {
                    // Exactly two boxes: same band or same stack, not both.
                    if (r1 / 3 == r2 / 3) == (c1 / 3 == c2 / 3) {
                        continue;
                    }
                    let corners = [r1 * 9 + c1, r1 * 9 + c2, r2 * 9 + c1, r2 * 9 + c2];
                    if check(grid, step, corners) {
                        return true;
                    }
                }
            }
        }
    }
    false
}

fn check(grid: &Candidates, step: &mut Step, corners: [usize; 4]) -> bool {
    let masks = corners.map(|c| grid.mask(c));
    if masks.contains(&0) {
        return false;
    }
    // The pair: the mask of some two-candidate corner shared by at least two corners.
    for &pair in &masks {
        if pair.count_ones() != 2 || masks.iter().any(|&m| m & pair != pair) {
            continue;
        }
        let floor = masks.iter().filter(|&&m| m == pair).count();
        let mut found = false;
        if floor == 3 {
            let i = masks.iter().position(|&m| m != pair).unwrap_or(0);
            step.eliminations[corners[i]] = pair;
            found = true;
        } else if floor == 2 {
            let roof: Vec<usize> = (0..4).filter(|&i| masks[i] != pair).collect();
            let extra = masks[roof[0]] & !pair;
            if extra.count_ones() == 1 && masks[roof[1]] == masks[roof[0]] {
                let d = extra.trailing_zeros() as usize;
                let elim =
                    grid.cells_with_index(d) & PEERS[corners[roof[0]]] & PEERS[corners[roof[1]]];
                if elim != 0 {
                    step.eliminate_in(elim, d);
                    found = true;
                }
            }
        }
        if found {
            for (i, &c) in corners.iter().enumerate() {
                step.pattern[c] = masks[i] & pair;
                for u in cell_units(c) {
                    // Units holding two corners.
                    if corners
                        .iter()
                        .filter(|&&o| cell_units(o).contains(&u))
                        .count()
                        == 2
                    {
                        step.units |= 1 << u;
                    }
                }
            }
            return true;
        }
        return false;
    }
    false
}

/// BUG+1 (bivalue universal grave plus one): every empty cell has two candidates except one
/// with three, and removing one digit `d` from that cell would leave every digit exactly twice
/// (or not at all) in every unit. That position would have two solutions, so the cell is `d`.
pub(super) fn bug_plus_one(grid: &Candidates, step: &mut Step) -> bool {
    let mut tri = None;
    for c in 0..81 {
        match grid.mask(c).count_ones() {
            0 | 2 => {}
            3 if tri.is_none() => tri = Some(c),
            _ => return false,
        }
    }
    let Some(t) = tri else {
        return false;
    };
    let pos: [CellSet; 9] = core::array::from_fn(|d| grid.cells_with_index(d));
    for d in digits_of(grid.mask(t)) {
        let fits = (0..27).all(|u| {
            (0..9).all(|e| {
                let mut n = (pos[e] & UNIT_SET[u]).count_ones();
                if e == d && UNIT_SET[u] & (1 << t) != 0 {
                    n -= 1;
                }
                n == 0 || n == 2
            })
        });
        if fits {
            step.placements[t] = d as u8 + 1;
            step.pattern[t] = grid.mask(t);
            step.units = cell_units(t).iter().fold(0, |acc, &u| acc | 1 << u);
            return true;
        }
    }
    false
}
