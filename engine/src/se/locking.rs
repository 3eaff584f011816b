//! Intersections: SE's `Locking(true)` (direct pointing and claiming) and `Locking(false)`
//! (pointing and claiming).
//!
//! What matters for matching Sukaku Explainer 1.15.10 (`Locking.java`, `LockingHint.java`,
//! `DirectLockingHint.java`):
//!
//! * Four passes, in this order: block → column, block → row (pointing), column → block,
//!   row → block (claiming). Within a pass the digit is the outer loop (1 to 9), then the first
//!   region by index, then the second. So every pointing along a column comes before any
//!   pointing along a row, and every pointing before any claiming, whatever the digits.
//! * The first region needs at least two candidates of the digit, all inside the second
//!   region. One hint per (first region, second region, digit): it removes the digit from the
//!   second region's cells outside the first, and is rated 2.6 ("Pointing", first region a
//!   block) or 2.8 ("Claiming").
//! * Direct mode looks, for each such intersection, at the other regions of the first
//!   region's kind that cross the second (by index), and takes the first where the digit has
//!   two or more candidates and exactly one outside the second region: a hidden single there,
//!   in a block for "Direct Pointing" (1.7) and in a line for "Direct Claiming" (1.9). Singles
//!   in regions of the other kinds are not looked for. The hint **only places** that single:
//!   SE builds `DirectLockingHint` with an empty map of removable potentials, so the pointing's
//!   other eliminations are not made (later steps must find them again).

use super::Ctx;
use super::grid::{Grid, Region, RegionKind};
use super::hint::{Explanation, Hint, SeName};
use crate::grade::Technique;
use crate::grid::{CellSet, Digit, DigitSet};

/// The passes: (first region kind, second region kind), by SE type index.
const PASSES: [(usize, usize); 4] = [(0, 2), (0, 1), (2, 0), (1, 0)];

const KINDS: [RegionKind; 3] = [RegionKind::Block, RegionKind::Row, RegionKind::Column];

/// Calls `found(region1, region2, d, cells)` for every intersection in SE's order (`cells`: the
/// digit's candidates in `region1`, all inside `region2`), until it returns a hint.
fn scan(
    grid: &Grid,
    mut found: impl FnMut(Region, Region, Digit, CellSet) -> Option<Hint>,
) -> Option<Hint> {
    for (t1, t2) in PASSES {
        for d in Digit::ALL {
            let pos = grid.cells_with(d);
            for region1 in Region::ALL[t1] {
                let cells = pos & region1.set();
                if cells.len() < 2 {
                    continue;
                }
                let first = cells.first()?;
                let region2 = Region::containing(KINDS[t2], first);
                if !cells.is_subset(region2.set()) {
                    continue;
                }
                if let Some(hint) = found(region1, region2, d, cells) {
                    return Some(hint);
                }
            }
        }
    }
    None
}

fn explain(hint: &mut Hint, region1: Region, region2: Region, d: Digit, cells: CellSet) {
    hint.explanation = Some(Box::new(Explanation {
        pattern: cells.iter().map(|c| (c, DigitSet::single(d))).collect(),
        units: (1 << region1.unit()) | (1 << region2.unit()),
        chains: Vec::new(),
    }));
}

/// SE's `Locking(true)`: the first pointing or claiming that leaves a hidden single in a
/// region of the first region's kind; the hint places it (and removes nothing).
pub(crate) fn direct_locking(grid: &Grid, ctx: &mut Ctx) -> Option<Hint> {
    scan(grid, |region1, region2, d, cells| {
        let pos = grid.cells_with(d);
        let r2 = region2.set();
        let t1 = region1.kind as usize;
        for region3 in Region::ALL[t1] {
            if region3 == region1 || !region3.set().intersects(r2) {
                continue;
            }
            let cells3 = pos & region3.set();
            if cells3.len() < 2 {
                continue;
            }
            let Some(cell) = (cells3 - r2).only() else {
                continue;
            };
            let pointing = region1.kind == RegionKind::Block;
            let (technique, difficulty, name) = if pointing {
                (Technique::DirectPointing, 1.7, "Direct Pointing")
            } else {
                (Technique::DirectClaiming, 1.9, "Direct Claiming")
            };
            let mut hint = Hint::new(technique, difficulty);
            hint.name = SeName::new(name);
            hint.placement = Some((cell, d));
            if ctx.explain {
                explain(&mut hint, region1, region2, d, cells);
            }
            return Some(hint);
        }
        None
    })
}

