//! The turbot family and strong links: SE's `TurbotFish` (Skyscraper 4.0, Two-string Kite 4.1,
//! Turbot Crane 4.2, the grouped forms 4.3) and `StrongLinks(n)` (3 links: 5.4 to 5.7).
//!
//! Both chain strong links on one digit through weak links ("share regions") and remove the
//! digit from the cells that see both ends of the chain. A strong link is a region with two
//! candidates for the digit, or a *grouped* one (SE's "empty region"): a region whose candidates
//! lie in two groups — for a line, two of its box segments (the third empty); for a block, the
//! row and column through a "heart" cell (the four other cells empty) or, for `StrongLinks`
//! only, two of its rows or columns.
//!
//! What SE does, and what matching it takes:
//!
//! * Both producers collect every hint, then sort them by difficulty, then by number of
//!   eliminations (most first), then by SE's suffix string (ascending); the sort is stable, so
//!   among equal keys the first one found wins. We keep the first minimum of the same key.
//! * `TurbotFish` tries, in this order, (base, cover) region types (row, row), (column, column),
//!   (column, row), (row, block), (column, block) (SE's `Sets` list cut to 5 by
//!   `isVLatin`), then digits 1–9, base regions, the base link's orientations, cover regions
//!   (after the base when both are of one type), the cover's orientations, and the four ways
//!   to join them. The weak link is the first of column, row, block holding both bridge groups
//!   whole, and must be neither the base nor the cover. Candidates of the base and the cover
//!   may not overlap. Victims are the cells that see every cell of the start and end groups,
//!   outside the base and the cover.
//! * A grouped region is recognised at its *first* empty area only (SE breaks there even when
//!   that area's blades are unusable). Opposite a one-cell blade, a block's group is the heart
//!   cell (whether or not it holds the digit) and the other blade; when both blades of a block
//!   have two cells the groups are the blades, the heart left out (harmless: a cell seeing
//!   both cells of a blade sees the heart too). `StrongLinks` keeps one support cell per
//!   group (the blade's second cell or the heart), which sees the same cells as the whole
//!   group.
//! * Names: `Skyscraper`, `Two-string Kite`, `Turbot Crane`, and for grouped forms `Grouped
//!   Skyscraper 01`, `Grouped 2-String Kite 11`, `Grouped Turbot Crane 01` (the suffix counts
//!   grouped links: `00`, `01`, `11`).
//! * `StrongLinks(3)` tries the link-type multisets 000, 001, 002, 011, 012, 022, 111, 112, 122,
//!   222 (0 block, 1 row, 2 column; SE's table stops at its first row with a `1` in the column
//!   before), then digits, then regions depth by depth (increasing region index within a type
//!   that repeats), link orientations, and for the last link the chain orders (0,1,2), (1,0,2),
//!   (0,2,1) (SE's QuickPerm filtered by `isLex`) and the 8 directions in binary counting order.
//!   A block link with its two candidates in one row or column is skipped; victims also avoid
//!   the share regions. Its difficulty: 5.4 (`3 Skyscrapers`), 5.5 (`3 Strong links (including
//!   blocks)`), 5.6 (`3-String Kite`), 5.7 with any grouped link; names carry SE's suffix (the
//!   grouped count and the min-lex line pattern) and ` (Using n grouped strong link(s))`.
//!
//! Both keep, per digit, the cells of their last search and its best hint ([`DigitMemo`]): a
//! digit whose cells did not change has the same best hint. When the last search found none
//! and the digit only lost cells since, only chains with a link in a unit that lost a cell can
//! give a hint now (the other links are the same, with fewer victims), and only those are
//! looked at ([`DigitMemo::fresh_units`]).
//!
//! A region with two candidates (most links) is read in place, without the grouped-link
//! machinery, and whether a region is a grouped link at all is read from a table by its
//! candidates ([`FIRST_AREA`]). `TurbotFish`'s search names links by their unit (a region has
//! one at most, and unit order within a type is SE's region order), keeps the best key as plain
//! values and where the best is, making the hint (and its ends) once at the end; a base's
//! covers are the links near it that share no candidate with it (a link meets every link whose
//! region holds one of its candidates).
//!
//! `StrongLinks` does not walk SE's loops: it finds each chain from its middle link, pairing
//! the link ends joined to one end of it with those joined to the other (pairwise apart,
//! one link fresh), so only chains whose two weak links exist are looked at. SE meets every
//! chain of three links once (up to reversal), at a position (set, the three links in
//! increasing order, chain order, direction) of its loops; among chains of equal sort key
//! we keep the one at the least position, which is the one SE's stable sort puts first. It
//! makes a chain's suffix only when the chain can sort first (its difficulty depends on the
//! link types only).

use core::fmt::Write;

use super::Ctx;
use super::grid::{Grid, Region, RegionKind};
use super::hint::{ChainNode, Explanation, Hint, Link, SeName};
use super::singles::{bits9, several, unit_masks};
use crate::grade::Technique;
use crate::grid::geometry::{
    PEERS, UNIT_SET, box_of, box_place, box_unit, col, col_unit, row, row_unit,
};
use crate::grid::{CellSet, Digit, DigitSet};

/// A mask of region positions `0..9` from a list (`-1` entries are SE's padding).
const fn mask(ks: &[i8]) -> u16 {
    let mut m = 0u16;
    let mut i = 0;
    while i < ks.len() {
        if ks[i] >= 0 {
            m |= 1 << ks[i];
        }
        i += 1;
    }
    m
}

/// SE's `Region.Rectangle(e)` for a block: for a heart `e < 9`, the four cells sharing neither
/// row nor column with cell `e`; for `e` in `9..15`, one row (bottom, middle, top) or column
/// (right, middle, left) of the block.
const BLOCK_EMPTY: [u16; 15] = [
    mask(&[4, 5, 7, 8]),
    mask(&[3, 5, 6, 8]),
    mask(&[3, 4, 6, 7]),
    mask(&[1, 2, 7, 8]),
    mask(&[0, 2, 6, 8]),
    mask(&[0, 1, 6, 7]),
    mask(&[1, 2, 4, 5]),
    mask(&[0, 2, 3, 5]),
    mask(&[0, 1, 3, 4]),
    mask(&[6, 7, 8]),
    mask(&[3, 4, 5]),
    mask(&[0, 1, 2]),
    mask(&[2, 5, 8]),
    mask(&[1, 4, 7]),
    mask(&[0, 3, 6]),
];

/// SE's `crossBlade1(e)` (the heart's column without the heart, or the first remaining line).
const BLOCK_BLADE1: [u16; 15] = [
    mask(&[3, 6]),
    mask(&[4, 7]),
    mask(&[5, 8]),
    mask(&[0, 6]),
    mask(&[1, 7]),
    mask(&[2, 8]),
    mask(&[0, 3]),
    mask(&[1, 4]),
    mask(&[2, 5]),
    mask(&[0, 1, 2]),
    mask(&[0, 1, 2]),
    mask(&[3, 4, 5]),
    mask(&[0, 3, 6]),
    mask(&[0, 3, 6]),
    mask(&[1, 4, 7]),
];

/// SE's `crossBlade2(e)` (the heart's row without the heart, or the second remaining line).
const BLOCK_BLADE2: [u16; 15] = [
    mask(&[1, 2]),
    mask(&[0, 2]),
    mask(&[0, 1]),
    mask(&[4, 5]),
    mask(&[3, 5]),
    mask(&[3, 4]),
    mask(&[7, 8]),
    mask(&[6, 8]),
    mask(&[6, 7]),
    mask(&[3, 4, 5]),
    mask(&[6, 7, 8]),
    mask(&[6, 7, 8]),
    mask(&[1, 4, 7]),
    mask(&[2, 5, 8]),
    mask(&[2, 5, 8]),
];

