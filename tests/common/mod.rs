//! Helpers shared by the integration tests: corpus files, a small PRNG, a rule checker, an
//! independent reference solver and random validity-preserving transformations.
#![allow(dead_code)]

use std::path::PathBuf;

pub mod alloc;
pub mod contract;

/// Under Miri (hundreds of times slower) each corpus file gives only its first few puzzles.
#[cfg(miri)]
pub const MIRI_PUZZLES_PER_FILE: usize = 3;

/// Rounds of a randomised test: `n`, or `miri` under Miri (hundreds of times slower), where the
/// same checks run on fewer cases.
pub const fn rounds(n: usize, miri: usize) -> usize {
    if cfg!(miri) { miri } else { n }
}

/// Under Miri, boards with fewer givens than this are not searched by the tests: the solver's
/// band kernel spends minutes there on one search of a sparse board (tens of microseconds
/// natively), while boards like [`LEETCODE`] take a fraction of a second.
pub const MIRI_MIN_GIVENS: usize = 30;

/// True when tests may search `board` under Miri (always true elsewhere).
pub fn searchable_under_miri(board: &[u8]) -> bool {
    let givens = board
        .iter()
        .take(81)
        .filter(|b| (b'1'..=b'9').contains(b))
        .count();
    !cfg!(miri) || givens >= MIRI_MIN_GIVENS
}

/// LeetCode 37's example (30 givens, one solution) and that solution.
pub const LEETCODE: &[u8; 81] =
    b"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
pub const LEETCODE_SOLUTION: &[u8; 81] =
    b"534678912672195348198342567859761423426853791713924856961537284287419635345286179";

/// [`LEETCODE_SOLUTION`] with its first `k` (0 to 3) unavoidable rectangles blanked: four cells
/// in two rows, two columns and two boxes holding two digits crosswise, which may swap. The
/// rectangles use different rows, so the board has 2^k solutions with only 4k blanks: several
/// solutions that a search finds at once, even under Miri.
pub fn dense_multi(k: usize) -> [u8; 81] {
    // (row, row, column, column), rows in one band and columns in two stacks.
    const RECTANGLES: [(usize, usize, usize, usize); 3] =
        [(0, 3, 3, 4), (1, 6, 7, 8), (2, 5, 4, 5)];
    let mut board = *LEETCODE_SOLUTION;
    for &(r1, r2, c1, c2) in &RECTANGLES[..k] {
        assert_eq!(
            LEETCODE_SOLUTION[r1 * 9 + c1],
            LEETCODE_SOLUTION[r2 * 9 + c2]
        );
        assert_eq!(
            LEETCODE_SOLUTION[r1 * 9 + c2],
            LEETCODE_SOLUTION[r2 * 9 + c1]
        );
        for cell in [r1 * 9 + c1, r1 * 9 + c2, r2 * 9 + c1, r2 * 9 + c2] {
            board[cell] = b'.';
        }
    }
    board
}

/// The puzzle corpus directory: `$SUDOKU_PUZZLES`, else the repository's `data/puzzles`.
pub fn puzzle_dir() -> PathBuf {
    match std::env::var_os("SUDOKU_PUZZLES") {
        Some(dir) => PathBuf::from(dir),
        None => PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/data/puzzles")),
    }
}

/// Reads a corpus file of 81-character lines. Panics (failing the test) if it is missing.
pub fn read_puzzles(name: &str) -> Vec<[u8; 81]> {
    use std::io::BufRead;
    let path = puzzle_dir().join(name);
    let file = std::fs::File::open(&path).unwrap_or_else(|e| {
        panic!(
            "cannot read corpus file {} ({e}); set SUDOKU_PUZZLES to the puzzle directory",
            path.display()
        )
    });
    // Line by line, so that under Miri only the first few lines are read at all.
    let lines = std::io::BufReader::new(file)
        .lines()
        .map(|l| l.unwrap_or_else(|e| panic!("reading {}: {e}", path.display())))
        .filter(|l| !l.is_empty() && !l.starts_with('#'));
    #[cfg(miri)]
    let lines = lines.take(MIRI_PUZZLES_PER_FILE);
    let puzzles: Vec<[u8; 81]> = lines
        .map(|l| {
            l.as_bytes()[..81]
                .try_into()
                .unwrap_or_else(|_| panic!("short line in {name}: {l}"))
        })
        .collect();
    assert!(!puzzles.is_empty(), "{} holds no puzzles", path.display());
    puzzles
}

