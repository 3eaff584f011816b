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
//! * "Direct Claiming" never happens on a consistent grid: whenever a claiming leaves a single
//!   in a crossing line, the third line of the band (or stack) has the digit in one block only
//!   — a hidden single there, or a pointing that leaves a single in the next block, found
//!   first since the pointing passes come first. (None in the 205,000 SE steps traced.)

use super::Ctx;
use super::grid::{Grid, Region, RegionKind};
use super::hint::{Explanation, Hint};
use crate::grade::Technique;
use crate::grid::geometry::{box_of, box_origin, cell_at, col, row};
use crate::grid::{CellSet, Digit, DigitSet};

/// The passes: (first region kind, second region kind), by SE type index.
#[cfg(test)]
const PASSES: [(usize, usize); 4] = [(0, 2), (0, 1), (2, 0), (1, 0)];

/// The cells in rows `rows` (bit `r`) and columns `cols` (bit `c`), as bits of a cell set.
const fn grid_mask(rows: u16, cols: u16) -> u128 {
    let mut m = 0u128;
    let mut cell = 0;
    while cell < 81 {
        if rows & (1 << row(cell)) != 0 && cols & (1 << col(cell)) != 0 {
            m |= 1 << cell;
        }
        cell += 1;
    }
    m
}

const ALL_ROWS: u16 = 0x1ff;
/// The rows and columns that start a band or a stack: 0, 3 and 6.
const FIRSTS: u16 = 0b001_001_001;

/// Per 3-cell segment of `p` (vertical segments at rows 0, 3, 6 when `step` is 9, horizontal ones
/// at columns 0, 3, 6 when it is 1), marked at the segment's first cell: (some place, two or
/// more places).
#[inline]
fn segments(p: u128, step: u32, firsts: u128) -> (u128, u128) {
    let (a, b, c) = (p, p >> step, p >> (2 * step));
    ((a | b | c) & firsts, ((a & b) | (a & c) | (b & c)) & firsts)
}

/// For segment marks `a` at the positions of `groups[0..3]` (three disjoint masks, the
/// segments of one group being `shift` apart), the marks of the group's other two segments,
/// moved onto each segment.
#[inline]
fn mates(a: u128, shift: u32, groups: [u128; 3]) -> u128 {
    (((a >> shift) | (a >> (2 * shift))) & groups[0])
        | (((a << shift) | (a >> shift)) & groups[1])
        | (((a << shift) | (a << (2 * shift))) & groups[2])
}

/// For segment marks `a` as in [`mates`], the marks of each segment's two group mates, one
/// mate each: together the two results cover both others.
#[inline]
fn mate_pair(a: u128, shift: u32, groups: [u128; 3]) -> (u128, u128) {
    let first =
        ((a >> shift) & groups[0]) | ((a << shift) & groups[1]) | ((a << (2 * shift)) & groups[2]);
    let second =
        ((a >> (2 * shift)) & groups[0]) | ((a >> shift) & groups[1]) | ((a << shift) & groups[2]);
    (first, second)
}

/// The segments (marks as in [`segments`]) that hold a place while their two group mates
/// (`shift`, `groups` as in [`mates`]) hold exactly one between them: where a region of the
/// group has two or more places, exactly one of them outside the segment's line (or block).
#[inline]
fn one_outside(some: u128, two: u128, shift: u32, groups: [u128; 3]) -> u128 {
    let one = some & !two;
    let (some1, some2) = mate_pair(some, shift, groups);
    let (one1, one2) = mate_pair(one, shift, groups);
    some & ((one1 & !some2) | (one2 & !some1))
}

/// Which intersections [`scan`] reports.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Only {
    /// Those that remove something from the second region (SE's `Locking(false)` hints).
    Removing,
    /// Those where a region of the first region's kind crossing the second has two or more
    /// places, exactly one outside the second region (SE's `Locking(true)` hints). Skipping
    /// the others only saves the work of looking at them: no hint comes from them.
    Direct,
}

