//! Singles: SE's `HiddenSingle` and `NakedSingle` producers.
//!
//! What matters for matching Sukaku Explainer 1.15.10:
//!
//! * `HiddenSingle` makes two passes. The first takes only "alone" cells — the last empty cell
//!   of a region, rated 1.0 (our [`Technique::FullHouse`]); the second only hidden singles in
//!   regions with two or more empty cells, rated 1.2 in a block and 1.5 in a row or column. Each
//!   pass tries the blocks, then the **columns**, then the rows (SE's region types 0, 2, 1), each
//!   kind in index order, and the digits 1 to 9 in each region. So a full house in a row loses
//!   to any full house in a block or column, and a hidden single in a column (1.5) comes before
//!   one in a row — and both lose to any one in a block (1.2), whatever their place on the grid.
//! * SE names all three "Hidden Single"; the catalogue keeps them apart.
//! * `NakedSingle` (2.3) takes the first cell with one candidate in cell order (row by row).
//!   It comes after the direct pointing/claiming and the direct hidden pair in the ladder.
//! * The hidden single counts the digits of every block and column at once (the nine columns
//!   of a band's three rows side by side, which the compiler does as vectors), finds rows with
//!   one empty cell by a guard-bit test on the empty cells, and counts a row's digits only when
//!   the scan reaches the rows. The naked single tests sixteen cells at a time.
//!
//! Both are direct hints: they place a digit and remove nothing else.
//!
//! This file also holds what the four simple-rule files (`singles`, `locking`, `subsets`,
//! `fish`) share: SE's region order, a digit's places in a unit as a 9-bit mask in SE's cell
//! order (what SE's `getPotentialPositions` gives), and counting bits with a table — the
//! baseline x86-64 target has no `popcnt`, so `count_ones` costs a dozen instructions there.
//! A column's mask is gathered with one 64-bit product (rows 0–6) and two bit reads (rows 7
//! and 8): a 128-bit product costs three.

use super::Ctx;
use super::grid::{Grid, Region, RegionKind};
use super::hint::{Explanation, Hint};
use crate::grade::Technique;
use crate::grid::geometry::{UnitKind, box_origin, col, row, unit_kind};
use crate::grid::{CELLS, CellSet, Digit, DigitSet};

/// SE's region types in the order `HiddenSingle`, `HiddenSet` and `NakedSet` scan them:
/// blocks (0), columns (2), rows (1).
pub(super) const BLOCKS_COLUMNS_ROWS: [usize; 3] = [0, 2, 1];

/// The empty cells, as the cells with candidates: the same in every position SE reaches (an
/// empty cell without candidates is a contradiction no sound step leads to), and cheaper.
pub(super) fn empty_cells(grid: &Grid) -> CellSet {
    Digit::ALL
        .iter()
        .fold(CellSet::EMPTY, |u, &d| u | grid.cells_with(d))
}

/// The number of bits of every 9-bit mask.
const POP9: [u8; 512] = {
    let mut t = [0u8; 512];
    let mut m = 1;
    while m < 512 {
        t[m] = t[m >> 1] + (m & 1) as u8;
        m += 1;
    }
    t
};

/// The number of bits of a 9-bit mask (a cell's candidates, a digit's places in a unit).
#[inline]
pub(super) fn pop9(m: u16) -> usize {
    usize::from(POP9[usize::from(m & 0x1ff)])
}

/// [`pop9`] as `u32`, where it stands for `count_ones` (which the baseline target does with a
/// dozen instructions).
#[inline]
pub(super) fn bits9(m: u16) -> u32 {
    u32::from(POP9[usize::from(m & 0x1ff)])
}

/// True if `m` has two or more bits.
#[inline]
pub(super) const fn several(m: u16) -> bool {
    m & m.wrapping_sub(1) != 0
}

/// Bit `9k` for every `k`: column 0 of a cell set.
const COLUMN_0: u128 = {
    let mut m = 0u128;
    let mut k = 0;
    while k < 9 {
        m |= 1 << (9 * k);
        k += 1;
    }
    m
};

/// Multiplying column 0's bits by this brings bit `9k` to bit `72 + k`, with no carries (every
/// product bit lands on its own position): the one-product form of [`column_bits`], which the
/// test compares it with.
#[cfg(test)]
const GATHER: u128 = {
    let mut m = 0u128;
    let mut j = 0;
    while j < 9 {
        m |= 1 << (72 - 8 * j);
        j += 1;
    }
    m
};