/// SE's `lineEmptyCells(e)`, `lineBlade1(e)`, `lineBlade2(e)`: a line's box segment `e` and the
/// two others.
const LINE_EMPTY: [u16; 3] = [0o7, 0o70, 0o700];
const LINE_BLADE1: [u16; 3] = [0o70, 0o7, 0o7];
const LINE_BLADE2: [u16; 3] = [0o700, 0o700, 0o70];

/// The region types as SE numbers them (`Grid.getRegions(t)`).
const KINDS: [RegionKind; 3] = [RegionKind::Block, RegionKind::Row, RegionKind::Column];

/// The units (grid numbering) that hold `cell`, as a unit set.
const fn units_of(cell: usize) -> u32 {
    CELL_UNITS[cell]
}

/// [`units_of`] for every cell.
const CELL_UNITS: [u32; 81] = {
    let mut out = [0u32; 81];
    let mut c = 0;
    while c < 81 {
        out[c] = 1 << row_unit(row(c)) | 1 << col_unit(col(c)) | 1 << box_unit(box_of(c));
        c += 1;
    }
    out
};

/// One end of a strong link: a cell, or a group of cells (the first is SE's named cell, the
/// others its "supports"). Kept small: the rules build one per region and orientation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct End {
    /// SE's cell for this end, then its supports.
    cells: [u8; 3],
    /// How many of `cells` there are.
    n: u8,
    /// The units holding every cell of the end.
    units: u32,
}

impl End {
    const fn single(cell: usize) -> End {
        End {
            cells: [cell as u8; 3],
            n: 1,
            units: units_of(cell),
        }
    }

    fn add(&mut self, cell: usize) {
        self.cells[usize::from(self.n)] = cell as u8;
        self.n += 1;
        self.units &= units_of(cell);
    }

    /// SE's cell for this end.
    fn main(&self) -> usize {
        usize::from(self.cells[0])
    }

    /// The cells of the end.
    fn cells(&self) -> impl Iterator<Item = usize> + '_ {
        self.cells[..usize::from(self.n)]
            .iter()
            .map(|&c| usize::from(c))
    }

    /// The cells that see every cell of the end.
    fn peers(&self) -> CellSet {
        let mut p = PEERS[self.main()];
        for c in self.cells().skip(1) {
            p &= PEERS[c];
        }
        p
    }

    /// An end of the region's cells at the positions of `ks` (main first), the first `max` of
    /// them.
    fn of_positions(region: Region, ks: u16, max: usize) -> End {
        let mut bits = ks;
        let first = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        let mut end = End::single(region.cell(first));
        let mut n = 1;
        while bits != 0 && n < max {
            end.add(region.cell(bits.trailing_zeros() as usize));
            bits &= bits - 1;
            n += 1;
        }
        end
    }
}

/// SE's `shareRegionOf`: the first of column, row, block (as a unit number) holding every cell
/// of both ends.
fn share_unit(a: &End, b: &End) -> Option<usize> {
    share_of(a.units & b.units)
}

/// [`share_unit`] from the units both ends lie in.
#[inline]
fn share_of(both: u32) -> Option<usize> {
    let cols = (both >> 9) & 0x1ff;
    if cols != 0 {
        return Some(9 + cols.trailing_zeros() as usize);
    }
    let rows = both & 0x1ff;
    if rows != 0 {
        return Some(rows.trailing_zeros() as usize);
    }
    let boxes = both >> 18;
    if boxes != 0 {
        return Some(18 + boxes.trailing_zeros() as usize);
    }
    None
}

/// SE's positions (`Region.getPotentialPositions`: bit `k` for the region's `k`-th cell) of
/// every digit in every region, by SE region type, region index and digit index, from one
/// pass over the cells.
type Positions = [[[u16; 9]; 9]; 3];

fn positions(grid: &Grid) -> Positions {
    let mut out = [[[0u16; 9]; 9]; 3];
    for (cell, &m) in grid.masks().iter().enumerate() {
        if m == 0 {
            continue;
        }
        let (r, c, b) = (row(cell), col(cell), box_of(cell));
        let k = box_place(cell);
        let mut bits = m;
        while bits != 0 {
            let d = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            out[0][b][d] |= 1 << k;
            out[1][r][d] |= 1 << c;
            out[2][c][d] |= 1 << r;
        }
    }
    out
}

/// The first empty area of a region (a block if `block`) whose candidates are `p`, if both
/// its blades hold candidates (else the region is no grouped link: SE stops at the first empty
/// area); [`NO_AREA`] if none. `configs` is how many block configurations SE tries (9 or 15;
/// the last six only with four candidates or more).
const fn first_area(block: bool, p: u16, configs: usize) -> u8 {
    let n = if block { configs } else { 3 };
    let c = p.count_ones();
    let mut e = 0;
    while e < n {
        if !(block && e > 8 && c < 4) {
            let empty = if block { BLOCK_EMPTY[e] } else { LINE_EMPTY[e] };
            if p & empty == 0 {
                let (b1, b2) = if block {
                    (p & BLOCK_BLADE1[e], p & BLOCK_BLADE2[e])
                } else {
                    (p & LINE_BLADE1[e], p & LINE_BLADE2[e])
                };
                return if b1 != 0 && b2 != 0 { e as u8 } else { NO_AREA };
            }
        }
        e += 1;
    }
    NO_AREA
}

/// No grouped link (see [`first_area`]).
const NO_AREA: u8 = u8::MAX;

/// [`first_area`] for every candidate mask: of a line, of a block with 9 configurations, of a
/// block with 15.
const FIRST_AREA: [[u8; 512]; 3] = {
    let mut out = [[NO_AREA; 512]; 3];
    let mut p = 0;
    while p < 512 {
        out[0][p] = first_area(false, p as u16, 3);
        out[1][p] = first_area(true, p as u16, 9);
        out[2][p] = first_area(true, p as u16, 15);
        p += 1;
    }
    out
};

/// The first empty area of a region with more than two candidates `p`, and its blades, if
/// both blades hold candidates ([`first_area`], read from [`FIRST_AREA`]). `configs` is how
/// many block configurations SE tries (9 or 15).
fn grouped(region: Region, p: u16, configs: usize) -> Option<(usize, u16, u16)> {
    let block = region.kind == RegionKind::Block;
    let table = match (block, configs) {
        (false, _) => 0,
        (true, 15) => 2,
        (true, _) => 1,
    };
    let e = FIRST_AREA[table][usize::from(p & 0x1ff)];
    if e == NO_AREA {
        return None;
    }
    let e = usize::from(e);
    Some(if block {
        (e, p & BLOCK_BLADE1[e], p & BLOCK_BLADE2[e])
    } else {
        (e, p & LINE_BLADE1[e], p & LINE_BLADE2[e])
    })
}

/// A region's strong link on a digit, in up to two orientations (SE's "grouped link
/// ordinals"), each a pair of ends (SE's `cells[k]` and `cells[k + 1]` with their supports).
#[derive(Clone, Copy)]
struct Links {
    pairs: [(End, End); 2],
    n: usize,
    grouped: bool,
    /// The units holding some end whole (a quick test for a weak link between two links).
    units: u32,
}

impl Links {
    fn with_units(mut self) -> Links {
        self.units = self.pairs[..self.n]
            .iter()
            .fold(0, |u, (a, b)| u | a.units | b.units);
        self
    }
}

