//! SE's ladder: the rules in the order Sukaku Explainer 1.15.10 tries them with its default
//! settings (`Solver`'s constructor, `revisedRating = 0`; the techniques its `Settings` leave
//! off by default — four to six strong links, generalised naked sets, generalised
//! intersections — are left out), and the loop that rates a puzzle by the path they give.
//!
//! At every step SE asks the rules in this order and takes the first hint the first rule with
//! one produces (`Solver.getSingleHint`); the chaining rules collect all their hints and offer
//! them sorted by difficulty, so their "first" is their easiest.

use super::Ctx;
use super::grid::Grid;
use super::hint::{Hint, SeName};
use super::{chaining, exclusion, fish, locking, singles, subsets, turbot, uniqueness, wings};
use crate::grade::{TECHNIQUE_COUNT, Technique};

/// One of SE's hint producers, with its parameters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Rule {
    /// `HiddenSingle` (full houses first, then hidden singles; blocks, columns, rows).
    HiddenSingle,
    /// `Locking(true)`: direct pointing and claiming.
    DirectLocking,
    /// `HiddenSet(n, true)`: direct hidden pair (2) and triplet (3).
    DirectHiddenSet(u8),
    /// `NakedSingle`.
    NakedSingle,
    /// `Locking(false)`: pointing and claiming.
    Locking,
    /// `NakedSet(n)`.
    NakedSet(u8),
    /// `HiddenSet(n, false)`.
    HiddenSet(u8),
    /// `Fisherman(n)`: X-Wing (2), Swordfish (3), Jellyfish (4).
    Fish(u8),
    /// `TurbotFish`: Skyscraper, 2-String Kite, Turbot Crane and their grouped forms.
    TurbotFish,
    /// `XYWing(false)` (XY-Wing) and `XYWing(true)` (XYZ-Wing).
    XyWing { xyz: bool },
    /// `UniqueLoops`: unique rectangles and loops, types 1 to 4.
    UniqueLoops,
    /// `StrongLinks(n)`.
    StrongLinks(u8),
    /// `WXYZWing`.
    WxyzWing,
    /// `BivalueUniversalGrave`: BUG types 1 to 4.
    Bug,
    /// `VWXYZWing`.
    VwxyzWing,
    /// `AlignedPairExclusion` (2) and `AlignedExclusion(3)`.
    AlignedExclusion(u8),
    /// `Chaining(...)`: every chaining producer, by its parameters.
    Chaining(chaining::Mode),
}

/// The ladder, in SE's order.
pub(crate) const LADDER: &[Rule] = &[
    // Direct hint producers.
    Rule::HiddenSingle,
    Rule::DirectLocking,
    Rule::DirectHiddenSet(2),
    Rule::NakedSingle,
    Rule::DirectHiddenSet(3),
    // Indirect hint producers.
    Rule::Locking,
    Rule::NakedSet(2),
    Rule::Fish(2),
    Rule::HiddenSet(2),
    Rule::NakedSet(3),
    Rule::Fish(3),
    Rule::HiddenSet(3),
    Rule::TurbotFish,
    Rule::XyWing { xyz: false },
    Rule::XyWing { xyz: true },
    Rule::UniqueLoops,
    Rule::NakedSet(4),
    Rule::Fish(4),
    Rule::HiddenSet(4),
    Rule::StrongLinks(3),
    Rule::WxyzWing,
    Rule::Bug,
    Rule::VwxyzWing,
    Rule::AlignedExclusion(2),
    // Chaining hint producers.
    Rule::Chaining(chaining::Mode::CYCLES),
    Rule::AlignedExclusion(3),
    Rule::Chaining(chaining::Mode::NISHIO),
    Rule::Chaining(chaining::Mode::MULTIPLE),
    Rule::Chaining(chaining::Mode::DYNAMIC),
    Rule::Chaining(chaining::Mode::DYNAMIC_PLUS),
    // Advanced and experimental producers: nested forcing chains.
    Rule::Chaining(chaining::Mode::nested(2, 0)),
    Rule::Chaining(chaining::Mode::nested(3, 0)),
    Rule::Chaining(chaining::Mode::nested(4, 0)),
    Rule::Chaining(chaining::Mode::nested(4, 1)),
    Rule::Chaining(chaining::Mode::nested(4, 2)),
    Rule::Chaining(chaining::Mode::nested(4, 3)),
];

