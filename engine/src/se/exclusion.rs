//! Aligned exclusion: SE's `AlignedPairExclusion` (6.2) and `AlignedExclusion(3)` (7.5).
//!
//! Not written yet: every function finds nothing.

use super::Ctx;
use super::grid::Grid;
use super::hint::Hint;

/// The first hint in SE's order, if any.
pub(crate) fn aligned_exclusion(_grid: &Grid, _ctx: &mut Ctx, _n: usize) -> Option<Hint> {
    None
}
