//! The puzzle generator: a random complete grid, then clues removed in random order while the
//! solution stays unique.
//!
//! # Determinism
//!
//! Every decision depends only on the seed (through the [`Rng`] below) and on facts that do not
//! depend on the solver kernel: whether a position has any solution at all, and the rater's
//! verdict (its own code, with a fixed budget). The complete grid is built by this module's own
//! randomised search, never by asking the kernel for "a" solution, so a faster kernel that finds
//! solutions in another order gives the same puzzles.
//!
//! # Uniqueness by exclusion
//!
//! Let `P` have the unique solution `S`. Removing the clue at cell `c` keeps the solution unique
//! exactly when `P` without `c`, with `S[c]` excluded from `c`, has no solution at all: any
//! other solution differs from `S` at `c`. A group of `k` cells (a symmetry orbit) takes `k`
//! such searches: the `i`-th keeps the group's first `i` cells and excludes `S` at cell `i`.
//! Each test is one "is there any solution?" search, cheaper than counting to two.
//!
//! # Minimality
//!
//! One pass over all cells (or symmetry orbits) suffices: a clue kept because removing it broke
//! uniqueness still cannot be removed from the final puzzle, which has fewer clues.

#![forbid(unsafe_code)]

use crate::board::{Board, CELLS, Error};
use crate::grade::{Level, rate_unique_within};
use crate::grid::geometry::{UNITS, box_cell, cell_at, cell_units, col, row};
use crate::grid::{Digit, DigitSet};
use crate::solver::{Sink, State};

/// Pattern symmetry of the givens. The numbers are the C ABI values (`sudoku_symmetry`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Symmetry {
    /// No symmetry.
    #[default]
    None = 0,
    /// Unchanged by a half turn: cell `(r, c)` and `(8 - r, 8 - c)` are both given or both blank.
    Rotate180 = 1,
    /// Unchanged by a quarter turn: `(r, c)`, `(c, 8 - r)`, `(8 - r, 8 - c)`, `(8 - c, r)`.
    Rotate90 = 2,
    /// Mirrored in the main diagonal: `(r, c)` and `(c, r)`.
    Diagonal = 3,
    /// Mirrored in the anti-diagonal: `(r, c)` and `(8 - c, 8 - r)`.
    AntiDiagonal = 4,
    /// Mirrored left to right: `(r, c)` and `(r, 8 - c)`.
    Mirror = 5,
}

impl Symmetry {
    /// Every symmetry, by C number.
    pub const ALL: [Symmetry; 6] = [
        Symmetry::None,
        Symmetry::Rotate180,
        Symmetry::Rotate90,
        Symmetry::Diagonal,
        Symmetry::AntiDiagonal,
        Symmetry::Mirror,
    ];

    /// The cells that must match `cell` (including `cell`), each once, in increasing order.
    pub fn orbit(self, cell: usize) -> Vec<usize> {
        let (r, c) = (row(cell), col(cell));
        let mut cells = match self {
            Symmetry::None => vec![cell],
            Symmetry::Rotate180 => vec![cell, cell_at(8 - r, 8 - c)],
            Symmetry::Rotate90 => vec![
                cell,
                cell_at(c, 8 - r),
                cell_at(8 - r, 8 - c),
                cell_at(8 - c, r),
            ],
            Symmetry::Diagonal => vec![cell, cell_at(c, r)],
            Symmetry::AntiDiagonal => vec![cell, cell_at(8 - c, 8 - r)],
            Symmetry::Mirror => vec![cell, cell_at(r, 8 - c)],
        };
        cells.sort_unstable();
        cells.dedup();
        cells
    }

    /// True when the givens of `board` have this symmetry.
    pub fn holds_for(self, board: &Board) -> bool {
        (0..CELLS).all(|cell| {
            let given = board.get(cell) != 0;
            self.orbit(cell)
                .iter()
                .all(|&other| (board.get(other) != 0) == given)
        })
    }
}

/// What to generate. [`Options::default`] gives a minimal puzzle of any level, no symmetry.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Options {
    /// Symmetry of the givens' pattern.
    pub symmetry: Symmetry,
    /// The easiest acceptable level (`None`: no lower bound).
    pub min_level: Option<Level>,
    /// The hardest acceptable level (`None`: no upper bound).
    pub max_level: Option<Level>,
    /// The lowest acceptable ER (Sudoku Explainer's rating, in tenths: `76` is 7.6), on top of
    /// the level bounds (`None`: no lower bound).
    pub min_er_tenths: Option<u32>,
    /// The highest acceptable ER in tenths, on top of the level bounds (`None`: no upper
    /// bound).
    pub max_er_tenths: Option<u32>,
    /// When true, no clue can be removed without losing uniqueness: no single given without
    /// symmetry, no symmetric group of givens (an orbit, see [`Symmetry::orbit`]) with it. A
    /// puzzle whose removals stopped at `min_givens` is then rejected (another grid is tried).
    /// When false, removals simply stop at `min_givens`. With neither a floor nor symmetry the
    /// generator removes every clue it can, so its puzzles are minimal either way.
    pub minimal: bool,
    /// Never remove clues below this count (0: no floor). Minimal puzzles have 20 to 30 givens,
    /// so with `minimal` a floor above that range makes most grids fail.
    pub min_givens: usize,
    /// How many complete grids to try before giving up with [`Error::AttemptsExhausted`];
    /// at least 1.
    pub max_attempts: u32,
}

