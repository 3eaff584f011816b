//! Uniqueness: SE's `UniqueLoops` (unique rectangles and loops, types 1 to 4) and
//! `BivalueUniversalGrave` (BUG types 1 to 4).
//!
//! Not written yet: every function finds nothing.

use super::Ctx;
use super::grid::Grid;
use super::hint::Hint;

/// The first hint in SE's order, if any.
pub(crate) fn unique_loops(_grid: &Grid, _ctx: &mut Ctx) -> Option<Hint> {
    None
}

/// The first hint in SE's order, if any.
pub(crate) fn bug(_grid: &Grid, _ctx: &mut Ctx) -> Option<Hint> {
    None
}
