//! SE's `UniqueLoops`: unique rectangles and loops, types 1 to 4.
//!
//! SE's search, which decides which hint comes first:
//!
//! * Every cell with exactly two candidates `v1 < v2`, in cell order, starts a depth-first
//!   search (`checkForLoops`). From the last cell of the path it looks, for each region type in
//!   SE's order (block, row, column) except the type of the region it came in by, at the
//!   region's cells in order: the first cell of the path closes a loop when the path has at
//!   least 4 cells; a cell not on the path that holds both `v1` and `v2` extends it if it has
//!   no other candidate, or if the other candidates of the path's cells with it are one digit,
//!   or while fewer than two cells with extra candidates have been taken (lkSudoku's version:
//!   the extra digits are those of the path, not of every cell tried so far).
//! * A closed path is a loop if every region holding one of its cells holds exactly two, one
//!   at an even and one at an odd position (`isValidLoop`). The same loop is found from each of
//!   its bivalue cells and in both directions; SE drops the repeats (they are equal hints).
//! * Per loop, by the number of cells with extra candidates: one: type 1 (remove `v1`, `v2`
//!   from it); more than two: type 2; two: type 2 if their extra candidates are one digit, type
//!   3 if more, then in both cases type 4. Type 2 removes the extra digit (the smallest extra
//!   candidate of the first extra cell) from the cells that see every extra cell. Type 3, for
//!   the two extra cells `c1`, `c2` (in loop order) sharing a region: for each degree 2 to 7,
//!   each region type shared (block, row, column), naked sets (lkSudoku: degree at least the
//!   number of extra digits and `2·degree ≤` empty cells of the region; the cells, as SE's
//!   `Permutations` over the region's positions, must include `c1` and not `c2`, `c1` counting
//!   with its pair's extra digits only, and the extra digits common to `c1` and `c2` with the
//!   other cells' candidates must be `degree` digits), then hidden sets (`2·degree <` empty
//!   cells; `v1`, `v2` and `degree - 2` digits that are not extra, their positions in the region
//!   without `c2` exactly `degree` cells). Type 4: among the regions shared by `c1` and `c2`,
//!   the last (in block, row, column order) where `v1` (else `v2`) has no other position
//!   removes `v2` (else `v1`) from both.
//! * All hints are then sorted by difficulty and type (stably) and the first is taken.
//!
//! Here the search keeps only the best hint so far, replacing it only by a strictly easier one
//! (difficulty, then type) — the same as SE's stable sort — and skips what cannot change that
//! result: a path with two cells of the same parity in a region, or a region holding one of its
//! cells where no other cell holds both digits (no valid loop goes through it); a path whose
//! loops would all be rated no easier than the best (by length and the lowest type still
//! possible); a path with three extra cells or more whose extra digit is in no cell seeing them
//! all (type 2 only, nothing to remove); a path whose first two extra cells, with two extra
//! digits or more, share no region (types 3 and 4 need one), or with one extra digit allow
//! neither a type 2 nor a type 4; a cell sharing a block and a line with the path's last cell
//! taken by its second region (only repeats there, see [`Search::extend`]). Checked against
//! the unpruned search on 142,706 positions of SE's solution paths: the same hint on every one.
//!
//! Along a path the rule keeps the position where it last found nothing ([`NothingSince`]) and
//! then skips the pairs whose loops cannot have changed ([`unique_loops_with`]).
//!
//! The explanation's pattern lists the loop's cells in SE's order first (draw the loop by
//! joining them in turn, the last to the first), then the extra candidates the hint rests on.

use crate::grade::Technique;
use crate::grid::geometry::{CELLS, PEERS, UNIT_SET, cell_units};
use crate::grid::{CellSet, Digit, DigitSet};
use crate::se::Ctx;
use crate::se::grid::{Grid, NothingSince, Region, RegionKind};
use crate::se::hint::{Explanation, Hint, SeName};
use crate::se::singles::bits9;
use core::fmt::Write;

/// SE's region types in SE's order.
const KINDS: [RegionKind; 3] = [RegionKind::Block, RegionKind::Row, RegionKind::Column];

/// The longest path the search can hold: a valid loop has at most two cells per row.
const MAX_LOOP: usize = 18;