/// `TurbotFish`'s reading of a region as a strong link.
fn turbot_links(region: Region, p: u16) -> Option<Links> {
    let c = bits9(p);
    let block = region.kind == RegionKind::Block;
    if !(2..=6).contains(&c) || (block && c > 5) {
        return None;
    }
    if c == 2 {
        let a = End::single(region.cell(p.trailing_zeros() as usize));
        let b = End::single(region.cell((p & (p - 1)).trailing_zeros() as usize));
        return Some(
            Links {
                pairs: [(a, b); 2],
                n: 1,
                grouped: false,
                units: 0,
            }
            .with_units(),
        );
    }
    let (e, b1, b2) = grouped(region, p, 9)?;
    // The group opposite a one-cell blade: the other blade (a line's whole segment; for a
    // block, the heart and the other blade's cells).
    let other = |blade: u16| {
        if block {
            let mut end = End::single(region.cell(e));
            let mut bits = blade;
            let mut n = 0;
            while bits != 0 && n < 2 {
                end.add(region.cell(bits.trailing_zeros() as usize));
                bits &= bits - 1;
                n += 1;
            }
            end
        } else {
            End::of_positions(region, blade, 3)
        }
    };
    let mut links = Links {
        pairs: [(End::single(0), End::single(0)); 2],
        n: 0,
        grouped: true,
        units: 0,
    };
    if bits9(b1) == 1 || bits9(b2) == 1 {
        if bits9(b1) == 1 {
            links.pairs[links.n] = (End::of_positions(region, b1, 1), other(b2));
            links.n += 1;
        }
        if bits9(b2) == 1 {
            links.pairs[links.n] = (End::of_positions(region, b2, 1), other(b1));
            links.n += 1;
        }
    } else {
        links.pairs[0] = (
            End::of_positions(region, b1, 3),
            End::of_positions(region, b2, 3),
        );
        links.n = 1;
    }
    Some(links.with_units())
}

/// `TurbotFish`'s (base, cover) region types, in SE's order.
const TURBOT_SETS: [(usize, usize); 5] = [(1, 1), (2, 2), (2, 1), (1, 0), (2, 0)];

/// A hint found, with SE's sort key.
#[derive(Clone, Copy)]
pub(crate) struct Found {
    /// The (base, cover) set it was found with (`TURBOT_SETS` index; 0 for `StrongLinks`).
    si: usize,
    /// The sort key's suffix (`TurbotFish`: the grouped links).
    suffix: u8,
    difficulty: f64,
    digit: Digit,
    victims: CellSet,
    /// Start, bridges, end (the chain, in order): `chain_len` of them.
    chain: [End; 6],
    chain_len: usize,
    technique: Technique,
    name: Name,
    units: u32,
}

/// SE's turbot names and difficulties (`TurbotFishHint`) by base type, cover type and grouped
/// flags.
fn turbot_kind(base: usize, cover: usize, g1: bool, g2: bool) -> (Technique, &'static str, f64) {
    let both = g1 && g2;
    if (g1 && base == 0) || (g2 && cover == 0) {
        let name = if both {
            "Grouped Turbot Crane 11"
        } else {
            "Grouped Turbot Crane 01"
        };
        return (
            Technique::GroupedTurbot,
            name,
            Technique::GroupedTurbot.difficulty(),
        );
    }
    if g1 || g2 {
        let name = match (base == cover, both) {
            (true, false) => "Grouped Skyscraper 01",
            (true, true) => "Grouped Skyscraper 11",
            (false, false) => "Grouped 2-String Kite 01",
            (false, true) => "Grouped 2-String Kite 11",
        };
        return (
            Technique::GroupedTurbot,
            name,
            Technique::GroupedTurbot.difficulty(),
        );
    }
    if base == 0 || cover == 0 {
        (
            Technique::TurbotCrane,
            "Turbot Crane",
            Technique::TurbotCrane.difficulty(),
        )
    } else if base == cover {
        (
            Technique::Skyscraper,
            "Skyscraper",
            Technique::Skyscraper.difficulty(),
        )
    } else {
        (
            Technique::TwoStringKite,
            "Two-string Kite",
            Technique::TwoStringKite.difficulty(),
        )
    }
}

/// True if `(d, e, s)` sorts before the best so far (difficulty ascending, eliminations
/// descending, suffix ascending or descending as `suffix_ascending` says).
fn better<S: Ord>(
    best: Option<(f64, u32, S)>,
    d: f64,
    e: u32,
    s: S,
    suffix_ascending: bool,
) -> bool {
    let Some((bd, be, bs)) = best else {
        return true;
    };
    if d != bd {
        return d < bd;
    }
    if e != be {
        return e > be;
    }
    if suffix_ascending { s < bs } else { s > bs }
}

/// True if every hint rated `difficulty` sorts after the best so far.
fn beaten(best: Option<(f64, u32, u8)>, difficulty: f64) -> bool {
    best.is_some_and(|(bd, _, _)| difficulty > bd)
}

/// One region's `TurbotFish` link on a digit, as the search reads it (the ends themselves are
/// made again, for the hint kept only, by [`turbot_links`]).
#[derive(Clone, Copy)]
struct TLink {
    /// Per orientation and end: the digit's candidates outside the link's region seeing that
    /// end whole (where victims can be).
    seen: [[CellSet; 2]; 2],
    /// Per orientation and end: the units holding that end whole (its `End::units`).
    end_units: [[u32; 2]; 2],
    /// The union of `seen`.
    reach: CellSet,
    /// The units holding some end whole (the union of `end_units`).
    units: u32,
    /// How many orientations (1 or 2).
    n: u8,
    grouped: bool,
}

impl TLink {
    const BLANK: TLink = TLink {
        seen: [[CellSet::EMPTY; 2]; 2],
        end_units: [[0; 2]; 2],
        reach: CellSet::EMPTY,
        units: 0,
        n: 0,
        grouped: false,
    };
}

/// The units of each SE region type (blocks, rows, columns), as a unit set: within a type, a
/// higher unit number is a later region in SE's order.
const TYPE_UNITS: [u32; 3] = [0x1ff << 18, 0x1ff, 0x1ff << 9];

/// What a single-digit rule found for each digit, kept from step to step: a digit's hints
/// depend on its candidates only, so a digit whose candidates are those of the last search has
/// the same best hint. `T` is what the rule keeps of it.
#[derive(Clone, Copy)]
pub(crate) struct DigitMemo<T: Copy> {
    /// Per digit: its candidates when `best` was found (`None`: never searched).
    cells: [Option<CellSet>; 9],
    best: [Option<T>; 9],
}

impl<T: Copy> DigitMemo<T> {
    pub(crate) const fn new() -> DigitMemo<T> {
        DigitMemo {
            cells: [None; 9],
            best: [None; 9],
        }
    }

    /// The units where a search of digit `i`, now on `cells`, must look for a hint: every unit,
    /// unless the last search found none and `cells` are some of its cells — then only links
    /// in a unit that lost a cell can give one. A chain of links whose units lost nothing is
    /// a chain of the same links as then (same cells, same joins), and everything it is
    /// tested by or removes (the cells seeing its ends, outside its regions) is the same cells
    /// or fewer: it had no victim then, it has none now.
    fn fresh_units(&self, i: usize, cells: CellSet) -> u32 {
        match (self.cells[i], &self.best[i]) {
            (Some(old), None) if (cells - old).is_empty() => {
                (old - cells).iter().fold(0, |u, c| u | units_of(c))
            }
            _ => ALL_UNITS,
        }
    }
}

/// Every unit, as a unit set.
const ALL_UNITS: u32 = (1 << 27) - 1;

/// `TurbotFish`'s memo: each digit's best hint.
pub(crate) type TurbotMemo = DigitMemo<Found>;

/// The first hint in SE's order, if any.
pub(crate) fn turbot_fish(grid: &Grid, ctx: &mut Ctx) -> Option<Hint> {
    turbot_fish_with(grid, ctx, &mut TurbotMemo::new())
}

