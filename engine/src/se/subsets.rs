//! Naked and hidden sets: SE's `NakedSet(n)`, `HiddenSet(n, false)` and `HiddenSet(n, true)`.
//!
//! What matters for matching Sukaku Explainer 1.15.10 (`NakedSet.java`, `HiddenSet.java`,
//! `CommonTuples.java`, `tools/Permutations.java`):
//!
//! * Regions are tried blocks, then columns, then rows (SE types 0, 2, 1), each kind by index.
//! * Combinations (of a region's cells for naked sets, of the digits 1 to 9 for hidden sets) come
//!   in SE's `Permutations` order: increasing as bit masks, i.e. colexicographic — `{0,1}`,
//!   `{0,2}`, `{1,2}`, `{0,3}`… — so the combination whose *largest* member is smallest wins.
//! * Every member must have at least two candidates (naked: candidates of the cell; hidden:
//!   places of the digit in the region), and the members' union must have exactly `n`. A cell
//!   with one candidate, or a digit with one place, never takes part.
//! * A naked set needs at least `2n` empty cells in its region and removes its digits from the
//!   region's other cells only — not from a second region the cells may share (that is another
//!   hint, found later). "Naked Pair" 3.0, "Naked Triplet" 3.6, "Naked Quad" 5.0.
//! * A hidden set needs **more than** `2n` empty cells in its region (a hidden pair in a region
//!   of four empty cells is left to the naked pair), and removes the other candidates of its
//!   cells. "Hidden Pair" 3.4, "Hidden Triplet" 4.0, "Hidden Quad" 5.4.
//! * The direct form needs more than `n` empty cells; after the hidden set, it looks at the
//!   digits 1 to 9 outside the set for one with two or more places in the region and exactly one
//!   outside the set's cells: a hidden single in the same region (other regions are not looked
//!   at). The first such hidden set wins, and the hint **only places** the single
//!   (`DirectHiddenSetHint` has no removable potentials). "Direct Hidden Pair" 2.0, "Direct
//!   Hidden Triplet" 2.5.

use super::Ctx;
use super::grid::{Grid, Region};
use super::hint::{Explanation, Hint, SeName};
use super::singles::{BLOCKS_COLUMNS_ROWS, empty_set};
use crate::grade::Technique;
use crate::grid::{CellSet, Digit, DigitSet};

/// Calls `f` with every `k`-element subset of `0..m` (as a bit mask) in SE's `Permutations`
/// order — increasing masks — until it returns `Some`.
pub(super) fn first_combination<T>(
    m: usize,
    k: usize,
    mut f: impl FnMut(u32) -> Option<T>,
) -> Option<T> {
    if k == 0 || k > m {
        return None;
    }
    let end = 1u32 << m;
    let mut v = (1u32 << k) - 1;
    while v < end {
        if let Some(t) = f(v) {
            return Some(t);
        }
        // Gosper's hack: the next larger mask with as many bits.
        let low = v & v.wrapping_neg();
        let ripple = v + low;
        v = (((ripple ^ v) >> 2) / low) | ripple;
    }
    None
}

/// The members of `items` picked by the bits of `mask`.
fn picked<T: Copy>(items: &[T], mask: u32) -> impl Iterator<Item = T> + '_ {
    items
        .iter()
        .enumerate()
        .filter(move |(i, _)| mask & (1 << i) != 0)
        .map(|(_, &t)| t)
}

fn explain(hint: &mut Hint, region: Region, cells: CellSet, digits: u16, grid: &Grid) {
    hint.explanation = Some(Box::new(Explanation {
        pattern: cells
            .iter()
            .map(|c| (c, DigitSet::from_bits(grid.masks()[c] & digits)))
            .collect(),
        units: 1 << region.unit(),
        chains: Vec::new(),
    }));
}