/// SE's `UniqueLoopHint.getDifficulty` (`revisedRating = 0`) for a loop of `len` cells.
fn base_difficulty(len: usize) -> f64 {
    // Four cells make a rectangle: the base is its score.
    let mut d = Technique::UniqueRectangle.difficulty();
    if len >= 10 {
        d += 0.3;
    }
    if len >= 8 {
        d += 0.2;
    } else if len >= 6 {
        d += 0.1;
    }
    d
}

/// What SE sorts the hints by.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Key {
    difficulty: f64,
    ty: u8,
}

impl Key {
    /// True if a hint with this key comes before `best` in SE's sorted list.
    fn beats(self, best: Option<Key>) -> bool {
        best.is_none_or(|b| {
            self.difficulty < b.difficulty || (self.difficulty == b.difficulty && self.ty < b.ty)
        })
    }
}

/// The best hint so far and what it rests on.
struct Best {
    key: Key,
    hint: Hint,
    /// The loop, in SE's order.
    cells: [u8; MAX_LOOP],
    len: usize,
    pair: u16,
    /// Extra candidates to show (cell, digits), for types 2 and 3.
    extra: [(u8, u16); 9],
    extra_len: usize,
    region: Option<Region>,
}

/// The state of the path that SE's search carries along, plus what the pruning needs.
#[derive(Clone, Copy)]
struct Branch {
    /// SE's `allowedEx`: how many more cells with extra candidates may join (below zero once
    /// three or more have joined with one extra digit).
    allowed: i32,
    /// SE's `exValues`: the extra candidates of the path's cells.
    extra: u16,
    /// The cells that see every cell of the path with extra candidates.
    seeing: CellSet,
    /// The first cell of the path with extra candidates.
    first_fat: u8,
    /// The lowest type a loop through the path could have a hint of.
    min_type: u8,
    /// The type of the region the last cell was reached by.
    last: Option<RegionKind>,
}

/// Where a type 3 is looked for: the two extra cells, their region, their positions in it, and
/// their extra digits.
#[derive(Clone, Copy)]
struct Site {
    region: Region,
    c1: usize,
    c2: usize,
    i1: usize,
    i2: usize,
    extra: u16,
}

struct Search<'g> {
    grid: &'g Grid,
    /// `v1` and `v2`.
    pair: u16,
    path: [u8; MAX_LOOP],
    len: usize,
    on_path: CellSet,
    /// Per unit: bit 0 if a cell at an even position of the path is in it, bit 1 if odd.
    parity: [u8; 27],
    /// Units holding exactly one cell of the path (bit per unit).
    unpaired: u32,
    /// The cells holding both digits of the pair.
    holders: CellSet,
    best: Option<Best>,
    /// Skip what only repeats: earlier starts of the pair, and a cell by its second region.
    skip_repeats: bool,
}

/// The first hint of SE's `UniqueLoops` on `grid`, if any.
///
/// A loop through an earlier start with the same pair was found from it, with the same sort
/// key whichever of its cells the path starts from and whichever way it goes (the key counts
/// cells and extra cells; from any start both directions are walked), so each start's walk
/// avoids the earlier starts of its pair: what it would find there only repeats, later, hints
/// that cannot replace the best (a repeat is never strictly easier).
pub(crate) fn unique_loops(grid: &Grid, ctx: &mut Ctx) -> Option<Hint> {
    search(grid, ctx, true, None)
}

/// [`unique_loops`], skipping the pairs whose loops cannot have changed since `memo`'s last
/// search found nothing: a loop's hints depend on its cells' candidates and, for types 3 and
/// 4, on those of a region holding two of its cells with extra candidates (type 2 removes
/// from cells seeing its extra cells: fewer now). A pair none of whose cells holding both
/// digits changed, and without two such cells with more candidates in a region where a cell
/// changed, has the same loops as then, with nothing to remove.
pub(crate) fn unique_loops_with(
    grid: &Grid,
    ctx: &mut Ctx,
    memo: &mut NothingSince,
) -> Option<Hint> {
    let found = search(grid, ctx, true, memo.changed(grid));
    memo.record(grid, found.is_some());
    found
}

/// [`unique_loops`] walking every path from every start, as SE does (for the tests).
#[cfg(test)]
pub(crate) fn unique_loops_unrestricted(grid: &Grid, ctx: &mut Ctx) -> Option<Hint> {
    search(grid, ctx, false, None)
}

