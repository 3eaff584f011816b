//! Hints: Sudoku Explainer's next step from a player's position, or what is wrong with it.

#![forbid(unsafe_code)]

use crate::board::{Board, CELLS, Error};
use crate::grade::{RateOptions, Technique};
use crate::grid::{Candidates, Digit, DigitSet};
use crate::se::{self, ChainNode, SeName};

/// One logical step: what Sudoku Explainer would do next from the position, how it rates it,
/// and what it rests on.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Step {
    /// The technique.
    pub technique: Technique,
    /// SE's rating of this step, in tenths (a chain's length raises it above the technique's
    /// score).
    pub difficulty_tenths: u32,
    /// SE's name of the rule as SE prints it, e.g. `"Hidden Pair"` or `"Forcing Chain"`.
    pub name: SeName,
    /// Digit placed in each cell, 0 where nothing is placed (SE's steps place at most one).
    pub placements: [u8; CELLS],
    /// Candidates removed from each cell (bit `d - 1` for digit `d`): only candidates the
    /// position has.
    pub eliminations: [u16; CELLS],
    /// The candidates that form the pattern, to highlight: the rule's cells and digits, or, for
    /// a chain, the candidates its nodes are about.
    pub pattern: [u16; CELLS],
    /// The units the pattern lives in: bit `u` for rows `0..=8`, columns `9..=17`, boxes
    /// `18..=26` (0 for chains).
    pub units: u32,
    /// The chains of a chaining step, in SE's order, each an ordered list of nodes from its
    /// start (whose link is [`se::Link::Start`]) along strong and weak links; empty for other
    /// steps.
    pub chains: Vec<Vec<ChainNode>>,
}

impl Step {
    /// The step of SE's `hint` on `position`.
    fn from_se(hint: &se::Hint, position: &Candidates) -> Step {
        let mut step = Step {
            technique: hint.technique,
            difficulty_tenths: hint.tenths(),
            name: hint.name,
            placements: [0; CELLS],
            eliminations: [0; CELLS],
            pattern: [0; CELLS],
            units: 0,
            chains: Vec::new(),
        };
        if let Some((cell, d)) = hint.placement {
            step.placements[cell] = d.get();
        }
        for c in 0..CELLS {
            step.eliminations[c] = hint.eliminations[c] & position.mask(c);
        }
        if let Some(e) = &hint.explanation {
            for &(cell, digits) in &e.pattern {
                step.pattern[cell] |= digits.bits();
            }
            step.units = e.units;
            step.chains.clone_from(&e.chains);
            if e.pattern.is_empty() {
                for node in e.chains.iter().flatten() {
                    step.pattern[node.cell] |= node.digit.bit();
                }
            }
        }
        step
    }

    /// True when the step places or removes something.
    pub fn makes_progress(&self) -> bool {
        self.placements.iter().any(|&d| d != 0) || self.eliminations.iter().any(|&m| m != 0)
    }
}

/// What kind of hint was produced. The numbers are the C ABI values (`sudoku_hint_kind`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HintKind {
    /// A logical step: see [`Hint::step`].
    Step = 0,
    /// The board is complete and correct.
    Solved = 1,
    /// Entered digits contradict the solution; [`Hint::wrong`] marks them.
    WrongDigit = 2,
    /// The player's pencil marks exclude the solution's digit from some cells; [`Hint::wrong`]
    /// marks those cells with the missing digit.
    WrongMark = 3,
    /// No rule of the rater finds a step within the default budget (the position needs more of
    /// SE's nested forcing chains than the rater has, or more work than the budget allows): the
    /// hint reveals the solution's digit in the empty cell with the fewest candidates
    /// ([`Hint::cell`], [`Hint::digit`]).
    Reveal = 4,
}

