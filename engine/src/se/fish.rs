//! Basic fish: SE's `Fisherman(n)`: "X-Wing" (3.2), "Swordfish" (3.8), "Jellyfish" (5.2).
//!
//! What matters for matching Sukaku Explainer 1.15.10 (`Fisherman.java`, and the `LockingHint`
//! it builds):
//!
//! * Two passes: columns as the base lines (eliminating along rows) first, then rows.
//! * Within a pass the combination of base lines is the **outer** loop, in SE's `Permutations`
//!   order (increasing bit masks over the line indices: `{0,1}`, `{0,2}`, `{1,2}`, `{0,3}`…),
//!   and the digit 1 to 9 the inner one. So a fish on 9 in columns 1 and 2 comes before a fish
//!   on 1 in columns 1 and 4.
//! * A digit is only tried if it is placed at most `9 - 2n` times.
//! * Every base line must hold the digit in at least two cells (a line with one place never
//!   takes part), and the base lines' places must cover exactly `n` cross lines.
//! * It removes the digit from the cover lines' cells outside the base lines; a fish that
//!   removes nothing is skipped.

use super::Ctx;
use super::grid::{Grid, Region, RegionKind};
use super::hint::{Explanation, Hint};
use super::singles::{column_bits, pop9, row_bits};
use super::subsets::{first_equal_pair, first_subset};
use crate::grade::Technique;
use crate::grid::{CELLS, CellSet, Digit, DigitSet};

/// The union of the lines of one kind picked by `mask` (bit `i` for line `i`).
fn lines_set(kind: RegionKind, mask: u16) -> CellSet {
    let mut set = CellSet::EMPTY;
    for (i, region) in Region::ALL[kind as usize].iter().enumerate() {
        if mask & (1 << i) != 0 {
            set |= region.set();
        }
    }
    set
}

/// Per pass (columns, rows) and digit, the digit's cells when a whole search found no fish
/// there, kept from step to step: a digit's fish depend on its cells only.
#[derive(Clone, Copy)]
pub(crate) struct FishMemo {
    nothing_at: [[u128; 9]; 2],
}

impl FishMemo {
    pub(crate) const fn new() -> FishMemo {
        // No cell set has bits above 81.
        FishMemo {
            nothing_at: [[u128::MAX; 9]; 2],
        }
    }
}

/// SE's `Fisherman(n)`: the first fish of `n` lines (columns first, then rows) that removes
/// something.
pub(crate) fn fisherman(grid: &Grid, ctx: &mut Ctx, n: usize) -> Option<Hint> {
    fisherman_with(grid, ctx, n, &mut FishMemo::new())
}

