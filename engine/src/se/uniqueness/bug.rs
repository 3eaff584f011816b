//! SE's `BivalueUniversalGrave`: BUG types 1 to 4, with lkSudoku's fix (`islkSudokuBUG`, on by
//! default).
//!
//! SE's search:
//!
//! * For each region type (block, row, column), region and digit, in that order: a digit with
//!   neither zero nor two positions in the region must have some position in a cell with three
//!   or more candidates, else there is no BUG. If exactly one such cell, that cell is a BUG cell
//!   and the digit one of its BUG digits (removed from a copy of the grid); the cells that see
//!   every BUG cell are kept, and the search stops as soon as there are two BUG cells, two BUG
//!   digits and no such cell. lkSudoku's addition: if all those region-digits are one digit,
//!   every cell with three or more candidates among its positions becomes a BUG cell too (with
//!   that digit), even when a region had two of them.
//! * With the BUG digits removed, every empty cell must have two candidates and every digit zero
//!   or two positions in every region.
//! * One BUG cell: type 1 (5.6), the cell keeps only its BUG digits. One BUG digit: type 2 (5.7,
//!   the digit leaves the cells that see every BUG cell), then, for two BUG cells, type 4.
//!   Otherwise, if cells see every BUG cell: type 4 for two BUG cells, then type 3.
//! * Type 4 (5.7): two BUG cells in one region sharing exactly one digit that is not a BUG digit;
//!   each keeps only that digit and its own BUG digits. Type 3 (5.7 + 0.1 per digit beyond two):
//!   for each degree 2 to 6, each region type shared by all BUG cells, the cells of that region
//!   seeing every BUG cell (filled ones too) taken `degree - 1` at a time in SE's `Permutations`
//!   order: their candidates are `degree` digits covering the BUG digits (all holding at least
//!   two candidates), and those digits leave the region's other cells that see every BUG cell.
//!
//! The first hint found is SE's.

use crate::grade::Technique;
use crate::grid::geometry::{CELLS, PEERS, UNIT_SET, UNITS};
use crate::grid::{CellSet, Digit, DigitSet};
use crate::se::Ctx;
use crate::se::grid::{Grid, Region, RegionKind};
use crate::se::hint::{Explanation, Hint};
use crate::se::singles::bits9;

/// SE's region types in SE's order.
const KINDS: [RegionKind; 3] = [RegionKind::Block, RegionKind::Row, RegionKind::Column];

/// The BUG cells, in the order SE finds them, and their BUG digits.
struct Pattern {
    cells: [u8; CELLS],
    len: usize,
    set: CellSet,
    digits: [u16; CELLS],
    all_digits: u16,
    /// The cells that see every BUG cell (`None` before the first BUG cell).
    seeing: Option<CellSet>,
}

impl Pattern {
    /// Makes `cell` a BUG cell for `digit`; false if SE gives up then (no type 1, 2 or 3).
    fn add(&mut self, cell: usize, digit: u16, replace: bool) -> bool {
        if !self.set.contains(cell) {
            self.cells[self.len] = cell as u8;
            self.len += 1;
            self.set.insert(cell);
        }
        if replace {
            self.digits[cell] = digit;
        } else {
            self.digits[cell] |= digit;
            self.all_digits |= digit;
        }
        let seeing = self.seeing.map_or(PEERS[cell], |s| s & PEERS[cell]) - self.set;
        self.seeing = Some(seeing);
        !(self.len > 1 && bits9(self.all_digits) > 1 && seeing.is_empty())
    }

    fn cell(&self, i: usize) -> usize {
        usize::from(self.cells[i])
    }
}