/// Row `r` of a cell set as a 9-bit mask (bit `c` for column `c`).
#[inline]
pub(super) fn row_bits(bits: u128, r: usize) -> u16 {
    ((bits >> (9 * r)) & 0x1ff) as u16
}

/// Column `c` of a cell set as a 9-bit mask (bit `r` for row `r`).
#[inline]
pub(super) fn column_bits(bits: u128, c: usize) -> u16 {
    // Rows 0 to 6 lie in the low 63 bits, rows 7 and 8 at bits 63 + c and 72 + c: the first
    // seven gathered by one 64-bit product (`GATHER_7`), the last two taken one by one.
    let low = (bits as u64 >> c) & COLUMN_0_7;
    let high = (bits >> 63) as u64 >> c;
    let first = (low.wrapping_mul(GATHER_7) >> 48) & 0x7f;
    (first | (high & 1) << 7 | (high >> 9 & 1) << 8) as u16
}

/// Bit `9k` for `k` in `0..7`: rows 0 to 6 of column 0.
const COLUMN_0_7: u64 = COLUMN_0 as u64 & ((1 << 63) - 1);

/// Multiplying [`COLUMN_0_7`]'s bits by this brings bit `9k` to bit `48 + k`, with no carries
/// (the product's bits `9k + 48 - 8j` all differ).
const GATHER_7: u64 = {
    let mut m = 0u64;
    let mut j = 0;
    while j < 7 {
        m |= 1 << (48 - 8 * j);
        j += 1;
    }
    m
};

#[cfg(test)]
#[test]
fn columns_gathered_in_halves() {
    let mut x = 0x9e37_79b9_7f4a_7c15_u64;
    for _ in 0..2000 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let bits = (u128::from(x) << 64 | u128::from(x.rotate_left(29))) & ((1 << CELLS) - 1);
        for c in 0..9 {
            let slow = (0..9).fold(0u16, |m, r| m | (((bits >> (9 * r + c)) & 1) as u16) << r);
            assert_eq!(column_bits(bits, c), slow, "{bits:x} column {c}");
            assert_eq!(
                column_bits(bits, c),
                ((((bits >> c) & COLUMN_0).wrapping_mul(GATHER) >> 72) & 0x1ff) as u16
            );
        }
    }
}

/// Box `b` of a cell set as a 9-bit mask (bit `k` for the box's `k`-th cell, row by row).
#[inline]
fn box_bits(bits: u128, b: usize) -> u16 {
    // The box's three rows of three cells, 9 apart from its first cell.
    let x = (bits >> box_origin(b)) as u32;
    ((x & 7) | ((x >> 6) & 0o70) | ((x >> 12) & 0o700)) as u16
}

/// The cells of `set` in unit `u` (rows `0..9`, columns `9..18`, boxes `18..27`), as a mask of
/// the unit's cell indices in SE's order (bit `k` for the unit's `k`-th cell): for a digit's
/// cells, SE's `Region.getPotentialPositions`.
#[inline]
pub(super) fn local(set: CellSet, u: usize) -> u16 {
    match unit_kind(u) {
        (UnitKind::Row, r) => row_bits(set.bits(), r),
        (UnitKind::Col, c) => column_bits(set.bits(), c),
        (UnitKind::Box, b) => box_bits(set.bits(), b),
    }
}

/// The places of every digit (index `d - 1`) in `region`, as [`local`] masks, and the region's
/// empty cells (those with candidates) the same way.
pub(super) fn region_places(grid: &Grid, region: Region) -> ([u16; 9], u16) {
    let i = usize::from(region.index);
    let mut places = [0u16; 9];
    let pos = |d: usize| grid.cells_with(Digit::ALL[d]).bits();
    match region.kind {
        RegionKind::Row => {
            for (d, p) in places.iter_mut().enumerate() {
                *p = row_bits(pos(d), i);
            }
        }
        RegionKind::Column => {
            for (d, p) in places.iter_mut().enumerate() {
                *p = column_bits(pos(d), i);
            }
        }
        RegionKind::Block => {
            for (d, p) in places.iter_mut().enumerate() {
                *p = box_bits(pos(d), i);
            }
        }
    }
    let empty = places.iter().fold(0, |u, &p| u | p);
    (places, empty)
}