/// [`turbot_fish`], with what `memo` kept from earlier searches.
///
/// SE's loops run over sets of region types, then digits; we run digit by digit (computing
/// each region's link once), keep each digit's first best hint, and break ties between equal
/// sort keys by SE's (set, digit) order.
// Not inlined into the ladder's dispatch: its code there made the other rules' dearer
// (measured: b4 -0.8%, b6 -0.6% instructions).
#[inline(never)]
pub(crate) fn turbot_fish_with(grid: &Grid, ctx: &mut Ctx, memo: &mut TurbotMemo) -> Option<Hint> {
    let mut best: Option<Found> = None;
    let mut links: Option<[TLink; 27]> = None;
    let mut kinds: Option<TurbotDifficulties> = None;
    for d in Digit::ALL {
        let cells = grid.cells_with(d);
        let i = d.index();
        if memo.cells[i] != Some(cells) {
            let links = links.get_or_insert([TLink::BLANK; 27]);
            let kinds = kinds.get_or_insert_with(turbot_difficulties);
            memo.best[i] = digit_best(d, cells, links, kinds, memo.fresh_units(i, cells));
            memo.cells[i] = Some(cells);
        }
        let Some(f) = memo.best[i] else {
            continue;
        };
        // Difficulty, eliminations, suffix, then SE's generation order (set, digit): a later
        // digit wins a tie with an earlier set only.
        let key = (f.difficulty, f.victims.len() as u32, f.suffix);
        let replace = match &best {
            None => true,
            Some(b) => {
                let bkey = (b.difficulty, b.victims.len() as u32, b.suffix);
                better(Some(bkey), key.0, key.1, key.2, true) || (bkey == key && f.si < b.si)
            }
        };
        if replace {
            best = Some(f);
        }
    }
    best.map(|f| f.into_hint(grid, ctx))
}

/// The difficulty of a `TurbotFish` hint by set (`TURBOT_SETS` index) and grouped flags of the
/// base and the cover ([`turbot_kind`]'s, looked up once per search).
type TurbotDifficulties = [[[f64; 2]; 2]; 5];

fn turbot_difficulties() -> TurbotDifficulties {
    core::array::from_fn(|si| {
        let (bt, ct) = TURBOT_SETS[si];
        [false, true].map(|g1| [false, true].map(|g2| turbot_kind(bt, ct, g1, g2).2))
    })
}

/// The first best hint on digit `d` (candidates `digit_cells`), in SE's order, among the
/// chains with a link in a unit of `fresh` (see [`DigitMemo::fresh_units`]); `links` is
/// scratch space (by unit; only the links found are written, and read), `kinds` the
/// difficulties.
///
/// Links are named by their unit: a region has one link at most, and within a region type
/// SE's region order is the unit order, so walking a unit set from its lowest bit is SE's
/// order.
fn digit_best(
    d: Digit,
    digit_cells: CellSet,
    links: &mut [TLink; 27],
    kinds: &TurbotDifficulties,
    fresh: u32,
) -> Option<Found> {
    if digit_cells.len() < 5 {
        return None;
    }
    let masks = unit_masks(digit_cells);
    // The units that hold a link; per unit, the links with an end inside it.
    let mut have = 0u32;
    let mut unit_links = [0u32; 27];
    for (u, &p) in masks.iter().enumerate() {
        // Two candidates, or three to six (five in a block) for a grouped link.
        if !several(p) || bits9(p) > 6 {
            continue;
        }
        let region = Region::of_unit(u);
        let outside = digit_cells - UNIT_SET[u];
        let l = &mut links[u];
        if !several(p & (p - 1)) {
            // A conjugate pair: two single-cell ends (what `turbot_links` gives).
            let a = region.cell(p.trailing_zeros() as usize);
            let b = region.cell((p & (p - 1)).trailing_zeros() as usize);
            let (ua, ub) = (units_of(a), units_of(b));
            let seen = [PEERS[a] & outside, PEERS[b] & outside];
            l.seen[0] = seen;
            l.end_units[0] = [ua, ub];
            l.reach = seen[0] | seen[1];
            l.units = ua | ub;
            l.n = 1;
            l.grouped = false;
        } else if FIRST_AREA[usize::from(u >= 18)][usize::from(p)] == NO_AREA {
            // (Most regions with three or more candidates are no grouped link: the table
            // says so before any work.)
            continue;
        } else if let Some(tl) = turbot_links(region, p) {
            let mut reach = CellSet::EMPTY;
            for (k, (a, b)) in tl.pairs[..tl.n].iter().enumerate() {
                let seen = [a.peers() & outside, b.peers() & outside];
                reach |= seen[0] | seen[1];
                l.seen[k] = seen;
                l.end_units[k] = [a.units, b.units];
            }
            l.reach = reach;
            l.units = tl.units;
            l.n = tl.n as u8;
            l.grouped = true;
        } else {
            continue;
        }
        have |= 1 << u;
        let mut v = l.units;
        while v != 0 {
            unit_links[v.trailing_zeros() as usize] |= 1 << u;
            v &= v - 1;
        }
    }
    // The links in a fresh unit (a chain needs one).
    let fresh = fresh & have;
    // The best so far: its key (difficulty, eliminations, suffix; an infinite difficulty
    // while there is none) and where it is.
    let (mut best_d, mut best_n, mut best_s) = (f64::INFINITY, 0u32, 0u8);
    let mut at = None;
    // Per line link, its covers: the links with an end in a unit (not its own) holding an end
    // of it, and no candidate in common with it (made when first needed; blocks are never
    // bases).
    let mut near = [u32::MAX; 18];
    for (si, &(bt, ct)) in TURBOT_SETS.iter().enumerate() {
        let kind = &kinds[si];
        // A set, a base, a cover whose hints are all rated above the best so far can
        // give none that sorts first.
        if kind[0][0] > best_d {
            continue;
        }
        let mut bases = have & TYPE_UNITS[bt];
        while bases != 0 {
            let k1 = bases.trailing_zeros() as usize;
            bases &= bases - 1;
            let bl = &links[k1];
            let g1 = usize::from(bl.grouped);
            if kind[g1][0] > best_d {
                continue;
            }
            if near[k1] == u32::MAX {
                let mut n = 0u32;
                let mut v = bl.units & !(1 << k1);
                while v != 0 {
                    n |= unit_links[v.trailing_zeros() as usize];
                    v &= v - 1;
                }
                // A link meets every link in a unit holding one of its candidates (a link's
                // candidates are all its region's); a conjugate pair's are its ends' units.
                let meet = if bl.grouped {
                    let region = Region::of_unit(k1);
                    let mut c = 0;
                    let mut bits = masks[k1];
                    while bits != 0 {
                        c |= units_of(region.cell(bits.trailing_zeros() as usize));
                        bits &= bits - 1;
                    }
                    c
                } else {
                    bl.units
                };
                near[k1] = n & !meet;
            }
            let mut covers = near[k1] & TYPE_UNITS[ct];
            if bt == ct {
                // The covers after the base.
                covers &= !((2 << k1) - 1);
            }
            if fresh & 1 << k1 == 0 {
                covers &= fresh;
            }
            if covers == 0 {
                continue;
            }
            let (base_reach, base_units) = (bl.reach, bl.units);
            // SE's order: the base's orientation, the cover, the cover's orientation,
            // then the four joins.
            for pi in 0..usize::from(bl.n) {
                let (base_seen, base_ends) = (&bl.seen[pi], &bl.end_units[pi]);
                let mut cm = covers;
                while cm != 0 {
                    let k2 = cm.trailing_zeros() as usize;
                    cm &= cm - 1;
                    let cl = &links[k2];
                    let g2 = usize::from(cl.grouped);
                    let difficulty = kind[g1][g2];
                    if difficulty > best_d {
                        continue;
                    }
                    // A weak link needs a unit, other than the base and the cover,
                    // holding an end of each; a victim must see an end of each, outside
                    // both (`seen` and `reach` are outside their own link's region).
                    let own = 1 << k1 | 1 << k2;
                    if base_units & cl.units & !own == 0 {
                        continue;
                    }
                    // (Covers meeting the base's candidates are not in `covers`.)
                    if (base_reach & cl.reach).is_empty() {
                        continue;
                    }
                    let suffix = (g1 + g2) as u8;
                    for pj in 0..usize::from(cl.n) {
                        let (cover_seen, cover_ends) = (&cl.seen[pj], &cl.end_units[pj]);
                        for i in 0..2 {
                            // Start `i`, bridge `1 - i` of the base.
                            for j in 0..2 {
                                // Bridge `j`, end `1 - j` of the cover: the weak link (the
                                // first unit holding both, SE's `shareRegionOf`) first, the
                                // rarer test.
                                let Some(share) = share_of(base_ends[1 - i] & cover_ends[j]) else {
                                    continue;
                                };
                                if own & 1 << share != 0 {
                                    continue;
                                }
                                let victims = base_seen[i] & cover_seen[1 - j];
                                if victims.is_empty() {
                                    continue;
                                }
                                let n = victims.len() as u32;
                                // Within a digit, SE's order puts the earlier set first.
                                if !better(
                                    Some((best_d, best_n, best_s)),
                                    difficulty,
                                    n,
                                    suffix,
                                    true,
                                ) {
                                    continue;
                                }
                                (best_d, best_n, best_s) = (difficulty, n, suffix);
                                at = Some((si, k1, pi, k2, pj, i, j, share, victims));
                            }
                        }
                    }
                }
            }
        }
    }
    let (si, k1, pi, k2, pj, i, j, share, victims) = at?;
    let (bt, ct) = TURBOT_SETS[si];
    let ends = |u: usize| turbot_links(Region::of_unit(u), masks[u]).expect("a link");
    let (bl, cl) = (ends(k1), ends(k2));
    let (a, b) = bl.pairs[pi];
    let (c, dd) = cl.pairs[pj];
    let (start, bridge1) = if i == 0 { (a, b) } else { (b, a) };
    let (bridge2, end) = if j == 0 { (c, dd) } else { (dd, c) };
    let (technique, name, difficulty) = turbot_kind(bt, ct, bl.grouped, cl.grouped);
    let units = 1 << k1 | 1 << k2 | 1 << share;
    Some(Found {
        si,
        suffix: best_s,
        difficulty,
        digit: d,
        victims,
        chain: [start, bridge1, bridge2, end, end, end],
        chain_len: 4,
        technique,
        name: Name::Fixed(name),
        units,
    })
}

