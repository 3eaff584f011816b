//! Singles: SE's `HiddenSingle` (full houses — the last empty cell of a region, 1.0 — then hidden
//! singles, 1.2 in a block and 1.5 in a line) and `NakedSingle` (2.3).
//!
//! Not written yet: every function finds nothing.

use super::Ctx;
use super::grid::Grid;
use super::hint::Hint;

/// The first hint in SE's order, if any.
pub(crate) fn hidden_single(_grid: &Grid, _ctx: &mut Ctx) -> Option<Hint> {
    None
}

/// The first hint in SE's order, if any.
pub(crate) fn naked_single(_grid: &Grid, _ctx: &mut Ctx) -> Option<Hint> {
    None
}
