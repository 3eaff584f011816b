//! SE's ladder: the rules in the order Sukaku Explainer 1.15.10 tries them with its default
//! settings (`Solver`'s constructor, `revisedRating = 0`; the techniques its `Settings` leave
//! off by default — four to six strong links, generalised naked sets, generalised
//! intersections — are left out), and the loop that rates a puzzle by the path they give.
//!
//! At every step SE asks the rules in this order and takes the first hint the first rule with
//! one produces (`Solver.getSingleHint`); the chaining rules collect all their hints and offer
//! them sorted by difficulty, so their "first" is their easiest.

use super::Ctx;
use super::grid::{Grid, NothingSince};
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

/// What rules keep from one step of a path to the next, to skip work whose result cannot have
/// changed (each rule's memo says what it keeps, and checks it is still valid).
pub(crate) struct Memo {
    turbot: turbot::TurbotMemo,
    strong_links: turbot::StrongLinksMemo,
    /// Naked, hidden and direct hidden sets, by size `2..5` (direct: `2..4`).
    naked: [subsets::RegionMemo; 3],
    hidden: [subsets::RegionMemo; 3],
    direct_hidden: [subsets::RegionMemo; 2],
    /// Direct and plain locking.
    direct_locking: locking::LockingMemo,
    locking: locking::LockingMemo,
    /// Fish by size `2..5`.
    fish: [fish::FishMemo; 3],
    /// XY- and XYZ-Wing.
    wings: [NothingSince; 2],
    /// WXYZ- and VWXYZ-Wing.
    big_wings: [wings::WingMemo; 2],
    /// Aligned pair and triplet exclusion.
    exclusion: [exclusion::ExclusionMemo; 2],
    /// Unique loops.
    loops: NothingSince,
    /// The chaining producers' link table and graph of the step's position.
    chaining: chaining::ChainMemo,
}

impl Memo {
    pub(crate) const fn new() -> Memo {
        Memo {
            turbot: turbot::TurbotMemo::new(),
            strong_links: turbot::StrongLinksMemo::new(),
            naked: [subsets::RegionMemo::new(); 3],
            hidden: [subsets::RegionMemo::new(); 3],
            direct_hidden: [subsets::RegionMemo::new(); 2],
            direct_locking: locking::LockingMemo::new(),
            locking: locking::LockingMemo::new(),
            fish: [fish::FishMemo::new(); 3],
            wings: [const { NothingSince::new() }; 2],
            big_wings: [const { wings::WingMemo::new() }; 2],
            exclusion: [const { exclusion::ExclusionMemo::new() }; 2],
            loops: NothingSince::new(),
            chaining: chaining::ChainMemo::new(),
        }
    }
}

impl Rule {
    /// The first hint of this rule on `grid`, in SE's order, if any.
    pub(crate) fn find(self, grid: &Grid, ctx: &mut Ctx) -> Option<Hint> {
        self.find_with(grid, ctx, &mut Memo::new(), &mut singles::StepCache::new())
    }

