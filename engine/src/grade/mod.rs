//! The human-style grader: a solver over per-cell candidate masks that applies, again and again,
//! the simplest technique that makes progress, and rates a puzzle by the hardest one it needed.
//!
//! # Representation
//!
//! [`Candidates`] keeps, for each of the 81 cells, its placed digit (`0` if none) and a 9-bit mask
//! of the digits still possible there (bit `d - 1` for digit `d`; `0` for placed cells). Sets of
//! cells are `u128` bit sets (bit `i` = cell `i`). Units are numbered `0..27`: rows `0..=8`,
//! columns `9..=17`, boxes `18..=26` (boxes left to right, top to bottom); a set of units is a
//! `u32` with bit `u` for unit `u`.
//!
//! # The ladder
//!
//! [`Technique`] lists the techniques in the order they are tried, which is also the order of
//! their scores (see [`Technique::score_tenths`]). One file per family: `singles`,
//! `intersections`, `subsets`, `fish`, `wings` (XY-, XYZ- and W-Wing), `uniqueness` (unique
//! rectangles, BUG+1), `chains` (simple colouring, X-chains, XY-chains, alternating inference
//! chains). When no technique applies the grader falls back to a depth-first search (`search`)
//! and counts its guesses.

#![forbid(unsafe_code)]

mod chains;
mod fish;
mod intersections;
mod search;
mod singles;
mod subsets;
mod uniqueness;
mod wings;

use crate::board::{Board, CELLS, Error};
pub use crate::grid::Candidates;
use crate::grid::Digit;

/// A set of cells: bit `i` for cell `i`.
pub(crate) type CellSet = u128;

/// The nine cells of each unit in order: rows, then columns, then boxes.
pub(crate) const UNITS: [[u8; 9]; 27] = {
    let mut units = [[0u8; 9]; 27];
    let mut i = 0;
    while i < 9 {
        let mut k = 0;
        while k < 9 {
            units[i][k] = (i * 9 + k) as u8;
            units[9 + i][k] = (k * 9 + i) as u8;
            units[18 + i][k] = ((i / 3 * 3 + k / 3) * 9 + i % 3 * 3 + k % 3) as u8;
            k += 1;
        }
        i += 1;
    }
    units
};

/// The cells of each unit as a set.
pub(crate) const UNIT_SET: [CellSet; 27] = {
    let mut sets = [0u128; 27];
    let mut u = 0;
    while u < 27 {
        let mut k = 0;
        while k < 9 {
            sets[u] |= 1 << UNITS[u][k];
            k += 1;
        }
        u += 1;
    }
    sets
};

/// Row, column and box unit numbers of each cell.
pub(crate) const fn cell_units(cell: usize) -> [usize; 3] {
    let (r, c) = (cell / 9, cell % 9);
    [r, 9 + c, 18 + r / 3 * 3 + c / 3]
}

/// The 20 peers of each cell (cells sharing a unit with it, not the cell itself).
pub(crate) const PEERS: [CellSet; 81] = {
    let mut peers = [0u128; 81];
    let mut cell = 0;
    while cell < 81 {
        let u = cell_units(cell);
        peers[cell] = (UNIT_SET[u[0]] | UNIT_SET[u[1]] | UNIT_SET[u[2]]) & !(1 << cell);
        cell += 1;
    }
    peers
};

/// The units shared by consecutive cells of a path, for highlighting.
pub(crate) fn shared_units(cells: &[usize]) -> u32 {
    let mut units = 0;
    for w in cells.windows(2) {
        let (a, b) = (cell_units(w[0]), cell_units(w[1]));
        for u in a {
            if b.contains(&u) {
                units |= 1 << u;
            }
        }
    }
    units
}

/// Iterates over the members of a cell set in increasing order.
pub(crate) fn cells_of(mut set: CellSet) -> impl Iterator<Item = usize> {
    core::iter::from_fn(move || {
        if set == 0 {
            return None;
        }
        let cell = set.trailing_zeros() as usize;
        set &= set - 1;
        Some(cell)
    })
}

