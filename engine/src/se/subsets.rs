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
use super::hint::{Explanation, Hint};
use super::singles::{BLOCKS_COLUMNS_ROWS, StepCache, pop9, several};
use crate::grade::Technique;
use crate::grid::{CellSet, Digit, DigitSet};

/// Visits the `n`-element subsets of `items` (9-bit masks: a cell's digits, a digit's places,
/// a line's cross lines) in SE's `Permutations` order — colexicographic, the order of increasing
/// selection masks: `{0,1}`, `{0,2}`, `{1,2}`, `{0,3}`… — skipping those whose union has more
/// than `n` members, until `visit(selection, union)` returns `Some` (bit `i` of `selection` for
/// `items[i]`).
pub(super) fn first_subset<T>(
    items: &[u16],
    n: usize,
    mut visit: impl FnMut(u16, u16) -> Option<T>,
) -> Option<T> {
    // The largest member is the outer loop, increasing; then the next largest below it, and so
    // on. A union too large is cut as soon as it is.
    let m = items.len();
    let fits = |u: u16| pop9(u) <= n;
    match n {
        1 => {
            for i in 0..m {
                if fits(items[i]) {
                    if let Some(t) = visit(1 << i, items[i]) {
                        return Some(t);
                    }
                }
            }
        }
        2 => {
            for j in 1..m {
                let uj = items[j];
                if !fits(uj) {
                    continue;
                }
                for i in 0..j {
                    let u = uj | items[i];
                    if fits(u) {
                        if let Some(t) = visit(1 << i | 1 << j, u) {
                            return Some(t);
                        }
                    }
                }
            }
        }
        3 => {
            for k in 2..m {
                let uk = items[k];
                if !fits(uk) {
                    continue;
                }
                for j in 1..k {
                    let uj = uk | items[j];
                    if !fits(uj) {
                        continue;
                    }
                    for i in 0..j {
                        let u = uj | items[i];
                        if fits(u) {
                            if let Some(t) = visit(1 << i | 1 << j | 1 << k, u) {
                                return Some(t);
                            }
                        }
                    }
                }
            }
        }
        4 => {
            for l in 3..m {
                let ul = items[l];
                if !fits(ul) {
                    continue;
                }
                for k in 2..l {
                    let uk = ul | items[k];
                    if !fits(uk) {
                        continue;
                    }
                    for j in 1..k {
                        let uj = uk | items[j];
                        if !fits(uj) {
                            continue;
                        }
                        for i in 0..j {
                            let u = uj | items[i];
                            if fits(u) {
                                let selection = 1 << i | 1 << j | 1 << k | 1 << l;
                                if let Some(t) = visit(selection, u) {
                                    return Some(t);
                                }
                            }
                        }
                    }
                }
            }
        }
        _ => {}
    }
    None
}

/// Per region, whether a subset rule last found nothing there, kept from step to step: what
/// these rules find in a region depends on its cells' candidates only, so a region none of
/// whose cells changed since still has nothing. The memo keeps every digit's cells at the last
/// search; a search first forgets the regions holding a cell whose candidates changed since
/// (a cell changed iff some digit's cell set differs there), then looks only at the others.
#[derive(Clone, Copy)]
pub(crate) struct RegionMemo {
    /// Every digit's cells at the last search.
    cells: [u128; 9],
    /// Bit `i` (regions in SE's order, see [`se_region`]) when the region had nothing at
    /// `cells`.
    nothing: u32,
}

impl RegionMemo {
    pub(crate) const fn new() -> RegionMemo {
        RegionMemo {
            cells: [0; 9],
            nothing: 0,
        }
    }

    /// The regions (bits in SE's order) that may have something on `grid`: all but those
    /// known to have nothing whose cells are unchanged. Takes `grid` as the new reference.
    fn todo(&mut self, grid: &Grid) -> u32 {
        let mut changed = 0u128;
        for (d, then) in Digit::ALL.iter().zip(self.cells.iter_mut()) {
            let now = grid.cells_with(*d).bits();
            changed |= now ^ *then;
            *then = now;
        }
        // (Nothing known, nothing to forget.)
        if changed != 0 && self.nothing != 0 {
            self.nothing &= !regions_touched(changed);
        }
        ALL_REGIONS & !self.nothing
    }
}

