//! Ratings: the difficulty of a puzzle on Sudoku Explainer's scale, the catalogue of
//! techniques that ratings count and hints name, and the difficulty levels.
//!
//! [`rate`] (and [`Board::rate`]) give what Sukaku Explainer 1.15.10 gives: ER (the hardest
//! step of its solution path), EP (the hardest up to the first placement) and ED (the first
//! step), in tenths, computed by the [`crate::se`] rater — SE's rules in SE's order, its
//! choices among hints, its chain lengths. The level follows from ER, on documented SE bands
//! ([`Level`]). A budget ([`RateOptions::max_effort`]) bounds the work of a rating, so that no
//! call runs for long: a puzzle that needs more fails with [`Error::BudgetExhausted`].
//!
//! The catalogue (`catalogue!` below) is the one list of techniques: the C crate's
//! `sudoku_technique`, the bindings and the docs' tables are checked against it.

#![forbid(unsafe_code)]

use crate::board::{Board, Error};
use crate::se::{self, RateError, SeName};

/// Writes the technique catalogue: each technique once, as `Name = number, "English name",
/// score` (with `, retired` for a retired one), and from that the enum, [`Technique::ALL`],
/// [`TECHNIQUE_COUNT`] and the name, score and retirement lookups. The C crate, the header's
/// docs, the bindings and the README are checked against it.
macro_rules! catalogue {
    (@retired) => { false };
    (@retired retired) => { true };
    ($($(#[$doc:meta])* $name:ident = $number:literal, $english:literal, $score:literal
        $(, $retired:ident)?;)*) => {
        /// The solving techniques that ratings count and hints name: Sudoku Explainer's rules
        /// (the rater's ladder, `se`), and five techniques of the first grader that SE does not
        /// have, kept as retired entries (see [`Technique::is_retired`]).
        ///
        /// The discriminants are the C ABI numbers (`sudoku_technique`); they never change, and
        /// new techniques get new numbers. The score is the least SE gives the technique; a
        /// step can be rated higher (a longer chain, a bigger set).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[non_exhaustive]
        pub enum Technique {
            $($(#[$doc])* $name = $number,)*
        }

        /// Number of techniques in the catalogue.
        pub const TECHNIQUE_COUNT: usize = [$($number),*].len();

        impl Technique {
            /// Every technique, by number.
            pub const ALL: [Technique; TECHNIQUE_COUNT] = [$(Technique::$name),*];

            /// The English name, e.g. `"X-Wing"` (ASCII).
            pub const fn name(self) -> &'static str {
                match self {
                    $(Technique::$name => $english,)*
                }
            }

            /// The score in tenths (`26` means 2.6): SE's rating of the technique's simplest
            /// form.
            pub const fn score_tenths(self) -> u32 {
                match self {
                    $(Technique::$name => $score,)*
                }
            }

            /// The score as Sudoku Explainer writes the difficulty, a double: `26` is `2.6`.
            /// The division is correctly rounded, so this is the very double of the decimal
            /// literal SE's code has, and the rater's arithmetic on it is SE's.
            pub fn difficulty(self) -> f64 {
                f64::from(self.score_tenths()) / 10.0
            }

            /// True for a technique of the first grader that Sudoku Explainer does not have:
            /// it is never produced (no rating counts it, no hint names it), and keeps its
            /// number and its old score.
            pub const fn is_retired(self) -> bool {
                match self {
                    $(Technique::$name => catalogue!(@retired $($retired)?),)*
                }
            }
        }
    };
}

catalogue! {
    /// The only cell of a box that can take a digit (SE: Hidden Single in a block).
    HiddenSingleBox = 0, "Hidden Single (box)", 12;
    /// The only cell of a row or column that can take a digit.
    HiddenSingleLine = 1, "Hidden Single (row/column)", 15;
    /// A cell with a single candidate.
    NakedSingle = 2, "Naked Single", 23;
    /// A box's candidates for a digit lie in one row or column: the digit leaves the rest of it.
    Pointing = 3, "Pointing", 26;
    /// A row's or column's candidates for a digit lie in one box: the digit leaves the rest of it.
    Claiming = 4, "Claiming", 28;
    /// Two cells of a unit with the same two candidates.
    NakedPair = 5, "Naked Pair", 30;
    /// A digit confined to the same two columns in two rows (or rows in two columns).
    XWing = 6, "X-Wing", 32;
    /// Two digits confined to the same two cells of a unit.
    HiddenPair = 7, "Hidden Pair", 34;
    /// Three cells of a unit whose candidates are three digits.
    NakedTriple = 8, "Naked Triple", 36;
    /// The three-line fish.
    Swordfish = 9, "Swordfish", 38;
    /// Three digits confined to three cells of a unit.
    HiddenTriple = 10, "Hidden Triple", 40;
    /// Pivot `{x,y}` with pincers `{x,z}` and `{y,z}`: `z` leaves cells that see both pincers.
    XyWing = 11, "XY-Wing", 42;
    /// Pivot `{x,y,z}` with pincers `{x,z}` and `{y,z}`: `z` leaves cells that see all three.
    XyzWing = 12, "XYZ-Wing", 44;
    /// Unique rectangle type 1: three corners `{a,b}`, so the fourth cannot be `a` or `b`.
    UniqueRectangle = 13, "Unique Rectangle", 45;
    /// Retired (SE has no W-Wing; its steps are SE's chains now). Two `{x,y}` cells joined by
    /// a strong link on `x`: `y` leaves cells that see both.
    WWing = 14, "W-Wing", 46, retired;
    /// Four cells of a unit whose candidates are four digits.
    NakedQuad = 15, "Naked Quad", 50;
    /// The four-line fish.
    Jellyfish = 16, "Jellyfish", 52;
    /// Four digits confined to four cells of a unit.
    HiddenQuad = 17, "Hidden Quad", 54;
    /// Retired (SE has no colouring; its steps are SE's chains now). Two-colouring of a
    /// digit's conjugate pairs (colour wrap and colour trap).
    SimpleColouring = 18, "Simple Colouring", 55, retired;
    /// Bivalue universal grave + 1: all empty cells have two candidates but one, which has three.
    BugPlusOne = 19, "BUG+1", 56;
    /// Retired (SE's one-digit chains are its cycles and forcing X-chains). A chain of
    /// alternating strong and weak links on one digit.
    XChain = 20, "X-Chain", 66, retired;
    /// Retired (SE's are its Y-cycles and forcing Y-chains). A chain of two-candidate cells.
    XyChain = 21, "XY-Chain", 70, retired;
    /// Retired (SE's are its cycles and forcing chains). An alternating inference chain mixing
    /// cells and digits.
    Aic = 22, "Alternating Inference Chain", 75, retired;
    /// The last empty cell of a row, column or box (SE: a Hidden Single rated 1.0).
    FullHouse = 23, "Full House", 10;
    /// A box's candidates for a digit lie in one line, and removing them from the rest of the
    /// line leaves a single at once.
    DirectPointing = 24, "Direct Pointing", 17;
    /// A line's candidates for a digit lie in one box, and removing them from the rest of the
    /// box leaves a single at once.
    DirectClaiming = 25, "Direct Claiming", 19;
    /// A hidden pair whose eliminations leave a single at once.
    DirectHiddenPair = 26, "Direct Hidden Pair", 20;
    /// A hidden triple whose eliminations leave a single at once.
    DirectHiddenTriple = 27, "Direct Hidden Triplet", 25;
    /// Two strong links on a digit in parallel lines, joined at one end.
    Skyscraper = 28, "Skyscraper", 40;
    /// Two strong links on a digit in a row and a column, joined in a box.
    TwoStringKite = 29, "2-String Kite", 41;
    /// Two strong links on a digit, one of them in a box.
    TurbotCrane = 30, "Turbot Crane", 42;
    /// A Skyscraper, 2-String Kite or Turbot Crane with a grouped link (an empty rectangle).
    GroupedTurbot = 31, "Grouped Turbot Fish", 43;
    /// Three strong links on one digit joined by weak links (SE's "3 Skyscrapers" and
    /// relatives, finned and grouped fish among them).
    ThreeStrongLinks = 32, "3 Strong Links", 54;
    /// A pivot and three wing cells holding four digits, one of them restricted.
    WxyzWing = 33, "WXYZ-Wing", 55;
    /// A pivot and four wing cells holding five digits, one of them restricted.
    VwxyzWing = 34, "VWXYZ-Wing", 62;
    /// A loop of six or more bivalue-like cells that would allow two solutions (SE's Unique
    /// Loop, types 1 to 4).
    UniqueLoop = 35, "Unique Loop", 46;
    /// Bivalue universal grave type 2: the extra candidates are one digit.
    BugType2 = 36, "BUG type 2", 57;
    /// Bivalue universal grave type 3: the extra candidates form a naked set.
    BugType3 = 37, "BUG type 3", 58;
    /// Bivalue universal grave type 4: two extra cells joined by a locked digit.
    BugType4 = 38, "BUG type 4", 57;
    /// Two cells' combinations of candidates, each ruled out by a peer: what is left.
    AlignedPairExclusion = 39, "Aligned Pair Exclusion", 62;
    /// Three cells' combinations of candidates, each ruled out by a peer: what is left.
    AlignedTripleExclusion = 40, "Aligned Triplet Exclusion", 75;
    /// A closed chain of strong and weak links on one digit.
    BidirectionalXCycle = 41, "Bidirectional X-Cycle", 65;
    /// A closed chain through bivalue cells.
    BidirectionalYCycle = 42, "Bidirectional Y-Cycle", 65;
    /// A closed chain mixing cell and unit links.
    BidirectionalCycle = 43, "Bidirectional Cycle", 70;
    /// A chain on one digit from a candidate back to a contradiction or a forced candidate.
    ForcingXChain = 44, "Forcing X-Chain", 66;
    /// A chain through bivalue cells forcing a candidate.
    ForcingYChain = 45, "Forcing Y-Chain", 66;
    /// A chain mixing cell and unit links forcing a candidate.
    ForcingChain = 46, "Forcing Chain", 70;
    /// A candidate whose assumption leads, along chains, to a contradiction.
    NishioForcingChain = 47, "Nishio Forcing Chains", 75;
    /// Every candidate of a cell leads to the same conclusion.
    CellForcingChain = 48, "Cell Forcing Chains", 80;
    /// Every place for a digit in a unit leads to the same conclusion.
    RegionForcingChain = 49, "Region Forcing Chains", 80;
    /// Forcing chains that take each earlier conclusion into account (contradiction, double,
    /// cell and region forms).
    DynamicForcingChain = 50, "Dynamic Forcing Chains", 85;
    /// Dynamic forcing chains that may also use the simple techniques along the way (SE's "+").
    DynamicForcingChainPlus = 51, "Dynamic Forcing Chains (+)", 90;
    /// Dynamic forcing chains nested inside one another (SE's nested levels).
    NestedForcingChain = 52, "Nested Forcing Chains", 95;
}

impl Technique {
    /// The technique with C number `n`, if any.
    pub fn from_index(n: usize) -> Option<Technique> {
        Technique::ALL.get(n).copied()
    }
}

/// Difficulty levels: bands of Sudoku Explainer's ER (in tenths; the docs' table lists the
/// techniques of each band). The numbers are the C ABI values (`sudoku_level`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Level {
    /// ER up to 2.3: singles, direct pointing and claiming, direct hidden pairs.
    Easy = 1,
    /// ER 2.4 to 3.4: direct hidden triples, pointing, claiming, naked and hidden pairs, X-Wing.
    Medium = 2,
    /// ER 3.5 to 4.6: triples, Swordfish, the turbot family, XY- and XYZ-Wing, unique
    /// rectangles and loops.
    Hard = 3,
    /// ER 4.7 to 7.5: quads, Jellyfish, strong links, WXYZ- and VWXYZ-Wing, BUG, aligned
    /// exclusion, cycles, forcing chains, Nishio.
    Expert = 4,
    /// ER 7.6 to 8.4: long Nishio chains, cell and region forcing chains.
    Extreme = 5,
    /// ER 8.5 to 8.9: dynamic forcing chains.
    Diabolical = 6,
    /// ER 9.0 and above: dynamic forcing chains (+), and beyond.
    Nightmare = 7,
}

impl Level {
    /// Every level, easiest first.
    pub const ALL: [Level; 7] = [
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::Expert,
        Level::Extreme,
        Level::Diabolical,
        Level::Nightmare,
    ];

    /// The highest ER of the level, in tenths (`u32::MAX` for [`Level::Nightmare`]).
    pub const fn max_score_tenths(self) -> u32 {
        match self {
            Level::Easy => 23,
            Level::Medium => 34,
            Level::Hard => 46,
            Level::Expert => 75,
            Level::Extreme => 84,
            Level::Diabolical => 89,
            Level::Nightmare => u32::MAX,
        }
    }

    /// The lowest ER of the level, in tenths (0 for [`Level::Easy`]).
    pub const fn min_score_tenths(self) -> u32 {
        match self {
            Level::Easy => 0,
            Level::Medium => 24,
            Level::Hard => 35,
            Level::Expert => 47,
            Level::Extreme => 76,
            Level::Diabolical => 85,
            Level::Nightmare => 90,
        }
    }

    /// The level of an ER in tenths.
    pub fn from_score_tenths(score: u32) -> Level {
        Level::ALL
            .into_iter()
            .find(|l| score <= l.max_score_tenths())
            .unwrap_or(Level::Nightmare)
    }

    /// The level with C number `n` (`1..=7`), if any.
    pub fn from_index(n: usize) -> Option<Level> {
        n.checked_sub(1).and_then(|i| Level::ALL.get(i).copied())
    }

    /// The English name, e.g. `"medium"`.
    pub const fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Expert => "expert",
            Level::Extreme => "extreme",
            Level::Diabolical => "diabolical",
            Level::Nightmare => "nightmare",
        }
    }
}