/// A hint's SE name, spelled out only for the hint kept.
#[derive(Clone, Copy)]
enum Name {
    Fixed(&'static str),
    /// `StrongLinks`: `"3" + stem + " " + suffix`, and the grouped-link note.
    Links {
        stem: &'static str,
        suffix: [u8; 4],
        grouped: u8,
    },
}

impl Name {
    fn se_name(self) -> SeName {
        match self {
            Name::Fixed(s) => SeName::new(s),
            Name::Links {
                stem,
                suffix,
                grouped,
            } => {
                let mut name = SeName::new("3");
                let _ = write!(
                    name,
                    "{stem} {}",
                    core::str::from_utf8(&suffix).unwrap_or("")
                );
                if grouped > 0 {
                    let _ = write!(
                        name,
                        " (Using {grouped} grouped strong link{})",
                        if grouped > 1 { "s" } else { "" }
                    );
                }
                name
            }
        }
    }
}

impl Found {
    fn into_hint(self, grid: &Grid, ctx: &Ctx) -> Hint {
        let mut hint = Hint::new(self.technique, self.difficulty);
        hint.name = self.name.se_name();
        for cell in self.victims {
            hint.eliminate(cell, DigitSet::single(self.digit));
        }
        if ctx.explain {
            let mut pattern = Vec::new();
            for end in &self.chain[..self.chain_len] {
                for cell in end.cells() {
                    if grid.has(cell, self.digit) && !pattern.iter().any(|&(c, _)| c == cell) {
                        pattern.push((cell, DigitSet::single(self.digit)));
                    }
                }
            }
            let chain = self.chain[..self.chain_len]
                .iter()
                .enumerate()
                .map(|(k, end)| ChainNode {
                    cell: end.main(),
                    digit: self.digit,
                    on: k % 2 == 1,
                    link: match k {
                        0 => Link::Start,
                        k if k % 2 == 1 => Link::Strong,
                        _ => Link::Weak,
                    },
                })
                .collect();
            hint.explanation = Some(Box::new(Explanation {
                pattern,
                units: self.units,
                chains: vec![chain],
            }));
        }
        hint
    }
}

// ---------------------------------------------------------------------------------------------
// StrongLinks(n)

/// One strong link of `StrongLinks`: its region, its two ends (one support at most each) and
/// whether it is grouped.
#[derive(Clone, Copy)]
struct SlLink {
    unit: usize,
    /// The units holding one of the region's candidates for the digit.
    cand_units: u32,
    ends: [End; 2],
    /// The cells outside the region seeing every cell of each end, with the digit.
    seen: [CellSet; 2],
    /// The units holding either end whole.
    any_units: u32,
    grouped: bool,
}

impl SlLink {
    const BLANK: SlLink = SlLink {
        unit: 0,
        cand_units: 0,
        ends: [End::single(0); 2],
        seen: [CellSet::EMPTY; 2],
        any_units: 0,
        grouped: false,
    };
}

/// `StrongLinks`' reading of a region as a strong link: up to two orientations.
fn strong_links_of(grid: &Grid, region: Region, d: Digit, p: u16, out: &mut [SlLink; 2]) -> usize {
    let c = bits9(p);
    if !(2..=6).contains(&c) {
        return 0;
    }
    let block = region.kind == RegionKind::Block;
    let unit = region.unit();
    let cell = |k: u16| region.cell(k.trailing_zeros() as usize);
    let second = |k: u16| region.cell((k & (k - 1)).trailing_zeros() as usize);
    let end = |main: usize, support: Option<usize>| {
        let mut e = End::single(main);
        if let Some(s) = support {
            e.add(s);
        }
        e
    };
    let same_line = |a: usize, b: usize| col(a) == col(b) || row(a) == row(b);
    let grouped_area = if c == 2 {
        None
    } else {
        let Some(area) = grouped(region, p, 15) else {
            return 0;
        };
        Some(area)
    };
    let mut cand_units = 0;
    let mut bits = p;
    while bits != 0 {
        cand_units |= units_of(region.cell(bits.trailing_zeros() as usize));
        bits &= bits - 1;
    }
    let outside = grid.cells_with(d) - UNIT_SET[unit];
    let link = |e0: End, e1: End, grouped: bool| SlLink {
        unit,
        cand_units,
        ends: [e0, e1],
        seen: [e0.peers() & outside, e1.peers() & outside],
        any_units: e0.units | e1.units,
        grouped,
    };
    let Some((e, b1, b2)) = grouped_area else {
        let (a, b) = (cell(p), second(p));
        if block && same_line(a, b) {
            return 0;
        }
        out[0] = link(End::single(a), End::single(b), false);
        return 1;
    };
    let heart = || region.cell(e);
    // The orientation with the one-cell blade `single` first: the other end is the other
    // blade's first cell, supported by the heart (block) or the blade's second cell (line).
    let one_cell = |single: u16, other: u16| {
        let support = if block { heart() } else { second(other) };
        link(
            End::single(cell(single)),
            end(cell(other), Some(support)),
            true,
        )
    };
    if bits9(b1) == 1 || bits9(b2) == 1 {
        if bits9(b1) == 1 && bits9(b2) != 1 {
            out[0] = one_cell(b1, b2);
            return 1;
        }
        // Blade 2 has one cell (SE's first orientation, when blade 1 has one cell too, is
        // overwritten by the second).
        out[0] = one_cell(b2, b1);
        return 1;
    }
    let (c0, c1, s0, s1) = (cell(b1), cell(b2), second(b1), second(b2));
    out[0] = link(end(c0, Some(s0)), end(c1, Some(s1)), true);
    // SE's "EmL": four candidates in a 2x2 square of a block seen as two lines are also two
    // columns (or rows): a second orientation.
    if e > 8 && c == 4 && same_line(s0, s1) && same_line(c0, c1) {
        out[1] = link(end(c0, Some(c1)), end(s0, Some(s1)), true);
        return 2;
    }
    1
}

/// The link-type multisets `StrongLinks(3)` tries, in SE's order.
const SL3_SETS: [[usize; 3]; 10] = [
    [0, 0, 0],
    [0, 0, 1],
    [0, 0, 2],
    [0, 1, 1],
    [0, 1, 2],
    [0, 2, 2],
    [1, 1, 1],
    [1, 1, 2],
    [1, 2, 2],
    [2, 2, 2],
];

/// The chain orders of three links SE tries (QuickPerm, keeping those no greater than their
/// reverse).
const SL3_ORDERS: [[usize; 3]; 3] = [[0, 1, 2], [1, 0, 2], [0, 2, 1]];

/// SE's `rLineName`: the link-type pattern, 1 and 2 (row and column) taken as interchangeable,
/// in its smallest form.
fn line_name(set: [u8; 3]) -> [u8; 3] {
    let swap = set.map(|t| match t {
        1 => 2,
        2 => 1,
        t => t,
    });
    if !set.contains(&1) {
        return swap;
    }
    let mut rev_swap = swap;
    rev_swap.reverse();
    let rs = rev_swap.min(swap);
    set.min(rs)
}

/// SE's suffix of a 3-link hint: the grouped count, then the line pattern of the chain's link
/// types (read forwards or backwards, whichever is smaller), as ASCII digits.
fn sl_suffix(types: [u8; 3], grouped: u8) -> [u8; 4] {
    let mut rev = types;
    rev.reverse();
    let lex = if types <= rev { types } else { rev };
    let name = line_name(lex);
    [
        b'0' + grouped,
        b'0' + name[0],
        b'0' + name[1],
        b'0' + name[2],
    ]
}

/// `StrongLinks(3)`'s memo: per digit, its best hint, the hint's sort key and set.
pub(crate) type StrongLinksMemo = DigitMemo<SlFound>;

/// A `StrongLinks` hint, its sort key (difficulty, eliminations, suffix) and its set.
pub(crate) type SlFound = (Found, (f64, u32, [u8; 4]), usize);

/// Scratch space of [`sl_digit_best`].
struct SlScratch {
    /// The links of one digit in SE's order (type, region, orientation): at most 2 per region.
    links: [SlLink; 54],
    /// Per link: the links whose candidates it does not meet, and the links it may be joined
    /// to.
    apart: [u64; 54],
    joined: [u64; 54],
}

impl SlScratch {
    fn new() -> SlScratch {
        SlScratch {
            links: [SlLink::BLANK; 54],
            apart: [0; 54],
            joined: [0; 54],
        }
    }
}

/// The first hint in SE's order, if any.
///
/// As for [`turbot_fish`], we run digit by digit (the links of each region computed once) and
/// break ties between equal keys by SE's (set, digit) order.
pub(crate) fn strong_links(grid: &Grid, ctx: &mut Ctx, n: usize) -> Option<Hint> {
    strong_links_with(grid, ctx, n, &mut StrongLinksMemo::new())
}

/// [`strong_links`], with what `memo` kept from earlier searches: digit by digit, each digit's
/// first best hint, ties between digits broken by SE's (set, digit) order.
// Not inlined into the ladder's dispatch: its code there made the other rules' dearer
// (measured: b4 -0.8%, b6 -0.6% instructions).
#[inline(never)]
pub(crate) fn strong_links_with(
    grid: &Grid,
    ctx: &mut Ctx,
    n: usize,
    memo: &mut StrongLinksMemo,
) -> Option<Hint> {
    if n != 3 {
        return None;
    }
    let mut scratch: Option<SlScratch> = None;
    let mut best: Option<SlFound> = None;
    for d in Digit::ALL {
        let cells = grid.cells_with(d);
        let i = d.index();
        if memo.cells[i] != Some(cells) {
            memo.best[i] = if cells.len() < 7 {
                None
            } else {
                let scratch = scratch.get_or_insert_with(SlScratch::new);
                let b = sl_digit_best(grid, d, cells, scratch, memo.fresh_units(i, cells));
                b.found.zip(b.key).map(|(f, k)| (f, k, b.at.0))
            };
            memo.cells[i] = Some(cells);
        }
        let Some((f, key, si)) = memo.best[i] else {
            continue;
        };
        let replace = match &best {
            None => true,
            Some((_, bkey, bsi)) => {
                better(Some(*bkey), key.0, key.1, key.2, true) || (*bkey == key && si < *bsi)
            }
        };
        if replace {
            best = Some((f, key, si));
        }
    }
    best.map(|(f, _, _)| f.into_hint(grid, ctx))
}

/// The first best `StrongLinks(3)` hint on digit `d` (candidates `digit_cells`, seven or
/// more), in SE's order.
fn sl_digit_best(
    grid: &Grid,
    d: Digit,
    digit_cells: CellSet,
    scratch: &mut SlScratch,
    fresh: u32,
) -> SlBest {
    let SlScratch {
        links,
        apart,
        joined,
    } = scratch;
    let mut best = SlBest {
        found: None,
        key: None,
        at: (usize::MAX, 0),
    };
    let mut n = 0;
    let mut link_ty = [0u8; 54];
    let masks = unit_masks(digit_cells);
    // Per unit, the links in it and the links with an end inside it.
    let mut unit_bits = [0u64; 27];
    let mut unit_links = [0u64; 27];
    for (ty, &kind) in KINDS.iter().enumerate() {
        for i in 0..9 {
            let region = Region::ALL[kind as usize][i];
            let unit = region.unit();
            let p = masks[unit];
            // A link has two to six candidates (a region without one changes nothing below).
            if !several(p) || bits9(p) > 6 {
                continue;
            }
            let region_start = n;
            if !several(p & (p - 1)) {
                // A conjugate pair: two single-cell ends (what `strong_links_of` gives),
                // except in a block with both in one row or column.
                let a = region.cell(p.trailing_zeros() as usize);
                let b = region.cell((p & (p - 1)).trailing_zeros() as usize);
                if kind == RegionKind::Block && (col(a) == col(b) || row(a) == row(b)) {
                    continue;
                }
                let outside = digit_cells - UNIT_SET[unit];
                let units = units_of(a) | units_of(b);
                links[n] = SlLink {
                    unit,
                    cand_units: units,
                    ends: [End::single(a), End::single(b)],
                    seen: [PEERS[a] & outside, PEERS[b] & outside],
                    any_units: units,
                    grouped: false,
                };
                n += 1;
            } else if FIRST_AREA[if ty == 0 { 2 } else { 0 }][usize::from(p)] != NO_AREA {
                // (Most regions with three or more candidates are no grouped link: the
                // table says so before any work.)
                let mut out = [SlLink::BLANK; 2];
                let k = strong_links_of(grid, region, d, p, &mut out);
                for l in &out[..k] {
                    links[n] = *l;
                    n += 1;
                }
            }
            for x in region_start..n {
                link_ty[x] = ty as u8;
                unit_bits[unit] |= 1 << x;
                let mut u = links[x].any_units;
                while u != 0 {
                    unit_links[u.trailing_zeros() as usize] |= 1 << x;
                    u &= u - 1;
                }
            }
        }
    }
    // Per link, the links it meets (a link's candidates are all its region's, so it meets
    // every link in a unit holding one of its candidates), those apart from it, and those
    // joined to it (an end in a unit holding an end of it).
    for (x, l) in links[..n].iter().enumerate() {
        let mut meet = 0;
        let mut u = l.cand_units;
        while u != 0 {
            meet |= unit_bits[u.trailing_zeros() as usize];
            u &= u - 1;
        }
        let mut near = 0;
        let mut u = l.any_units;
        while u != 0 {
            near |= unit_links[u.trailing_zeros() as usize];
            u &= u - 1;
        }
        apart[x] = !meet;
        joined[x] = near & !meet;
    }
    // The links in a fresh unit (a chain needs one of them).
    let mut fresh_links = 0u64;
    for (x, l) in links[..n].iter().enumerate() {
        fresh_links |= u64::from(fresh & 1 << l.unit != 0) << x;
    }
    // Every chain a=b-c (three links, pairwise apart, weak links from a's end `1 - u0` to
    // b's end `u1` and from b's end `1 - u1` to c's end `u2`), found from its middle link b:
    // the ends joined to b's first end, paired with those joined to its other end (the one
    // of the two with the lower link index is a). SE meets each chain (up to reversal) once,
    // at the position (set, x0, x1, x2, order, direction) of its loops, where x0 < x1 < x2
    // are the three links (SE's sets list the types in link order) and the outer two are
    // taken in increasing order; among chains of equal sort key the first position wins, so
    // we keep the least.
    let mut best_pos = (usize::MAX, 0, 0, 0, 0, 0);
    // Ends joined to each end of b: (link, its end, the unit shared).
    let mut side = [[(0u8, 0u8, 0u8); 108]; 2];
    for xb in 0..n {
        let b = &links[xb];
        let around = joined[xb];
        if around & around.wrapping_sub(1) == 0 {
            continue;
        }
        let fresh_b = fresh_links >> xb & 1 != 0;
        let bu = [b.ends[0].units, b.ends[1].units];
        let mut count = [0usize; 2];
        let mut m = around;
        while m != 0 {
            let x = m.trailing_zeros() as usize;
            m &= m - 1;
            for (e, end) in links[x].ends.iter().enumerate() {
                for f in 0..2 {
                    let both = end.units & bu[f];
                    if both != 0 {
                        let s = share_of(both).unwrap_or(0);
                        side[f][count[f]] = (x as u8, e as u8, s as u8);
                        count[f] += 1;
                    }
                }
            }
        }
        if count[0] == 0 || count[1] == 0 {
            continue;
        }
        for &(x0, e0, s0) in &side[0][..count[0]] {
            let x0 = usize::from(x0);
            let partners = apart[x0];
            for &(x1, e1, s1) in &side[1][..count[1]] {
                let x1 = usize::from(x1);
                if partners >> x1 & 1 == 0 {
                    continue;
                }
                if !fresh_b && (fresh_links >> x0 | fresh_links >> x1) & 1 == 0 {
                    continue;
                }
                // a enters b at end u1, c leaves from b's other end.
                let ((xa, ea, sa), u1, (xc, u2, sc)) = if x0 < x1 {
                    ((x0, e0, s0), 0, (x1, e1, s1))
                } else {
                    ((x1, e1, s1), 1, (x0, e0, s0))
                };
                let (a, c) = (&links[xa], &links[xc]);
                let (u0, u2) = (1 - usize::from(ea), usize::from(u2));
                let (sa, sc) = (usize::from(sa), usize::from(sc));
                let victims =
                    a.seen[u0] & c.seen[1 - u2] & !(UNIT_SET[b.unit] | UNIT_SET[sa] | UNIT_SET[sc]);
                if victims.is_empty() {
                    continue;
                }
                sl_offer(
                    d,
                    [xa, xb, xc],
                    [u0, u1, u2],
                    [sa, sc],
                    victims,
                    &link_ty,
                    links,
                    &mut best,
                    &mut best_pos,
                );
            }
        }
    }
    best
}

/// Offers the chain of links `x` = (a, b, c) read in directions `u`, with shared units
/// `shares` and `victims`, to `best`: kept if its sort key is better, or equal at an earlier
/// position in SE's order than `best_pos` (see [`sl_digit_best`]).
#[allow(clippy::too_many_arguments)]
fn sl_offer(
    d: Digit,
    x: [usize; 3],
    u: [usize; 3],
    shares: [usize; 2],
    victims: CellSet,
    link_ty: &[u8; 54],
    links: &[SlLink; 54],
    best: &mut SlBest,
    best_pos: &mut (usize, usize, usize, usize, usize, usize),
) {
    let [xa, xb, xc] = x;
    let [u0, u1, u2] = u;
    let (a, b, c) = (&links[xa], &links[xb], &links[xc]);
    let grouped = u8::from(a.grouped) + u8::from(b.grouped) + u8::from(c.grouped);
    let types = [link_ty[xa], link_ty[xb], link_ty[xc]];
    let mut set = [
        usize::from(types[0]),
        usize::from(types[1]),
        usize::from(types[2]),
    ];
    set.sort_unstable();
    let difficulty = sl_difficulty(set, grouped);
    let n = victims.len() as u32;
    if best
        .key
        .is_some_and(|(bd, bn, _)| difficulty > bd || (difficulty == bd && n < bn))
    {
        return;
    }
    let suffix = sl_suffix(types, grouped);
    let key = (difficulty, n, suffix);
    // SE's position: the set, the links in order, the chain order (middle link x1, x0, x2),
    // the direction bits.
    let si = SL3_SETS.iter().position(|s| *s == set).expect("a set");
    let mut sorted = x;
    sorted.sort_unstable();
    let q = if xb == sorted[1] {
        0
    } else if xb == sorted[0] {
        1
    } else {
        2
    };
    let pos = (
        si,
        sorted[0],
        sorted[1],
        sorted[2],
        q,
        u0 << 2 | u1 << 1 | u2,
    );
    if !(better(best.key, difficulty, n, suffix, true)
        || (best.key == Some(key) && pos < *best_pos))
    {
        return;
    }
    *best_pos = pos;
    best.key = Some(key);
    best.at = (si, d.index());
    best.found = Some(Found {
        si: 0,
        suffix: 0,
        difficulty,
        digit: d,
        victims,
        chain: [
            a.ends[u0],
            a.ends[1 - u0],
            b.ends[u1],
            b.ends[1 - u1],
            c.ends[u2],
            c.ends[1 - u2],
        ],
        chain_len: 6,
        technique: Technique::ThreeStrongLinks,
        name: Name::Links {
            stem: sl_kind(&suffix, grouped).0,
            suffix,
            grouped,
        },
        units: 1 << a.unit | 1 << b.unit | 1 << c.unit | 1 << shares[0] | 1 << shares[1],
    });
}

/// The best `StrongLinks` hint so far, its sort key and SE's (set, digit) of it.
struct SlBest {
    found: Option<Found>,
    key: Option<(f64, u32, [u8; 4])>,
    at: (usize, usize),
}

/// The difficulty of a 3-link hint on links of the types `set` with `grouped` grouped links
/// (what [`sl_kind`] gives for any chain order of them).
fn sl_difficulty(set: [usize; 3], grouped: u8) -> f64 {
    let base = Technique::ThreeStrongLinks.difficulty();
    if grouped > 0 {
        base + 0.3
    } else if set.contains(&0) {
        base + 0.1
    } else if set.contains(&1) && set.contains(&2) {
        base + 0.2
    } else {
        base
    }
}

/// SE's `StrongLinksHint` name stem (after the link count) and difficulty.
fn sl_kind(suffix: &[u8; 4], grouped: u8) -> (&'static str, f64) {
    let stem = if suffix[1..].contains(&b'0') {
        " Strong links (including blocks)"
    } else if suffix[1..].contains(&b'2') {
        "-String Kite"
    } else {
        " Skyscrapers"
    };
    let base = Technique::ThreeStrongLinks.difficulty();
    let difficulty = if grouped > 0 {
        base + 0.3
    } else if stem == " Skyscrapers" {
        base
    } else if stem == "-String Kite" {
        base + 0.2
    } else {
        base + 0.1
    };
    (stem, difficulty)
}

/// The checks over SE's own steps (shared by the wing and exclusion tests): the sample of
/// `tests/data/se/links/` (or the file `SE_LINKS_SAMPLE` names, made by its `make_sample.py`).
#[cfg(test)]
pub(super) mod sample {
    use super::super::Ctx;
    use super::super::grid::Grid;
    use super::super::ladder::{LADDER, Rule};
    use crate::board::Board;
    use crate::grid::{CELLS, Candidates};