/// SE's `NakedSet(n)`: the first `n` cells of a region whose candidates are `n` digits, with
/// something to remove from the region's other cells.
pub(crate) fn naked_set(grid: &Grid, ctx: &mut Ctx, n: usize) -> Option<Hint> {
    let (technique, difficulty, name) = match n {
        2 => (Technique::NakedPair, 3.0, "Naked Pair"),
        3 => (Technique::NakedTriple, 3.6, "Naked Triplet"),
        4 => (Technique::NakedQuad, 5.0, "Naked Quad"),
        _ => return None,
    };
    let empty = empty_set(grid);
    let masks = grid.masks();
    for t in BLOCKS_COLUMNS_ROWS {
        for region in Region::ALL[t] {
            if (empty & region.set()).len() < 2 * n {
                continue;
            }
            // The cells that can take part, in SE's order: 2 to n candidates.
            let mut cells = [0usize; 9];
            let mut m = 0;
            for &c in region.cells() {
                let k = masks[usize::from(c)].count_ones() as usize;
                if (2..=n).contains(&k) {
                    cells[m] = usize::from(c);
                    m += 1;
                }
            }
            let found = first_combination(m, n, |mask| {
                let digits = picked(&cells[..m], mask).fold(0u16, |u, c| u | masks[c]);
                if digits.count_ones() as usize != n {
                    return None;
                }
                let set: CellSet = picked(&cells[..m], mask).collect();
                let mut hint = Hint::new(technique, difficulty);
                let mut any = false;
                for c in region.set() - set {
                    let gone = masks[c] & digits;
                    if gone != 0 {
                        hint.eliminate(c, DigitSet::from_bits(gone));
                        any = true;
                    }
                }
                if !any {
                    return None;
                }
                hint.name = SeName::new(name);
                if ctx.explain {
                    explain(&mut hint, region, set, digits, grid);
                }
                Some(hint)
            });
            if found.is_some() {
                return found;
            }
        }
    }
    None
}

/// The hidden-set search shared by both forms: the first hidden set (regions, then digit
/// combinations, in SE's order) for which `make` gives a hint. `make` gets the region, the
/// set's digits and its cells.
fn hidden_search(
    grid: &Grid,
    n: usize,
    min_empty: usize,
    mut make: impl FnMut(Region, u16, CellSet) -> Option<Hint>,
) -> Option<Hint> {
    let empty = empty_set(grid);
    for t in BLOCKS_COLUMNS_ROWS {
        for region in Region::ALL[t] {
            if (empty & region.set()).len() < min_empty {
                continue;
            }
            let rs = region.set();
            // The digits that can take part, 1 to 9: 2 to n places in the region.
            let mut digits = [Digit::ALL[0]; 9];
            let mut places = [CellSet::EMPTY; 9];
            let mut m = 0;
            for d in Digit::ALL {
                let p = grid.cells_with(d) & rs;
                if (2..=n).contains(&p.len()) {
                    digits[m] = d;
                    places[m] = p;
                    m += 1;
                }
            }
            let found = first_combination(m, n, |mask| {
                let cells = picked(&places[..m], mask).fold(CellSet::EMPTY, |u, p| u | p);
                if cells.len() != n {
                    return None;
                }
                let set = picked(&digits[..m], mask).fold(0u16, |u, d| u | d.bit());
                make(region, set, cells)
            });
            if found.is_some() {
                return found;
            }
        }
    }
    None
}

/// SE's `HiddenSet(n, false)`: the first `n` digits confined to `n` cells of a region whose
/// other candidates can go.
pub(crate) fn hidden_set(grid: &Grid, ctx: &mut Ctx, n: usize) -> Option<Hint> {
    let (technique, difficulty, name) = match n {
        2 => (Technique::HiddenPair, 3.4, "Hidden Pair"),
        3 => (Technique::HiddenTriple, 4.0, "Hidden Triplet"),
        4 => (Technique::HiddenQuad, 5.4, "Hidden Quad"),
        _ => return None,
    };
    let masks = grid.masks();
    hidden_search(grid, n, 2 * n + 1, |region, set, cells| {
        let mut hint = Hint::new(technique, difficulty);
        let mut any = false;
        for c in cells {
            let gone = masks[c] & !set;
            if gone != 0 {
                hint.eliminate(c, DigitSet::from_bits(gone));
                any = true;
            }
        }
        if !any {
            return None;
        }
        hint.name = SeName::new(name);
        if ctx.explain {
            explain(&mut hint, region, cells, set, grid);
        }
        Some(hint)
    })
}