    /// [`Rule::find`], with what earlier searches along the path kept in `memo`, and what
    /// rules already asked about this position keep in `step` (made for this `grid`).
    pub(crate) fn find_with(
        self,
        grid: &Grid,
        ctx: &mut Ctx,
        memo: &mut Memo,
        step: &mut singles::StepCache,
    ) -> Option<Hint> {
        match self {
            Rule::HiddenSingle => singles::hidden_single_with(grid, ctx, step),
            Rule::NakedSingle => singles::naked_single(grid, ctx),
            Rule::DirectLocking => {
                locking::direct_locking_with(grid, ctx, &mut memo.direct_locking)
            }
            Rule::Locking => locking::locking_with(grid, ctx, &mut memo.locking),
            Rule::DirectHiddenSet(n) => {
                match memo.direct_hidden.get_mut(usize::from(n).wrapping_sub(2)) {
                    Some(m) => subsets::direct_hidden_set_with(grid, ctx, n.into(), m, step),
                    None => subsets::direct_hidden_set(grid, ctx, n.into()),
                }
            }
            Rule::NakedSet(n) => match memo.naked.get_mut(usize::from(n).wrapping_sub(2)) {
                Some(m) => subsets::naked_set_with(grid, ctx, n.into(), m, step),
                None => subsets::naked_set(grid, ctx, n.into()),
            },
            Rule::HiddenSet(n) => match memo.hidden.get_mut(usize::from(n).wrapping_sub(2)) {
                Some(m) => subsets::hidden_set_with(grid, ctx, n.into(), m, step),
                None => subsets::hidden_set(grid, ctx, n.into()),
            },
            Rule::Fish(n) => match memo.fish.get_mut(usize::from(n).wrapping_sub(2)) {
                Some(m) => fish::fisherman_with(grid, ctx, n.into(), m),
                None => fish::fisherman(grid, ctx, n.into()),
            },
            Rule::TurbotFish => turbot::turbot_fish_with(grid, ctx, &mut memo.turbot),
            Rule::StrongLinks(n) => {
                turbot::strong_links_with(grid, ctx, n.into(), &mut memo.strong_links)
            }
            Rule::XyWing { xyz } => {
                wings::xy_wing_with(grid, ctx, xyz, &mut memo.wings[usize::from(xyz)])
            }
            Rule::WxyzWing => wings::wxyz_wing_with(grid, ctx, &mut memo.big_wings[0]),
            Rule::VwxyzWing => wings::vwxyz_wing_with(grid, ctx, &mut memo.big_wings[1]),
            Rule::UniqueLoops => uniqueness::unique_loops_with(grid, ctx, &mut memo.loops),
            Rule::Bug => uniqueness::bug(grid, ctx),
            Rule::AlignedExclusion(n) => {
                match memo.exclusion.get_mut(usize::from(n).wrapping_sub(2)) {
                    Some(m) => exclusion::aligned_exclusion_with(grid, ctx, n.into(), m),
                    None => exclusion::aligned_exclusion(grid, ctx, n.into()),
                }
            }
            Rule::Chaining(mode) => chaining::find_with(grid, ctx, mode, &mut memo.chaining),
        }
    }
}

/// SE's next step on `grid`: the first hint of the first rule that has one.
pub(crate) fn next_hint(grid: &Grid, ctx: &mut Ctx) -> Option<Hint> {
    let mut step = singles::StepCache::new();
    match next_hint_within(grid, ctx, u32::MAX, &mut Memo::new(), &mut step) {
        Next::Hint(hint) => Some(hint),
        Next::Above | Next::Nothing => None,
    }
}

impl Rule {
    /// A lower bound (in tenths) of the difficulty of every hint this rule gives, kept on the
    /// safe side where SE's formula can go below the family's base (the wings' size terms). It
    /// only lets a capped search stop early (see [`next_hint_within`]); a test checks it on
    /// real paths.
    pub(crate) const fn floor_tenths(self) -> u32 {
        match self {
            Rule::HiddenSingle => 10,
            Rule::DirectLocking => 17,
            Rule::DirectHiddenSet(n) => {
                if n <= 2 {
                    20
                } else {
                    25
                }
            }
            Rule::NakedSingle => 23,
            Rule::Locking => 26,
            Rule::NakedSet(n) => match n {
                ..=2 => 30,
                3 => 36,
                _ => 50,
            },
            Rule::HiddenSet(n) => match n {
                ..=2 => 34,
                3 => 40,
                _ => 54,
            },
            Rule::Fish(n) => match n {
                ..=2 => 32,
                3 => 38,
                _ => 52,
            },
            Rule::TurbotFish => 40,
            Rule::XyWing { xyz } => {
                if xyz {
                    44
                } else {
                    42
                }
            }
            Rule::UniqueLoops => 45,
            Rule::StrongLinks(_) => 54,
            Rule::WxyzWing => 53,
            Rule::Bug => 56,
            Rule::VwxyzWing => 60,
            Rule::AlignedExclusion(n) => {
                if n <= 2 {
                    62
                } else {
                    75
                }
            }
            Rule::Chaining(mode) => {
                if mode.level >= 2 {
                    85 + 5 * mode.level as u32
                } else if mode.level == 1 {
                    90
                } else if mode.nishio {
                    75
                } else if mode.dynamic {
                    85
                } else if mode.multiple {
                    80
                } else {
                    65
                }
            }
        }
    }
}

