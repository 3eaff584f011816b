//! Intersections: SE's `Locking(true)` (direct pointing 1.7 and claiming 1.9: the elimination
//! leaves a hidden single at once) and `Locking(false)` (pointing 2.6, claiming 2.8).
//!
//! Not written yet: every function finds nothing.

use super::Ctx;
use super::grid::Grid;
use super::hint::Hint;

/// The first hint in SE's order, if any.
pub(crate) fn direct_locking(_grid: &Grid, _ctx: &mut Ctx) -> Option<Hint> {
    None
}

/// The first hint in SE's order, if any.
pub(crate) fn locking(_grid: &Grid, _ctx: &mut Ctx) -> Option<Hint> {
    None
}