/// Per digit, its cells (bits) and the four passes' hits [`scan`] computed from them, kept
/// from step to step: a digit whose cells are unchanged has the same hits.
#[derive(Clone, Copy)]
pub(crate) struct LockingMemo {
    cells: [u128; 9],
    hits: [[u128; 4]; 9],
}

impl LockingMemo {
    pub(crate) const fn new() -> LockingMemo {
        // No cell set has bits above 81.
        LockingMemo {
            cells: [u128::MAX; 9],
            hits: [[0; 4]; 9],
        }
    }
}

/// Calls `found(region1, region2, d, pos)` for every intersection in SE's order (`pos`: the
/// digit's cells; those in `region1`, two or more, all lie in `region2`), until it returns a
/// hint. With `only`, intersections that cannot give a hint of that kind are skipped.
///
/// A block's places lie in one column iff exactly one of its three vertical 3-cell segments has
/// some and that one has two or more; the same for rows with horizontal segments, and for a
/// line's places in one block with the line's three segments. So each pass finds its
/// intersections for all regions at once with bit operations on the digit's cells.
fn scan(
    grid: &Grid,
    only: Only,
    memo: &mut LockingMemo,
    mut found: impl FnMut(Region, Region, Digit, CellSet) -> Option<Hint>,
) -> Option<Hint> {
    // Segment starts: vertical at rows 0, 3, 6; horizontal at columns 0, 3, 6.
    const V: u128 = grid_mask(FIRSTS, ALL_ROWS);
    const H: u128 = grid_mask(ALL_ROWS, FIRSTS);
    // Vertical segments of one block (same rows, columns 3s, 3s+1, 3s+2) and of one column
    // (same column, bands 0, 1, 2).
    const V_IN_BLOCK: [u128; 3] = [
        grid_mask(FIRSTS, FIRSTS),
        grid_mask(FIRSTS, FIRSTS << 1),
        grid_mask(FIRSTS, FIRSTS << 2),
    ];
    const V_IN_COLUMN: [u128; 3] = [
        grid_mask(1, ALL_ROWS),
        grid_mask(1 << 3, ALL_ROWS),
        grid_mask(1 << 6, ALL_ROWS),
    ];
    // Horizontal segments of one block (rows 3k, 3k+1, 3k+2) and of one row (stacks 0, 1, 2).
    const H_IN_BLOCK: [u128; 3] = [
        grid_mask(FIRSTS, FIRSTS),
        grid_mask(FIRSTS << 1, FIRSTS),
        grid_mask(FIRSTS << 2, FIRSTS),
    ];
    const H_IN_ROW: [u128; 3] = [
        grid_mask(ALL_ROWS, 1),
        grid_mask(ALL_ROWS, 1 << 3),
        grid_mask(ALL_ROWS, 1 << 6),
    ];
    let block_region = |b: usize| Region::ALL[0][b];
    let row_region = |r: usize| Region::ALL[1][r];
    let column_region = |c: usize| Region::ALL[2][c];
    // Every pass's hits for every digit first (each digit's segments serve two passes), so
    // that a position without any costs no more.
    // They are kept in the memo (by digit, then pass), which ends up holding every digit's.
    let mut any = 0u128;
    for d in Digit::ALL {
        let pos = grid.cells_with(d).bits();
        let i = d.index();
        if memo.cells[i] == pos {
            let [a, b, c, e] = memo.hits[i];
            any |= a | b | c | e;
            continue;
        }
        let (vsome, vtwo) = segments(pos, 9, V);
        let (hsome, htwo) = segments(pos, 1, H);
        // A block's places in one column (row): one vertical (horizontal) segment of the
        // block holds them, two or more; a column's (row's) in one block, the same with the
        // line's segments.
        let confined = [
            vtwo & !mates(vsome, 1, V_IN_BLOCK),
            htwo & !mates(hsome, 9, H_IN_BLOCK),
            vtwo & !mates(vsome, 27, V_IN_COLUMN),
            htwo & !mates(hsome, 3, H_IN_ROW),
        ];
        let found_here = match only {
            // Places in the second region outside the first.
            Only::Removing => [
                confined[0] & mates(vsome, 27, V_IN_COLUMN),
                confined[1] & mates(hsome, 3, H_IN_ROW),
                confined[2] & mates(vsome, 1, V_IN_BLOCK),
                confined[3] & mates(hsome, 9, H_IN_BLOCK),
            ],
            // A region of the first one's kind crossing the second, with one place outside
            // it. A pass's hits lie where its intersections are: with none, it has none, and
            // the crossing regions are not looked at.
            Only::Direct => {
                let mut h = [0u128; 4];
                if confined[0] != 0 {
                    h[0] = confined[0]
                        & mates(one_outside(vsome, vtwo, 1, V_IN_BLOCK), 27, V_IN_COLUMN);
                }
                if confined[1] != 0 {
                    h[1] =
                        confined[1] & mates(one_outside(hsome, htwo, 9, H_IN_BLOCK), 3, H_IN_ROW);
                }
                if confined[2] != 0 {
                    h[2] = confined[2]
                        & mates(one_outside(vsome, vtwo, 27, V_IN_COLUMN), 1, V_IN_BLOCK);
                }
                if confined[3] != 0 {
                    h[3] =
                        confined[3] & mates(one_outside(hsome, htwo, 3, H_IN_ROW), 9, H_IN_BLOCK);
                }
                h
            }
        };
        let [a, b, c, e] = found_here;
        any |= a | b | c | e;
        memo.cells[i] = pos;
        memo.hits[i] = found_here;
    }
    if any == 0 {
        return None;
    }
    let hits = &memo.hits;
    // Block → column: hits at the segment's first cell (row 3k, column c), in block order.
    for d in Digit::ALL {
        let pos = grid.cells_with(d);
        for cell in CellSet::from_bits(hits[d.index()][0]) {
            if let Some(h) = found(block_region(box_of(cell)), column_region(col(cell)), d, pos) {
                return Some(h);
            }
        }
    }
    // Block → row: hits at (row r, column 3s); SE goes by block, each holding one at most.
    for d in Digit::ALL {
        let hits = hits[d.index()][1];
        if hits == 0 {
            continue;
        }
        let pos = grid.cells_with(d);
        for b in 0..9 {
            let first = box_origin(b);
            let here = (hits >> first) & (1 | 1 << 9 | 1 << 18);
            if here != 0 {
                let r = row(first) + (here.trailing_zeros() / 9) as usize;
                if let Some(h) = found(block_region(b), row_region(r), d, pos) {
                    return Some(h);
                }
            }
        }
    }
    // Column → block: hits at (row 3k, column c); SE goes by column.
    for d in Digit::ALL {
        let hits = hits[d.index()][2];
        if hits == 0 {
            continue;
        }
        let pos = grid.cells_with(d);
        let by_column = (hits | hits >> 27 | hits >> 54) as u16 & 0x1ff;
        for c in (0..9).filter(|c| by_column & (1 << c) != 0) {
            let k = (0..3)
                .find(|k| hits & (1 << cell_at(3 * k, c)) != 0)
                .unwrap_or(0);
            if let Some(h) = found(
                column_region(c),
                block_region(box_of(cell_at(3 * k, c))),
                d,
                pos,
            ) {
                return Some(h);
            }
        }
    }
    // Row → block: hits at (row r, column 3s), in row order.
    for d in Digit::ALL {
        let pos = grid.cells_with(d);
        for cell in CellSet::from_bits(hits[d.index()][3]) {
            if let Some(h) = found(row_region(row(cell)), block_region(box_of(cell)), d, pos) {
                return Some(h);
            }
        }
    }
    None
}

