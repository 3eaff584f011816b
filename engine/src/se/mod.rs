//! The Sudoku Explainer rater: the difficulty the Sudoku world quotes, computed the way Sukaku
//! Explainer 1.15.10 (the maintained fork of Nicolas Juillerat's Sudoku Explainer) computes
//! it, in microseconds instead of seconds.
//!
//! SE rates a puzzle by solving it the way it explains it: at every step it asks its rules, in
//! a fixed order (the ladder, `se/ladder.rs`), for a hint, applies the first one found, and
//! keeps the hardest step's difficulty:
//!
//! * **ER** — the hardest step of the whole path;
//! * **EP** — the hardest step up to and including the first placement;
//! * **ED** — the first step.
//!
//! Matching SE's numbers means matching its path, so every rule here follows SE's own order of
//! search (regions, digits, cells) and SE's choice among hints of the same rule; `docs/grading.md`
//! lists the rules and every known deviation.
//!
//! Memory: a rating allocates only per-call scratch space bounded by the grid's size (the
//! chaining rules' implication sets), and [`Options::budget`] bounds its work.

#![forbid(unsafe_code)]
#![allow(dead_code, reason = "the rule families are being written")]

mod chaining;
mod exclusion;
mod fish;
mod grid;
mod hint;
mod ladder;
mod locking;
mod singles;
mod subsets;
#[doc(hidden)]
pub mod trace;
mod turbot;
mod uniqueness;
mod wings;

pub use hint::{ChainNode, Explanation, Hint, Link, SeName, tenths};
pub use ladder::Path;

use crate::board::{Board, Error};
use crate::grade::Technique;
use crate::grid::Candidates;
use grid::Grid;

/// What one search may spend, and what it reports.
#[derive(Debug)]
pub(crate) struct Ctx {
    /// Work units left (roughly: implications the chaining rules derive). Rules that can take
    /// long spend them and give up, setting `exhausted`, when none are left.
    pub budget: u64,
    /// Set once the budget ran out: the rating stops there.
    pub exhausted: bool,
    /// Fill [`Hint::explanation`].
    pub explain: bool,
}

impl Ctx {
    /// Spends `units` of the budget; false (and `exhausted` set) once it is gone.
    pub fn spend(&mut self, units: u64) -> bool {
        if self.budget < units {
            self.budget = 0;
            self.exhausted = true;
            return false;
        }
        self.budget -= units;
        true
    }
}

/// How a rating is done.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// The most work a rating may do (see [`Options::DEFAULT_BUDGET`]); a puzzle that needs
    /// more stops with [`RateError::BudgetExhausted`].
    pub budget: u64,
}

impl Options {
    /// About 2 seconds of work on one core of the shared 2-core test machine (2026-12-01: puzzles
    /// that need more than a budget stop after 0.17 s per million units, median, at most 0.23),
    /// and 31 times what the most demanding of the 3,476 bank puzzles rated 8.5 to 9.2 needs
    /// (0.32 million). Of 346 puzzles of the forum's hardest list (SE 11 and up) we tried, 344
    /// rate within it (the most demanding needs 7.2 million) and 2 need SE's nested chains of
    /// level 4, which the rater does not have ([`RateError::Stuck`]).
    pub const DEFAULT_BUDGET: u64 = 10_000_000;
}

impl Default for Options {
    fn default() -> Options {
        Options {
            budget: Options::DEFAULT_BUDGET,
        }
    }
}

/// Sudoku Explainer's verdict on a puzzle.
#[derive(Clone, Debug, PartialEq)]
pub struct Rating {
    /// ER in tenths (`73` is 7.3): the hardest step.
    pub er_tenths: u32,
    /// EP in tenths: the hardest step up to the first placement.
    pub ep_tenths: u32,
    /// ED in tenths: the first step.
    pub ed_tenths: u32,
    /// The path: steps per technique, the techniques and SE names of the ER, EP and ED steps.
    pub path: Path,
}

