//! Wings: SE's `XYWing(false)` (XY-Wing 4.2), `XYWing(true)` (XYZ-Wing 4.4), `WXYZWing`
//! (5.5–5.6) and `VWXYZWing` (6.2–6.4).
//!
//! What SE does, and what matching it takes:
//!
//! * XY- and XYZ-Wing take the first hint found: pivots by cell index; for each, the first
//!   pincer among the pivot's peers in increasing cell order (SE's `visibleCellIndex` lists
//!   are sorted), then the second pincer the same way. The victims see both pincers (and the
//!   pivot, for XYZ).
//! * WXYZ- and VWXYZ-Wing are a bivalue cell `yz` and an almost locked set of 3 (4) mutually
//!   visible cells holding 4 (5) digits, found as: the first cell by index, the next ones
//!   among the forward peers (higher index) of all the earlier ones, `yz` among the cells any
//!   of them sees, by index. With `yz = {x, z}` (`x` < `z`): if both digits are restricted
//!   (every set cell holding it sees `yz`) the hint is "doubly linked"; else the restricted
//!   one is `x` and the other is removed from the cells seeing `yz` and every set cell holding
//!   it. A doubly linked hint also removes each other digit of the set from the cells seeing
//!   every set cell holding it, and both `x` and `z` as above; it keeps its "2" only if some
//!   such "weak" elimination happens or both `x` and `z` are removed somewhere.
//! * Both collect every hint and take the first after a stable sort by difficulty, then
//!   eliminations (most first), then suffix in *reverse* string order (so "139" before
//!   "1310"). The difficulty comes from the largest cell of the set (`biggestCardinality`):
//!   `5.5 + (1 - |3 - b|) * 0.1` and `6.2 + (2 - |3 - b|) * 0.1`; the suffix and name are
//!   `WXYZ-Wing <1|2><b><sum of the set's cell sizes>`.
//!
//! Along a path each wing rule keeps a memo. A wing's removals depend on its cells'
//! candidates (which digits are restricted, which set cells hold a digit) and shrink with the
//! candidates around it (the victims); candidates are only ever removed along a path (a search
//! that sees one gained looks everywhere). So a wing none of whose cells changed since a
//! search that gave it nothing still gives nothing.
//!
//! * XY- and XYZ-Wing keep the position where they last found nothing ([`NothingSince`]): the
//!   next search skips the wings with no changed cell (the first hint is the full search's).
//! * WXYZ- and VWXYZ-Wing keep the position of their last search, found or not
//!   ([`WingMemo`]), with the sets that had there a wing with something to remove, or that
//!   were skipped for their difficulty (their wings were not looked at). The next search
//!   offers the wings with a changed cell (a set with no changed cell and none of its cells
//!   seen by a changed bivalue cell has none: [`hot_cells`]) and the kept sets' other wings;
//!   every wing left out had nothing to remove at the last search, so has nothing now. The
//!   wings are then offered out of SE's order, so ties of SE's stable sort are broken
//!   explicitly by the place in SE's enumeration (set cells, then `yz`): the best is the full
//!   search's. More than [`KEEP`] sets to keep leaves the memo unset (a full search next).

use core::fmt::Write;

use super::Ctx;
use super::grid::{Grid, NothingSince};
use super::hint::{Explanation, Hint, SeName};
use super::singles::bits9;
use crate::grade::Technique;
use crate::grid::geometry::PEERS;
use crate::grid::{CELLS, CellSet, DigitSet};

/// The cells of higher index that `cell` sees (SE's `getForwardVisibleCells`).
const FORWARD: [CellSet; CELLS] = {
    let mut out = [CellSet::EMPTY; CELLS];
    let mut c = 0;
    while c < CELLS {
        out[c] = CellSet::from_bits(PEERS[c].bits() & !((2u128 << c) - 1));
        c += 1;
    }
    out
};

/// `SEES[a][b]`: cell `a` sees cell `b` (`PEERS` as a byte table: one load where a `CellSet`
/// test takes a 128-bit shift).
static SEES: [[bool; CELLS]; CELLS] = {
    let mut out = [[false; CELLS]; CELLS];
    let mut a = 0;
    while a < CELLS {
        let mut b = 0;
        while b < CELLS {
            out[a][b] = PEERS[a].contains(b);
            b += 1;
        }
        a += 1;
    }
    out
};