/// The cells of `set` in every unit, by unit number, as [`local`] masks.
pub(super) fn unit_masks(set: CellSet) -> [u16; 27] {
    let bits = set.bits();
    let mut out = [0u16; 27];
    for r in 0..9 {
        out[r] = row_bits(bits, r);
    }
    for c in 0..9 {
        out[9 + c] = column_bits(bits, c);
    }
    for b in 0..9 {
        let (r0, shift) = (row(box_origin(b)), col(box_origin(b)));
        out[18 + b] = ((out[r0] >> shift) & 7)
            | (((out[r0 + 1] >> shift) & 7) << 3)
            | (((out[r0 + 2] >> shift) & 7) << 6);
    }
    out
}

/// What the simple rules compute from one position and share within a step: the empty cells
/// of every unit ([`unit_masks`] of [`empty_cells`]) and every digit's places in every unit.
/// Made anew for each position; each part is computed the first time a rule asks for it.
pub(crate) struct StepCache {
    empty: Option<[u16; 27]>,
    /// Per unit, every digit's places ([`region_places`]).
    places: [[u16; 9]; 27],
    /// Bit `u` when `places[u]` is computed.
    have_places: u32,
}

impl StepCache {
    pub(crate) const fn new() -> StepCache {
        StepCache {
            empty: None,
            places: [[0; 9]; 27],
            have_places: 0,
        }
    }

    /// Forgets everything, for a new position (the arrays stay as they are: only what the
    /// `have_` bits mark is read).
    pub(crate) fn clear(&mut self) {
        self.empty = None;
        self.have_places = 0;
    }

    /// Every digit's places in `region` (the first part of [`region_places`]).
    pub(super) fn places(&mut self, grid: &Grid, region: Region) -> [u16; 9] {
        let u = region.unit();
        if self.have_places & (1 << u) == 0 {
            self.places[u] = region_places(grid, region).0;
            self.have_places |= 1 << u;
        }
        self.places[u]
    }

    /// The empty cells of every unit, as [`local`] masks.
    pub(super) fn empty(&mut self, grid: &Grid) -> &[u16; 27] {
        self.empty
            .get_or_insert_with(|| unit_masks(empty_cells(grid)))
    }
}

/// The empty cells exactly as SE counts them (`getCellValue(i) == 0`), for the tests' literal
/// transcriptions of SE's scans.
#[cfg(test)]
pub(super) fn empty_set(grid: &Grid) -> CellSet {
    let mut bits = 0u128;
    for cell in 0..CELLS {
        bits |= u128::from(grid.value(cell) == 0) << cell;
    }
    CellSet::from_bits(bits)
}

/// A hint placing `d` in `cell`, found in `region` (for the explanation).
fn placement_hint(
    technique: Technique,
    name: &str,
    cell: usize,
    d: Digit,
    region: Option<Region>,
    ctx: &Ctx,
) -> Hint {
    let mut hint = Hint::named(technique, technique.difficulty(), name);
    hint.placement = Some((cell, d));
    if ctx.explain {
        hint.explanation = Some(Box::new(Explanation {
            pattern: vec![(cell, DigitSet::single(d))],
            units: region.map_or(0, |r| 1 << r.unit()),
            chains: Vec::new(),
        }));
    }
    hint
}

/// The digits that are candidates of some cell (`.0`) and of two or more cells (`.1`) of a
/// group of cells: a hidden single's digits are `once & !more`.
#[inline]
fn once_more(cells: impl IntoIterator<Item = u16>) -> (u16, u16) {
    let (mut once, mut more) = (0u16, 0u16);
    for m in cells {
        more |= once & m;
        once |= m;
    }
    (once, more)
}