impl Rating {
    /// The technique of the hardest step (`None` for a board that was already full).
    pub fn hardest(&self) -> Option<Technique> {
        self.path.hardest.map(|(t, _)| t)
    }

    /// SE's name of the hardest rule, as SE prints it (e.g. `"Nishio Forcing Chains"`).
    pub fn hardest_name(&self) -> Option<&str> {
        self.path.hardest.as_ref().map(|(_, n)| n.as_str())
    }
}

/// Why a puzzle could not be rated.
#[derive(Clone, Debug, PartialEq)]
pub enum RateError {
    /// The board is not a proper puzzle (clashing givens, no solution, several solutions).
    Board(Error),
    /// The budget ran out; `partial` is the path so far (its ER is a lower bound).
    BudgetExhausted {
        /// The path up to where the rating stopped.
        partial: Box<Path>,
    },
    /// No rule applies (SE's "Beyond solver", rated 20.0); not expected on a proper puzzle.
    Stuck {
        /// The path up to where no rule applied.
        partial: Box<Path>,
    },
}

impl From<Error> for RateError {
    fn from(e: Error) -> RateError {
        RateError::Board(e)
    }
}

/// Rates `puzzle` as Sukaku Explainer 1.15.10 does. The puzzle must have exactly one solution
/// (SE's uniqueness rules assume it).
pub fn rate(puzzle: &Board, options: Options) -> Result<Rating, RateError> {
    puzzle.validate()?;
    match puzzle.count_solutions(2)?.0 {
        0 => return Err(Error::NoSolution.into()),
        1 => {}
        _ => return Err(Error::MultipleSolutions.into()),
    }
    // Without a cap the rating is never "above" it.
    rate_position(Grid::from_board(puzzle), options, u32::MAX)
        .map(|r| r.unwrap_or_else(|| unreachable!()))
}

/// Rates a puzzle known to have exactly one solution, stopping as soon as a step is rated above
/// `cap_tenths` (`Ok(None)`: the puzzle's ER is above the cap). Cheaper than a full rating when
/// the cap is low: rules whose hints are all rated above it are not even tried.
pub(crate) fn rate_unique(
    puzzle: &Board,
    options: Options,
    cap_tenths: u32,
) -> Result<Option<Rating>, RateError> {
    puzzle.validate()?;
    rate_position(Grid::from_board(puzzle), options, cap_tenths)
}

/// [`rate_unique`] from the puzzle's starting position.
fn rate_position(
    start: Grid,
    options: Options,
    cap_tenths: u32,
) -> Result<Option<Rating>, RateError> {
    let mut ctx = Ctx {
        budget: options.budget,
        exhausted: false,
        explain: false,
    };
    let path = ladder::follow_within(start, &mut ctx, cap_tenths, |_| {});
    if path.above_cap {
        return Ok(None);
    }
    if !path.solved {
        let partial = Box::new(path);
        return Err(if ctx.exhausted {
            RateError::BudgetExhausted { partial }
        } else {
            RateError::Stuck { partial }
        });
    }
    Ok(Some(Rating {
        er_tenths: tenths(path.er),
        ep_tenths: tenths(path.ep),
        ed_tenths: tenths(path.ed),
        path,
    }))
}

/// SE's next step from `position`, with its [`Hint::explanation`]: the first hint of the first
/// rule in SE's order that has one. `None` when no rule has one, or when the budget runs out
/// first.
///
/// The position may be any candidate grid (a player's pencil marks, say); the uniqueness rules
/// assume that the puzzle behind it has exactly one solution, and a step is only sure to agree
/// with that solution when the candidates still hold it.
pub fn next_step(position: &Candidates, options: Options) -> Option<Hint> {
    let mut ctx = Ctx {
        budget: options.budget,
        exhausted: false,
        explain: true,
    };
    let grid = Grid::from_candidates(position);
    if grid.is_solved() {
        return None;
    }
    ladder::next_hint(&grid, &mut ctx)
}