/// `BIT[c]`: the set of cell `c` alone (a load where building it takes a 128-bit shift).
static BIT: [CellSet; CELLS] = {
    let mut out = [CellSet::EMPTY; CELLS];
    let mut c = 0;
    while c < CELLS {
        out[c] = CellSet::single(c);
        c += 1;
    }
    out
};

/// A wing set's figures: its candidates, its largest cell's size, the sum of its cells' sizes,
/// its cells, and the cells they see.
#[derive(Clone, Copy)]
struct Figures {
    union: u16,
    biggest: u32,
    size: u32,
    cells: CellSet,
    near: CellSet,
}

impl Figures {
    const EMPTY: Figures = Figures {
        union: 0,
        biggest: 0,
        size: 0,
        cells: CellSet::EMPTY,
        near: CellSet::EMPTY,
    };

    /// The figures with cell `c` (candidates `mask`) added.
    fn with(self, c: usize, mask: u16) -> Figures {
        let n = bits9(mask);
        Figures {
            union: self.union | mask,
            biggest: self.biggest.max(n),
            size: self.size + n,
            cells: self.cells | BIT[c],
            near: self.near | PEERS[c],
        }
    }
}

/// `at_least(pos)[k]`: the cells with `k` candidates or more (`k` in `1..=6`), counted
/// across the digits' cell sets `pos` (a bit-sliced count: no loop over the cells).
pub(crate) fn at_least(pos: &[CellSet; 9]) -> [CellSet; 7] {
    let mut ge = [0u128; 7];
    for p in pos {
        let p = p.bits();
        for k in (2..7).rev() {
            ge[k] |= ge[k - 1] & p;
        }
        ge[1] |= p;
    }
    ge.map(CellSet::from_bits)
}

/// The cells with exactly two candidates.
fn bivalue_cells(pos: &[CellSet; 9]) -> CellSet {
    let ge = at_least(pos);
    ge[2] - ge[3]
}

/// The cells of each digit, by digit index.
fn positions(grid: &Grid) -> [CellSet; 9] {
    core::array::from_fn(|d| grid.cells_with(crate::grid::Digit::ALL[d]))
}

/// The first hint in SE's order, if any.
pub(crate) fn xy_wing(grid: &Grid, ctx: &mut Ctx, xyz: bool) -> Option<Hint> {
    xy_wing_with(grid, ctx, xyz, &mut NothingSince::new())
}

/// [`xy_wing`], looking only at wings with a cell that changed since `memo`'s last search
/// found nothing (the others still have nothing to remove).
pub(crate) fn xy_wing_with(
    grid: &Grid,
    ctx: &mut Ctx,
    xyz: bool,
    memo: &mut NothingSince,
) -> Option<Hint> {
    memo.search(grid, |changed| xy_search(grid, ctx, xyz, changed))
}

