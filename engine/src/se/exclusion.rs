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
//!   then checks each value; we decide each value directly: with two cells, `p` goes when
//!   every value of the other cell pairs with it in an excluder (or equals it, the cells
//!   seeing each other); with three, when for every value `q` of a second cell every value of
//!   the third is ruled out by a conflict or an excluder within `{p, q, r}`. We also skip
//!   pairs of cells with fewer than two common excluders before looking at any third cell
//!   (the first cells paired with a second cell are found as the cells seeing two of its
//!   excluders, which are then their common excluders),
//!   third cells seeing fewer than two of them, and a triplet SE already tried under an
//!   earlier naming (it gave nothing then, and the result does not depend on the naming).
//! * Along a path, each of the two rules keeps the position where it last found nothing and
//!   the base cells then ([`ExclusionMemo`]). An exclusion's removals depend on the candidates
//!   of its cells and of their common excluders (an excluder lost since only removes fewer),
//!   so the next search looks only at exclusions with a changed cell, a cell new to the base
//!   list (a single placed since), or a changed common excluder.

use super::Ctx;
use super::grid::{Grid, NothingSince};
use super::hint::{Explanation, Hint};
use super::singles::bits9;
use super::wings::at_least;
use crate::grade::Technique;
use crate::grid::geometry::PEERS;
use crate::grid::{CELLS, CellSet, Digit, DigitSet};

/// The excluders' candidates as [`triple_exclusion`] reads them: per digit, the digits pairing
/// with it in a two-candidate excluder; the three-candidate excluders.
struct Excluders {
    two: [u16; 9],
    three: [u16; 20],
    n3: usize,
}

impl Excluders {
    fn of(grid: &Grid, excl: CellSet) -> Excluders {
        let m = grid.masks();
        let mut x = Excluders {
            two: [0; 9],
            three: [0; 20],
            n3: 0,
        };
        for e in excl {
            let me = m[e];
            if bits9(me) == 2 {
                let a = me.trailing_zeros() as usize;
                let b = (me & (me - 1)).trailing_zeros() as usize;
                x.two[a] |= 1 << b;
                x.two[b] |= 1 << a;
            } else if !x.three[..x.n3].contains(&me) {
                x.three[x.n3] = me;
                x.n3 += 1;
            }
        }
        x
    }
}

/// The removals of an aligned triplet exclusion over `cells` with excluders `x`, or `None`,
/// solved directly: a value `p` of one cell goes when, for every value `q` of a second cell,
/// every value `r` of the third is ruled out — by the same value in a cell it sees, or by an
/// excluder whose candidates lie in `{p, q, r}`. One combination of the other two cells that
/// keeps most values is tried first, for all of them at once.
fn triple_exclusion(grid: &Grid, cells: [usize; 3], x: &Excluders) -> Option<[u16; 3]> {
    let m = grid.masks();
    let two = &x.two;
    let three = &x.three[..x.n3];
    let v = cells.map(|c| m[c]);
    let sees = |i: usize, j: usize| PEERS[cells[i]].contains(cells[j]);
    let see = [
        [false, sees(0, 1), sees(0, 2)],
        [sees(1, 0), false, sees(1, 2)],
        [sees(2, 0), sees(2, 1), false],
    ];
    let mut out = [0u16; 3];
    for i in 0..3 {
        let (j, k) = match i {
            0 => (1, 2),
            1 => (0, 2),
            _ => (0, 1),
        };
        // One combination of the other two cells that no excluder rules out by itself
        // (`q`, `r` not an excluder's pair) keeps, at once, every value of this cell that
        // neither conflicts with it nor completes an excluder with it.
        let mut keep = 0u16;
        'witness: for q in DigitSet::from_bits(v[j]).iter() {
            let qb = q.bit();
            for r in DigitSet::from_bits(v[k]).iter() {
                let rb = r.bit();
                if (qb == rb && see[j][k]) || two[q.index()] & rb != 0 {
                    continue;
                }
                let mut out_p = two[q.index()] | two[r.index()];
                if qb != rb {
                    for &t in three {
                        if t & (qb | rb) == qb | rb {
                            out_p |= t & !(qb | rb);
                        }
                    }
                }
                if see[i][j] {
                    out_p |= qb;
                }
                if see[i][k] {
                    out_p |= rb;
                }
                keep = v[i] & !out_p;
                break 'witness;
            }
        }
        let mut bits = v[i] & !keep;
        while bits != 0 {
            let p = bits & bits.wrapping_neg();
            bits &= bits - 1;
            let a = two[p.trailing_zeros() as usize];
            let qs = v[j] & !a & if see[i][j] { !p } else { !0 };
            let rs = v[k] & !a & if see[i][k] { !p } else { !0 };
            let mut gone = true;
            let mut rq = qs;
            while rq != 0 && rs != 0 {
                let q = rq & rq.wrapping_neg();
                rq &= rq - 1;
                let mut left = rs & !two[q.trailing_zeros() as usize];
                if see[j][k] {
                    left &= !q;
                }
                // A three-candidate excluder holding `p` and `q` (two values) rules out its
                // third value.
                if p != q {
                    for &t in three {
                        if t & (p | q) == p | q {
                            left &= !(t & !(p | q));
                        }
                    }
                }
                if left != 0 {
                    gone = false;
                    break;
                }
            }
            if gone {
                out[i] |= p;
            }
        }
    }
    (out != [0; 3]).then_some(out)
}