/// SE's `HiddenSet(n, true)` (`n` = 2 or 3): the first hidden set whose eliminations leave a
/// hidden single in its region; the hint places that single and removes nothing.
pub(crate) fn direct_hidden_set(grid: &Grid, ctx: &mut Ctx, n: usize) -> Option<Hint> {
    let (technique, difficulty, name) = match n {
        2 => (Technique::DirectHiddenPair, 2.0, "Direct Hidden Pair"),
        3 => (Technique::DirectHiddenTriple, 2.5, "Direct Hidden Triplet"),
        _ => return None,
    };
    hidden_search(grid, n, n + 1, |region, set, cells| {
        let rs = region.set();
        for d in Digit::ALL {
            if set & d.bit() != 0 {
                continue;
            }
            let p = grid.cells_with(d) & rs;
            if p.len() < 2 {
                continue;
            }
            if let Some(cell) = (p - cells).only() {
                let mut hint = Hint::new(technique, difficulty);
                hint.name = SeName::new(name);
                hint.placement = Some((cell, d));
                if ctx.explain {
                    explain(&mut hint, region, cells, set, grid);
                    if let Some(e) = hint.explanation.as_mut() {
                        e.pattern.push((cell, DigitSet::single(d)));
                    }
                }
                return Some(hint);
            }
        }
        None
    })
}

#[cfg(test)]
mod tests {
    use super::super::singles::testkit::{Rng, ctx, samples, solution, variant};
    use super::*;

    /// SE's `Permutations(k, 9)`, transcribed: the masks it yields, in order.
    fn permutations(k: usize) -> Vec<u32> {
        let mut out = Vec::new();
        let mut value: i64 = (1 << k) - 1;
        let mask: i64 = (1 << (9 - k)) - 1;
        let mut is_last = false;
        loop {
            // hasNext
            let more = !is_last;
            is_last = ((value & -value) & mask) == 0;
            if !more {
                break;
            }
            // next
            out.push(value as u32);
            if !is_last {
                let smallest = value & -value;
                let ripple = value + smallest;
                let ones = ((value ^ ripple) >> 2) / smallest;
                value = ripple | ones;
            }
        }
        out
    }

    #[test]
    fn combinations_in_se_order() {
        for k in 1..=4 {
            let mut ours = Vec::new();
            first_combination::<()>(9, k, |m| {
                ours.push(m);
                None
            });
            assert_eq!(ours, permutations(k), "k = {k}");
        }
    }