/// [`xy_wing`] among the wings with a cell in `changed`.
fn xy_search(grid: &Grid, ctx: &mut Ctx, xyz: bool, changed: CellSet) -> Option<Hint> {
    let m = grid.masks();
    let bivalue = bivalue_cells(&positions(grid));
    let target = if xyz { 3 } else { 2 };
    for pivot in 0..CELLS {
        let xy = m[pivot];
        if bits9(xy) != target {
            continue;
        }
        let pincers = PEERS[pivot] & bivalue;
        // An unchanged pivot needs a changed pincer.
        if !changed.contains(pivot) && !pincers.intersects(changed) {
            continue;
        }
        for xz_cell in pincers {
            let xz = m[xz_cell];
            if bits9(xy & !xz) != 1 {
                continue;
            }
            let yz_cells = if changed.contains(pivot) || changed.contains(xz_cell) {
                pincers
            } else {
                pincers & changed
            };
            for yz_cell in yz_cells {
                let yz = m[yz_cell];
                // The three cells hold three digits, all three sharing one (XYZ) or none (XY):
                // with the pivot's `xy` and `xz` as they are here, `yz` is the two digits not
                // shared by `xy` and `xz` (XY), or another pair of the pivot's three (XYZ).
                let wing = if xyz {
                    yz & !xy == 0 && yz != xz
                } else {
                    yz == xy ^ xz
                };
                if !wing {
                    continue;
                }
                let z = DigitSet::from_bits(xz & yz);
                let Some(zd) = z.first() else {
                    continue;
                };
                let mut victims = PEERS[xz_cell] & PEERS[yz_cell];
                if xyz {
                    victims &= PEERS[pivot];
                }
                victims = victims.without(pivot).without(xz_cell).without(yz_cell);
                victims &= grid.cells_with(zd);
                if victims.is_empty() {
                    continue;
                }
                let technique = if xyz {
                    Technique::XyzWing
                } else {
                    Technique::XyWing
                };
                let mut hint = Hint::of(technique);
                hint.name = SeName::new(if xyz { "XYZ-Wing" } else { "XY-Wing" });
                for v in victims {
                    hint.eliminate(v, DigitSet::single(zd));
                }
                if ctx.explain {
                    hint.explanation = Some(Box::new(Explanation {
                        pattern: [pivot, xz_cell, yz_cell]
                            .iter()
                            .map(|&c| (c, DigitSet::from_bits(m[c])))
                            .collect(),
                        ..Explanation::default()
                    }));
                }
                return Some(hint);
            }
        }
    }
    None
}

/// A wing hint with SE's sort key.
struct WingFound {
    difficulty: f64,
    eliminations: u32,
    suffix: [u8; 4],
    suffix_len: usize,
    /// The wing's place in SE's enumeration (its cells then `yz`, packed in that order), which
    /// decides between hints SE's sort leaves tied (it is stable).
    order: u64,
    removals: [u16; CELLS],
    cells: [usize; 5],
    n_cells: usize,
    yz: usize,
}

/// The most sets a [`WingMemo`] keeps; a search that would keep more leaves the memo unset, and
/// the next search looks everywhere.
const KEEP: usize = 32;

/// What a WXYZ- or VWXYZ-Wing search keeps from step to step: the position it last searched,
/// and the sets there that may have a wing with something to remove (those it found one for,
/// and those it skipped for their difficulty). Every other set had, with every `yz`, nothing
/// to remove there.
#[derive(Clone)]
pub(crate) struct WingMemo {
    /// Set at the last search's position when `kept` is complete.
    since: NothingSince,
    kept: [[u8; 4]; KEEP],
    n_kept: usize,
}

impl WingMemo {
    pub(crate) const fn new() -> WingMemo {
        WingMemo {
            since: NothingSince::new(),
            kept: [[0; 4]; KEEP],
            n_kept: 0,
        }
    }
}

/// One WXYZ- or VWXYZ-Wing search: the position's figures, the best hint so far and the sets
/// to keep.
struct Scan<'a> {
    m: &'a [u16; CELLS],
    pos: [CellSet; 9],
    bivalue: CellSet,
    fit: CellSet,
    big: bool,
    best: Option<WingFound>,
    kept: [[u8; 4]; KEEP],
    n_kept: usize,
    overflow: bool,
}