    /// One step SE took with one of this family's rules.
    pub struct Step {
        pub puzzle: String,
        pub grid: Grid,
        pub solution: [u8; CELLS],
        pub tenths: u32,
        pub name: String,
        pub removed: [u16; CELLS],
    }

    /// The rules of the three files, in ladder order.
    pub const OURS: [Rule; 7] = [
        Rule::TurbotFish,
        Rule::XyWing { xyz: false },
        Rule::XyWing { xyz: true },
        Rule::StrongLinks(3),
        Rule::WxyzWing,
        Rule::VwxyzWing,
        Rule::AlignedExclusion(2),
    ];

    /// The rule SE's name belongs to.
    pub fn rule_of(name: &str) -> Option<Rule> {
        let turbot = ["Skyscraper", "Two-string Kite", "Turbot Crane", "Grouped "];
        Some(if turbot.iter().any(|p| name.starts_with(p)) {
            Rule::TurbotFish
        } else if name.starts_with("3 ") || name.starts_with("3-") {
            Rule::StrongLinks(3)
        } else if name == "XY-Wing" {
            Rule::XyWing { xyz: false }
        } else if name == "XYZ-Wing" {
            Rule::XyWing { xyz: true }
        } else if name.starts_with("WXYZ-Wing ") {
            Rule::WxyzWing
        } else if name.starts_with("VWXYZ-Wing ") {
            Rule::VwxyzWing
        } else if name == "Aligned Pair Exclusion" {
            Rule::AlignedExclusion(2)
        } else if name == "Aligned Triplet Exclusion" {
            Rule::AlignedExclusion(3)
        } else {
            return None;
        })
    }