/// The attempt cap of [`Options::default`].
pub const DEFAULT_MAX_ATTEMPTS: u32 = 1000;

impl Default for Options {
    fn default() -> Options {
        Options {
            symmetry: Symmetry::None,
            min_level: None,
            max_level: None,
            min_er_tenths: None,
            max_er_tenths: None,
            minimal: true,
            min_givens: 0,
            max_attempts: DEFAULT_MAX_ATTEMPTS,
        }
    }
}

/// A generated puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Generated {
    /// The puzzle: givens and blanks. It has exactly one solution.
    pub puzzle: Board,
    /// Its solution.
    pub solution: Board,
    /// Complete grids tried, including the one that succeeded.
    pub attempts: u32,
}

/// SplitMix64: a tiny, seedable generator with good statistical quality, the same everywhere.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator seeded with `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n >= 1`), by multiply-and-shift.
    pub fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }

    /// Shuffles `items` uniformly (Fisher-Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }
}

/// The highest ER bound accepted, in tenths: 20.0, the top of Sudoku Explainer's scale.
pub const MAX_ER_TENTHS: u32 = 200;

/// The acceptable ER range `(low, high)` in tenths, from the level and ER bounds together;
/// `None` when the options contradict themselves.
fn er_range(options: &Options) -> Option<(u32, u32)> {
    if matches!((options.min_level, options.max_level), (Some(a), Some(b)) if a > b)
        || options.min_er_tenths.is_some_and(|t| t > MAX_ER_TENTHS)
        || options.max_er_tenths.is_some_and(|t| t > MAX_ER_TENTHS)
    {
        return None;
    }
    let low = options
        .min_level
        .map_or(0, Level::min_score_tenths)
        .max(options.min_er_tenths.unwrap_or(0));
    let high = options
        .max_level
        .map_or(u32::MAX, Level::max_score_tenths)
        .min(options.max_er_tenths.unwrap_or(u32::MAX));
    (low <= high).then_some((low, high))
}

/// Generates a puzzle with exactly one solution, meeting `options`.
///
/// With a level or ER bound, each candidate puzzle is rated (with the default budget, and
/// stopping as soon as a step is rated above the upper bound); a puzzle that cannot be rated
/// (budget exhausted, or beyond the rater) counts as missing the bounds.
///
/// The same seed and options give the same puzzle on every platform and build. Fails with
/// [`Error::InvalidArgument`] for inconsistent options (`min_level` above `max_level`, an ER
/// bound above [`MAX_ER_TENTHS`], ER and level bounds that leave no ER, `min_givens` above 81,
/// `max_attempts` 0) and [`Error::AttemptsExhausted`] when no grid within `max_attempts` gave a
/// puzzle meeting every requirement.
pub fn generate(seed: u64, options: &Options) -> Result<Generated, Error> {
    let range = er_range(options);
    let Some((low, high)) =
        range.filter(|_| options.max_attempts > 0 && options.min_givens <= CELLS)
    else {
        return Err(Error::InvalidArgument);
    };
    let mut rng = Rng::new(seed);
    let orbits = orbits(options.symmetry);
    let rated = low > 0 || high < u32::MAX;
    for attempt in 1..=options.max_attempts {
        let solution = random_grid(&mut rng);
        let mut order: Vec<usize> = (0..orbits.len()).collect();
        rng.shuffle(&mut order);
        let (puzzle, stopped_at_floor) = remove_clues(&solution, &orbits, &order, options);
        if options.minimal && stopped_at_floor {
            continue;
        }
        let board = to_board(&puzzle);
        if rated {
            let within = rate_unique_within(&board, high);
            if !matches!(within, Ok(Some(r)) if r.er_tenths >= low) {
                continue;
            }
        }
        return Ok(Generated {
            puzzle: board,
            solution: to_board(&solution),
            attempts: attempt,
        });
    }
    Err(Error::AttemptsExhausted)
}

fn to_board(cells: &[u8; CELLS]) -> Board {
    // Values are always 0..=9 here.
    Board::from_cells(*cells).unwrap_or(Board::EMPTY)
}