/// Iterates over the digit indices `0..9` set in a mask.
pub(crate) fn digits_of(mut mask: u16) -> impl Iterator<Item = usize> {
    core::iter::from_fn(move || {
        if mask == 0 {
            return None;
        }
        let d = mask.trailing_zeros() as usize;
        mask &= mask - 1;
        Some(d)
    })
}

/// Writes the technique catalogue: each technique once, as `Name = number, "English name",
/// score`, and from that the enum, [`Technique::ALL`], [`TECHNIQUE_COUNT`] and the name and score
/// lookups. The C crate, the header's docs, the bindings and the README are checked against it.
macro_rules! catalogue {
    ($($(#[$doc:meta])* $name:ident = $number:literal, $english:literal, $score:literal;)*) => {
        /// The human solving techniques, in the order the grader tries them (simplest first).
        ///
        /// The discriminants are the C ABI numbers (`sudoku_technique`); they never change, and
        /// new techniques get new numbers.
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

            /// The score in tenths (`26` means 2.6).
            pub const fn score_tenths(self) -> u32 {
                match self {
                    $(Technique::$name => $score,)*
                }
            }
        }
    };
}

catalogue! {
    /// The only cell of a box that can take a digit.
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
    /// Two `{x,y}` cells joined by a strong link on `x`: `y` leaves cells that see both.
    WWing = 14, "W-Wing", 46;
    /// Four cells of a unit whose candidates are four digits.
    NakedQuad = 15, "Naked Quad", 50;
    /// The four-line fish.
    Jellyfish = 16, "Jellyfish", 52;
    /// Four digits confined to four cells of a unit.
    HiddenQuad = 17, "Hidden Quad", 54;
    /// Two-colouring of a digit's conjugate pairs (colour wrap and colour trap).
    SimpleColouring = 18, "Simple Colouring", 55;
    /// Bivalue universal grave + 1: all empty cells have two candidates but one, which has three.
    BugPlusOne = 19, "BUG+1", 56;
    /// A chain of alternating strong and weak links on one digit.
    XChain = 20, "X-Chain", 66;
    /// A chain of two-candidate cells.
    XyChain = 21, "XY-Chain", 70;
    /// An alternating inference chain mixing cells and digits.
    Aic = 22, "Alternating Inference Chain", 75;
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

/// The score of a puzzle that needs search (beyond the ladder), in tenths.
pub const SEARCH_SCORE_TENTHS: u32 = 100;

/// Difficulty levels. Thresholds on the score (in tenths) are documented on each level.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Level {
    /// Score up to 2.3: singles only.
    Easy = 1,
    /// Score 2.4 to 3.4: intersections, naked and hidden pairs, X-Wing.
    Medium = 2,
    /// Score 3.5 to 4.6: triples, Swordfish, XY-/XYZ-/W-Wing, unique rectangles.
    Hard = 3,
    /// Score 4.7 to 7.5: quads, Jellyfish, colouring, BUG+1 and chains.
    Expert = 4,
    /// Beyond the ladder: search (guessing) is needed.
    Extreme = 5,
}

impl Level {
    /// Every level, easiest first.
    pub const ALL: [Level; 5] = [
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::Expert,
        Level::Extreme,
    ];

    /// The highest score of the level, in tenths (`u32::MAX` for [`Level::Extreme`]).
    pub fn max_score_tenths(self) -> u32 {
        match self {
            Level::Easy => 23,
            Level::Medium => 34,
            Level::Hard => 46,
            Level::Expert => 75,
            Level::Extreme => u32::MAX,
        }
    }

    /// The level of a score in tenths (scores above 7.5 are [`Level::Extreme`]).
    pub fn from_score_tenths(score: u32) -> Level {
        Level::ALL
            .into_iter()
            .find(|l| score <= l.max_score_tenths())
            .unwrap_or(Level::Extreme)
    }

    /// The level with C number `n` (`1..=5`), if any.
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
        }
    }
}

impl Candidates {
    /// Applies a step: its placements, then its eliminations.
    pub fn apply(&mut self, step: &Step) {
        for (cell, &digit) in step.placements.iter().enumerate() {
            if digit != 0 {
                self.place(cell, digit);
            }
        }
        for (cell, &mask) in step.eliminations.iter().enumerate() {
            self.eliminate(cell, mask);
        }
    }