    fn hex(s: &str) -> u16 {
        u16::from_str_radix(s, 16).expect("hex mask")
    }

    /// The sample's steps.
    pub fn steps() -> Vec<Step> {
        let path = std::env::var("SE_LINKS_SAMPLE").unwrap_or_else(|_| {
            concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/tests/data/se/links/sample.tsv"
            )
            .into()
        });
        let text = std::fs::read_to_string(&path).expect("read the sample");
        text.lines()
            .map(|line| {
                let f: Vec<&str> = line.split('\t').collect();
                let puzzle: [u8; CELLS] = f[0].as_bytes().try_into().expect("81 cells");
                let solution = *Board::from_bytes(&puzzle)
                    .and_then(|b| b.solve())
                    .expect("a proper puzzle")
                    .cells();
                let mut values = [0u8; CELLS];
                let mut masks = [0u16; CELLS];
                for c in 0..CELLS {
                    values[c] = f[1].as_bytes()[c] - b'0';
                    masks[c] = hex(&f[2][3 * c..3 * c + 3]);
                }
                let mut removed = [0u16; CELLS];
                for item in f[5].split(',').filter(|s| !s.is_empty()) {
                    let (c, m) = item.split_once(':').expect("cell:mask");
                    removed[c.parse::<usize>().expect("cell")] = hex(m);
                }
                Step {
                    puzzle: f[0].to_string(),
                    grid: Grid::from_candidates(&Candidates::from_parts(values, masks)),
                    solution,
                    tenths: f[3].parse().expect("tenths"),
                    name: f[4].to_string(),
                    removed,
                }
            })
            .collect()
    }