/// [`once_more`] of every block (by block index, `0..9`) then column (`9..18`), the order of
/// SE's region types 0 and 2: computed from each band's three rows taken lane by lane (nine
/// cells side by side, which the compiler does as vectors).
fn blocks_columns_once_more(masks: &[u16; CELLS]) -> ([u16; 18], [u16; 18]) {
    let mut band_once = [[0u16; 9]; 3];
    let mut band_more = [[0u16; 9]; 3];
    for (band, (bo, bm)) in band_once.iter_mut().zip(&mut band_more).enumerate() {
        for r in 3 * band..3 * band + 3 {
            let row: &[u16; 9] = masks[9 * r..9 * r + 9].try_into().unwrap_or(&[0; 9]);
            for k in 0..9 {
                bm[k] |= bo[k] & row[k];
                bo[k] |= row[k];
            }
        }
    }
    let mut once = [0u16; 18];
    let mut more = [0u16; 18];
    let [o0, o1, o2] = &band_once;
    let [m0, m1, m2] = &band_more;
    for k in 0..9 {
        once[9 + k] = o0[k] | o1[k] | o2[k];
        more[9 + k] = m0[k] | m1[k] | m2[k] | (o0[k] & o1[k]) | ((o0[k] | o1[k]) & o2[k]);
    }
    for band in 0..3 {
        let (bo, bm) = (&band_once[band], &band_more[band]);
        for stack in 0..3 {
            let k = 3 * stack;
            let (a, b, c) = (bo[k], bo[k + 1], bo[k + 2]);
            once[3 * band + stack] = a | b | c;
            more[3 * band + stack] = bm[k] | bm[k + 1] | bm[k + 2] | (a & b) | ((a | b) & c);
        }
    }
    (once, more)
}

/// Bits `9r..9r + 9` for the even rows `r` (0, 2, 4, 6, 8), bit `9r` of them, and bit `9r + 9`.
const EVEN_ROWS: u128 = {
    let mut m = 0u128;
    let mut r = 0;
    while r < 9 {
        m |= 0x1ff << (9 * r);
        r += 2;
    }
    m
};
const EVEN_ROW_LOW: u128 = EVEN_ROWS & (EVEN_ROWS ^ (EVEN_ROWS << 1));
const EVEN_ROW_GUARD: u128 = EVEN_ROW_LOW << 9;

/// Bit `9r + 9` for every row `r` of `rows` (a cell set's bits of the even rows, or of the odd
/// rows shifted down nine) that holds exactly one cell: with a guard bit above every row, the
/// row minus one keeps its guard iff the row is not empty, and the row with its lowest cell
/// taken off, plus `0x1ff`, reaches the guard iff two or more cells are left.
#[inline]
fn rows_with_one(rows: u128) -> u128 {
    let dec = (rows | EVEN_ROW_GUARD) - EVEN_ROW_LOW;
    let several = ((rows & dec & EVEN_ROWS) + EVEN_ROWS) & EVEN_ROW_GUARD;
    dec & EVEN_ROW_GUARD & !several
}

/// Bit `9r` for every row `r` holding exactly one cell of `set`: an even row's flag is nine
/// bits above it, an odd row's (taken down nine) lands on it.
fn rows_with_one_flags(set: CellSet) -> u128 {
    let bits = set.bits();
    (rows_with_one(bits & EVEN_ROWS) >> 9) | rows_with_one((bits >> 9) & EVEN_ROWS)
}

/// The rows (bit `r`) holding exactly one cell of `set`.
#[cfg(test)]
fn rows_with_one_cell(set: CellSet) -> u16 {
    let flags = rows_with_one_flags(set);
    (0..9).fold(0, |out, r| out | u16::from(flags >> (9 * r) & 1 != 0) << r)
}

/// SE's `HiddenSingle`: the first full house (blocks, columns, rows), else the first hidden
/// single (same order; digits 1 to 9 in each region).
pub(crate) fn hidden_single(grid: &Grid, ctx: &mut Ctx) -> Option<Hint> {
    hidden_single_with(grid, ctx, &mut StepCache::new())
}

