//! The turbot family and strong links: SE's `TurbotFish` (Skyscraper 4.0, 2-String Kite 4.1,
//! Turbot Crane 4.2, grouped forms 4.3) and `StrongLinks(n)`.
//!
//! Not written yet: every function finds nothing.

use super::Ctx;
use super::grid::Grid;
use super::hint::Hint;

/// The first hint in SE's order, if any.
pub(crate) fn turbot_fish(_grid: &Grid, _ctx: &mut Ctx) -> Option<Hint> {
    None
}

/// The first hint in SE's order, if any.
pub(crate) fn strong_links(_grid: &Grid, _ctx: &mut Ctx, _n: usize) -> Option<Hint> {
    None
}
