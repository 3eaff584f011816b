//! Basic fish: SE's `Fisherman(n)`: X-Wing (3.2), Swordfish (3.8), Jellyfish (5.2).
//!
//! Not written yet: every function finds nothing.

use super::Ctx;
use super::grid::Grid;
use super::hint::Hint;

/// The first hint in SE's order, if any.
pub(crate) fn fisherman(_grid: &Grid, _ctx: &mut Ctx, _n: usize) -> Option<Hint> {
    None
}