/// The first hint of SE's `BivalueUniversalGrave` on `grid`, if any.
pub(crate) fn bug(grid: &Grid, ctx: &mut Ctx) -> Option<Hint> {
    let masks = grid.masks();
    let mut p = Pattern {
        cells: [0; CELLS],
        len: 0,
        set: CellSet::EMPTY,
        digits: [0; CELLS],
        all_digits: 0,
        seeing: None,
    };
    // lkSudoku: the cells with three candidates or more on the odd region-digits, while those
    // are all one digit.
    let mut all_extra: Option<CellSet> = None;
    let mut only_digit = 0u16;
    let mut one_digit = true;
    let fat: CellSet = (0..CELLS).filter(|&c| bits9(masks[c]) >= 3).collect();
    for kind in KINDS {
        for region in Region::ALL[kind as usize] {
            let rset = region.set();
            for d in Digit::ALL {
                let cells = grid.cells_with(d) & rset;
                if matches!(cells.len(), 0 | 2) {
                    continue;
                }
                // Cell order is region order for blocks, rows and columns.
                let bug_cells = cells & fat;
                match &mut all_extra {
                    None => {
                        all_extra = Some(bug_cells);
                        only_digit = d.bit();
                    }
                    Some(s) if one_digit => {
                        if only_digit == d.bit() {
                            *s |= bug_cells;
                        } else {
                            one_digit = false;
                        }
                    }
                    Some(_) => {}
                }
                if let Some(cell) = bug_cells.only() {
                    if !p.add(cell, d.bit(), false) {
                        return None;
                    }
                }
                if bug_cells.is_empty() {
                    return None;
                }
            }
        }
    }
    if let Some(extra) = all_extra {
        if one_digit && extra.len() > p.len {
            for cell in extra - p.set {
                if !p.add(cell, only_digit, true) {
                    return None;
                }
            }
        }
    }
    // Without the BUG digits: every empty cell bivalue, every digit twice or not in a region.
    for c in 0..CELLS {
        if grid.value(c) == 0 && bits9(masks[c] & !p.digits[c]) != 2 {
            return None;
        }
    }
    for d in Digit::ALL {
        let mut cells = grid.cells_with(d);
        for c in p.set & cells {
            if p.digits[c] & d.bit() != 0 {
                cells.remove(c);
            }
        }
        if (0..UNITS).any(|u| !matches!((cells & UNIT_SET[u]).len(), 0 | 2)) {
            return None;
        }
    }
    let (mut hint, region) = if p.len == 1 {
        Some((type1(grid, &p), None))
    } else if bits9(p.all_digits) == 1 {
        type2(grid, &p).or_else(|| if p.len == 2 { type4(grid, &p) } else { None })
    } else if p.seeing.is_some_and(|s| !s.is_empty()) {
        (if p.len == 2 { type4(grid, &p) } else { None }).or_else(|| type3(grid, &p))
    } else {
        None
    }?;
    if ctx.explain {
        let pattern = (0..p.len)
            .map(|i| (p.cell(i), DigitSet::from_bits(p.digits[p.cell(i)])))
            .collect();
        hint.explanation = Some(Box::new(Explanation {
            pattern,
            units: region.map_or(0, |r: Region| 1 << r.unit()),
            chains: Vec::new(),
        }));
    }
    Some(hint)
}

/// A hint and the region it rests on, if any.
type Found = (Hint, Option<Region>);

fn type1(grid: &Grid, p: &Pattern) -> Hint {
    let cell = p.cell(0);
    let mut hint = Hint::of(Technique::BugPlusOne);
    hint.name = crate::se::hint::SeName::new("BUG type 1");
    hint.eliminate(
        cell,
        DigitSet::from_bits(grid.masks()[cell] & !p.all_digits),
    );
    hint
}

fn type2(grid: &Grid, p: &Pattern) -> Option<Found> {
    let seeing = p.seeing.filter(|s| !s.is_empty())?;
    let value = p.all_digits & p.all_digits.wrapping_neg();
    let d = Digit::from_index(value.trailing_zeros() as usize)?;
    let targets = seeing & grid.cells_with(d);
    if targets.is_empty() {
        return None;
    }
    let mut hint = Hint::of(Technique::BugType2);
    for c in targets {
        hint.eliminate(c, DigitSet::single(d));
    }
    Some((hint, None))
}

fn type4(grid: &Grid, p: &Pattern) -> Option<Found> {
    let masks = grid.masks();
    let (c1, c2) = (p.cell(0), p.cell(1));
    let common = masks[c1] & masks[c2] & !p.all_digits;
    if bits9(common) != 1 {
        return None;
    }
    let region = KINDS
        .iter()
        .map(|&k| Region::containing(k, c1))
        .find(|&r| r.set().contains(c2))?;
    let mut hint = Hint::of(Technique::BugType4);
    hint.eliminate(c1, DigitSet::from_bits(masks[c1] & !p.digits[c1] & !common));
    hint.eliminate(c2, DigitSet::from_bits(masks[c2] & !p.digits[c2] & !common));
    Some((hint, Some(region)))
}

fn type3(grid: &Grid, p: &Pattern) -> Option<Found> {
    let masks = grid.masks();
    let seeing = p.seeing?;
    for degree in 2..=6usize {
        for kind in KINDS {
            let region = Region::containing(kind, p.cell(0));
            if !p.set.is_subset(region.set()) {
                continue;
            }
            let mut cells = [0usize; 9];
            let mut n = 0;
            for c in seeing & region.set() {
                cells[n] = c;
                n += 1;
            }
            if n < degree {
                continue;
            }
            for pick in super::combinations(degree as u32 - 1, n as u32) {
                let mut union = 0u16;
                let mut thin = false;
                for (k, &c) in cells[..n].iter().enumerate() {
                    if pick & (1 << k) != 0 {
                        union |= masks[c];
                        thin |= bits9(masks[c]) <= 1;
                    }
                }
                let digits = union | p.all_digits;
                if bits9(union) as usize != degree
                    || thin
                    || bits9(p.all_digits) <= 1
                    || bits9(digits) as usize != degree
                {
                    continue;
                }
                let mut hint = Hint::new(
                    Technique::BugType3,
                    // SE: 5.7 (types 2 to 4 start there) + 0.1 a digit of the set past one.
                    Technique::BugType2.difficulty() + (degree - 1) as f64 * 0.1,
                );
                for (k, &c) in cells[..n].iter().enumerate() {
                    if pick & (1 << k) == 0 && !p.set.contains(c) {
                        hint.eliminate(c, DigitSet::from_bits(masks[c] & digits));
                    }
                }
                if hint.eliminations.iter().any(|&m| m != 0) {
                    return Some((hint, Some(region)));
                }
            }
        }
    }
    None
}