    /// SE's `NakedSet` and `HiddenSet`, transcribed loop for loop.
    fn reference(grid: &Grid, n: usize, kind: char) -> Option<Hint> {
        let empty = empty_set(grid);
        for t in BLOCKS_COLUMNS_ROWS {
            for region in Region::ALL[t] {
                let nb_empty = (empty & region.set()).len();
                let ok = match kind {
                    'n' => nb_empty >= 2 * n,
                    'h' => nb_empty > 2 * n,
                    _ => nb_empty > 2 * n || nb_empty > n,
                };
                if !ok {
                    continue;
                }
                for perm in permutations(n) {
                    let members: Vec<usize> = (0..9).filter(|i| perm & (1 << i) != 0).collect();
                    if kind == 'n' {
                        let cells: Vec<usize> = members.iter().map(|&k| region.cell(k)).collect();
                        if cells.iter().any(|&c| grid.masks()[c].count_ones() <= 1) {
                            continue;
                        }
                        let union = cells.iter().fold(0u16, |u, &c| u | grid.masks()[c]);
                        if union.count_ones() as usize != n {
                            continue;
                        }
                        let mut h = Hint::new(
                            [
                                Technique::NakedPair,
                                Technique::NakedTriple,
                                Technique::NakedQuad,
                            ][n - 2],
                            [3.0, 3.6, 5.0][n - 2],
                        );
                        h.name = SeName::new(["Naked Pair", "Naked Triplet", "Naked Quad"][n - 2]);
                        let mut any = false;
                        for k in 0..9 {
                            let c = region.cell(k);
                            if !cells.contains(&c) && grid.masks()[c] & union != 0 {
                                h.eliminate(c, DigitSet::from_bits(grid.masks()[c] & union));
                                any = true;
                            }
                        }
                        if any {
                            return Some(h);
                        }
                    } else {
                        let digits: Vec<Digit> = members.iter().map(|&i| Digit::ALL[i]).collect();
                        let places: Vec<u16> =
                            digits.iter().map(|&d| grid.positions(region, d)).collect();
                        if places.iter().any(|p| p.count_ones() <= 1) {
                            continue;
                        }
                        let common = places.iter().fold(0u16, |u, p| u | p);
                        if common.count_ones() as usize != n {
                            continue;
                        }
                        let set = digits.iter().fold(0u16, |u, d| u | d.bit());
                        if kind == 'h' {
                            let mut h = Hint::new(
                                [
                                    Technique::HiddenPair,
                                    Technique::HiddenTriple,
                                    Technique::HiddenQuad,
                                ][n - 2],
                                [3.4, 4.0, 5.4][n - 2],
                            );
                            h.name = SeName::new(
                                ["Hidden Pair", "Hidden Triplet", "Hidden Quad"][n - 2],
                            );
                            let mut any = false;
                            for k in (0..9).filter(|k| common & (1 << k) != 0) {
                                let c = region.cell(k);
                                if grid.masks()[c] & !set != 0 {
                                    h.eliminate(c, DigitSet::from_bits(grid.masks()[c] & !set));
                                    any = true;
                                }
                            }
                            if any {
                                return Some(h);
                            }
                        } else {
                            for d in Digit::ALL.iter().filter(|d| set & d.bit() == 0) {
                                let p = grid.positions(region, *d);
                                if p.count_ones() > 1 && (p & !common).count_ones() == 1 {
                                    let k = (p & !common).trailing_zeros() as usize;
                                    let mut h = Hint::new(
                                        [
                                            Technique::DirectHiddenPair,
                                            Technique::DirectHiddenTriple,
                                        ][n - 2],
                                        [2.0, 2.5][n - 2],
                                    );
                                    h.name = SeName::new(
                                        ["Direct Hidden Pair", "Direct Hidden Triplet"][n - 2],
                                    );
                                    h.placement = Some((region.cell(k), *d));
                                    return Some(h);
                                }
                            }
                        }
                    }
                }
            }
        }
        None
    }

    #[test]
    fn as_se_scans() {
        let mut rng = Rng(1234);
        let mut found = [0usize; 3];
        for s in samples() {
            let sol = solution(&s.before);
            for k in 0..6 {
                let g = if k == 0 {
                    s.before.clone()
                } else {
                    variant(&s.before, &sol, &mut rng)
                };
                for n in 2..=4 {
                    let h = naked_set(&g, &mut ctx(), n);
                    assert_eq!(h, reference(&g, n, 'n'), "naked {n} near {}", s.description);
                    found[0] += usize::from(h.is_some());
                    let h = hidden_set(&g, &mut ctx(), n);
                    assert_eq!(
                        h,
                        reference(&g, n, 'h'),
                        "hidden {n} near {}",
                        s.description
                    );
                    found[1] += usize::from(h.is_some());
                    if n < 4 {
                        let h = direct_hidden_set(&g, &mut ctx(), n);
                        assert_eq!(
                            h,
                            reference(&g, n, 'd'),
                            "direct {n} near {}",
                            s.description
                        );
                        found[2] += usize::from(h.is_some());
                    }
                }
            }
        }
        assert!(found.iter().all(|&f| f > 50), "{found:?}");
    }

    /// SE's hidden sets need more than `2n` empty cells in the region: with exactly `2n`, the
    /// hidden pair is not looked for (the naked pair of the other cells is the same step).
    #[test]
    fn hidden_sets_need_more_than_2n_empty_cells() {
        let mut seen = 0;
        for s in samples() {
            let g = &s.before;
            let empty = empty_set(g);
            if let Some(h) = hidden_set(g, &mut ctx(), 2) {
                let cells: CellSet = (0..81).filter(|&c| h.eliminations[c] != 0).collect();
                let region = (0..27)
                    .map(Region::of_unit)
                    .find(|r| cells.is_subset(r.set()) && (empty & r.set()).len() > 4);
                assert!(region.is_some(), "{}", s.description);
                seen += 1;
            }
        }
        assert!(seen > 10);
    }
}