/// How a rating is done.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct RateOptions {
    /// The most work a rating may do, in the rater's work units (about one implication a
    /// chaining rule derives); a puzzle that needs more fails with [`Error::BudgetExhausted`].
    /// [`RateOptions::default`] has [`DEFAULT_MAX_EFFORT`].
    pub max_effort: u64,
}

/// The budget of [`RateOptions::default`]: it bounds a rating to about 2 seconds on a server
/// core of the 2020s, and rates every puzzle of SE 9.3 and below that we know of (measured in
/// [`se::Options::DEFAULT_BUDGET`]).
pub const DEFAULT_MAX_EFFORT: u64 = se::Options::DEFAULT_BUDGET;

impl Default for RateOptions {
    fn default() -> RateOptions {
        RateOptions {
            max_effort: DEFAULT_MAX_EFFORT,
        }
    }
}

/// Sudoku Explainer's verdict on a puzzle.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Rating {
    /// The level of the ER.
    pub level: Level,
    /// ER in tenths (`73` is 7.3): the hardest step of SE's solution path; 0 for a board that
    /// was already full.
    pub er_tenths: u32,
    /// EP in tenths: the hardest step up to and including the first placement.
    pub ep_tenths: u32,
    /// ED in tenths: the first step.
    pub ed_tenths: u32,
    /// The technique of the hardest step (the first step rated ER), `None` for a full board.
    pub hardest: Option<Technique>,
    /// SE's name of that step's rule, as SE prints it (e.g. `"Nishio Forcing Chains"`,
    /// `"VWXYZ-Wing 2412"`).
    pub hardest_name: Option<SeName>,
    /// The technique of the EP step.
    pub ep_technique: Option<Technique>,
    /// The technique of the ED step (the first step).
    pub ed_technique: Option<Technique>,
    /// How many steps each technique took, by technique number.
    pub steps: [u32; TECHNIQUE_COUNT],
    /// Steps in all.
    pub total_steps: u32,
}