/// The removals of an aligned pair exclusion over `c0`, `c1` with (bivalue) excluders `excl`,
/// or `None`: a value goes when every value of the other cell makes, with it, the pair of an
/// excluder (or is the same value, the cells seeing each other) — SE's combinations, solved
/// directly.
fn pair_exclusion(grid: &Grid, c0: usize, c1: usize, excl: CellSet) -> Option<[u16; 3]> {
    let m = grid.masks();
    // For each digit, the digits that make an excluder's pair with it.
    let mut partners = [0u16; 9];
    for e in excl {
        let a = m[e].trailing_zeros() as usize;
        let b = (m[e] & (m[e] - 1)).trailing_zeros() as usize;
        partners[a] |= 1 << b;
        partners[b] |= 1 << a;
    }
    let same = PEERS[c0].contains(c1);
    let gone = |v: u16, other: u16| {
        let mut out = 0u16;
        let mut bits = v;
        while bits != 0 {
            let p = bits & bits.wrapping_neg();
            bits &= bits - 1;
            let conflict = if same { p } else { 0 };
            if other & !partners[p.trailing_zeros() as usize] & !conflict == 0 {
                out |= p;
            }
        }
        out
    };
    let r = [gone(m[c0], m[c1]), gone(m[c1], m[c0]), 0];
    (r != [0; 3]).then_some(r)
}