/// The orbits of a symmetry: each cell in exactly one, in order of their first cell.
fn orbits(symmetry: Symmetry) -> Vec<Vec<usize>> {
    let mut seen = [false; CELLS];
    let mut orbits = Vec::new();
    for cell in 0..CELLS {
        if !seen[cell] {
            let orbit = symmetry.orbit(cell);
            for &c in &orbit {
                seen[c] = true;
            }
            orbits.push(orbit);
        }
    }
    orbits
}

/// Removes orbits in `order` whenever the solution stays unique and the floor allows. Returns
/// the puzzle and, when a minimal puzzle is asked for, whether the floor kept a clue that could
/// otherwise go (the removal then stops early: the grid is of no use).
fn remove_clues(
    solution: &[u8; CELLS],
    orbits: &[Vec<usize>],
    order: &[usize],
    options: &Options,
) -> ([u8; CELLS], bool) {
    let mut puzzle = *solution;
    let mut givens = CELLS;
    for &o in order {
        let orbit = &orbits[o];
        let below_floor = givens - orbit.len() < options.min_givens;
        if below_floor && !options.minimal {
            continue;
        }
        if removal_keeps_unique(&puzzle, solution, orbit) {
            if below_floor {
                // Removable, but the floor keeps it: this grid cannot give a minimal puzzle.
                return (puzzle, true);
            }
            for &c in orbit {
                puzzle[c] = 0;
            }
            givens -= orbit.len();
        }
    }
    (puzzle, false)
}

/// A sink that only records whether any solution exists.
struct AnySolution(bool);

impl Sink for AnySolution {
    fn solution(&mut self, _: &State) -> bool {
        self.0 = true;
        true
    }
}

/// True when `puzzle` (whose only solution is `solution`) still has only that solution once
/// the givens in `cells` are removed.
fn removal_keeps_unique(puzzle: &[u8; CELLS], solution: &[u8; CELLS], cells: &[usize]) -> bool {
    let mut trial = *puzzle;
    for &c in cells {
        trial[c] = 0;
    }
    for &c in cells {
        // `trial` holds the earlier cells of the group again; look for a solution that differs
        // from `solution` at `c`.
        let Some(mut state) = State::new(&trial) else {
            // Cannot happen: the givens are a subset of a solution.
            return false;
        };
        state.exclude(c, solution[c]);
        let mut any = AnySolution(false);
        state.search(&mut any);
        if any.0 {
            return false;
        }
        trial[c] = solution[c];
    }
    true
}

/// A random complete grid from this module's own search: the three diagonal boxes (which do not
/// interact) get random permutations, then depth-first search on the cell with the fewest
/// candidates, trying digits in random order.
fn random_grid(rng: &mut Rng) -> [u8; CELLS] {
    loop {
        let mut grid = Fill {
            cells: [0; CELLS],
            used: [DigitSet::EMPTY; UNITS],
            nodes: 0,
        };
        for bx in [0, 4, 8] {
            let mut digits = Digit::ALL;
            rng.shuffle(&mut digits);
            for (k, &d) in digits.iter().enumerate() {
                grid.set(box_cell(bx, k), d);
            }
        }
        if grid.fill(rng) {
            return grid.cells;
        }
        // The node budget ran out (never seen in practice): start again with fresh randomness.
    }
}

/// State of [`random_grid`]'s search: the cells and, per unit, the digits used.
struct Fill {
    cells: [u8; CELLS],
    used: [DigitSet; UNITS],
    nodes: u32,
}

impl Fill {
    fn set(&mut self, cell: usize, d: Digit) {
        self.cells[cell] = d.get();
        for u in cell_units(cell) {
            self.used[u] = self.used[u].with(d);
        }
    }

    fn clear(&mut self, cell: usize, d: Digit) {
        self.cells[cell] = 0;
        for u in cell_units(cell) {
            self.used[u] = self.used[u].without(d);
        }
    }

    fn free(&self, cell: usize) -> DigitSet {
        let [a, b, c] = cell_units(cell);
        !(self.used[a] | self.used[b] | self.used[c])
    }

    fn fill(&mut self, rng: &mut Rng) -> bool {
        self.nodes += 1;
        if self.nodes > 100_000 {
            return false;
        }
        let mut best = None;
        let mut best_count = 10;
        for cell in 0..CELLS {
            if self.cells[cell] == 0 {
                let n = self.free(cell).len();
                if n < best_count {
                    best_count = n;
                    best = Some(cell);
                }
            }
        }
        let Some(cell) = best else {
            return true;
        };
        // In increasing order, then shuffled.
        let mut digits = Digit::ALL;
        let mut n = 0;
        for d in self.free(cell).iter() {
            digits[n] = d;
            n += 1;
        }
        rng.shuffle(&mut digits[..n]);
        for &d in &digits[..n] {
            self.set(cell, d);
            if self.fill(rng) {
                return true;
            }
            self.clear(cell, d);
            if self.nodes > 100_000 {
                return false;
            }
        }
        false
    }
}
