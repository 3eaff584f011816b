//! Aligned exclusion: SE's `AlignedPairExclusion` (6.2) and `AlignedExclusion(3)` (Aligned
//! Triplet Exclusion, 7.5).
//!
//! A set of base cells, and "excluders": cells of at most `n` candidates (exactly 2 for pairs)
//! that see every base cell. A combination of values for the base cells is impossible when two
//! base cells that see each other take the same value, or when it uses up every candidate of
//! an excluder. A base cell's value that appears in no possible combination is removed.
//!
//! What SE does, and what matching it takes (both take the first hint found):
//!
//! * The base cells are the cells with two candidates or more that see no cell with a single
//!   candidate and have an excluder among their peers, in cell order (SE's `candidateList`).
//! * The first two base cells run over the pairs of that list with SE's `Twomutations`: by the
//!   later cell, then the earlier (colex order). For triplets, the third cell runs over SE's
//!   "twin area": the first cell's excluders that are base cells, then the second's not
//!   already listed, each part in cell order, without the first two cells. So the third
//!   cell always has at most three candidates and sees one of the first two (the first two
//!   may be anywhere), and a triplet is visited once per way of naming two of its cells
//!   first; the earliest naming wins.
//! * At least two common excluders are needed. SE enumerates every combination of values and
//!   then checks each value; we go through pairs of values of the first two cells, find the
//!   third cell's possible values as one mask, skip pairs that can teach nothing new, and stop
//!   as soon as every value is possible (the answer is the same). We also skip pairs of cells
//!   with fewer than two common excluders before looking at any third cell, a triplet SE
//!   already tried under an earlier naming (it gave nothing then), and triplets whose cells
//!   hold enough values outside every excluder that no combination can be blocked.

use super::Ctx;
use super::grid::Grid;
use super::hint::{Explanation, Hint, SeName};
use crate::grade::Technique;
use crate::grid::geometry::PEERS;
use crate::grid::{CELLS, CellSet, DigitSet};

/// The removals of an aligned exclusion over `cells` (2 or 3) with excluders `excl`, or
/// `None` when every value of every cell has a possible combination.
///
/// For each pair of values of the first two cells, the possible values of the third are found
/// at once as a mask; pairs that can teach nothing new are skipped, and the search stops as
/// soon as every value is possible.
fn exclusion(grid: &Grid, cells: &[usize], excl: CellSet) -> Option<[u16; 3]> {
    let m = grid.masks();
    // The excluders' candidate masks, without repeats.
    let mut masks = [0u16; 20];
    let mut n = 0;
    let mut union = 0u16;
    for e in excl {
        if !masks[..n].contains(&m[e]) {
            masks[n] = m[e];
            union |= m[e];
            n += 1;
        }
    }
    let masks = &masks[..n];
    let three = cells.len() == 3;
    let v0 = m[cells[0]];
    let v1 = m[cells[1]];
    // A missing third cell: one pseudo value that nothing blocks.
    let v2 = if three { m[cells[2]] } else { 1 << 15 };
    let sees = |i: usize, j: usize| PEERS[cells[i]].contains(cells[j]);
    let s01 = sees(0, 1);
    let (s02, s12) = if three {
        (sees(0, 2), sees(1, 2))
    } else {
        (false, false)
    };
    // Values outside every excluder make combinations no excluder can block: with enough of
    // them in the other cells (distinct where cells see each other), every value of a cell
    // is possible.
    if three {
        let free = [
            (v0 & !union).count_ones(),
            (v1 & !union).count_ones(),
            (v2 & !union).count_ones(),
        ];
        let see = [[false, s01, s02], [s01, false, s12], [s02, s12, false]];
        // Free values for cell `j` avoiding cell `i`'s value, and for `k` avoiding both.
        let covered = |i: usize, j: usize, k: usize| {
            free[j] > u32::from(see[i][j]) && free[k] > u32::from(see[i][k]) + u32::from(see[j][k])
        };
        if (covered(0, 1, 2) || covered(0, 2, 1))
            && (covered(1, 0, 2) || covered(1, 2, 0))
            && (covered(2, 0, 1) || covered(2, 1, 0))
        {
            return None;
        }
    }
    let mut allowed = [0u16; 3];
    let mut r0 = v0;
    while r0 != 0 {
        let p = r0 & r0.wrapping_neg();
        r0 &= r0 - 1;
        let mut r1 = v1;
        while r1 != 0 {
            let q = r1 & r1.wrapping_neg();
            r1 &= r1 - 1;
            if p == q && s01 {
                continue;
            }
            if allowed[0] & p != 0 && allowed[1] & q != 0 && allowed[2] == v2 {
                continue;
            }
            let pq = p | q;
            // Third-cell values blocked with `p` and `q`: an excluder whose candidates are
            // `p`, `q` and that value (or `p` and `q` alone: everything is blocked).
            let mut blocked = 0u16;
            for &e in masks {
                let rest = e & !pq;
                if rest == 0 {
                    blocked = u16::MAX;
                    break;
                }
                if three && rest & (rest - 1) == 0 {
                    blocked |= rest;
                }
            }
            let mut r = v2 & !blocked;
            if s02 {
                r &= !p;
            }
            if s12 {
                r &= !q;
            }
            if r != 0 {
                allowed[0] |= p;
                allowed[1] |= q;
                allowed[2] |= r;
                if allowed[0] == v0 && allowed[1] == v1 && allowed[2] == v2 {
                    return None;
                }
            }
        }
    }
    Some([v0 & !allowed[0], v1 & !allowed[1], v2 & !allowed[2]])
}