/// The units holding a cell of `cells`, as a unit set.
fn units_of(cells: CellSet) -> u32 {
    cells
        .iter()
        .fold(0, |u, c| cell_units(c).iter().fold(u, |u, &x| u | 1 << x))
}

fn search(
    grid: &Grid,
    ctx: &mut Ctx,
    skip_repeats: bool,
    changed: Option<CellSet>,
) -> Option<Hint> {
    let changed_units = changed.map(units_of);
    // The cells with two candidates, and those with more, counted digit by digit.
    let (mut one, mut two, mut more) = (CellSet::EMPTY, CellSet::EMPTY, CellSet::EMPTY);
    for d in Digit::ALL {
        let p = grid.cells_with(d);
        more |= two & p;
        two |= one & p;
        one |= p;
    }
    let bivalue = two - more;
    // The starts seen so far (cells with exactly two candidates).
    let mut started = CellSet::EMPTY;
    let mut s = Search {
        grid,
        pair: 0,
        path: [0; MAX_LOOP],
        len: 0,
        on_path: CellSet::EMPTY,
        parity: [0; 27],
        unpaired: 0,
        holders: CellSet::EMPTY,
        best: None,
        skip_repeats,
    };
    let easiest = Key {
        difficulty: base_difficulty(4),
        ty: 1,
    };
    // SE's starts: the cells with two candidates, in cell order.
    for start in bivalue {
        let m = grid.masks()[start];
        if !easiest.beats(s.best_key()) {
            break;
        }
        s.pair = m;
        let mut digits = DigitSet::from_bits(m).iter();
        s.holders = match (digits.next(), digits.next()) {
            (Some(a), Some(b)) => grid.cells_with(a) & grid.cells_with(b),
            _ => continue,
        };
        if skip_repeats {
            // The earlier starts holding both digits hold exactly them: the same pair.
            s.holders = s.holders - started;
        }
        started.insert(start);
        if !s.push(start, 1) {
            continue;
        }
        if let (Some(changed), Some(units)) = (changed, changed_units) {
            if !s.holders.intersects(changed) {
                let fat = s.holders & more;
                let mut open = units;
                let mut affected = false;
                while open != 0 {
                    let u = open.trailing_zeros() as usize;
                    open &= open - 1;
                    let x = (fat & UNIT_SET[u]).bits();
                    if x & x.wrapping_sub(1) != 0 {
                        affected = true;
                        break;
                    }
                }
                if !affected {
                    s.pop(start);
                    continue;
                }
            }
        }
        let branch = Branch {
            allowed: 2,
            extra: 0,
            seeing: CellSet::ALL,
            first_fat: 0,
            min_type: 1,
            last: None,
        };
        s.extend(start, branch);
        s.pop(start);
    }
    let best = s.best?;
    let explanation = ctx.explain.then(|| Box::new(explain(&best, grid.masks())));
    let mut hint = best.hint;
    hint.explanation = explanation;
    Some(hint)
}

/// The loop's cells with the pair, and the extra candidates the hint rests on.
fn explain(b: &Best, masks: &[u16; CELLS]) -> Explanation {
    let mut pattern: Vec<(usize, DigitSet)> = b.cells[..b.len]
        .iter()
        .map(|&c| (usize::from(c), DigitSet::from_bits(b.pair)))
        .collect();
    for &(c, m) in &b.extra[..b.extra_len] {
        let c = usize::from(c);
        let m = m & masks[c];
        match pattern.iter_mut().find(|(pc, _)| *pc == c) {
            Some((_, ds)) => *ds = DigitSet::from_bits(ds.bits() | m),
            None => pattern.push((c, DigitSet::from_bits(m))),
        }
    }
    Explanation {
        pattern,
        units: b.region.map_or(0, |r| 1 << r.unit()),
        chains: Vec::new(),
    }
}