impl Rule {
    /// The first hint of this rule on `grid`, in SE's order, if any.
    pub(crate) fn find(self, grid: &Grid, ctx: &mut Ctx) -> Option<Hint> {
        match self {
            Rule::HiddenSingle => singles::hidden_single(grid, ctx),
            Rule::NakedSingle => singles::naked_single(grid, ctx),
            Rule::DirectLocking => locking::direct_locking(grid, ctx),
            Rule::Locking => locking::locking(grid, ctx),
            Rule::DirectHiddenSet(n) => subsets::direct_hidden_set(grid, ctx, n.into()),
            Rule::NakedSet(n) => subsets::naked_set(grid, ctx, n.into()),
            Rule::HiddenSet(n) => subsets::hidden_set(grid, ctx, n.into()),
            Rule::Fish(n) => fish::fisherman(grid, ctx, n.into()),
            Rule::TurbotFish => turbot::turbot_fish(grid, ctx),
            Rule::StrongLinks(n) => turbot::strong_links(grid, ctx, n.into()),
            Rule::XyWing { xyz } => wings::xy_wing(grid, ctx, xyz),
            Rule::WxyzWing => wings::wxyz_wing(grid, ctx),
            Rule::VwxyzWing => wings::vwxyz_wing(grid, ctx),
            Rule::UniqueLoops => uniqueness::unique_loops(grid, ctx),
            Rule::Bug => uniqueness::bug(grid, ctx),
            Rule::AlignedExclusion(n) => exclusion::aligned_exclusion(grid, ctx, n.into()),
            Rule::Chaining(mode) => chaining::find(grid, ctx, mode),
        }
    }
}

/// SE's next step on `grid`: the first hint of the first rule that has one.
pub(crate) fn next_hint(grid: &Grid, ctx: &mut Ctx) -> Option<Hint> {
    for rule in LADDER {
        if let Some(hint) = rule.find(grid, ctx) {
            debug_assert!(
                hint.is_worth(grid),
                "{rule:?} offered a hint that does nothing"
            );
            return Some(hint);
        }
        if ctx.exhausted {
            return None;
        }
    }
    None
}

/// How far the rating got, and with what (SE's `Solver.getDifficulty`).
#[derive(Clone, Debug, PartialEq)]
pub struct Path {
    /// SE's ER: the hardest step's difficulty.
    pub er: f64,
    /// SE's EP: the hardest step up to and including the first placement.
    pub ep: f64,
    /// SE's ED: the first step's difficulty.
    pub ed: f64,
    /// The hardest step's technique and SE name (the first step rated `er`).
    pub hardest: Option<(Technique, SeName)>,
    /// The hardest step up to the first placement (for EP), and the first step (for ED).
    pub ep_step: Option<(Technique, SeName)>,
    /// The first step.
    pub ed_step: Option<(Technique, SeName)>,
    /// Steps taken, by technique number.
    pub counts: [u32; TECHNIQUE_COUNT],
    /// True when the grid was solved.
    pub solved: bool,
}

/// Follows SE's path from `grid` to the solution, or until no rule applies or the budget runs
/// out (`solved` is then false).
pub(crate) fn follow(mut grid: Grid, ctx: &mut Ctx, mut on_step: impl FnMut(&Hint)) -> Path {
    let mut path = Path {
        er: 0.0,
        ep: 0.0,
        ed: 0.0,
        hardest: None,
        ep_step: None,
        ed_step: None,
        counts: [0; TECHNIQUE_COUNT],
        solved: false,
    };
    while !grid.is_solved() {
        let Some(hint) = next_hint(&grid, ctx) else {
            return path;
        };
        on_step(&hint);
        path.counts[hint.technique as usize] += 1;
        if hint.difficulty > path.er {
            path.er = hint.difficulty;
            path.hardest = Some((hint.technique, hint.name));
        }
        hint.apply(&mut grid);
        if path.ep == 0.0 {
            if path.ed == 0.0 {
                path.ed = path.er;
                path.ed_step = path.hardest;
            }
            if hint.placement.is_some() {
                path.ep = path.er;
                path.ep_step = path.hardest;
            }
        }
    }
    path.solved = true;
    path
}