impl Rating {
    fn from_se(r: &se::Rating) -> Rating {
        Rating {
            level: Level::from_score_tenths(r.er_tenths),
            er_tenths: r.er_tenths,
            ep_tenths: r.ep_tenths,
            ed_tenths: r.ed_tenths,
            hardest: r.path.hardest.map(|(t, _)| t),
            hardest_name: r.path.hardest.map(|(_, n)| n),
            ep_technique: r.path.ep_step.map(|(t, _)| t),
            ed_technique: r.path.ed_step.map(|(t, _)| t),
            steps: r.path.counts,
            total_steps: r.path.counts.iter().sum(),
        }
    }
}

fn convert(e: RateError) -> Error {
    match e {
        RateError::Board(e) => e,
        RateError::BudgetExhausted { .. } => Error::BudgetExhausted,
        RateError::Stuck { .. } => Error::TooHard,
    }
}

/// Rates `puzzle` as Sukaku Explainer 1.15.10 does, with the default budget.
///
/// Fails with [`Error::Conflict`], [`Error::NoSolution`] or [`Error::MultipleSolutions`]
/// (only proper puzzles get a rating), [`Error::BudgetExhausted`] when the rating needs more
/// than the budget, and [`Error::TooHard`] for a puzzle that needs more of SE's nested forcing
/// chains (SE 9.5 and above) than the rater has.
pub fn rate(puzzle: &Board) -> Result<Rating, Error> {
    rate_with(puzzle, &RateOptions::default())
}