impl Search<'_> {
    fn best_key(&self) -> Option<Key> {
        self.best.as_ref().map(|b| b.key)
    }

    /// Adds `cell` to the path, unless no loop through the path could be valid or have a hint
    /// (of type `min_type` or more) that beats the best.
    fn push(&mut self, cell: usize, min_type: u8) -> bool {
        let at = self.len;
        if at == MAX_LOOP {
            return false;
        }
        let shortest = Key {
            difficulty: base_difficulty(at + 1),
            ty: min_type,
        };
        if !shortest.beats(self.best_key()) {
            return false;
        }
        let bit = 1u8 << (at & 1);
        let units = cell_units(cell);
        if units.iter().any(|&u| self.parity[u] & bit != 0) {
            return false;
        }
        // Every unit holding one cell of the path needs another. Only the units `cell` is the
        // first of can fail that: one holding one cell of the path had a free holder when that
        // cell was pushed (checked then), and still has it, no cell having joined it since (it
        // would hold two).
        let free = (self.holders - self.on_path).without(cell);
        if units
            .iter()
            .any(|&u| self.parity[u] == 0 && !UNIT_SET[u].intersects(free))
        {
            return false;
        }
        for u in units {
            self.parity[u] |= bit;
            self.unpaired ^= 1 << u;
        }
        self.path[at] = cell as u8;
        self.len += 1;
        self.on_path.insert(cell);
        true
    }

    fn pop(&mut self, cell: usize) {
        self.len -= 1;
        let bit = 1u8 << (self.len & 1);
        for u in cell_units(cell) {
            self.unpaired ^= 1 << u;
            self.parity[u] &= !bit;
        }
        self.on_path.remove(cell);
    }

    /// SE's `checkForLoops` from `cell`, the last cell of the path.
    ///
    /// SE takes a cell `next` sharing two regions with `cell` (a block and a row, or a block
    /// and a column) twice, once by each; this takes it by the first only. The second walk
    /// finds no loop the first did not find before it, with the same cells in the same order:
    /// from `next` reached by region `B` (after `A`), a step by `A` reaches a cell of the
    /// region of type `A` that holds `cell` and `next`, a third cell of the path in it, which
    /// no valid loop has (and `found_loop` only sees valid loops: the parity check refuses such
    /// a cell, the closing check a closing into such a region); a step by the third type is
    /// also a step of the first walk, from the same path, the branch state being a function of
    /// the path's cells apart from the region type it came in by. Closing into the first cell
    /// by a second region likewise repeats the loop just found. A repeated loop offers the same
    /// hints with the same keys as when first found, later, and the best only gets easier: no
    /// repeat replaces it, and whatever the first walk pruned against the best the second
    /// would prune too.
    fn extend(&mut self, cell: usize, from: Branch) {
        let grid = self.grid;
        let masks = grid.masks();
        // The cells holding both digits that can close or extend the path: not those on it,
        // except the first closing a path of four cells or more (the same for every region:
        // the path is restored after each step).
        let start = usize::from(self.path[0]);
        let mut taken = self.on_path;
        if self.len >= 4 {
            taken.remove(start);
        }
        let mut candidates = self.holders - taken;
        for kind in KINDS {
            if Some(kind) == from.last {
                continue;
            }
            // The region's such cells, in SE's order (a region's cells are in cell order); the
            // others can neither close nor extend the path.
            let reached = Region::containing(kind, cell).set() & candidates;
            // A cell sharing two regions with `cell` is taken once, by the first: SE takes it
            // again by the second, but finds only repeats there (see [`Search::extend`]).
            if self.skip_repeats {
                candidates = candidates - reached;
            }
            for next in reached {
                if next == start {
                    if self.unpaired == 0 {
                        self.found_loop();
                    }
                } else {
                    let m = masks[next];
                    let extra = (from.extra | m) & !self.pair;
                    let fat = bits9(m) > 2;
                    if fat && bits9(extra) != 1 && from.allowed <= 0 {
                        continue;
                    }
                    let mut to = Branch {
                        extra,
                        last: Some(kind),
                        ..from
                    };
                    if fat {
                        to.allowed -= 1;
                        to.seeing &= PEERS[next];
                        match to.allowed {
                            1 => to.first_fat = next as u8,
                            0 => {
                                let c1 = usize::from(to.first_fat);
                                let Some(t) = self.two_extra_cells(c1, next, extra, to.seeing)
                                else {
                                    continue;
                                };
                                to.min_type = t;
                            }
                            _ => {
                                if !self.type2_possible(extra, to.seeing) {
                                    continue;
                                }
                                to.min_type = 2;
                            }
                        }
                    }
                    if self.push(next, to.min_type) {
                        self.extend(next, to);
                        self.pop(next);
                    }
                }
            }
        }
    }

    /// With three cells with extra candidates or more, only a type 2 can come of the path: its
    /// extra digit must be a candidate of a cell seeing them all (adding cells only shrinks that
    /// set).
    fn type2_possible(&self, extra: u16, seeing: CellSet) -> bool {
        let Some(x) = Digit::from_index(extra.trailing_zeros() as usize) else {
            return false;
        };
        bits9(extra) == 1 && seeing.intersects(self.grid.cells_with(x))
    }

    /// A lower bound of the types of hint a loop whose first two cells with extra candidates
    /// are `c1` and `c2` could have (`extra` their extra digits, `seeing` the cells that see
    /// both), or `None` if no such loop can remove anything: with one extra digit, types 2 (also
    /// with more extra cells) and 4; with more, types 3 and 4, which need `c1` and `c2` in one
    /// region.
    fn two_extra_cells(&self, c1: usize, c2: usize, extra: u16, seeing: CellSet) -> Option<u8> {
        if bits9(extra) == 1 {
            if self.type2_possible(extra, seeing) {
                return Some(2);
            }
            return self.type4_locks(c1, c2).map(|_| 4);
        }
        crate::grid::geometry::sees(c1, c2).then_some(3)
    }

    /// The hints of the valid loop on the path, offered in SE's order.
    fn found_loop(&mut self) {
        let masks = self.grid.masks();
        let len = self.len;
        let base = base_difficulty(len);
        let mut extra_cells = [0usize; MAX_LOOP];
        let mut n = 0;
        for &c in &self.path[..len] {
            if bits9(masks[usize::from(c)]) > 2 {
                extra_cells[n] = usize::from(c);
                n += 1;
            }
        }
        let extra_cells = &extra_cells[..n];
        match n {
            0 => {} // a deadly pattern: the puzzle would have two solutions
            1 => {
                let key = Key {
                    difficulty: base,
                    ty: 1,
                };
                if key.beats(self.best_key()) {
                    let mut hint = self.new_hint(key);
                    hint.eliminate(extra_cells[0], DigitSet::from_bits(self.pair));
                    self.offer(key, hint, &[], None);
                }
            }
            2 => {
                let (c1, c2) = (extra_cells[0], extra_cells[1]);
                let rest = (masks[c1] | masks[c2]) & !self.pair;
                if bits9(rest) == 1 {
                    self.type2(base, extra_cells);
                } else {
                    self.type3(base, c1, c2);
                }
                self.type4(base, c1, c2);
            }
            _ => self.type2(base, extra_cells),
        }
    }

    fn new_hint(&self, key: Key) -> Hint {
        let technique = if self.len == 4 {
            Technique::UniqueRectangle
        } else {
            Technique::UniqueLoop
        };
        let mut hint = Hint::new(technique, key.difficulty);
        hint.name = SeName::new("");
        let _ = if self.len == 4 {
            write!(hint.name, "Unique Rectangle type {}", key.ty)
        } else {
            write!(hint.name, "Unique Loop {} type {}", self.len, key.ty)
        };
        hint
    }

    /// Keeps `hint` if it removes something and comes before the best in SE's order.
    fn offer(&mut self, key: Key, hint: Hint, extra: &[(u8, u16)], region: Option<Region>) {
        if !key.beats(self.best_key()) || hint.eliminations.iter().all(|&m| m == 0) {
            return;
        }
        let mut b = Best {
            key,
            hint,
            cells: self.path,
            len: self.len,
            pair: self.pair,
            extra: [(0, 0); 9],
            extra_len: extra.len().min(9),
            region,
        };
        b.extra[..b.extra_len].copy_from_slice(&extra[..b.extra_len]);
        self.best = Some(b);
    }

    /// Type 2: the extra cells' one extra digit leaves the cells that see them all.
    fn type2(&mut self, base: f64, extra_cells: &[usize]) {
        let key = Key {
            difficulty: base,
            ty: 2,
        };
        if !key.beats(self.best_key()) {
            return;
        }
        let masks = self.grid.masks();
        let value = masks[extra_cells[0]] & !self.pair;
        let value = value & value.wrapping_neg();
        let mut seeing = CellSet::ALL;
        let mut extra = [(0u8, 0u16); 9];
        for (i, &c) in extra_cells.iter().enumerate() {
            seeing &= PEERS[c];
            if i < 9 {
                extra[i] = (c as u8, value);
            }
        }
        for &c in extra_cells {
            seeing.remove(c);
        }
        let mut hint = self.new_hint(key);
        for c in seeing {
            if masks[c] & value != 0 {
                hint.eliminate(c, DigitSet::from_bits(value));
            }
        }
        let shown = extra_cells.len().min(9);
        self.offer(key, hint, &extra[..shown], None);
    }

    /// Type 3: the two extra cells act as one cell holding their extra digits, in a naked or
    /// hidden set of a region they share.
    fn type3(&mut self, base: f64, c1: usize, c2: usize) {
        let grid = self.grid;
        let masks = grid.masks();
        let extra = (masks[c1] | masks[c2]) & !self.pair;
        let n_extra = bits9(extra) as usize;
        for degree in 2..=7usize {
            let naked = Key {
                difficulty: base + (degree - 1) as f64 * 0.1,
                ty: 3,
            };
            let hidden = Key {
                difficulty: base + ((degree - 1) as f64 - 1.0) * 0.1,
                ty: 3,
            };
            if !naked.beats(self.best_key()) && !hidden.beats(self.best_key()) {
                return; // harder degrees cannot beat it either
            }
            for kind in KINDS {
                let region = Region::containing(kind, c1);
                if region != Region::containing(kind, c2) {
                    continue;
                }
                let empty = grid.empty_count(region);
                let (Some(i1), Some(i2)) = (region.index_of(c1), region.index_of(c2)) else {
                    continue;
                };
                let site = Site {
                    region,
                    c1,
                    c2,
                    i1,
                    i2,
                    extra,
                };
                if degree * 2 <= empty && degree >= n_extra && naked.beats(self.best_key()) {
                    self.naked_sets(naked, &site, degree);
                }
                if degree * 2 < empty && hidden.beats(self.best_key()) {
                    self.hidden_sets(hidden, &site, degree);
                }
            }
        }
    }

    fn naked_sets(&mut self, key: Key, site: &Site, degree: usize) {
        let Site {
            region,
            c1,
            c2,
            i1,
            i2,
            extra,
        } = *site;
        let masks = self.grid.masks();
        // SE's sets are in increasing order, those with `c1`, without `c2` and with no member
        // of fewer than two candidates count: the others' places (`avail`), taken
        // `degree - 1` at a time in increasing order, with `c1`'s added, come in that order.
        // A cell whose candidates with `extra` are more than `degree` digits is in none of
        // them: leaving it out keeps the others' order.
        let mut avail = [0u8; 9];
        let mut n_avail = 0;
        for k in 0..9 {
            let m = masks[region.cell(k)];
            if k != i1 && k != i2 && bits9(m) >= 2 && bits9(m | extra) as usize <= degree {
                avail[n_avail] = k as u8;
                n_avail += 1;
            }
        }
        if n_avail + 1 < degree {
            return;
        }
        for pick in super::combinations(degree as u32 - 1, n_avail as u32) {
            let mut set = 1u32 << i1;
            for (j, &k) in avail[..n_avail].iter().enumerate() {
                if pick >> j & 1 != 0 {
                    set |= 1 << k;
                }
            }
            // SE: `(extra & c1 & c2) | others` must be `degree` digits, and every member (c1
            // standing for `extra`) at least two candidates with `degree` in all.
            let mut naked = extra & masks[c1] & masks[c2];
            let mut union = extra;
            let mut thin = false;
            for k in 0..9 {
                if set & (1 << k) != 0 && k != i1 {
                    let m = masks[region.cell(k)];
                    naked |= m;
                    union |= m;
                    thin |= bits9(m) <= 1;
                }
            }
            if bits9(naked) as usize != degree || thin || bits9(union) as usize != degree {
                continue;
            }
            let mut hint = self.new_hint(key);
            let mut shown = [(0u8, 0u16); 9];
            let mut n_shown = 0;
            for k in 0..9 {
                let c = region.cell(k);
                if set & (1 << k) != 0 || c == c2 {
                    shown[n_shown] = (c as u8, if c == c1 || c == c2 { extra } else { union });
                    n_shown += 1;
                } else if c != c1 {
                    hint.eliminate(c, DigitSet::from_bits(masks[c] & union));
                }
            }
            self.offer(key, hint, &shown[..n_shown], Some(region));
            if !key.beats(self.best_key()) {
                return;
            }
        }
    }

    fn hidden_sets(&mut self, key: Key, site: &Site, degree: usize) {
        let Site {
            region,
            c1,
            c2,
            i1,
            i2,
            extra,
        } = *site;
        let grid = self.grid;
        let masks = grid.masks();
        // The pair's places in the region without `c2`: every set holds them.
        let mut base = 0u16;
        for d in DigitSet::from_bits(self.pair).iter() {
            let p = grid.positions(region, d) & !(1 << i2);
            if p == 0 {
                return;
            }
            base |= p;
        }
        // The digits that are neither the pair's nor extra, in increasing order, without
        // those with no place or too many with the pair's (in no set: leaving them out keeps
        // the others' order).
        let mut others = [0u16; 9];
        let mut n_others = 0;
        let mut any_other = false;
        for d in Digit::ALL {
            if (self.pair | extra) & d.bit() == 0 {
                any_other = true;
                let p = grid.positions(region, d) & !(1 << i2);
                if p != 0 && bits9(base | p) as usize <= degree {
                    others[n_others] = d.bit();
                    n_others += 1;
                }
            }
        }
        if degree - 2 > n_others {
            return;
        }
        // SE's `Permutations(0, n)` gives the empty set once, but nothing when `n` is 0: that
        // is the number of digits before leaving some out.
        let picks = if degree == 2 && n_others == 0 && any_other {
            super::combinations(0, 1)
        } else {
            super::combinations(degree as u32 - 2, n_others as u32)
        };
        for pick in picks {
            let mut digits = self.pair;
            for (k, &bit) in others[..n_others].iter().enumerate() {
                if pick & (1 << k) != 0 {
                    digits |= bit;
                }
            }
            let mut cells = 0u16;
            let mut missing = false;
            for d in DigitSet::from_bits(digits).iter() {
                let p = grid.positions(region, d) & !(1 << i2);
                missing |= p == 0;
                cells |= p;
            }
            if missing || bits9(cells) as usize != degree {
                continue;
            }
            let set = cells & !(1 << i1) & !(1 << i2);
            let mut hint = self.new_hint(key);
            let mut shown = [(0u8, 0u16); 9];
            let mut n_shown = 0;
            for k in 0..9 {
                if set & (1 << k) != 0 {
                    let c = region.cell(k);
                    hint.eliminate(c, DigitSet::from_bits(masks[c] & !digits));
                    shown[n_shown] = (c as u8, digits);
                    n_shown += 1;
                }
            }
            shown[n_shown] = (c1 as u8, digits);
            shown[n_shown + 1] = (c2 as u8, digits);
            n_shown += 2;
            self.offer(key, hint, &shown[..n_shown], Some(region));
            if !key.beats(self.best_key()) {
                return;
            }
        }
    }

    /// For type 4: the region shared by `c1` and `c2` where one of the pair's digits has no
    /// other position (SE: the last such region, in block, row, column order, for `v1`, else
    /// for `v2`), and the digit that then leaves both cells.
    fn type4_locks(&self, c1: usize, c2: usize) -> Option<(Region, Digit)> {
        let grid = self.grid;
        let mut pair = DigitSet::from_bits(self.pair).iter();
        let (v1, v2) = (pair.next()?, pair.next()?);
        let mut r1 = None;
        let mut r2 = None;
        for kind in KINDS {
            let region = Region::containing(kind, c1);
            if region != Region::containing(kind, c2) {
                continue;
            }
            let rest = region.set().without(c1).without(c2);
            if !grid.cells_with(v1).intersects(rest) {
                r1 = Some(region);
            }
            if !grid.cells_with(v2).intersects(rest) {
                r2 = Some(region);
            }
        }
        match (r1, r2) {
            (Some(r), _) => Some((r, v2)),
            (None, Some(r)) => Some((r, v1)),
            (None, None) => None,
        }
    }

    /// Type 4: one of the pair's digits is locked in `c1`, `c2` in a region they share, so the
    /// other leaves both.
    fn type4(&mut self, base: f64, c1: usize, c2: usize) {
        let key = Key {
            difficulty: base,
            ty: 4,
        };
        if !key.beats(self.best_key()) {
            return;
        }
        let Some((region, removed)) = self.type4_locks(c1, c2) else {
            return;
        };
        let mut hint = self.new_hint(key);
        hint.eliminate(c1, DigitSet::single(removed));
        hint.eliminate(c2, DigitSet::single(removed));
        self.offer(key, hint, &[], Some(region));
    }
}
