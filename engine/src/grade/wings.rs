//! Wings: XY-Wing, XYZ-Wing and W-Wing.

use super::{Candidates, CellSet, PEERS, Step, UNIT_SET, cells_of, shared_units};

/// Cells with exactly two candidates.
fn bivalue_cells(grid: &Candidates) -> CellSet {
    let mut set = 0;
    for c in 0..81 {
        if grid.mask(c).count_ones() == 2 {
            set |= 1 << c;
        }
    }
    set
}

/// Records a wing found on `cells` (a pincer, the pivot, the other pincer): `d` leaves `elim`;
/// the three cells' candidates are the pattern. Returns `true`, for the caller to return.
fn record(grid: &Candidates, step: &mut Step, d: usize, elim: CellSet, cells: [usize; 3]) -> bool {
    step.eliminate_in(elim, d);
    for c in cells {
        step.pattern[c] = grid.mask(c);
    }
    step.units = shared_units(&cells);
    true
}

/// Pivot `{x,y}` seeing pincers `{x,z}` and `{y,z}`: one pincer is `z`, so `z` leaves every cell
/// that sees both pincers.
pub(super) fn xy_wing(grid: &Candidates, step: &mut Step) -> bool {
    let bivalue = bivalue_cells(grid);
    for pivot in cells_of(bivalue) {
        let pm = grid.mask(pivot);
        let wings = bivalue & PEERS[pivot];
        for a in cells_of(wings) {
            let am = grid.mask(a);
            let common = am & pm;
            if common.count_ones() != 1 {
                continue;
            }
            let z = am & !common;
            let bm = (pm & !common) | z;
            for b in cells_of(wings) {
                if b <= a || grid.mask(b) != bm {
                    continue;
                }
                let d = z.trailing_zeros() as usize;
                let elim = grid.cells_with_index(d) & PEERS[a] & PEERS[b];
                if elim != 0 {
                    return record(grid, step, d, elim, [a, pivot, b]);
                }
            }
        }
    }
    false
}

/// Pivot `{x,y,z}` seeing pincers `{x,z}` and `{y,z}`: one of the three is `z`, so `z` leaves
/// every cell that sees all three.
pub(super) fn xyz_wing(grid: &Candidates, step: &mut Step) -> bool {
    let bivalue = bivalue_cells(grid);
    for pivot in 0..81 {
        let pm = grid.mask(pivot);
        if pm.count_ones() != 3 {
            continue;
        }
        let wings = bivalue & PEERS[pivot];
        for a in cells_of(wings) {
            let am = grid.mask(a);
            if am & !pm != 0 {
                continue;
            }
            for b in cells_of(wings) {
                let bm = grid.mask(b);
                if b <= a || bm & !pm != 0 || am | bm != pm {
                    continue;
                }
                let d = (am & bm).trailing_zeros() as usize;
                let elim = grid.cells_with_index(d) & PEERS[pivot] & PEERS[a] & PEERS[b];
                if elim != 0 {
                    return record(grid, step, d, elim, [a, pivot, b]);
                }
            }
        }
    }
    false
}

/// Two `{x,y}` cells that do not see each other, each seeing one end of a strong link on `x`
/// (a unit where `x` has exactly two places): one of them is `y`, so `y` leaves every cell that
/// sees both.
pub(super) fn w_wing(grid: &Candidates, step: &mut Step) -> bool {
    let bivalue = bivalue_cells(grid);
    for a in cells_of(bivalue) {
        let m = grid.mask(a);
        for b in cells_of(bivalue & !PEERS[a]) {
            if b <= a || grid.mask(b) != m {
                continue;
            }
            for (x, y) in [
                (m.trailing_zeros(), 15 - m.leading_zeros()),
                (15 - m.leading_zeros(), m.trailing_zeros()),
            ] {
                let (x, y) = (x as usize, y as usize);
                let elim = grid.cells_with_index(y) & PEERS[a] & PEERS[b];
                if elim == 0 {
                    continue;
                }
                let xs = grid.cells_with_index(x);
                for (u, &unit) in UNIT_SET.iter().enumerate() {
                    let link = xs & unit;
                    if link.count_ones() != 2 || link & (1 << a | 1 << b) != 0 {
                        continue;
                    }
                    let l1 = link.trailing_zeros() as usize;
                    let l2 = 127 - link.leading_zeros() as usize;
                    let joined = (PEERS[a] & 1 << l1 != 0 && PEERS[b] & 1 << l2 != 0)
                        || (PEERS[a] & 1 << l2 != 0 && PEERS[b] & 1 << l1 != 0);
                    if joined {
                        step.eliminate_in(elim, y);
                        step.pattern[a] = m;
                        step.pattern[b] = m;
                        step.mark(link, x);
                        step.units = 1 << u;
                        return true;
                    }
                }
            }
        }
    }
    false
}