/// For each rung of [`LADDER`], the least [`Rule::floor_tenths`] from it to the top.
const SUFFIX_FLOOR: [u32; LADDER.len()] = {
    let mut floors = [0; LADDER.len()];
    let mut i = LADDER.len();
    let mut least = u32::MAX;
    while i > 0 {
        i -= 1;
        let f = LADDER[i].floor_tenths();
        if f < least {
            least = f;
        }
        floors[i] = least;
    }
    floors
};

/// What [`next_hint_within`] found.
#[derive(Debug)]
#[allow(
    clippy::large_enum_variant,
    reason = "returned by value once per step, never stored"
)]
pub(crate) enum Next {
    /// SE's next step, rated at most the cap.
    Hint(Hint),
    /// SE's next step is rated above the cap (or every rule that could still have one is).
    Above,
    /// No rule has a step (or the budget ran out: `ctx.exhausted`).
    Nothing,
}

/// SE's next step on `grid` if it is rated at most `cap_tenths`. Rules are asked in SE's
/// order, and the search stops as soon as every rule left has a floor above the cap: the first
/// of them with a hint would give SE's step, rated above it. `step` is emptied for `grid`
/// first (its storage is reused from step to step).
pub(crate) fn next_hint_within(
    grid: &Grid,
    ctx: &mut Ctx,
    cap_tenths: u32,
    memo: &mut Memo,
    step: &mut singles::StepCache,
) -> Next {
    step.clear();
    for (rung, rule) in LADDER.iter().enumerate() {
        if SUFFIX_FLOOR[rung] > cap_tenths {
            return Next::Above;
        }
        if let Some(hint) = rule.find_with(grid, ctx, memo, step) {
            debug_assert!(
                hint.is_worth(grid),
                "{rule:?} offered a hint that does nothing"
            );
            if hint.tenths() > cap_tenths {
                return Next::Above;
            }
            return Next::Hint(hint);
        }
        if ctx.exhausted {
            return Next::Nothing;
        }
    }
    Next::Nothing
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
    /// True when a capped rating stopped at a step rated above its cap.
    pub above_cap: bool,
}

/// Follows SE's path from `grid` to the solution, or until no rule applies or the budget runs
/// out (`solved` is then false).
pub(crate) fn follow(grid: Grid, ctx: &mut Ctx, on_step: impl FnMut(&Hint)) -> Path {
    follow_within(grid, ctx, u32::MAX, on_step)
}