/// A hint for a position.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Hint {
    /// What this hint is.
    pub kind: HintKind,
    /// For [`HintKind::Step`], the deduction (technique, SE's rating and name, placements,
    /// eliminations, pattern, units and chains).
    pub step: Option<Step>,
    /// The main cell: the first placement of a step, the first wrong cell, or the revealed cell.
    pub cell: Option<usize>,
    /// The digit for `cell`: the one placed or revealed, the wrong entered digit, or (wrong
    /// marks) the solution digit the marks exclude. 0 when there is no main cell.
    pub digit: u8,
    /// For [`HintKind::WrongDigit`]: bit `d - 1` at each cell whose entered digit `d` is wrong
    /// (or, without the original puzzle, that is suspect). For [`HintKind::WrongMark`]: the
    /// excluded solution digit at each such cell.
    pub wrong: [u16; CELLS],
}

impl Hint {
    fn new(kind: HintKind) -> Hint {
        Hint {
            kind,
            step: None,
            cell: None,
            digit: 0,
            wrong: [0; CELLS],
        }
    }

    /// The technique of a step hint.
    pub fn technique(&self) -> Option<Technique> {
        self.step.as_ref().map(|s| s.technique)
    }
}

/// The next hint for a position in which every digit is taken as fixed.
///
/// Without the original puzzle, givens and entries look alike: when the position has no
/// solution, the hint is [`HintKind::WrongDigit`] with every *suspect* digit marked, i.e. every
/// filled cell which, blanked on its own, makes the position solvable again (with one mistake,
/// the wrong entry is among them). Pass the puzzle to [`hint_with`] to name exactly the wrong
/// entries.
///
/// Errors: [`Error::MultipleSolutions`] when the position has several solutions;
/// [`Error::Conflict`] or [`Error::NoSolution`] when it has none and no single cell explains it.
pub fn hint(board: &Board) -> Result<Hint, Error> {
    hint_with(None, board, None)
}

/// The next hint for a player's position.
///
/// * `puzzle`: the original givens, if known. Every given must appear unchanged in `board`
///   ([`Error::InvalidArgument`] otherwise); entered digits that differ from the puzzle's unique
///   solution are reported as [`HintKind::WrongDigit`]. The puzzle must have exactly one
///   solution ([`Error::NoSolution`], [`Error::MultipleSolutions`], [`Error::Conflict`]).
/// * `board`: the position, givens plus entered digits.
/// * `marks`: the player's pencil marks, bit `d - 1` for digit `d` (bits above 8:
///   [`Error::InvalidArgument`]). A 0 on an empty cell means "no marks there" and is replaced by
///   the digits its peers allow; marks on filled cells are ignored. Marks that exclude the
///   solution's digit give [`HintKind::WrongMark`]; otherwise the step is found on the marks
///   (intersected with what the peers allow), so it is Sudoku Explainer's next step from where
///   the player is. Following the hints with the marks kept up to date (eliminations removed,
///   placements made) is SE's solution path, and the hardest step along it is the rating's ER.
///
/// Checks come in this order: wrong digits, solved, wrong marks, the next step, a reveal.
pub fn hint_with(
    puzzle: Option<&Board>,
    board: &Board,
    marks: Option<&[u16; CELLS]>,
) -> Result<Hint, Error> {
    hint_with_options(puzzle, board, marks, &RateOptions::default())
}