/// SplitMix64: small, seedable, good enough for test data.
pub struct Rng(pub u64);

impl Rng {
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n`.
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            items.swap(i, self.below(i + 1));
        }
    }

    /// A random permutation of `0..3`.
    fn perm3(&mut self) -> [usize; 3] {
        let mut p = [0, 1, 2];
        self.shuffle(&mut p);
        p
    }
}

/// Digit value of a board byte: `1..=9`, or 0 for a blank.
pub fn value(byte: u8) -> u8 {
    match byte {
        b'1'..=b'9' => byte - b'0',
        _ => 0,
    }
}

/// True when `solution` is a complete grid obeying the rules that keeps every given of `puzzle`.
pub fn is_solution_of(solution: &[u8; 81], puzzle: &[u8; 81]) -> bool {
    for i in 0..81 {
        let s = value(solution[i]);
        if s == 0 || (value(puzzle[i]) != 0 && value(puzzle[i]) != s) {
            return false;
        }
    }
    for u in 0..9 {
        let (mut row, mut col, mut bx) = (0u32, 0u32, 0u32);
        for k in 0..9 {
            row |= 1 << value(solution[u * 9 + k]);
            col |= 1 << value(solution[k * 9 + u]);
            bx |= 1 << value(solution[(u / 3 * 3 + k / 3) * 9 + u % 3 * 3 + k % 3]);
        }
        if row != 0x3fe || col != 0x3fe || bx != 0x3fe {
            return false;
        }
    }
    true
}

/// Counts solutions up to `limit` with plain backtracking on the cell with fewest candidates.
/// Deliberately simple and independent of the library. Givens that clash give 0.
pub fn reference_count(puzzle: &[u8; 81], limit: usize) -> usize {
    let mut grid = [0u8; 81];
    for i in 0..81 {
        grid[i] = value(puzzle[i]);
    }
    for i in 0..81 {
        if grid[i] != 0 {
            let v = grid[i];
            grid[i] = 0;
            let ok = allowed(&grid, i) & (1 << v) != 0;
            grid[i] = v;
            if !ok {
                return 0;
            }
        }
    }
    let (mut count, mut unlimited) = (0, u64::MAX);
    reference_search(&mut grid, limit, &mut count, &mut unlimited);
    count
}

/// [`reference_count`] giving up after visiting `max_nodes` search nodes: `None` when the
/// budget ran out before the answer was certain.
pub fn reference_count_within(puzzle: &[u8; 81], limit: usize, max_nodes: u64) -> Option<usize> {
    if !consistent(puzzle) {
        return Some(0);
    }
    let mut grid = puzzle.map(value);
    let (mut count, mut budget) = (0, max_nodes);
    reference_search(&mut grid, limit, &mut count, &mut budget);
    (budget > 0 || count >= limit).then_some(count)
}

/// Bit `v` set for each value `1..=9` that no peer of `cell` holds.
fn allowed(grid: &[u8; 81], cell: usize) -> u32 {
    let (r, c) = (cell / 9, cell % 9);
    let (br, bc) = (r / 3 * 3, c / 3 * 3);
    let mut used = 0u32;
    for k in 0..9 {
        used |= 1 << grid[r * 9 + k];
        used |= 1 << grid[k * 9 + c];
        used |= 1 << grid[(br + k / 3) * 9 + bc + k % 3];
    }
    0x3fe & !used
}

/// A uniformly shuffled complete grid, found by the reference search with random digit order.
pub fn random_solution(rng: &mut Rng) -> [u8; 81] {
    fn fill(grid: &mut [u8; 81], rng: &mut Rng) -> bool {
        let Some(cell) = grid.iter().position(|&v| v == 0) else {
            return true;
        };
        let mut order = [1u8, 2, 3, 4, 5, 6, 7, 8, 9];
        rng.shuffle(&mut order);
        let options = allowed(grid, cell);
        for v in order {
            if options & (1 << v) != 0 {
                grid[cell] = v;
                if fill(grid, rng) {
                    return true;
                }
            }
        }
        grid[cell] = 0;
        false
    }
    let mut grid = [0u8; 81];
    assert!(fill(&mut grid, rng));
    grid.map(|v| b'0' + v)
}

/// True when no two givens of `puzzle` clash.
pub fn consistent(puzzle: &[u8; 81]) -> bool {
    let mut grid = [0u8; 81];
    for i in 0..81 {
        grid[i] = value(puzzle[i]);
    }
    (0..81).all(|i| {
        let v = grid[i];
        if v == 0 {
            return true;
        }
        grid[i] = 0;
        let ok = allowed(&grid, i) & (1 << v) != 0;
        grid[i] = v;
        ok
    })
}

/// Backtracking below `grid`; each node spends one unit of `budget` and the search stops when
/// it is spent.
fn reference_search(grid: &mut [u8; 81], limit: usize, count: &mut usize, budget: &mut u64) {
    if *budget == 0 {
        return;
    }
    *budget -= 1;
    let mut best = None;
    let mut best_n = 10;
    for i in 0..81 {
        if grid[i] == 0 {
            let n = allowed(grid, i).count_ones();
            if n < best_n {
                best_n = n;
                best = Some(i);
            }
        }
    }
    let Some(cell) = best else {
        *count += 1;
        return;
    };
    let options = allowed(grid, cell);
    for v in 1..=9u8 {
        if options & (1 << v) != 0 {
            grid[cell] = v;
            reference_search(grid, limit, count, budget);
            grid[cell] = 0;
            if *count >= limit || *budget == 0 {
                return;
            }
        }
    }
}

/// A random transformation that preserves solution counts: digit relabelling, rows within
/// bands, bands, columns within stacks, stacks, transposition. Blanks come out as `blank`.
pub fn isomorph(rng: &mut Rng, puzzle: &[u8; 81], blank: u8) -> [u8; 81] {
    let mut digits = [1u8, 2, 3, 4, 5, 6, 7, 8, 9];
    rng.shuffle(&mut digits);
    let mut row_of = [0usize; 9];
    let mut col_of = [0usize; 9];
    for (map, _) in [(&mut row_of, 0), (&mut col_of, 1)] {
        let outer = rng.perm3();
        for (band, &b) in outer.iter().enumerate() {
            let inner = rng.perm3();
            for (k, &r) in inner.iter().enumerate() {
                map[band * 3 + k] = b * 3 + r;
            }
        }
    }
    let transpose = rng.below(2) == 1;
    let mut out = [blank; 81];
    for r in 0..9 {
        for c in 0..9 {
            let (sr, sc) = if transpose { (c, r) } else { (r, c) };
            let v = value(puzzle[row_of[sr] * 9 + col_of[sc]]);
            if v != 0 {
                out[r * 9 + c] = b'0' + digits[usize::from(v - 1)];
            }
        }
    }
    out
}

/// Solves through the C ABI on a copy; returns the status and the buffer afterwards.
pub fn c_solve(board: &[u8; 81]) -> (i32, [u8; 81]) {
    let mut buf = *board;
    // SAFETY: `buf` is 81 writable bytes.
    let status = unsafe { sudoku::sudoku_solve(buf.as_mut_ptr().cast()) };
    (status, buf)
}

/// A command that runs the C program `exe`, through `$SUDOKU_TEST_RUNNER` when it is set.
pub fn c_program(exe: &std::path::Path) -> std::process::Command {
    let runner = std::env::var("SUDOKU_TEST_RUNNER").unwrap_or_default();
    let mut words = runner.split_whitespace();
    match words.next() {
        Some(program) => {
            let mut cmd = std::process::Command::new(program);
            cmd.args(words).arg(exe);
            cmd
        }
        None => std::process::Command::new(exe),
    }
}
