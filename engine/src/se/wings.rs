//! Wings: SE's `XYWing(false)` (XY-Wing 4.2), `XYWing(true)` (XYZ-Wing 4.4), `WXYZWing` and
//! `VWXYZWing`.
//!
//! Not written yet: every function finds nothing.

use super::Ctx;
use super::grid::Grid;
use super::hint::Hint;

/// The first hint in SE's order, if any.
pub(crate) fn xy_wing(_grid: &Grid, _ctx: &mut Ctx, _xyz: bool) -> Option<Hint> {
    None
}

/// The first hint in SE's order, if any.
pub(crate) fn wxyz_wing(_grid: &Grid, _ctx: &mut Ctx) -> Option<Hint> {
    None
}

/// The first hint in SE's order, if any.
pub(crate) fn vwxyz_wing(_grid: &Grid, _ctx: &mut Ctx) -> Option<Hint> {
    None
}