impl Scan<'_> {
    /// Keeps `set` for the next search (once).
    fn keep(&mut self, set: &[usize]) {
        let mut key = [u8::MAX; 4];
        for (k, &c) in key.iter_mut().zip(set) {
            *k = c as u8;
        }
        if self.kept[..self.n_kept].contains(&key) {
            return;
        }
        if self.n_kept == KEEP {
            self.overflow = true;
            return;
        }
        self.kept[self.n_kept] = key;
        self.n_kept += 1;
    }

    /// The wing hints of the set `set` (its cells in SE's order, `f` its figures) with every
    /// bivalue `yz` in
    /// `yz_only`, offered to `best` (SE's `createHint`, its eliminations and doubly-linked rule,
    /// as the module doc says). A set that has a wing with something to remove, or that is
    /// skipped for its difficulty, is kept.
    fn offer(&mut self, set: &[usize], f: Figures, yz_only: CellSet) {
        let m = self.m;
        let pos = &self.pos;
        let (union, biggest, size, cells) = (f.union, f.biggest, f.size, f.cells);
        let mut range = f.near & !cells & self.bivalue & yz_only;
        // `yz` holds no digit outside the set's (the loop below skips such cells; dropping
        // them first skips most sets before their digits are looked at).
        let mut outside = !union & 0x1ff;
        while outside != 0 && !range.is_empty() {
            let d = outside.trailing_zeros() as usize;
            outside &= outside - 1;
            range = range - pos[d];
        }
        if range.is_empty() {
            return;
        }
        let k = (if self.big { 2 } else { 1 }) - (3 - biggest as i32).abs();
        let base = if self.big {
            Technique::VwxyzWing
        } else {
            Technique::WxyzWing
        };
        let difficulty = base.difficulty() + f64::from(k) * 0.1;
        if self
            .best
            .as_ref()
            .is_some_and(|b| b.difficulty < difficulty)
        {
            self.keep(set);
            return;
        }
        let mut order = 0u64;
        for &c in set {
            order = order << 8 | c as u64;
        }
        order <<= 8 * (5 - set.len());
        // Per digit `d` of the set: the cells outside the set that hold `d` and see every set
        // cell holding it (SE's removals of `d`), computed only for the digits a `yz` asks
        // about. `yz` "sees" a digit (it is restricted) when `yz` sees every set cell holding
        // it, that is when no set cell that `yz` does not see holds it; SE's per-digit sets
        // give the same answers, only computed for every digit up front.
        let target = |d: usize| {
            let bit = 1u16 << d;
            let mut sees = CellSet::ALL;
            for &c in set {
                if m[c] & bit != 0 {
                    sees &= PEERS[c];
                }
            }
            sees & pos[d] & !cells
        };
        let mut kept = false;
        for yz in range {
            let yzm = m[yz];
            if yzm & union != yzm {
                continue;
            }
            let xd = yzm.trailing_zeros() as usize;
            let zd = (yzm & (yzm - 1)).trailing_zeros() as usize;
            let sees = &SEES[yz];
            let mut unseen = 0u16;
            for &c in set {
                if !sees[c] {
                    unseen |= m[c];
                }
            }
            let (x_ok, z_ok) = (unseen & (1 << xd) == 0, unseen & (1 << zd) == 0);
            // The restricted digit and the removed one; `double` when both are restricted.
            let (rx, rz, double) = match (x_ok, z_ok) {
                (true, double) => (xd, zd, double),
                (false, true) => (zd, xd, false),
                (false, false) => continue,
            };
            let hit_z = PEERS[yz] & target(rz);
            let mut n = hit_z.len() as u32;
            let mut dbl = false;
            let mut hit_x = CellSet::EMPTY;
            if double {
                hit_x = PEERS[yz] & target(rx);
                let mut weak = 0;
                let mut rest = union & !yzm;
                while rest != 0 {
                    let w = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    weak += target(w).len() as u32;
                }
                n += hit_x.len() as u32 + weak;
                dbl = weak > 0 || (!hit_z.is_empty() && !hit_x.is_empty());
            }
            if n == 0 {
                continue;
            }
            kept = true;
            let mut suffix = [0u8; 4];
            suffix[0] = if dbl { b'2' } else { b'1' };
            suffix[1] = b'0' + biggest as u8;
            let suffix_len = if size >= 10 {
                suffix[2] = b'0' + (size / 10) as u8;
                suffix[3] = b'0' + (size % 10) as u8;
                4
            } else {
                suffix[2] = b'0' + size as u8;
                3
            };
            let order = order | yz as u64;
            let better = match &self.best {
                None => true,
                Some(b) => {
                    if difficulty != b.difficulty {
                        difficulty < b.difficulty
                    } else if n != b.eliminations {
                        n > b.eliminations
                    } else if suffix[..suffix_len] != b.suffix[..b.suffix_len] {
                        suffix[..suffix_len] > b.suffix[..b.suffix_len]
                    } else {
                        order < b.order
                    }
                }
            };
            if !better {
                continue;
            }
            let mut removals = [0u16; CELLS];
            let mut remove = |hit: CellSet, d: usize| {
                for c in hit {
                    removals[c] |= 1 << d;
                }
            };
            remove(hit_z, rz);
            if double {
                remove(hit_x, rx);
                let mut rest = union & !yzm;
                while rest != 0 {
                    let w = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    remove(target(w), w);
                }
            }
            let mut kept_cells = [0usize; 5];
            kept_cells[..set.len()].copy_from_slice(set);
            self.best = Some(WingFound {
                difficulty,
                eliminations: n,
                suffix,
                suffix_len,
                order,
                removals,
                cells: kept_cells,
                n_cells: set.len(),
                yz,
            });
        }
        if kept {
            self.keep(set);
        }
    }

    /// [`Scan::offer`] for a set given by its cells.
    fn offer_cells(&mut self, set: &[usize], yz_only: CellSet) {
        let mut f = Figures::EMPTY;
        for &c in set {
            f = f.with(c, self.m[c]);
        }
        self.offer(set, f, yz_only);
    }
}