/// As [`rate`], with the budget of `options`.
pub fn rate_with(puzzle: &Board, options: &RateOptions) -> Result<Rating, Error> {
    let options = se::Options {
        budget: options.max_effort,
    };
    se::rate(puzzle, options)
        .map(|r| Rating::from_se(&r))
        .map_err(convert)
}

/// Rates a puzzle known to have exactly one solution, with the default budget, stopping early
/// when its ER is above `cap_tenths` (`Ok(None)`).
pub(crate) fn rate_unique_within(puzzle: &Board, cap_tenths: u32) -> Result<Option<Rating>, Error> {
    se::rate_unique(puzzle, se::Options::default(), cap_tenths)
        .map(|r| r.map(|r| Rating::from_se(&r)))
        .map_err(convert)
}

impl Board {
    /// Rates the puzzle as Sukaku Explainer does: see [`rate`].
    pub fn rate(&self) -> Result<Rating, Error> {
        rate(self)
    }

    /// Rates the puzzle with the budget of `options`: see [`rate_with`].
    pub fn rate_with(&self, options: &RateOptions) -> Result<Rating, Error> {
        rate_with(self, options)
    }
}

#[cfg(test)]
mod tests {
    use super::Technique;

    #[test]
    fn a_difficulty_is_the_double_of_its_decimal() {
        for t in Technique::ALL {
            let s = t.score_tenths();
            let literal: f64 = format!("{}.{}", s / 10, s % 10).parse().unwrap();
            assert_eq!(t.difficulty().to_bits(), literal.to_bits(), "{}", t.name());
        }
    }
}