/// As [`hint_with`], with the budget of `options` for finding the step (a step that needs more
/// gives a [`HintKind::Reveal`]).
pub fn hint_with_options(
    puzzle: Option<&Board>,
    board: &Board,
    marks: Option<&[u16; CELLS]>,
    options: &RateOptions,
) -> Result<Hint, Error> {
    if marks.is_some_and(|m| m.iter().any(|&x| x > DigitSet::ALL.bits())) {
        return Err(Error::InvalidArgument);
    }
    let solution = match puzzle {
        Some(p) => {
            let solution = unique_solution(p)?;
            if (0..CELLS).any(|c| p.get(c) != 0 && board.get(c) != p.get(c)) {
                return Err(Error::InvalidArgument);
            }
            let mut hint = Hint::new(HintKind::WrongDigit);
            for c in 0..CELLS {
                let v = board.get(c);
                match Digit::new(v) {
                    Some(d) if v != solution.get(c) => {
                        hint.wrong[c] = d.bit();
                        if hint.cell.is_none() {
                            hint.cell = Some(c);
                            hint.digit = v;
                        }
                    }
                    _ => {}
                }
            }
            if hint.cell.is_some() {
                return Ok(hint);
            }
            solution
        }
        None => match unique_solution(board) {
            Ok(s) => s,
            Err(e @ (Error::NoSolution | Error::Conflict { .. })) => {
                return suspects(board).ok_or(e);
            }
            Err(e) => return Err(e),
        },
    };

    if board.givens() == CELLS {
        return Ok(Hint::new(HintKind::Solved));
    }

    let mut grid = Candidates::from_parts(*board.cells(), [DigitSet::ALL.bits(); CELLS]);
    if let Some(marks) = marks {
        let mut masks = *grid.masks();
        let mut wrong = Hint::new(HintKind::WrongMark);
        for c in 0..CELLS {
            if board.get(c) != 0 || marks[c] == 0 {
                continue;
            }
            masks[c] &= marks[c];
            // The solution is complete: every cell holds a digit.
            let Some(answer) = Digit::new(solution.get(c)) else {
                continue;
            };
            if !DigitSet::from_bits(masks[c]).contains(answer) {
                wrong.wrong[c] = answer.bit();
                if wrong.cell.is_none() {
                    wrong.cell = Some(c);
                    wrong.digit = answer.get();
                }
            }
        }
        if wrong.cell.is_some() {
            return Ok(wrong);
        }
        grid = Candidates::from_parts(*board.cells(), masks);
    }

    let budget = se::Options {
        budget: options.max_effort,
    };
    if let Some(found) = se::next_step(&grid, budget) {
        let step = Step::from_se(&found, &grid);
        let mut hint = Hint::new(HintKind::Step);
        if let Some(c) = step.placements.iter().position(|&d| d != 0) {
            hint.cell = Some(c);
            hint.digit = step.placements[c];
        }
        hint.step = Some(step);
        return Ok(hint);
    }

    // Beyond the rater: reveal the empty cell with the fewest candidates.
    let mut hint = Hint::new(HintKind::Reveal);
    let cell = (0..CELLS)
        .filter(|&c| board.get(c) == 0)
        .min_by_key(|&c| grid.mask(c).count_ones())
        .unwrap_or(0);
    hint.cell = Some(cell);
    hint.digit = solution.get(cell);
    Ok(hint)
}

/// The only solution of `board`, or why there is not exactly one.
fn unique_solution(board: &Board) -> Result<Board, Error> {
    match board.count_solutions(2)? {
        (1, Some(solution)) => Ok(solution),
        (0, _) => Err(Error::NoSolution),
        _ => Err(Error::MultipleSolutions),
    }
}

/// For a position with no solution: the filled cells which, blanked on their own, make it
/// solvable. `None` when there is none.
fn suspects(board: &Board) -> Option<Hint> {
    let mut hint = Hint::new(HintKind::WrongDigit);
    let mut cells = *board.cells();
    for c in 0..CELLS {
        let v = cells[c];
        let Some(d) = Digit::new(v) else {
            continue;
        };
        cells[c] = 0;
        let solvable = Board::from_cells(cells)
            .ok()
            .and_then(|b| b.count_solutions(1).ok())
            .is_some_and(|(n, _)| n > 0);
        cells[c] = v;
        if solvable {
            hint.wrong[c] = d.bit();
            if hint.cell.is_none() {
                hint.cell = Some(c);
                hint.digit = v;
            }
        }
    }
    hint.cell.is_some().then_some(hint)
}