impl WingFound {
    fn into_hint(self, grid: &Grid, ctx: &Ctx, big: bool) -> Hint {
        let technique = if big {
            Technique::VwxyzWing
        } else {
            Technique::WxyzWing
        };
        let mut hint = Hint::new(technique, self.difficulty);
        hint.eliminations = self.removals;
        let mut name = SeName::new(if big { "VWXYZ-Wing " } else { "WXYZ-Wing " });
        let _ = write!(
            name,
            "{}",
            core::str::from_utf8(&self.suffix[..self.suffix_len]).unwrap_or("")
        );
        hint.name = name;
        if ctx.explain {
            let cells = self.cells[..self.n_cells]
                .iter()
                .chain(core::iter::once(&self.yz));
            hint.explanation = Some(Box::new(Explanation {
                pattern: cells.map(|&c| (c, grid.cands(c))).collect(),
                ..Explanation::default()
            }));
        }
        hint
    }
}

/// The first hint in SE's order, if any.
pub(crate) fn wxyz_wing(grid: &Grid, ctx: &mut Ctx) -> Option<Hint> {
    wxyz_wing_with(grid, ctx, &mut WingMemo::new())
}

/// [`wxyz_wing`], looking again only at the wings with a cell that changed since `memo`'s last
/// search, and at the sets it kept.
pub(crate) fn wxyz_wing_with(grid: &Grid, ctx: &mut Ctx, memo: &mut WingMemo) -> Option<Hint> {
    wing_search(grid, ctx, false, memo)
}

/// The first hint in SE's order, if any.
pub(crate) fn vwxyz_wing(grid: &Grid, ctx: &mut Ctx) -> Option<Hint> {
    vwxyz_wing_with(grid, ctx, &mut WingMemo::new())
}

/// [`vwxyz_wing`], looking again only at the wings with a cell that changed since `memo`'s
/// last search, and at the sets it kept.
pub(crate) fn vwxyz_wing_with(grid: &Grid, ctx: &mut Ctx, memo: &mut WingMemo) -> Option<Hint> {
    wing_search(grid, ctx, true, memo)
}

/// WXYZ- (`big` false) or VWXYZ-Wing: SE's best hint over every wing, looking only at the
/// wings with a changed cell and at the kept sets' wings when `memo` holds the last search's
/// position (see the module doc for why the others have nothing to remove).
fn wing_search(grid: &Grid, ctx: &mut Ctx, big: bool, memo: &mut WingMemo) -> Option<Hint> {
    let changed = memo.since.changed(grid);
    let pos = positions(grid);
    let ge = at_least(&pos);
    let mut scan = Scan {
        m: grid.masks(),
        pos,
        bivalue: ge[2] - ge[3],
        // The cells that can be in a set: 2 to 4 (WXYZ) or 5 (VWXYZ) candidates.
        fit: ge[2] - ge[if big { 6 } else { 5 }],
        big,
        best: None,
        kept: [[0; 4]; KEEP],
        n_kept: 0,
        overflow: false,
    };
    let changed = match changed {
        Some(changed) => {
            // The kept sets none of whose cells changed, with the `yz` that did not change
            // (the search below sees the others).
            for key in &memo.kept[..memo.n_kept] {
                let mut set = [0usize; 4];
                let len = key.iter().take_while(|&&c| c != u8::MAX).count();
                for (s, &c) in set.iter_mut().zip(key) {
                    *s = usize::from(c);
                }
                let set = &set[..len];
                if set.iter().all(|&c| !changed.contains(c)) {
                    scan.offer_cells(set, !changed);
                }
            }
            changed
        }
        None => CellSet::ALL,
    };
    if big {
        vwxyz_sets(&mut scan, changed);
    } else {
        wxyz_sets(&mut scan, changed);
    }
    if scan.overflow {
        memo.since.record(grid, true);
    } else {
        memo.since.record(grid, false);
        memo.kept = scan.kept;
        memo.n_kept = scan.n_kept;
    }
    scan.best.map(|f| f.into_hint(grid, ctx, big))
}