/// All 27 regions, as bits in SE's order.
const ALL_REGIONS: u32 = (1 << 27) - 1;

/// The region of bit `i` in SE's scanning order: blocks `0..9`, columns `9..18`, rows
/// `18..27`, each kind by index.
fn se_region(i: usize) -> Region {
    SE_REGIONS[i]
}

/// The regions in SE's scanning order (see [`se_region`]).
const SE_REGIONS: [Region; 27] = {
    let mut all = [Region::ALL[0][0]; 27];
    let mut i = 0;
    while i < 27 {
        all[i] = Region::ALL[BLOCKS_COLUMNS_ROWS[i / 9]][i % 9];
        i += 1;
    }
    all
};

/// The unit numbers of [`SE_REGIONS`].
const SE_UNITS: [u8; 27] = {
    let mut units = [0u8; 27];
    let mut i = 0;
    while i < 27 {
        units[i] = SE_REGIONS[i].unit() as u8;
        i += 1;
    }
    units
};

/// [`first_subset`] for `n = 2` when every item has exactly two bits: two such items have a
/// union of at most two bits iff they are equal, so the pairs visited are the equal ones, in
/// the same order.
pub(super) fn first_equal_pair<T>(
    items: &[u16],
    mut visit: impl FnMut(u16, u16) -> Option<T>,
) -> Option<T> {
    for j in 1..items.len() {
        let uj = items[j];
        for (i, &ui) in items[..j].iter().enumerate() {
            if ui == uj {
                if let Some(t) = visit(1 << i | 1 << j, uj) {
                    return Some(t);
                }
            }
        }
    }
    None
}

/// The regions (bits in SE's order, see [`se_region`]) holding a cell of `bits` (a cell set's
/// bits).
fn regions_touched(bits: u128) -> u32 {
    let row = |r: usize| (bits >> (9 * r)) as u32 & 0x1ff;
    let mut rows = 0u32;
    let mut columns = 0u32;
    let mut blocks = 0u32;
    for band in 0..3 {
        let (a, b, c) = (row(3 * band), row(3 * band + 1), row(3 * band + 2));
        rows |= (u32::from(a != 0) | u32::from(b != 0) << 1 | u32::from(c != 0) << 2) << (3 * band);
        let u = a | b | c;
        columns |= u;
        blocks |= (u32::from(u & 0o7 != 0)
            | u32::from(u & 0o70 != 0) << 1
            | u32::from(u & 0o700 != 0) << 2)
            << (3 * band);
    }
    blocks | columns << 9 | rows << 18
}

/// The cells of `region` picked by the local mask `m`.
fn cells_of(region: Region, m: u16) -> CellSet {
    let mut set = CellSet::EMPTY;
    for (k, &c) in region.cells().iter().enumerate() {
        if m & (1 << k) != 0 {
            set.insert(usize::from(c));
        }
    }
    set
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
    naked_set_with(grid, ctx, n, &mut RegionMemo::new(), &mut StepCache::new())
}

