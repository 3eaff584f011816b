//! Intersections (locked candidates): pointing (box → line) and claiming (line → box).

use super::{Candidates, CellSet, Step, UNIT_SET};

/// The candidates of a digit in a box all lie in one row or column: the digit leaves the rest of
/// that line.
pub(super) fn pointing(grid: &Candidates, step: &mut Step) -> bool {
    for d in 0..9 {
        let pos = grid.cells_with_index(d);
        for bx in 18..27 {
            let inside = pos & UNIT_SET[bx];
            if inside.count_ones() < 2 {
                continue;
            }
            for line in 0..18 {
                if inside & !UNIT_SET[line] == 0 {
                    let elim = pos & UNIT_SET[line] & !UNIT_SET[bx];
                    if record(step, d, inside, elim, bx, line) {
                        return true;
                    }
                }
            }
        }
    }
    false
}

/// The candidates of a digit in a row or column all lie in one box: the digit leaves the rest of
/// that box.
pub(super) fn claiming(grid: &Candidates, step: &mut Step) -> bool {
    for d in 0..9 {
        let pos = grid.cells_with_index(d);
        for line in 0..18 {
            let inside = pos & UNIT_SET[line];
            if inside.count_ones() < 2 {
                continue;
            }
            for bx in 18..27 {
                if inside & !UNIT_SET[bx] == 0 {
                    let elim = pos & UNIT_SET[bx] & !UNIT_SET[line];
                    if record(step, d, inside, elim, line, bx) {
                        return true;
                    }
                }
            }
        }
    }
    false
}

fn record(step: &mut Step, d: usize, inside: CellSet, elim: CellSet, a: usize, b: usize) -> bool {
    if elim == 0 {
        return false;
    }
    step.mark(inside, d);
    step.eliminate_in(elim, d);
    step.units = 1 << a | 1 << b;
    true
}