/// The cells a wing with no cell in `changed` needs one of in its set for a `yz` in
/// `changed`: the changed cells and the cells a changed bivalue cell sees.
fn hot_cells(changed: CellSet, bivalue: CellSet) -> CellSet {
    if changed == CellSet::ALL {
        return CellSet::ALL;
    }
    let mut hot = changed;
    for y in changed & bivalue {
        hot |= PEERS[y];
    }
    hot
}

/// Offers every WXYZ set with a cell in `changed`, with every `yz`, and every other set with
/// the `yz` in `changed` — skipping the sets with no cell in [`hot_cells`], which have no
/// such `yz` to offer.
fn wxyz_sets(scan: &mut Scan, changed: CellSet) {
    let m = scan.m;
    let fit = scan.fit;
    let full = changed == CellSet::ALL;
    let hot = hot_cells(changed, scan.bivalue);
    for a in 0..CELLS {
        let am = m[a];
        if !(2..5).contains(&bits9(am)) {
            continue;
        }
        let fa = Figures::EMPTY.with(a, am);
        for b in FORWARD[a] & fit {
            let bm = m[b];
            if bits9(am | bm) >= 5 {
                continue;
            }
            let fab = fa.with(b, bm);
            let mut cs = FORWARD[a] & FORWARD[b] & fit;
            if !full && !fab.cells.intersects(hot) {
                cs &= hot;
            }
            for c in cs {
                let cm = m[c];
                if bits9(am | bm | cm) != 4 {
                    continue;
                }
                let f = fab.with(c, cm);
                let yz_only = if full || f.cells.intersects(changed) {
                    CellSet::ALL
                } else {
                    changed
                };
                scan.offer(&[a, b, c], f, yz_only);
            }
        }
    }
}

/// [`wxyz_sets`] for VWXYZ sets.
fn vwxyz_sets(scan: &mut Scan, changed: CellSet) {
    let m = scan.m;
    let fit = scan.fit;
    let full = changed == CellSet::ALL;
    let hot = hot_cells(changed, scan.bivalue);
    for a in 0..CELLS {
        let am = m[a];
        if !(2..6).contains(&bits9(am)) {
            continue;
        }
        let fa = Figures::EMPTY.with(a, am);
        for b in FORWARD[a] & fit {
            let bm = m[b];
            if bits9(am | bm) >= 6 {
                continue;
            }
            let fab = fa.with(b, bm);
            let ab = FORWARD[a] & FORWARD[b] & fit;
            for c in ab {
                let cm = m[c];
                if bits9(am | bm | cm) >= 6 {
                    continue;
                }
                let fabc = fab.with(c, cm);
                let mut ds = FORWARD[c] & ab;
                if !full && !fabc.cells.intersects(hot) {
                    ds &= hot;
                }
                for d in ds {
                    let dm = m[d];
                    if bits9(am | bm | cm | dm) != 5 {
                        continue;
                    }
                    let f = fabc.with(d, dm);
                    let yz_only = if full || f.cells.intersects(changed) {
                        CellSet::ALL
                    } else {
                        changed
                    };
                    scan.offer(&[a, b, c, d], f, yz_only);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::turbot::sample;

    #[test]
    fn xy_wings_take_se_steps() {
        sample::check_all(&["XY-Wing", "XYZ-Wing"]);
    }

    #[test]
    fn wxyz_wings_take_se_steps() {
        sample::check_all(&["WXYZ-Wing", "VWXYZ-Wing"]);
    }
}