/// [`hidden_single`]; `step` is for the callers that share one (this rule needs none of it).
pub(crate) fn hidden_single_with(
    grid: &Grid,
    ctx: &mut Ctx,
    _step: &mut StepCache,
) -> Option<Hint> {
    let masks = grid.masks();
    let (once, more) = blocks_columns_once_more(masks);
    // The blocks and columns, in SE's order.
    let region_of = |i: usize| {
        if i < 9 {
            Region::ALL[0][i]
        } else {
            Region::ALL[2][i - 9]
        }
    };
    // The empty cells of a region (those with candidates).
    let empty_count = |region: Region| {
        region
            .cells()
            .iter()
            .filter(|&&c| masks[usize::from(c)] != 0)
            .count()
    };
    let full_house = |region: Region| {
        let k = region
            .cells()
            .iter()
            .position(|&c| masks[usize::from(c)] != 0)?;
        let cell = region.cell(k);
        // With one empty cell, a digit has one position here iff it is a candidate of that
        // cell; SE takes the lowest.
        let d = grid.cands(cell).first()?;
        Some(placement_hint(
            Technique::FullHouse,
            "Hidden Single",
            cell,
            d,
            Some(region),
            ctx,
        ))
    };
    // Pass 1: "alone" cells, the last empty cell of a region. A block or column with one empty
    // cell has no digit twice; with no digit twice, count its empty cells.
    for i in 0..18 {
        if more[i] != 0 || once[i] == 0 {
            continue;
        }
        let region = region_of(i);
        if empty_count(region) == 1 {
            if let Some(hint) = full_house(region) {
                return Some(hint);
            }
        }
    }
    let lone_rows = rows_with_one_flags(empty_cells(grid));
    if lone_rows != 0 {
        let region = Region::ALL[1][lone_rows.trailing_zeros() as usize / 9];
        if let Some(hint) = full_house(region) {
            return Some(hint);
        }
    }
    // Pass 2: hidden singles in regions with two or more empty cells (a digit in two cells
    // says there are).
    let hidden = |region: Region, once: u16, more: u16| {
        let single = once & !more;
        if single == 0 || (more == 0 && empty_count(region) < 2) {
            return None;
        }
        let d = DigitSet::from_bits(single).first()?;
        let cell = (grid.cells_with(d) & region.set()).first()?;
        let technique = if region.kind == RegionKind::Block {
            Technique::HiddenSingleBox
        } else {
            Technique::HiddenSingleLine
        };
        Some(placement_hint(
            technique,
            "Hidden Single",
            cell,
            d,
            Some(region),
            ctx,
        ))
    };
    for i in 0..18 {
        if once[i] & !more[i] == 0 {
            continue;
        }
        if let Some(hint) = hidden(region_of(i), once[i], more[i]) {
            return Some(hint);
        }
    }
    for region in Region::ALL[1] {
        let (once, more) = once_more(region.cells().iter().map(|&c| masks[usize::from(c)]));
        if let Some(hint) = hidden(region, once, more) {
            return Some(hint);
        }
    }
    None
}

/// SE's `NakedSingle`: the first empty cell (row by row) with a single candidate.
pub(crate) fn naked_single(grid: &Grid, ctx: &mut Ctx) -> Option<Hint> {
    let masks = grid.masks();
    // Sixteen cells at a time, the cells with one candidate as a mask (no early exit inside a
    // group, which lets the compiler test them side by side).
    let ones = |m: &[u16]| {
        m.iter().enumerate().fold(0u16, |f, (k, &m)| {
            f | u16::from(m != 0 && m & m.wrapping_sub(1) == 0) << k
        })
    };
    masks
        .chunks(16)
        .enumerate()
        .find_map(|(i, group)| {
            let f = ones(group);
            (f != 0).then(|| 16 * i + f.trailing_zeros() as usize)
        })
        .and_then(|cell| {
            let d = grid.cands(cell).first()?;
            Some(placement_hint(
                Technique::NakedSingle,
                "Naked Single",
                cell,
                d,
                None,
                ctx,
            ))
        })
}

/// Shared by the tests of the simple rules (`singles`, `locking`, `subsets`, `fish`): SE's own
/// steps from `tests/data/se/basic/steps.txt`, the solution of a position, random variants of a
/// position, and checks.
#[cfg(test)]
pub(super) mod testkit {
    use super::super::Ctx;
    use super::super::grid::Grid;
    use super::super::hint::Hint;
    use super::super::ladder::{LADDER, Rule};
    use crate::board::Board;
    use crate::grid::{CELLS, Candidates, DigitSet};

    /// One of SE's steps.
    pub struct Sample {
        /// SE's rule name (for the rules of other files, a family name without numbers).
        pub name: String,
        pub tenths: u32,
        pub description: String,
        pub before: Grid,
        pub after: Grid,
    }

    fn grid(values: [u8; CELLS], masks: [u16; CELLS]) -> Grid {
        Grid::from_candidates(&Candidates::from_parts(values, masks))
    }