fn explain(hint: &mut Hint, region1: Region, region2: Region, d: Digit, pos: CellSet) {
    hint.explanation = Some(Box::new(Explanation {
        pattern: (pos & region1.set())
            .iter()
            .map(|c| (c, DigitSet::single(d)))
            .collect(),
        units: (1 << region1.unit()) | (1 << region2.unit()),
        chains: Vec::new(),
    }));
}

/// SE's `Locking(true)`: the first pointing or claiming that leaves a hidden single in a
/// region of the first region's kind; the hint places it (and removes nothing).
pub(crate) fn direct_locking(grid: &Grid, ctx: &mut Ctx) -> Option<Hint> {
    direct_locking_with(grid, ctx, &mut LockingMemo::new())
}

/// [`direct_locking`], with the hits `memo` kept.
pub(crate) fn direct_locking_with(
    grid: &Grid,
    ctx: &mut Ctx,
    memo: &mut LockingMemo,
) -> Option<Hint> {
    scan(grid, Only::Direct, memo, |region1, region2, d, pos| {
        let r2 = region2.set();
        for region3 in others_crossing(region1, region2) {
            let cells3 = (pos & region3.set()).bits();
            if cells3 & cells3.wrapping_sub(1) == 0 {
                continue; // fewer than two places
            }
            let outside = cells3 & !r2.bits();
            if outside == 0 || outside & (outside - 1) != 0 {
                continue;
            }
            let cell = outside.trailing_zeros() as usize;
            let pointing = region1.kind == RegionKind::Block;
            let technique = if pointing {
                Technique::DirectPointing
            } else {
                Technique::DirectClaiming
            };
            let mut hint = Hint::of(technique);
            hint.placement = Some((cell, d));
            if ctx.explain {
                explain(&mut hint, region1, region2, d, pos);
            }
            return Some(hint);
        }
        None
    })
}

