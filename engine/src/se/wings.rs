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
//! Along a path each wing rule keeps the position where it last found nothing
//! ([`NothingSince`]): a wing's removals depend on its cells' candidates and shrink with the
//! candidates around it, so after a search that found nothing only wings with a cell changed
//! since can give something; the next search skips the others (the first hint, and the best
//! after sorting, are those of the full search).

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

/// The cells with exactly two candidates.
fn bivalue_cells(grid: &Grid) -> CellSet {
    let m = grid.masks();
    (0..CELLS).filter(|&c| bits9(m[c]) == 2).collect()
}

/// The cells with 2 to `max` candidates (the others cannot join a set of `max` digits).
fn sized_cells(grid: &Grid, max: u32) -> CellSet {
    let m = grid.masks();
    (0..CELLS)
        .filter(|&c| (2..=max).contains(&bits9(m[c])))
        .collect()
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
    let bivalue = bivalue_cells(grid);
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
    removals: [u16; CELLS],
    cells: [usize; 5],
    n_cells: usize,
    yz: usize,
}

/// The wing hints of the set `set` (its cells in SE's order, `union` their candidates,
/// `biggest` the largest cell, `size` the sum of their sizes) with every bivalue `yz`, offered
/// to `best` in SE's order (SE's `createHint`, its eliminations and doubly-linked rule, as
/// the module doc says).
#[allow(
    clippy::too_many_arguments,
    reason = "the set's figures, computed by the caller"
)]
fn offer_wing(
    grid: &Grid,
    set: &[usize],
    union: u16,
    biggest: u32,
    size: u32,
    big: bool,
    best: &mut Option<WingFound>,
    bivalue: CellSet,
    changed: CellSet,
    pos: &[CellSet; 9],
) {
    let m = grid.masks();
    let k = (if big { 2 } else { 1 }) - (3 - biggest as i32).abs();
    let base = if big {
        Technique::VwxyzWing
    } else {
        Technique::WxyzWing
    };
    let difficulty = base.difficulty() + f64::from(k) * 0.1;
    if best.as_ref().is_some_and(|b| b.difficulty < difficulty) {
        return;
    }
    let mut cells = CellSet::EMPTY;
    let mut range = CellSet::EMPTY;
    for &c in set {
        cells.insert(c);
        range |= PEERS[c];
    }
    range = range & !cells & bivalue;
    // With the set unchanged, only a changed `yz` can make a new wing.
    if !cells.intersects(changed) {
        range &= changed;
    }
    // `yz` holds no digit outside the set's (the loop below skips such cells; dropping them
    // first skips most sets before their digits are looked at).
    let mut outside = !union & 0x1ff;
    while outside != 0 && !range.is_empty() {
        let d = outside.trailing_zeros() as usize;
        outside &= outside - 1;
        range = range - pos[d];
    }
    if range.is_empty() {
        return;
    }
    // Per digit `d` of the set: the cells outside the set that hold `d` and see every set cell
    // holding it (SE's removals of `d`), computed only for the digits a `yz` asks about.
    // `yz` "sees" a digit (it is restricted) when `yz` sees every set cell holding it, that is
    // when no set cell that `yz` does not see holds it; SE's per-digit sets give the same
    // answers, only computed for every digit up front.
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
        let better = match best {
            None => true,
            Some(b) => {
                if difficulty != b.difficulty {
                    difficulty < b.difficulty
                } else if n != b.eliminations {
                    n > b.eliminations
                } else {
                    suffix[..suffix_len] > b.suffix[..b.suffix_len]
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
        let mut kept = [0usize; 5];
        kept[..set.len()].copy_from_slice(set);
        *best = Some(WingFound {
            difficulty,
            eliminations: n,
            suffix,
            suffix_len,
            removals,
            cells: kept,
            n_cells: set.len(),
            yz,
        });
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
    wxyz_wing_with(grid, ctx, &mut NothingSince::new())
}

/// [`wxyz_wing`], looking only at wings with a cell that changed since `memo`'s last search
/// found nothing.
pub(crate) fn wxyz_wing_with(grid: &Grid, ctx: &mut Ctx, memo: &mut NothingSince) -> Option<Hint> {
    memo.search(grid, |changed| wxyz_search(grid, ctx, changed))
}

fn wxyz_search(grid: &Grid, ctx: &mut Ctx, changed: CellSet) -> Option<Hint> {
    let m = grid.masks();
    let bivalue = bivalue_cells(grid);
    let fit = sized_cells(grid, 4);
    let pos = positions(grid);
    let mut best = None;
    for a in 0..CELLS {
        let am = m[a];
        let an = bits9(am);
        if !(2..5).contains(&an) {
            continue;
        }
        for b in FORWARD[a] & fit {
            let bm = m[b];
            let bn = bits9(bm);
            if bits9(am | bm) >= 5 {
                continue;
            }
            for c in FORWARD[a] & FORWARD[b] & fit {
                let cm = m[c];
                let cn = bits9(cm);
                let union = am | bm | cm;
                if cn < 2 || bits9(union) != 4 {
                    continue;
                }
                let biggest = an.max(bn).max(cn);
                offer_wing(
                    grid,
                    &[a, b, c],
                    union,
                    biggest,
                    an + bn + cn,
                    false,
                    &mut best,
                    bivalue,
                    changed,
                    &pos,
                );
            }
        }
    }
    best.map(|f| f.into_hint(grid, ctx, false))
}

/// The first hint in SE's order, if any.
pub(crate) fn vwxyz_wing(grid: &Grid, ctx: &mut Ctx) -> Option<Hint> {
    vwxyz_wing_with(grid, ctx, &mut NothingSince::new())
}

/// [`vwxyz_wing`], looking only at wings with a cell that changed since `memo`'s last search
/// found nothing.
pub(crate) fn vwxyz_wing_with(grid: &Grid, ctx: &mut Ctx, memo: &mut NothingSince) -> Option<Hint> {
    memo.search(grid, |changed| vwxyz_search(grid, ctx, changed))
}

fn vwxyz_search(grid: &Grid, ctx: &mut Ctx, changed: CellSet) -> Option<Hint> {
    let m = grid.masks();
    let bivalue = bivalue_cells(grid);
    let fit = sized_cells(grid, 5);
    let pos = positions(grid);
    let mut best = None;
    for a in 0..CELLS {
        let am = m[a];
        let an = bits9(am);
        if !(2..6).contains(&an) {
            continue;
        }
        for b in FORWARD[a] & fit {
            let bm = m[b];
            let bn = bits9(bm);
            if bits9(am | bm) >= 6 {
                continue;
            }
            let ab = FORWARD[a] & FORWARD[b] & fit;
            for c in ab {
                let cm = m[c];
                let cn = bits9(cm);
                if cn < 2 || bits9(am | bm | cm) >= 6 {
                    continue;
                }
                for d in FORWARD[c] & ab {
                    let dm = m[d];
                    let dn = bits9(dm);
                    let union = am | bm | cm | dm;
                    if dn < 2 || bits9(union) != 5 {
                        continue;
                    }
                    let biggest = an.max(bn).max(cn).max(dn);
                    offer_wing(
                        grid,
                        &[a, b, c, d],
                        union,
                        biggest,
                        an + bn + cn + dn,
                        true,
                        &mut best,
                        bivalue,
                        changed,
                        &pos,
                    );
                }
            }
        }
    }
    best.map(|f| f.into_hint(grid, ctx, true))
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