    /// The sample steps.
    pub fn samples() -> Vec<Sample> {
        let text = include_str!(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/data/se/basic/steps.txt"
        ));
        text.lines()
            .map(|line| {
                let f: Vec<&str> = line.split('\t').collect();
                assert_eq!(f.len(), 6, "bad sample line {line}");
                let mut values = [0u8; CELLS];
                let mut masks = [0u16; CELLS];
                for (c, b) in f[2].bytes().enumerate() {
                    values[c] = if b == b'.' { 0 } else { b - b'0' };
                }
                for c in 0..CELLS {
                    masks[c] = u16::from_str_radix(&f[3][3 * c..3 * c + 3], 16).unwrap();
                }
                let before = grid(values, masks);
                for change in f[5].split_whitespace() {
                    let (cell, rest) = change.split_once('=').unwrap();
                    let (v, m) = rest.split_once('/').unwrap();
                    let cell: usize = cell.parse().unwrap();
                    values[cell] = v.parse().unwrap();
                    masks[cell] = u16::from_str_radix(m, 16).unwrap();
                }
                Sample {
                    name: f[0].to_string(),
                    tenths: f[1].parse().unwrap(),
                    description: f[4].to_string(),
                    before,
                    after: grid(values, masks),
                }
            })
            .collect()
    }

    /// The solution of the position (its placed digits have exactly one).
    pub fn solution(g: &Grid) -> [u8; CELLS] {
        let values: [u8; CELLS] = core::array::from_fn(|c| g.value(c));
        *Board::from_cells(values)
            .and_then(|b| b.solve())
            .expect("the position has a solution")
            .cells()
    }

    /// A small deterministic generator (xorshift).
    pub struct Rng(pub u64);

    impl Rng {
        pub fn next(&mut self) -> u64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            self.0
        }

        /// True with probability `p` percent.
        pub fn chance(&mut self, p: u64) -> bool {
            self.next() % 100 < p
        }
    }

    /// A variant of `g` that keeps the solution: some candidates that are not the solution's
    /// removed, and sometimes some solution digits placed.
    pub fn variant(g: &Grid, solution: &[u8; CELLS], rng: &mut Rng) -> Grid {
        let mut v = g.clone();
        let drop = 5 + rng.next() % 30;
        let place = if rng.chance(30) {
            1 + rng.next() % 6
        } else {
            0
        };
        for cell in 0..CELLS {
            if v.value(cell) != 0 {
                continue;
            }
            let keep = 1u16 << (solution[cell] - 1);
            for d in v.cands(cell).iter() {
                if d.bit() != keep && rng.chance(drop) {
                    v.remove(cell, DigitSet::single(d));
                }
            }
        }
        for _ in 0..place {
            let cell = (rng.next() % CELLS as u64) as usize;
            if v.value(cell) == 0 {
                let d = crate::grid::Digit::new(solution[cell]).unwrap();
                v.place(cell, d);
            }
        }
        v
    }

    /// The hint never places a wrong digit nor removes the solution's, and does something.
    pub fn assert_sound(hint: &Hint, g: &Grid, solution: &[u8; CELLS], what: &str) {
        assert!(hint.is_worth(g), "{what}: {hint:?} does nothing");
        if let Some((cell, d)) = hint.placement {
            assert_eq!(
                d.get(),
                solution[cell],
                "{what}: {hint:?} places a wrong digit"
            );
        }
        for (cell, &m) in hint.eliminations.iter().enumerate() {
            assert_eq!(
                m & (1 << (solution[cell].max(1) - 1)) & g.masks()[cell],
                0,
                "{what}: {hint:?} removes the solution at {cell}"
            );
        }
    }

    /// A fresh context.
    pub fn ctx() -> Ctx {
        Ctx {
            budget: u64::MAX,
            exhausted: false,
            explain: false,
        }
    }

    /// True for the rules of `singles`, `locking`, `subsets` and `fish`.
    pub fn is_basic(rule: Rule) -> bool {
        matches!(
            rule,
            Rule::HiddenSingle
                | Rule::NakedSingle
                | Rule::DirectLocking
                | Rule::Locking
                | Rule::DirectHiddenSet(_)
                | Rule::NakedSet(_)
                | Rule::HiddenSet(_)
                | Rule::Fish(_)
        )
    }

    /// The ladder rule that produced SE's step named `name`: one of ours, or, for another
    /// family's, the first rule of the ladder at or after which it sits that is not ours.
    pub fn producer(name: &str) -> Rule {
        match name {
            "Hidden Single" => Rule::HiddenSingle,
            "Naked Single" => Rule::NakedSingle,
            "Direct Pointing" | "Direct Claiming" => Rule::DirectLocking,
            "Pointing" | "Claiming" => Rule::Locking,
            "Direct Hidden Pair" => Rule::DirectHiddenSet(2),
            "Direct Hidden Triplet" => Rule::DirectHiddenSet(3),
            "Naked Pair" => Rule::NakedSet(2),
            "Naked Triplet" => Rule::NakedSet(3),
            "Naked Quad" => Rule::NakedSet(4),
            "Hidden Pair" => Rule::HiddenSet(2),
            "Hidden Triplet" => Rule::HiddenSet(3),
            "Hidden Quad" => Rule::HiddenSet(4),
            "X-Wing" => Rule::Fish(2),
            "Swordfish" => Rule::Fish(3),
            "Jellyfish" => Rule::Fish(4),
            // TurbotFish, XYWing, UniqueLoops: between HiddenSet(3) and NakedSet(4).
            "Skyscraper"
            | "Two-string Kite"
            | "Turbot Crane"
            | "Grouped Skyscraper"
            | "Grouped 2-String Kite"
            | "Grouped Turbot Crane"
            | "Generalized strong links"
            | "XY-Wing"
            | "XYZ-Wing"
            | "Unique Rectangle type"
            | "Unique Loop type" => Rule::TurbotFish,
            // Everything else comes after HiddenSet(4).
            _ => Rule::StrongLinks(3),
        }
    }

    /// The ladder index of `rule`.
    pub fn index(rule: Rule) -> usize {
        LADDER
            .iter()
            .position(|&r| r == rule)
            .expect("rule in the ladder")
    }
}