    pub fn ctx() -> Ctx {
        Ctx {
            budget: u64::MAX,
            exhausted: false,
            explain: true,
        }
    }

    /// Checks SE's step `s` against our rule for it: same name, rating and eliminations, and
    /// nothing from our rules before it in the ladder. Returns a description of what differs.
    pub fn check(s: &Step) -> Result<(), String> {
        let rule = rule_of(&s.name).ok_or_else(|| format!("not ours: {}", s.name))?;
        let pos = LADDER
            .iter()
            .position(|r| *r == rule)
            .expect("in the ladder");
        for earlier in &LADDER[..pos] {
            if OURS.contains(earlier) {
                if let Some(h) = earlier.find(&s.grid, &mut ctx()) {
                    return Err(format!(
                        "{earlier:?} found {} before SE's {}",
                        h.name, s.name
                    ));
                }
            }
        }
        let h = rule
            .find(&s.grid, &mut ctx())
            .ok_or_else(|| format!("{rule:?} found nothing for SE's {}", s.name))?;
        if h.name.as_str() != s.name || h.tenths() != s.tenths || h.eliminations != s.removed {
            return Err(format!(
                "SE {} {} removes {:?}; ours {} {} removes {:?}",
                s.name,
                s.tenths,
                nonzero(&s.removed),
                h.name,
                h.tenths(),
                nonzero(&h.eliminations)
            ));
        }
        Ok(())
    }

    fn nonzero(m: &[u16; CELLS]) -> Vec<(usize, u16)> {
        (0..CELLS)
            .filter(|&c| m[c] != 0)
            .map(|c| (c, m[c]))
            .collect()
    }

    /// Checks that every hint of our rules at `s` keeps the solution's digits.
    pub fn sound(s: &Step) -> Result<(), String> {
        for rule in OURS.iter().chain([Rule::AlignedExclusion(3)].iter()) {
            if let Some(h) = rule.find(&s.grid, &mut ctx()) {
                for c in 0..CELLS {
                    let digit = s.solution[c];
                    if h.eliminations[c] & (1 << (digit - 1)) != 0 {
                        return Err(format!(
                            "{rule:?} ({}) removes the solution's {digit} from cell {c} in {}",
                            h.name, s.puzzle
                        ));
                    }
                }
                if h.placement.is_some() {
                    return Err(format!("{rule:?} placed a digit"));
                }
            }
        }
        Ok(())
    }

    /// All sample steps of the rules `names` starts, checked; panics with the failures.
    pub fn check_all(prefixes: &[&str]) {
        let steps = steps();
        let mine: Vec<&Step> = steps
            .iter()
            .filter(|s| prefixes.iter().any(|p| s.name.starts_with(p)))
            .collect();
        assert!(!mine.is_empty(), "no sample steps for {prefixes:?}");
        let failures: Vec<String> = mine
            .iter()
            .filter_map(|s| check(s).and_then(|()| sound(s)).err())
            .collect();
        assert!(
            failures.is_empty(),
            "{} of {} steps differ:\n{}",
            failures.len(),
            mine.len(),
            failures[..failures.len().min(20)].join("\n")
        );
    }
}

#[cfg(test)]
mod tests {
    use super::sample;

    #[test]
    fn turbot_fish_takes_se_steps() {
        sample::check_all(&["Skyscraper", "Two-string Kite", "Turbot Crane", "Grouped "]);
    }

    #[test]
    fn strong_links_take_se_steps() {
        sample::check_all(&["3 ", "3-"]);
    }

    #[test]
    fn difficulty_depends_on_the_link_types_only() {
        for set in super::SL3_SETS {
            for grouped in 0..4 {
                for q in super::SL3_ORDERS {
                    let types = [set[q[0]] as u8, set[q[1]] as u8, set[q[2]] as u8];
                    let (_, d) = super::sl_kind(&super::sl_suffix(types, grouped), grouped);
                    assert_eq!(d, super::sl_difficulty(set, grouped), "{set:?} {grouped}");
                }
            }
        }
    }

    #[test]
    fn line_names_are_min_lex() {
        // SE's rLineName on its own cases.
        assert_eq!(super::line_name([0, 1, 2]), [0, 1, 2]);
        assert_eq!(super::line_name([0, 2, 2]), [0, 1, 1]);
        assert_eq!(super::line_name([1, 0, 1]), [1, 0, 1]);
        assert_eq!(super::line_name([2, 1, 2]), [1, 2, 1]);
        assert_eq!(super::sl_suffix([2, 1, 0], 1), *b"1012");
    }
}