/// As [`follow`], but stops (with [`Path::above_cap`] set, `solved` false) as soon as SE's
/// next step is rated above `cap_tenths`: the puzzle's ER is then above the cap.
pub(crate) fn follow_within(
    mut grid: Grid,
    ctx: &mut Ctx,
    cap_tenths: u32,
    mut on_step: impl FnMut(&Hint),
) -> Path {
    let mut path = Path {
        er: 0.0,
        ep: 0.0,
        ed: 0.0,
        hardest: None,
        ep_step: None,
        ed_step: None,
        counts: [0; TECHNIQUE_COUNT],
        solved: false,
        above_cap: false,
    };
    let mut memo = Memo::new();
    let mut step = singles::StepCache::new();
    while !grid.is_solved() {
        let hint = match next_hint_within(&grid, ctx, cap_tenths, &mut memo, &mut step) {
            Next::Hint(hint) => hint,
            Next::Above => {
                path.above_cap = true;
                return path;
            }
            Next::Nothing => return path,
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Board;
    use crate::grid::Candidates;

    /// The differential test's sample (`data/ratings/se_sample.tsv`): every SE value of the
    /// bank, 2.5 to 9.2.
    fn sample() -> Vec<Grid> {
        include_str!("../../../data/ratings/se_sample.tsv")
            .lines()
            .filter(|l| !l.starts_with('#'))
            .map(|l| {
                let board: Board = l[..81].parse().unwrap();
                Grid::from_candidates(&Candidates::from_board(&board).unwrap())
            })
            .collect()
    }

    fn ctx() -> Ctx {
        Ctx {
            budget: super::super::Options::DEFAULT_BUDGET,
            exhausted: false,
            explain: false,
        }
    }

    /// Every step along SE's paths is rated at least its rule's floor, so a capped search that
    /// stops at the floors stops only where SE's step is above the cap.
    #[test]
    fn every_step_is_rated_at_least_its_rules_floor() {
        let mut steps = 0;
        for mut grid in sample() {
            'path: while !grid.is_solved() {
                for rule in LADDER {
                    let mut c = ctx();
                    if let Some(hint) = rule.find(&grid, &mut c) {
                        assert!(
                            hint.tenths() >= rule.floor_tenths(),
                            "{rule:?} gave {} rated {}",
                            hint.name,
                            hint.tenths()
                        );
                        hint.apply(&mut grid);
                        steps += 1;
                        continue 'path;
                    }
                }
                break; // No rule of ours has a step here.
            }
        }
        assert!(steps > 1000, "{steps} steps");
    }

    /// Along SE's paths, the rules that keep a memo from step to step give, with it, the hint
    /// they give afresh.
    #[test]
    fn the_memo_changes_no_hint() {
        let mut checked = 0;
        for mut grid in sample() {
            let mut memo = Memo::new();
            'path: while !grid.is_solved() {
                let mut step = singles::StepCache::new();
                for rule in LADDER {
                    let hint = rule.find_with(&grid, &mut ctx(), &mut memo, &mut step);
                    if matches!(
                        rule,
                        Rule::TurbotFish
                            | Rule::StrongLinks(_)
                            | Rule::NakedSet(_)
                            | Rule::HiddenSet(_)
                            | Rule::DirectHiddenSet(_)
                            | Rule::DirectLocking
                            | Rule::Locking
                            | Rule::Fish(_)
                            | Rule::HiddenSingle
                            | Rule::XyWing { .. }
                            | Rule::WxyzWing
                            | Rule::VwxyzWing
                            | Rule::AlignedExclusion(_)
                            | Rule::UniqueLoops
                    ) {
                        assert_eq!(hint, rule.find(&grid, &mut ctx()), "{rule:?}");
                        checked += 1;
                    }
                    if let Some(hint) = hint {
                        hint.apply(&mut grid);
                        continue 'path;
                    }
                }
                break;
            }
        }
        assert!(checked > 500, "{checked} searches");
    }

    /// Along SE's paths, the unique-loop search that avoids each start's earlier starts gives
    /// the hint of the full walk.
    #[test]
    fn unique_loops_skip_nothing_that_counts() {
        let mut checked = 0;
        for mut grid in sample() {
            'path: while !grid.is_solved() {
                for rule in LADDER {
                    if *rule == Rule::UniqueLoops {
                        assert_eq!(
                            uniqueness::unique_loops(&grid, &mut ctx()),
                            uniqueness::unique_loops_unrestricted(&grid, &mut ctx())
                        );
                        checked += 1;
                    }
                    if let Some(hint) = rule.find(&grid, &mut ctx()) {
                        hint.apply(&mut grid);
                        continue 'path;
                    }
                }
                break;
            }
        }
        assert!(checked > 200, "{checked} searches");
    }

    /// A cap at the ER follows the whole path; one below it stops, above the cap.
    #[test]
    fn a_capped_path_stops_exactly_above_the_cap() {
        let mut rated = 0;
        for grid in sample() {
            let full = follow(grid.clone(), &mut ctx(), |_| {});
            if !full.solved {
                continue;
            }
            rated += 1;
            let er = super::super::tenths(full.er);
            let at = follow_within(grid.clone(), &mut ctx(), er, |_| {});
            assert_eq!(at, full);
            let below = follow_within(grid, &mut ctx(), er - 1, |_| {});
            assert!(below.above_cap && !below.solved, "{below:?}");
        }
        assert!(rated > 0);
    }
}