#[cfg(test)]
mod tests {
    use super::super::ladder::LADDER;
    use super::testkit::{
        Rng, assert_sound, ctx, index, is_basic, producer, samples, solution, variant,
    };
    use super::*;

    /// At every sampled step of SE's, our simple rules before SE's producer find nothing, and
    /// SE's producer, when it is ours, finds SE's step (rating, name and effect).
    #[test]
    fn se_steps() {
        let samples = samples();
        assert!(samples.len() > 200);
        let mut checked = 0;
        for s in &samples {
            let rule = producer(&s.name);
            let at = index(rule);
            for &earlier in LADDER[..at].iter().filter(|&&r| is_basic(r)) {
                let found = earlier.find(&s.before, &mut ctx());
                assert!(
                    found.is_none(),
                    "{earlier:?} fires before SE's {}: {found:?}",
                    s.description
                );
            }
            if is_basic(rule) {
                let hint = rule
                    .find(&s.before, &mut ctx())
                    .unwrap_or_else(|| panic!("{rule:?} misses SE's {}", s.description));
                assert_eq!(hint.tenths(), s.tenths, "{}", s.description);
                assert!(
                    s.description.starts_with(hint.name.as_str()),
                    "{}",
                    s.description
                );
                let mut g = s.before.clone();
                hint.apply(&mut g);
                assert_eq!(g, s.after, "{}: {hint:?}", s.description);
                checked += 1;
            }
        }
        assert!(checked > 150);
    }

    /// Every hint of the simple rules is sound, on SE's positions and on variants of them.
    #[test]
    fn sound() {
        let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
        let mut hints = 0;
        for s in samples() {
            let sol = solution(&s.before);
            for k in 0..4 {
                let g = if k == 0 {
                    s.before.clone()
                } else {
                    variant(&s.before, &sol, &mut rng)
                };
                for &rule in LADDER.iter().filter(|&&r| is_basic(r)) {
                    if let Some(h) = rule.find(&g, &mut ctx()) {
                        assert_sound(&h, &g, &sol, &format!("{rule:?} near {}", s.description));
                        hints += 1;
                    }
                }
            }
        }
        assert!(hints > 500);
    }

    /// A position from its 81 digits (`.` empty), candidates from the digits alone.
    fn position(s: &str) -> Grid {
        let board = crate::board::Board::from_bytes(s.as_bytes().try_into().unwrap()).unwrap();
        Grid::from_candidates(&crate::grid::Candidates::from_board(&board).unwrap())
    }

    const SOLVED: &str =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

    /// `SOLVED` with `cells` emptied.
    fn holes(cells: &[usize]) -> Grid {
        let mut s: Vec<u8> = SOLVED.bytes().collect();
        for &cell in cells {
            s[cell] = b'.';
        }
        position(core::str::from_utf8(&s).unwrap())
    }

    fn placed(h: &Hint) -> (usize, u8) {
        h.placement.map(|(c, d)| (c, d.get())).unwrap()
    }