    /// The empty cells that have `digit` (index `0..9`) as a candidate, as the ladder's raw bit
    /// set.
    pub(crate) fn cells_with_index(&self, d: usize) -> CellSet {
        self.cells_with(Digit::ALL[d]).bits()
    }
}

/// One deduction: what it places and removes, and the candidates and units that justify it.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Step {
    /// The technique.
    pub technique: Technique,
    /// Digit placed in each cell, 0 where nothing is placed.
    pub placements: [u8; CELLS],
    /// Candidates removed from each cell (bit `d - 1` for digit `d`).
    pub eliminations: [u16; CELLS],
    /// The candidates that form the pattern (the cells and digits to highlight).
    pub pattern: [u16; CELLS],
    /// The units the pattern lives in: bit `u` for rows `0..=8`, columns `9..=17`, boxes
    /// `18..=26`.
    pub units: u32,
}

impl Step {
    pub(crate) fn new(technique: Technique) -> Step {
        Step {
            technique,
            placements: [0; CELLS],
            eliminations: [0; CELLS],
            pattern: [0; CELLS],
            units: 0,
        }
    }

    /// Eliminates digit index `d` from every cell of `cells`.
    pub(crate) fn eliminate_in(&mut self, cells: CellSet, d: usize) {
        for c in cells_of(cells) {
            self.eliminations[c] |= 1 << d;
        }
    }

    /// Marks digit index `d` as part of the pattern in every cell of `cells`.
    pub(crate) fn mark(&mut self, cells: CellSet, d: usize) {
        for c in cells_of(cells) {
            self.pattern[c] |= 1 << d;
        }
    }

    /// True when the step places or removes something.
    pub fn makes_progress(&self) -> bool {
        self.placements.iter().any(|&d| d != 0) || self.eliminations.iter().any(|&m| m != 0)
    }
}

/// Looks for one application of `technique` that makes progress on `grid`.
///
/// Detectors look only at the candidates, so they work on any position, including hand-made
/// ones. A step found on a grid that contains its solution never removes the solution's digit
/// (the unique-rectangle rule also assumes the puzzle has a single solution).
pub fn find(technique: Technique, grid: &Candidates) -> Option<Step> {
    let mut step = Step::new(technique);
    let found = match technique {
        Technique::HiddenSingleBox => singles::hidden_single(grid, &mut step, true),
        Technique::HiddenSingleLine => singles::hidden_single(grid, &mut step, false),
        Technique::NakedSingle => singles::naked_single(grid, &mut step),
        Technique::Pointing => intersections::pointing(grid, &mut step),
        Technique::Claiming => intersections::claiming(grid, &mut step),
        Technique::NakedPair => subsets::naked(grid, &mut step, 2),
        Technique::NakedTriple => subsets::naked(grid, &mut step, 3),
        Technique::NakedQuad => subsets::naked(grid, &mut step, 4),
        Technique::HiddenPair => subsets::hidden(grid, &mut step, 2),
        Technique::HiddenTriple => subsets::hidden(grid, &mut step, 3),
        Technique::HiddenQuad => subsets::hidden(grid, &mut step, 4),
        Technique::XWing => fish::fish(grid, &mut step, 2),
        Technique::Swordfish => fish::fish(grid, &mut step, 3),
        Technique::Jellyfish => fish::fish(grid, &mut step, 4),
        Technique::XyWing => wings::xy_wing(grid, &mut step),
        Technique::XyzWing => wings::xyz_wing(grid, &mut step),
        Technique::WWing => wings::w_wing(grid, &mut step),
        Technique::UniqueRectangle => uniqueness::unique_rectangle(grid, &mut step),
        Technique::SimpleColouring => chains::simple_colouring(grid, &mut step),
        Technique::XChain => chains::x_chain(grid, &mut step),
        Technique::XyChain => chains::xy_chain(grid, &mut step),
        Technique::BugPlusOne => uniqueness::bug_plus_one(grid, &mut step),
        Technique::Aic => chains::aic(grid, &mut step),
        // The Sudoku Explainer families have no detector in this ladder.
        _ => false,
    };
    (found && step.makes_progress()).then_some(step)
}