/// The hint of an exclusion found.
fn hint(grid: &Grid, ctx: &Ctx, cells: &[usize], removals: [u16; 3]) -> Hint {
    let (technique, difficulty, name) = if cells.len() == 2 {
        (
            Technique::AlignedPairExclusion,
            6.2,
            "Aligned Pair Exclusion",
        )
    } else {
        (
            Technique::AlignedTripleExclusion,
            7.5,
            "Aligned Triplet Exclusion",
        )
    };
    let mut h = Hint::new(technique, difficulty);
    h.name = SeName::new(name);
    for (i, &c) in cells.iter().enumerate() {
        if removals[i] != 0 {
            h.eliminate(c, DigitSet::from_bits(removals[i]));
        }
    }
    if ctx.explain {
        h.explanation = Some(Box::new(Explanation {
            pattern: cells.iter().map(|&c| (c, grid.cands(c))).collect(),
            ..Explanation::default()
        }));
    }
    h
}

/// The first hint in SE's order, if any.
pub(crate) fn aligned_exclusion(grid: &Grid, ctx: &mut Ctx, n: usize) -> Option<Hint> {
    if !(2..=3).contains(&n) {
        return None;
    }
    let m = grid.masks();
    let mut small = CellSet::EMPTY; // 2..=n candidates: possible excluders
    let mut single = CellSet::EMPTY;
    for c in 0..CELLS {
        match m[c].count_ones() {
            1 => single.insert(c),
            k if k >= 2 && k as usize <= n => small.insert(c),
            _ => {}
        }
    }
    // SE's candidate list and each candidate's excluders.
    let mut list = [0u8; CELLS];
    let mut excl = [CellSet::EMPTY; CELLS];
    let mut len = 0;
    let mut base = CellSet::EMPTY;
    for c in 0..CELLS {
        if m[c].count_ones() < 2 || PEERS[c].intersects(single) {
            continue;
        }
        let e = PEERS[c] & small;
        if e.is_empty() {
            continue;
        }
        list[len] = c as u8;
        excl[c] = e;
        base.insert(c);
        len += 1;
    }
    if len < n {
        return None;
    }
    for i1 in 1..len {
        let c1 = usize::from(list[i1]);
        for &c0 in &list[..i1] {
            let c0 = usize::from(c0);
            let common = excl[c0] & excl[c1];
            if common.len() < 2 {
                continue;
            }
            if n == 2 {
                if let Some(r) = exclusion(grid, &[c0, c1], common) {
                    return Some(hint(grid, ctx, &[c0, c1], r));
                }
                continue;
            }
            let pair = CellSet::single(c0).with(c1);
            let first = (excl[c0] & base) - pair;
            let second = ((excl[c1] & base) - excl[c0]) - pair;
            for t in first.iter().chain(second.iter()) {
                let common3 = common & excl[t];
                if common3.len() < 2 {
                    continue;
                }
                // The same three cells named earlier in SE's order (by an earlier pair, the
                // third in its twin area) gave nothing then, and would give nothing now.
                let earlier = if t > c1 {
                    false
                } else if t > c0 {
                    excl[c0].contains(c1) || excl[t].contains(c1)
                } else {
                    excl[c0].contains(c1)
                        || excl[t].contains(c1)
                        || excl[t].contains(c0)
                        || excl[c1].contains(c0)
                };
                if earlier {
                    continue;
                }
                if let Some(r) = exclusion(grid, &[c0, c1, t], common3) {
                    return Some(hint(grid, ctx, &[c0, c1, t], r));
                }
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::super::turbot::sample;

    #[test]
    fn aligned_exclusions_take_se_steps() {
        sample::check_all(&["Aligned "]);
    }
}