/// The hint of an exclusion found.
fn hint(grid: &Grid, ctx: &Ctx, cells: &[usize], removals: [u16; 3]) -> Hint {
    let technique = if cells.len() == 2 {
        Technique::AlignedPairExclusion
    } else {
        Technique::AlignedTripleExclusion
    };
    let mut h = Hint::of(technique);
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

/// What an aligned exclusion search keeps from step to step: the position where it last
/// found nothing, and the base cells then.
#[derive(Clone)]
pub(crate) struct ExclusionMemo {
    since: NothingSince,
    base: CellSet,
}

impl ExclusionMemo {
    pub(crate) const fn new() -> ExclusionMemo {
        ExclusionMemo {
            since: NothingSince::new(),
            base: CellSet::EMPTY,
        }
    }
}

/// The first hint in SE's order, if any.
pub(crate) fn aligned_exclusion(grid: &Grid, ctx: &mut Ctx, n: usize) -> Option<Hint> {
    aligned_exclusion_with(grid, ctx, n, &mut ExclusionMemo::new())
}

/// [`aligned_exclusion`], looking only at the cells and excluders that changed since `memo`'s
/// last search found nothing. An exclusion's removals depend on the candidates of its cells
/// and of their common excluders only (and the excluders lost since only remove fewer): with
/// none of them changed, and none of its cells new to the base list, it still removes
/// nothing.
pub(crate) fn aligned_exclusion_with(
    grid: &Grid,
    ctx: &mut Ctx,
    n: usize,
    memo: &mut ExclusionMemo,
) -> Option<Hint> {
    if !(2..=3).contains(&n) {
        return None;
    }
    let changed = memo.since.changed(grid);
    let found = search(grid, ctx, n, changed, memo);
    memo.since.record(grid, found.is_some());
    found
}

fn search(
    grid: &Grid,
    ctx: &mut Ctx,
    n: usize,
    changed: Option<CellSet>,
    memo: &mut ExclusionMemo,
) -> Option<Hint> {
    let pos: [CellSet; 9] = core::array::from_fn(|d| grid.cells_with(Digit::ALL[d]));
    let ge = at_least(&pos);
    let small = ge[2] - ge[n + 1]; // 2..=n candidates: possible excluders
    let single = ge[1] - ge[2];
    let mut near_single = CellSet::EMPTY;
    for c in single {
        near_single |= PEERS[c];
    }
    // SE's candidate list and each candidate's excluders.
    let mut list = [0u8; CELLS];
    let mut excl = [CellSet::EMPTY; CELLS];
    let mut len = 0;
    let mut base = CellSet::EMPTY;
    for c in ge[2] - near_single {
        let e = PEERS[c] & small;
        if e.is_empty() {
            continue;
        }
        list[len] = c as u8;
        excl[c] = e;
        base.insert(c);
        len += 1;
    }
    // The cells whose exclusions may give something now.
    let (changed, touched) = match changed {
        Some(c) => (c, c | (base - memo.base)),
        None => (CellSet::ALL, CellSet::ALL),
    };
    memo.base = base;
    if len < n {
        return None;
    }
    for &c1 in &list[1..len] {
        let c1 = usize::from(c1);
        // The first cells with two common excluders or more: the common excluders of `c0` and
        // `c1` are the excluders of `c1` that `c0` sees, so `c0` is a cell of the list before
        // `c1` (the list is in cell order) that sees two of them.
        let mut firsts = base & CellSet::from_bits(CellSet::single(c1).bits() - 1);
        if n == 2 && !touched.contains(c1) {
            // A pair with neither cell touched needs a changed common excluder (below).
            let mut fresh = touched;
            for e in excl[c1] & changed {
                fresh |= PEERS[e];
            }
            firsts &= fresh;
            if firsts.is_empty() {
                continue;
            }
        }
        let (mut once, mut twice) = (CellSet::EMPTY, CellSet::EMPTY);
        for e in excl[c1] {
            twice |= once & PEERS[e];
            once |= PEERS[e];
        }
        firsts &= twice;
        for c0 in firsts {
            let common = excl[c0] & excl[c1];
            let pair_fresh =
                touched.contains(c0) || touched.contains(c1) || common.intersects(changed);
            if n == 2 {
                if !pair_fresh {
                    continue;
                }
                if let Some(r) = pair_exclusion(grid, c0, c1, common) {
                    return Some(hint(grid, ctx, &[c0, c1], r));
                }
                continue;
            }
            let pair = CellSet::single(c0).with(c1);
            // With the first two cells and their excluders unchanged, the third must be new.
            let thirds = if pair_fresh { CellSet::ALL } else { touched };
            if !((excl[c0] | excl[c1]) & base & thirds).intersects(!pair) {
                continue;
            }
            // Third cells seeing two common excluders or more (the excluders of a triplet are
            // those of its first two cells that the third sees).
            let (mut once, mut twice) = (CellSet::EMPTY, CellSet::EMPTY);
            for e in common {
                twice |= once & PEERS[e];
                once |= PEERS[e];
            }
            let first = (excl[c0] & base & twice & thirds) - pair;
            let second = ((excl[c1] & base & twice & thirds) - excl[c0]) - pair;
            // The excluders' reading, kept while consecutive third cells share them.
            let mut last: Option<(CellSet, Excluders)> = None;
            for t in first.iter().chain(second.iter()) {
                let common3 = common & PEERS[t];
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
                let x = match &mut last {
                    Some((at, x)) if *at == common3 => x,
                    slot => &slot.insert((common3, Excluders::of(grid, common3))).1,
                };
                if let Some(r) = triple_exclusion(grid, [c0, c1, t], x) {
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