/// The two regions of `region1`'s kind other than it that cross `region2`, by index (SE tries
/// all nine and skips the others).
fn others_crossing(region1: Region, region2: Region) -> impl Iterator<Item = Region> {
    let i2 = usize::from(region2.index);
    let (first, step) = match (region1.kind, region2.kind) {
        // Blocks crossing a column: the column's stack; a row: the row's band.
        (RegionKind::Block, RegionKind::Column) => (box_of(cell_at(0, i2)), 3),
        (RegionKind::Block, _) => (box_of(cell_at(i2, 0)), 1),
        // Columns crossing a block: its three columns; rows: its three rows.
        (RegionKind::Column, _) => (col(box_origin(i2)), 1),
        (RegionKind::Row, _) => (row(box_origin(i2)), 1),
    };
    let t1 = region1.kind as usize;
    (0..3)
        .map(move |k| Region::ALL[t1][first + k * step])
        .filter(move |&r| r != region1)
}

/// SE's `Locking(false)`: the first pointing or claiming that removes something.
pub(crate) fn locking(grid: &Grid, ctx: &mut Ctx) -> Option<Hint> {
    locking_with(grid, ctx, &mut LockingMemo::new())
}

/// [`locking`], with the hits `memo` kept.
pub(crate) fn locking_with(grid: &Grid, ctx: &mut Ctx, memo: &mut LockingMemo) -> Option<Hint> {
    scan(grid, Only::Removing, memo, |region1, region2, d, pos| {
        let gone = (pos & region2.set()) - region1.set();
        if gone.is_empty() {
            return None;
        }
        let technique = if region1.kind == RegionKind::Block {
            Technique::Pointing
        } else {
            Technique::Claiming
        };
        let mut hint = Hint::of(technique);
        for c in gone {
            hint.eliminate(c, DigitSet::single(d));
        }
        if ctx.explain {
            explain(&mut hint, region1, region2, d, pos);
        }
        Some(hint)
    })
}

#[cfg(test)]
mod tests {
    use super::super::hint::SeName;
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
