//! Chains: SE's `Chaining` producer in all its modes — bidirectional cycles and forcing chains
//! (X, Y and mixed), Nishio, multiple (cell and region) forcing chains, dynamic forcing chains,
//! and the nested levels (`+` and beyond), with SE's length-based difficulty.
//!
//! Not written yet: finds nothing.

mod advanced;
mod common;
mod cycles;
mod multiple;

use super::Ctx;
use super::grid::Grid;
use super::hint::Hint;
use crate::grid::CellSet;
use crate::grid::geometry::{UNIT_SET, box_of, box_unit, col, col_unit, row, row_unit};

/// The parameters of one of SE's chaining producers (`new Chaining(isMultipleEnabled,
/// isDynamic, isNishio, level, noParallel, nestingLimit)`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Mode {
    /// Multiple chains: cell and region forcing chains.
    pub multiple: bool,
    /// Dynamic chains: each implication sees the grid as the earlier ones left it.
    pub dynamic: bool,
    /// Nishio: a candidate assumed true that leads to a contradiction.
    pub nishio: bool,
    /// 0 for the plain producers; 1 for "+" (the simple techniques used inside chains); 2 to 4
    /// for nested forcing chains.
    pub level: u8,
    /// SE's `nestingLimit` for level 4.
    pub nesting_limit: u8,
}

impl Mode {
    /// `Chaining(false, false, false, 0, false, 0)`: bidirectional cycles and forcing chains.
    pub const CYCLES: Mode = Mode::new(false, false, false, 0, 0);
    /// `Chaining(false, true, true, 0, false, 0)`: Nishio forcing chains.
    pub const NISHIO: Mode = Mode::new(false, true, true, 0, 0);
    /// `Chaining(true, false, false, 0, false, 0)`: cell and region forcing chains.
    pub const MULTIPLE: Mode = Mode::new(true, false, false, 0, 0);
    /// `Chaining(true, true, false, 0, false, 0)`: dynamic forcing chains.
    pub const DYNAMIC: Mode = Mode::new(true, true, false, 0, 0);
    /// `Chaining(true, true, false, 1, false, 0)`: dynamic forcing chains (+).
    pub const DYNAMIC_PLUS: Mode = Mode::new(true, true, false, 1, 0);

    const fn new(multiple: bool, dynamic: bool, nishio: bool, level: u8, limit: u8) -> Mode {
        Mode {
            multiple,
            dynamic,
            nishio,
            level,
            nesting_limit: limit,
        }
    }

    /// `Chaining(true, true, false, level, false, limit)`: nested forcing chains.
    pub const fn nested(level: u8, limit: u8) -> Mode {
        Mode::new(true, true, false, level, limit)
    }
}

/// The easiest hint of the producer `mode` on `grid` (SE sorts its hints by difficulty, then
/// complexity, then its sort key, stably), if any.
pub(crate) fn find(grid: &Grid, ctx: &mut Ctx, mode: Mode) -> Option<Hint> {
    let mut best = common::Best::new();
    if !mode.multiple && !mode.dynamic {
        cycles::find(grid, ctx, &mut best);
    } else {
        multiple::find(grid, ctx, mode, &mut best);
    }
    best.hint
}

/// The cells of `pos` that share a region with `cell` (not `cell` itself), in SE's
/// `getOnToOff` order: the block, then the row outside the block, then the column outside it.
fn peers_se_order(cell: usize, pos: CellSet) -> impl Iterator<Item = usize> {
    let bx = UNIT_SET[box_unit(box_of(cell))];
    let b = (pos & bx).without(cell);
    let r = (pos & UNIT_SET[row_unit(row(cell))]) - bx;
    let c = (pos & UNIT_SET[col_unit(col(cell))]) - bx;
    b.iter().chain(r.iter()).chain(c.iter())
}