    #[test]
    fn full_houses_blocks_then_columns_then_rows() {
        // Empty r1c1, r1c2, r2c1 (row 2 and column 2 have one empty cell each, block 1 three)
        // and r5c5, r5c6 (columns 5 and 6 have one each, row 5 and block 5 two).
        let g = holes(&[0, 1, 9, 40, 41]);
        let h = hidden_single(&g, &mut ctx()).unwrap();
        // No block has a single empty cell; columns come before rows: column 2 (r1c2).
        assert_eq!(h.technique, Technique::FullHouse);
        assert_eq!(placed(&h), (1, SOLVED.as_bytes()[1] - b'0'));
        assert_eq!(h.name.as_str(), "Hidden Single");
        assert_eq!(h.difficulty, 1.0);
        // With r9c9 emptied too, block 9 is first.
        let g = holes(&[0, 1, 9, 40, 41, 80]);
        assert_eq!(placed(&hidden_single(&g, &mut ctx()).unwrap()), (80, 9));
        // The naked single is the first cell with one candidate, row by row.
        let n = naked_single(&g, &mut ctx()).unwrap();
        assert_eq!((placed(&n), n.difficulty), ((0, 5), 2.3));
    }

    #[test]
    fn hidden_singles_blocks_before_lines() {
        // A puzzle whose first step is a hidden single (SE: "Hidden Single: B4: 7 in block").
        let g = position(
            ".9..4...7..8......247.6....5..18.3....3.9.7....2.73..1....3.286......9..6...5..1.",
        );
        let h = hidden_single(&g, &mut ctx()).unwrap();
        assert_eq!(
            (placed(&h), h.difficulty, h.technique),
            ((28, 7), 1.2, Technique::HiddenSingleBox)
        );
    }

    #[test]
    fn local_masks_are_se_positions() {
        for s in samples().iter().take(60) {
            let g = &s.before;
            for u in 0..27 {
                let region = Region::of_unit(u);
                let (places, empty) = region_places(g, region);
                for d in Digit::ALL {
                    let p = g.positions(region, d);
                    assert_eq!(local(g.cells_with(d), u), p, "unit {u}");
                    assert_eq!(places[d.index()], p, "unit {u}");
                    assert_eq!(pop9(p), p.count_ones() as usize);
                }
                assert_eq!(empty, local(empty_set(g), u));
            }
        }
    }

    /// The lane-by-lane digit counts and the row test with guard bits agree with counting cell
    /// by cell.
    #[test]
    fn once_more_and_lone_rows_count_cells() {
        let mut rng = Rng(0x2545_f491_4f6c_dd1d);
        for s in samples().iter().take(80) {
            let sol = solution(&s.before);
            for k in 0..3 {
                let g = if k == 0 {
                    s.before.clone()
                } else {
                    variant(&s.before, &sol, &mut rng)
                };
                let (once, more) = blocks_columns_once_more(g.masks());
                for i in 0..18 {
                    let region = if i < 9 {
                        Region::ALL[0][i]
                    } else {
                        Region::ALL[2][i - 9]
                    };
                    for d in Digit::ALL {
                        let n = pop9(g.positions(region, d));
                        assert_eq!(once[i] & d.bit() != 0, n >= 1, "{region:?} {d:?}");
                        assert_eq!(more[i] & d.bit() != 0, n >= 2, "{region:?} {d:?}");
                    }
                }
                let empty = empty_cells(&g);
                let lone = rows_with_one_cell(empty);
                for r in 0..9 {
                    let n = (empty & Region::ALL[1][r].set()).len();
                    assert_eq!(lone & (1 << r) != 0, n == 1, "row {r}");
                }
            }
        }
        // Every pattern of one row, alone and beside full or empty rows.
        for m in 0u128..512 {
            for r in 0..9 {
                for other in [0u128, 0x1ff] {
                    let mut bits = 0u128;
                    for q in 0..9 {
                        bits |= if q == r { m } else { other } << (9 * q);
                    }
                    let lone = rows_with_one_cell(CellSet::from_bits(bits));
                    assert_eq!(
                        lone & (1 << r) != 0,
                        m.count_ones() == 1,
                        "{m:b} in row {r}"
                    );
                }
            }
        }
    }

    #[test]
    fn nothing_on_a_solved_grid() {
        let g = position(SOLVED);
        assert!(hidden_single(&g, &mut ctx()).is_none());
        assert!(naked_single(&g, &mut ctx()).is_none());
    }
}