/// The simplest step that makes progress on `grid`, trying the techniques in ladder order.
pub fn next_step(grid: &Candidates) -> Option<Step> {
    Technique::ALL[..=Technique::Aic as usize]
        .iter()
        .find_map(|&t| find(t, grid))
}

/// What the grader found out about a puzzle.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Rating {
    /// The difficulty level.
    pub level: Level,
    /// The score in tenths: the hardest technique's score, [`SEARCH_SCORE_TENTHS`] when search
    /// was needed, 0 when the board was already full.
    pub score_tenths: u32,
    /// The hardest technique used, if any.
    pub hardest: Option<Technique>,
    /// How many steps each technique took, by technique number.
    pub steps: [u32; TECHNIQUE_COUNT],
    /// True when the ladder got stuck and the rest was solved by search.
    pub needs_search: bool,
    /// Trial placements the search made (0 without search).
    pub guesses: u32,
}

impl Board {
    /// Rates the puzzle like a person would solve it: the simplest technique that makes
    /// progress, repeatedly; when none applies, a depth-first search finishes and its guesses are
    /// counted.
    ///
    /// Fails with [`Error::Conflict`], [`Error::NoSolution`] or [`Error::MultipleSolutions`]:
    /// only proper puzzles get a rating.
    pub fn rate(&self) -> Result<Rating, Error> {
        let (count, _) = self.count_solutions(2)?;
        match count {
            0 => return Err(Error::NoSolution),
            1 => {}
            _ => return Err(Error::MultipleSolutions),
        }
        Ok(rate_unique(self))
    }
}

/// Rates a board known to have exactly one solution.
pub(crate) fn rate_unique(board: &Board) -> Rating {
    let mut rating = Rating::empty();
    if let Some(stuck) = climb(board, u32::MAX, &mut rating) {
        rating.needs_search = true;
        rating.guesses = search::count_guesses(&stuck);
    }
    finish(&mut rating);
    rating
}

/// The level of a board known to have exactly one solution, if it is at most `max`. Cheaper than
/// [`rate_unique`]: techniques above `max` are never tried, and guesses are not counted.
pub(crate) fn level_at_most(board: &Board, max: Level) -> Option<Level> {
    let mut rating = Rating::empty();
    if climb(board, max.max_score_tenths(), &mut rating).is_some() {
        // Stuck with every technique allowed below the cap: beyond `max`, unless that is search.
        return (max == Level::Extreme).then_some(Level::Extreme);
    }
    finish(&mut rating);
    Some(rating.level)
}

impl Rating {
    fn empty() -> Rating {
        Rating {
            level: Level::Easy,
            score_tenths: 0,
            hardest: None,
            steps: [0; TECHNIQUE_COUNT],
            needs_search: false,
            guesses: 0,
        }
    }
}

/// Applies the simplest step scoring at most `cap` until the board is solved, recording steps in
/// `rating`. Returns the stuck grid when no such step applies, `None` once solved.
fn climb(board: &Board, cap: u32, rating: &mut Rating) -> Option<Candidates> {
    let mut grid = Candidates::from_parts(*board.cells(), [0x1ff; CELLS]);
    while !grid.is_solved() {
        let step = Technique::ALL
            .iter()
            .take_while(|t| t.score_tenths() <= cap)
            .find_map(|&t| find(t, &grid));
        let Some(step) = step else {
            return Some(grid);
        };
        rating.steps[step.technique as usize] += 1;
        rating.hardest = rating.hardest.max(Some(step.technique));
        grid.apply(&step);
    }
    None
}

/// Fills in the score and level from the steps.
fn finish(rating: &mut Rating) {
    rating.score_tenths = if rating.needs_search {
        SEARCH_SCORE_TENTHS
    } else {
        rating.hardest.map_or(0, Technique::score_tenths)
    };
    rating.level = Level::from_score_tenths(rating.score_tenths);
}