/// SE's `Locking(false)`: the first pointing or claiming that removes something.
pub(crate) fn locking(grid: &Grid, ctx: &mut Ctx) -> Option<Hint> {
    scan(grid, |region1, region2, d, cells| {
        let gone = (grid.cells_with(d) & region2.set()) - region1.set();
        if gone.is_empty() {
            return None;
        }
        let (technique, difficulty, name) = if region1.kind == RegionKind::Block {
            (Technique::Pointing, 2.6, "Pointing")
        } else {
            (Technique::Claiming, 2.8, "Claiming")
        };
        let mut hint = Hint::new(technique, difficulty);
        hint.name = SeName::new(name);
        for c in gone {
            hint.eliminate(c, DigitSet::single(d));
        }
        if ctx.explain {
            explain(&mut hint, region1, region2, d, cells);
        }
        Some(hint)
    })
}

#[cfg(test)]
mod tests {
    use super::super::singles::testkit::{Rng, ctx, samples, solution, variant};
    use super::*;

    /// SE's `Locking.getHints`, transcribed loop for loop (region-local position masks, every
    /// crossing pair tried).
    fn reference(grid: &Grid, direct: bool) -> Option<Hint> {
        let cell_of = |r: Region, k: usize| r.cell(k);
        for (t1, t2) in PASSES {
            for d in Digit::ALL {
                for region1 in Region::ALL[t1] {
                    let p = grid.positions(region1, d);
                    if p.count_ones() < 2 {
                        continue;
                    }
                    for region2 in Region::ALL[t2] {
                        if !region1.set().intersects(region2.set()) {
                            continue;
                        }
                        let inside = (0..9)
                            .filter(|k| p & (1 << k) != 0)
                            .all(|k| region2.set().contains(cell_of(region1, k)));
                        if !inside {
                            continue;
                        }
                        let removable: Vec<usize> = (0..9)
                            .map(|k| region2.cell(k))
                            .filter(|&c| !region1.set().contains(c) && grid.has(c, d))
                            .collect();
                        let pointing = t1 == 0;
                        if direct {
                            for region3 in Region::ALL[t1] {
                                if region3 == region1 || !region3.set().intersects(region2.set()) {
                                    continue;
                                }
                                let p3 = grid.positions(region3, d);
                                if p3.count_ones() <= 1 {
                                    continue;
                                }
                                let outside: Vec<usize> = (0..9)
                                    .filter(|k| p3 & (1 << k) != 0)
                                    .map(|k| region3.cell(k))
                                    .filter(|&c| !region2.set().contains(c))
                                    .collect();
                                if outside.len() == 1 {
                                    let (t, r, n) = if pointing {
                                        (Technique::DirectPointing, 1.7, "Direct Pointing")
                                    } else {
                                        (Technique::DirectClaiming, 1.9, "Direct Claiming")
                                    };
                                    let mut h = Hint::new(t, r);
                                    h.name = SeName::new(n);
                                    h.placement = Some((outside[0], d));
                                    return Some(h);
                                }
                            }
                        } else if !removable.is_empty() {
                            let (t, r, n) = if pointing {
                                (Technique::Pointing, 2.6, "Pointing")
                            } else {
                                (Technique::Claiming, 2.8, "Claiming")
                            };
                            let mut h = Hint::new(t, r);
                            h.name = SeName::new(n);
                            for c in removable {
                                h.eliminate(c, DigitSet::single(d));
                            }
                            return Some(h);
                        }
                    }
                }
            }
        }
        None
    }

    #[test]
    fn as_se_scans() {
        let mut rng = Rng(77);
        let (mut found, mut direct_found) = (0, 0);
        for s in samples() {
            let sol = solution(&s.before);
            for k in 0..6 {
                let g = if k == 0 {
                    s.before.clone()
                } else {
                    variant(&s.before, &sol, &mut rng)
                };
                let h = locking(&g, &mut ctx());
                assert_eq!(h, reference(&g, false), "near {}", s.description);
                found += usize::from(h.is_some());
                let h = direct_locking(&g, &mut ctx());
                assert_eq!(h, reference(&g, true), "near {}", s.description);
                direct_found += usize::from(h.is_some());
            }
        }
        assert!(found > 100 && direct_found > 20, "{found} {direct_found}");
    }

    /// A direct pointing places its single and removes nothing else (SE's `DirectLockingHint`
    /// has no removable potentials), though the pointing itself would remove something.
    #[test]
    fn direct_pointing_places_only() {
        for s in samples().iter().filter(|s| s.name == "Direct Pointing") {
            let h = direct_locking(&s.before, &mut ctx()).unwrap();
            assert!(h.placement.is_some());
            assert!(h.eliminations.iter().all(|&m| m == 0));
            // The plain rule would remove the same digit elsewhere in the line.
            let plain = locking(&s.before, &mut ctx());
            assert!(plain.is_some(), "{}", s.description);
        }
    }
}