/// [`fisherman`], skipping the digits `memo` knows have no fish.
pub(crate) fn fisherman_with(
    grid: &Grid,
    ctx: &mut Ctx,
    n: usize,
    memo: &mut FishMemo,
) -> Option<Hint> {
    let (technique, name) = match n {
        2 => (Technique::XWing, "X-Wing"),
        3 => (Technique::Swordfish, "Swordfish"),
        4 => (Technique::Jellyfish, "Jellyfish"),
        _ => return None,
    };
    let mut placed = [0usize; 10];
    for cell in 0..CELLS {
        placed[usize::from(grid.value(cell))] += 1;
    }
    for (pass, (base, cover)) in [
        (RegionKind::Column, RegionKind::Row),
        (RegionKind::Row, RegionKind::Column),
    ]
    .into_iter()
    .enumerate()
    {
        // Per digit, its first fish in SE's combination order; the pass's first fish is the one
        // with the smallest combination, the lowest digit among equals.
        let mut best: Option<(u16, Hint)> = None;
        for d in Digit::ALL {
            if placed[usize::from(d.get())] + 2 * n > 9 {
                continue;
            }
            let pos = grid.cells_with(d);
            let bits = pos.bits();
            let nothing = &mut memo.nothing_at[pass][d.index()];
            if *nothing == bits {
                continue;
            }
            let mut masks = [0u16; 9];
            if base == RegionKind::Row {
                for (r, m) in masks.iter_mut().enumerate() {
                    *m = row_bits(bits, r);
                }
            } else {
                for (c, m) in masks.iter_mut().enumerate() {
                    *m = column_bits(bits, c);
                }
            }
            let mut lines = [0usize; 9];
            let mut items = [0u16; 9];
            let mut m = 0;
            // The lines with 2 to n places (written at every line, kept by counting it).
            for (i, &mask) in masks.iter().enumerate() {
                lines[m] = i;
                items[m] = mask;
                m += usize::from(pop9(mask).wrapping_sub(2) < n - 1);
            }
            if m < n {
                *nothing = bits;
                continue;
            }
            let limit = best.as_ref().map_or(u16::MAX, |(b, _)| *b);
            let visit = |selection: u16, cover_mask: u16| {
                let base_mask = (0..m)
                    .filter(|k| selection & (1 << k) != 0)
                    .fold(0u16, |u, k| u | 1 << lines[k]);
                if base_mask >= limit {
                    // Later than the fish already found: stop this digit.
                    return Some(None);
                }
                if pop9(cover_mask) != n {
                    return None;
                }
                let base_set = lines_set(base, base_mask);
                let gone = (pos & lines_set(cover, cover_mask)) - base_set;
                if gone.is_empty() {
                    return None;
                }
                let mut hint = Hint::named(technique, technique.difficulty(), name);
                for c in gone {
                    hint.eliminate(c, DigitSet::single(d));
                }
                if ctx.explain {
                    let units = (0..9)
                        .filter(|&i| base_mask & (1 << i) != 0)
                        .map(|i| Region::ALL[base as usize][i].unit())
                        .chain(
                            (0..9)
                                .filter(|&i| cover_mask & (1 << i) != 0)
                                .map(|i| Region::ALL[cover as usize][i].unit()),
                        )
                        .fold(0u32, |u, unit| u | (1 << unit));
                    hint.explanation = Some(Box::new(Explanation {
                        pattern: (pos & base_set)
                            .iter()
                            .map(|c| (c, DigitSet::single(d)))
                            .collect(),
                        units,
                        chains: Vec::new(),
                    }));
                }
                Some(Some((base_mask, hint)))
            };
            // With two places each, two lines' places cover two cross lines iff they are
            // equal.
            let found = if n == 2 {
                first_equal_pair(&items[..m], visit)
            } else {
                first_subset(&items[..m], n, visit)
            };
            match found {
                Some(Some(hit)) => best = Some(hit),
                // The whole search, with nothing found.
                None => *nothing = bits,
                // Stopped at a later combination than the fish found.
                Some(None) => {}
            }
        }
        if let Some((_, hint)) = best {
            return Some(hint);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::super::hint::SeName;
    use super::super::singles::testkit::{Rng, ctx, samples, solution, variant};
    use super::*;

    /// SE's `Fisherman.getHints`, transcribed loop for loop (every combination of lines, then
    /// every digit).
    fn reference(grid: &Grid, n: usize) -> Option<Hint> {
        let mut occurrences = [0usize; 10];
        for c in 0..CELLS {
            occurrences[usize::from(grid.value(c))] += 1;
        }
        for (t1, t2) in [(2usize, 1usize), (1, 2)] {
            let mut combos: Vec<u32> = (0u32..512)
                .filter(|m| m.count_ones() as usize == n)
                .collect();
            combos.sort_unstable();
            for base in combos {
                for d in Digit::ALL {
                    if occurrences[usize::from(d.get())] + 2 * n > 9 {
                        continue;
                    }
                    let lines: Vec<Region> = (0..9)
                        .filter(|i| base & (1 << i) != 0)
                        .map(|i| Region::ALL[t1][i])
                        .collect();
                    let places: Vec<u16> = lines.iter().map(|&l| grid.positions(l, d)).collect();
                    if places.iter().any(|p| p.count_ones() <= 1) {
                        continue;
                    }
                    let common = places.iter().fold(0u16, |u, p| u | p);
                    if common.count_ones() as usize != n {
                        continue;
                    }
                    let mut h = Hint::new(
                        [Technique::XWing, Technique::Swordfish, Technique::Jellyfish][n - 2],
                        [3.2, 3.8, 5.2][n - 2],
                    );
                    h.name = SeName::new(["X-Wing", "Swordfish", "Jellyfish"][n - 2]);
                    let mut any = false;
                    for i in (0..9).filter(|i| common & (1 << i) != 0) {
                        let cover = Region::ALL[t2][i];
                        let p = grid.positions(cover, d) & !(base as u16);
                        for k in (0..9).filter(|k| p & (1 << k) != 0) {
                            h.eliminate(cover.cell(k), DigitSet::single(d));
                            any = true;
                        }
                    }
                    if any {
                        return Some(h);
                    }
                }
            }
        }
        None
    }

    #[test]
    fn as_se_scans() {
        let mut rng = Rng(4321);
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
                    let h = fisherman(&g, &mut ctx(), n);
                    assert_eq!(h, reference(&g, n), "fish {n} near {}", s.description);
                    found[n - 2] += usize::from(h.is_some());
                }
            }
        }
        assert!(found.iter().all(|&f| f > 30), "{found:?}");
    }
}