/// [`naked_set`], skipping the regions `memo` knows have nothing.
pub(crate) fn naked_set_with(
    grid: &Grid,
    ctx: &mut Ctx,
    n: usize,
    memo: &mut RegionMemo,
    step: &mut StepCache,
) -> Option<Hint> {
    let (technique, name) = match n {
        2 => (Technique::NakedPair, "Naked Pair"),
        3 => (Technique::NakedTriple, "Naked Triplet"),
        4 => (Technique::NakedQuad, "Naked Quad"),
        _ => return None,
    };
    let mut todo = memo.todo(grid);
    if todo == 0 {
        return None;
    }
    let empty = *step.empty(grid);
    let masks = grid.masks();
    while todo != 0 {
        let at = todo.trailing_zeros() as usize;
        todo &= todo - 1;
        if pop9(empty[usize::from(SE_UNITS[at])]) < 2 * n {
            memo.nothing |= 1 << at;
            continue;
        }
        let region = SE_REGIONS[at];
        // The cells that can take part, in SE's order: 2 to n candidates (written at every
        // cell, kept by counting it).
        let mut cells = [0usize; 9];
        let mut items = [0u16; 9];
        let mut m = 0;
        for &c in region.cells() {
            let mask = masks[usize::from(c)];
            cells[m] = usize::from(c);
            items[m] = mask;
            m += usize::from(pop9(mask).wrapping_sub(2) < n - 1);
        }
        if m < n {
            memo.nothing |= 1 << at;
            continue;
        }
        let visit = |selection: u16, digits: u16| {
            if pop9(digits) != n {
                return None;
            }
            let mut set = CellSet::EMPTY;
            for (k, &c) in cells[..m].iter().enumerate() {
                if selection & (1 << k) != 0 {
                    set.insert(c);
                }
            }
            let mut hint: Option<Hint> = None;
            for c in region.set() - set {
                let gone = masks[c] & digits;
                if gone != 0 {
                    hint.get_or_insert_with(|| {
                        Hint::named(technique, technique.difficulty(), name)
                    })
                    .eliminate(c, DigitSet::from_bits(gone));
                }
            }
            let mut hint = hint?;
            if ctx.explain {
                explain(&mut hint, region, set, digits, grid);
            }
            Some(hint)
        };
        // With two candidates each, a pair's union has two digits iff their candidates are
        // equal.
        let found = if n == 2 {
            first_equal_pair(&items[..m], visit)
        } else {
            first_subset(&items[..m], n, visit)
        };
        if found.is_some() {
            return found;
        }
        memo.nothing |= 1 << at;
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
    memo: &mut RegionMemo,
    step: &mut StepCache,
    mut make: impl FnMut(Region, u16, u16, &[u16; 9]) -> Option<Hint>,
) -> Option<Hint> {
    let mut todo = memo.todo(grid);
    if todo == 0 {
        return None;
    }
    let empty = *step.empty(grid);
    while todo != 0 {
        let at = todo.trailing_zeros() as usize;
        todo &= todo - 1;
        let unit = usize::from(SE_UNITS[at]);
        if pop9(empty[unit]) < min_empty {
            memo.nothing |= 1 << at;
            continue;
        }
        let region = SE_REGIONS[at];
        // Every digit's places in the region, as masks of the region's cell indices.
        let places = step.places(grid, region);
        // The digits that can take part, 1 to 9: 2 to n places in the region (written at
        // every digit, kept by counting it).
        let mut digits = [0u16; 9];
        let mut items = [0u16; 9];
        let mut m = 0;
        for (i, &p) in places.iter().enumerate() {
            digits[m] = 1 << i;
            items[m] = p;
            m += usize::from(pop9(p).wrapping_sub(2) < n - 1);
        }
        if m < n {
            memo.nothing |= 1 << at;
            continue;
        }
        let visit = |selection: u16, local: u16| {
            if pop9(local) != n {
                return None;
            }
            let set = (0..m)
                .filter(|k| selection & (1 << k) != 0)
                .fold(0u16, |u, k| u | digits[k]);
            make(region, set, local, &places)
        };
        // With two places each, a pair's union has two cells iff their places are equal.
        let found = if n == 2 {
            first_equal_pair(&items[..m], visit)
        } else {
            first_subset(&items[..m], n, visit)
        };
        if found.is_some() {
            return found;
        }
        memo.nothing |= 1 << at;
    }
    None
}

/// SE's `HiddenSet(n, false)`: the first `n` digits confined to `n` cells of a region whose
/// other candidates can go.
pub(crate) fn hidden_set(grid: &Grid, ctx: &mut Ctx, n: usize) -> Option<Hint> {
    hidden_set_with(grid, ctx, n, &mut RegionMemo::new(), &mut StepCache::new())
}

/// [`hidden_set`], skipping the regions `memo` knows have nothing.
pub(crate) fn hidden_set_with(
    grid: &Grid,
    ctx: &mut Ctx,
    n: usize,
    memo: &mut RegionMemo,
    step: &mut StepCache,
) -> Option<Hint> {
    let (technique, name) = match n {
        2 => (Technique::HiddenPair, "Hidden Pair"),
        3 => (Technique::HiddenTriple, "Hidden Triplet"),
        4 => (Technique::HiddenQuad, "Hidden Quad"),
        _ => return None,
    };
    let masks = grid.masks();
    hidden_search(grid, n, 2 * n + 1, memo, step, |region, set, places, _| {
        let cells = cells_of(region, places);
        let mut hint: Option<Hint> = None;
        for c in cells {
            let gone = masks[c] & !set;
            if gone != 0 {
                hint.get_or_insert_with(|| Hint::named(technique, technique.difficulty(), name))
                    .eliminate(c, DigitSet::from_bits(gone));
            }
        }
        let mut hint = hint?;
        if ctx.explain {
            explain(&mut hint, region, cells, set, grid);
        }
        Some(hint)
    })
}

/// SE's `HiddenSet(n, true)` (`n` = 2 or 3): the first hidden set whose eliminations leave a
/// hidden single in its region; the hint places that single and removes nothing.
pub(crate) fn direct_hidden_set(grid: &Grid, ctx: &mut Ctx, n: usize) -> Option<Hint> {
    direct_hidden_set_with(grid, ctx, n, &mut RegionMemo::new(), &mut StepCache::new())
}

/// [`direct_hidden_set`], skipping the regions `memo` knows have nothing.
pub(crate) fn direct_hidden_set_with(
    grid: &Grid,
    ctx: &mut Ctx,
    n: usize,
    memo: &mut RegionMemo,
    step: &mut StepCache,
) -> Option<Hint> {
    let (technique, name) = match n {
        2 => (Technique::DirectHiddenPair, "Direct Hidden Pair"),
        3 => (Technique::DirectHiddenTriple, "Direct Hidden Triplet"),
        _ => return None,
    };
    hidden_search(grid, n, n + 1, memo, step, |region, set, places, all| {
        for d in Digit::ALL {
            if set & d.bit() != 0 {
                continue;
            }
            let p = all[d.index()];
            if !several(p) {
                continue;
            }
            let outside = p & !places;
            if outside != 0 && !several(outside) {
                let cell = region.cell(outside.trailing_zeros() as usize);
                let cells = cells_of(region, places);
                let mut hint = Hint::named(technique, technique.difficulty(), name);
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
    use super::super::hint::SeName;
    use super::super::singles::empty_cells;
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
    fn subsets_in_se_order() {
        let singletons: Vec<u16> = (0..9).map(|i| 1 << i).collect();
        for k in 1..=4 {
            let mut ours = Vec::new();
            first_subset::<()>(&singletons, k, |selection, union| {
                assert_eq!(selection, union);
                ours.push(u32::from(selection));
                None
            });
            assert_eq!(ours, permutations(k), "k = {k}");
        }
    }

    /// Pairs of two-bit items: the equal-pair walk visits what the general one does.
    #[test]
    fn equal_pairs_are_the_two_cell_unions() {
        let mut rng = Rng(7);
        for _ in 0..2000 {
            let m = (rng.next() % 10) as usize;
            let items: Vec<u16> = (0..m)
                .map(|_| {
                    let a = rng.next() % 4;
                    let b = 1 + a + rng.next() % 3;
                    (1 << a | 1 << b) as u16
                })
                .collect();
            let mut general = Vec::new();
            first_subset::<()>(&items, 2, |s, u| {
                general.push((s, u));
                None
            });
            let mut equal = Vec::new();
            first_equal_pair::<()>(&items, |s, u| {
                equal.push((s, u));
                None
            });
            assert_eq!(general, equal, "{items:?}");
        }
    }

    /// The regions touched by a cell set are those sharing a cell with it, in SE's order.
    #[test]
    fn regions_touched_share_a_cell() {
        let mut rng = Rng(99);
        for k in 0..400 {
            let mut bits = 0u128;
            for _ in 0..k % 7 {
                bits |= 1 << (rng.next() % 81);
            }
            let set = CellSet::from_bits(bits);
            let slow = (0..27).fold(0u32, |m, i| {
                m | u32::from(se_region(i).set().intersects(set)) << i
            });
            assert_eq!(regions_touched(bits), slow, "{bits:x}");
        }
    }

    /// SE's `NakedSet` and `HiddenSet`, transcribed loop for loop.
    fn reference(grid: &Grid, n: usize, kind: char) -> Option<Hint> {
        let empty = super::super::singles::empty_set(grid);
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
            let empty = empty_cells(g);
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
