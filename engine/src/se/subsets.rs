//! Naked and hidden sets: SE's `NakedSet(n)` (3.0, 3.6, 5.0), `HiddenSet(n, false)` (3.4, 4.0,
//! 5.4) and `HiddenSet(n, true)` (direct hidden pair 2.0 and triplet 2.5).
//!
//! Not written yet: every function finds nothing.

use super::Ctx;
use super::grid::Grid;
use super::hint::Hint;

/// The first hint in SE's order, if any.
pub(crate) fn naked_set(_grid: &Grid, _ctx: &mut Ctx, _n: usize) -> Option<Hint> {
    None
}

/// The first hint in SE's order, if any.
pub(crate) fn hidden_set(_grid: &Grid, _ctx: &mut Ctx, _n: usize) -> Option<Hint> {
    None
}

/// The first hint in SE's order, if any.
pub(crate) fn direct_hidden_set(_grid: &Grid, _ctx: &mut Ctx, _n: usize) -> Option<Hint> {
    None
}
