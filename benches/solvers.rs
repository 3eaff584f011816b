//! Solver benchmark: libsudoku against the `sudoku` crate 0.8 (a JCZ-style band solver), in the
//! two ways solvers are benchmarked — find one solution, and count up to 2 (uniqueness check).
//!
//! For each corpus it builds `SUDOKU_BENCH_N` (default 3000) randomly relabelled and permuted
//! copies of its puzzles (cycling small sets), the same copies for both solvers, from a fixed seed
//! (`SUDOKU_BENCH_SEED`). Then for `SUDOKU_BENCH_ROUNDS` rounds (default 7) it times both solvers
//! over the whole set, alternating between them every [`BLOCK`] puzzles (and which goes first),
//! so that both meet the same machine conditions even on a noisy virtual machine. It reports
//! medians over the rounds in µs per puzzle and the median of the rounds' ratios ours / crate,
//! next to the target from the performance issue. Ours is called through the C ABI:
//! `sudoku_solve` and `sudoku_count_solutions(board, 2, ..)`.
//!
//! Run: `cargo bench --bench solvers` (add `-- <name-substring>` to pick sets). Corpus directory:
//! `SUDOKU_PUZZLES`, default `data/puzzles`.

#[path = "../tests/common/mod.rs"]
mod common;

use std::hint::black_box;
use std::time::Instant;

use common::{Rng, isomorph, read_puzzles};
use sudoku_peer::Sudoku;

/// (label, file, target ratio for one solution, target ratio for count 2)
const SETS: &[(&str, &str, f64, f64)] = &[
    ("unbiased", "puzzles1_unbiased_first1000.txt", 0.95, 0.95),
    ("17-clue", "puzzles2_17_clue.txt", 0.95, 0.95),
    ("serg", "puzzles7_serg_benchmark.txt", 0.84, 0.95),
    ("top1465", "puzzles3_magictour_top1465.txt", 0.78, 0.79),
    (
        "hardest 1905 11+",
        "puzzles5_forum_hardest_1905_11+.txt",
        0.74,
        0.70,
    ),
    (
        "hardest 1106",
        "puzzles6_forum_hardest_1106.txt",
        0.62,
        0.65,
    ),
    (
        "msolve hardest",
        "extra_msolve_hardest_to_solve_from_1905.txt",
        0.51,
        0.55,
    ),
];

fn env_or<T: std::str::FromStr>(name: &str, default: T) -> T {
    match std::env::var(name) {
        Ok(v) => v
            .parse()
            .unwrap_or_else(|_| panic!("{name}={v} is not a valid value")),
        Err(_) => default,
    }
}

/// Puzzles timed in one go before switching to the other solver.
const BLOCK: usize = 50;

/// Seconds for one pass of `f` over `puzzles`.
fn time_pass(puzzles: &[[u8; 81]], f: fn(&[u8; 81]) -> usize) -> f64 {
    let start = Instant::now();
    let mut check = 0usize;
    for p in puzzles {
        check = check.wrapping_add(f(black_box(p)));
    }
    black_box(check);
    start.elapsed().as_secs_f64()
}

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

fn ours_solve(p: &[u8; 81]) -> usize {
    let mut buf = *p;
    // SAFETY: `buf` is 81 writable bytes.
    let status = unsafe { sudoku::sudoku_solve(buf.as_mut_ptr().cast()) };
    assert_eq!(
        status,
        0,
        "libsudoku failed on {}",
        String::from_utf8_lossy(p)
    );
    usize::from(buf[80])
}

fn ours_count2(p: &[u8; 81]) -> usize {
    let mut count = 0usize;
    // SAFETY: `p` is 81 readable bytes, `count` is writable, and `out_first` may be NULL.
    let status = unsafe {
        sudoku::sudoku_count_solutions(p.as_ptr().cast(), 2, &mut count, std::ptr::null_mut())
    };
    assert_eq!(
        status,
        0,
        "libsudoku failed on {}",
        String::from_utf8_lossy(p)
    );
    count
}

fn crate_solve(p: &[u8; 81]) -> usize {
    // The crate parses from a &str, as the published comparisons do.
    let line = std::str::from_utf8(p).unwrap();
    let solution = Sudoku::from_str_line(line)
        .unwrap()
        .some_solution()
        .unwrap();
    usize::from(solution.to_bytes()[80])
}

fn crate_count2(p: &[u8; 81]) -> usize {
    let line = std::str::from_utf8(p).unwrap();
    Sudoku::from_str_line(line)
        .unwrap()
        .solutions_count_up_to(2)
}

/// Medians over `rounds` rounds of (ours, theirs) in µs per puzzle, and of the rounds' ratios
/// ours / theirs. Each round runs both over every puzzle, switching every [`BLOCK`] puzzles.
fn compare(
    puzzles: &[[u8; 81]],
    rounds: usize,
    ours: fn(&[u8; 81]) -> usize,
    theirs: fn(&[u8; 81]) -> usize,
) -> (f64, f64, f64) {
    // Both must agree on what they compute before being timed.
    for p in puzzles.iter().take(200) {
        assert_eq!(ours(p) == 0, theirs(p) == 0);
    }
    let (mut a, mut b, mut r) = (Vec::new(), Vec::new(), Vec::new());
    for round in 0..rounds {
        let (mut ta, mut tb) = (0.0, 0.0);
        for (i, block) in puzzles.chunks(BLOCK).enumerate() {
            if (round + i) % 2 == 0 {
                ta += time_pass(block, ours);
                tb += time_pass(block, theirs);
            } else {
                tb += time_pass(block, theirs);
                ta += time_pass(block, ours);
            }
        }
        let per_puzzle = 1e6 / puzzles.len() as f64;
        a.push(ta * per_puzzle);
        b.push(tb * per_puzzle);
        r.push(ta / tb);
    }
    (median(&mut a), median(&mut b), median(&mut r))
}

fn mark(ratio: f64, target: f64) -> &'static str {
    if ratio <= target { "ok" } else { "MISS" }
}

fn main() {
    let filters: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    let seed: u64 = env_or("SUDOKU_BENCH_SEED", 20261129);
    let n: usize = env_or("SUDOKU_BENCH_N", 3000);
    let rounds: usize = env_or("SUDOKU_BENCH_ROUNDS", 7);

    println!(
        "libsudoku {} vs sudoku crate 0.8: {n} random isomorphs per set (seed {seed}), \
         {rounds} rounds switching solver every {BLOCK} puzzles; medians in µs per puzzle, \
         ratio = median of the rounds' ratios",
        env!("CARGO_PKG_VERSION")
    );
    println!();
    println!(
        "| set | ours, 1 solution | crate, 1 solution | ratio | target | ours, count 2 | crate, count 2 | ratio | target |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
    let mut misses = 0;
    for &(label, file, target1, target2) in SETS {
        if !filters.is_empty() && !filters.iter().any(|f| label.contains(f.as_str())) {
            continue;
        }
        let source = read_puzzles(file);
        let mut rng = Rng(seed ^ file.len() as u64);
        let puzzles: Vec<[u8; 81]> = (0..n)
            .map(|i| isomorph(&mut rng, &source[i % source.len()], b'.'))
            .collect();
        let (o1, c1, r1) = compare(&puzzles, rounds, ours_solve, crate_solve);
        let (o2, c2, r2) = compare(&puzzles, rounds, ours_count2, crate_count2);
        misses += usize::from(r1 > target1) + usize::from(r2 > target2);
        println!(
            "| {label} | {o1:.2} | {c1:.2} | {r1:.2} | {target1:.2} {} | {o2:.2} | {c2:.2} | {r2:.2} | {target2:.2} {} |",
            mark(r1, target1),
            mark(r2, target2)
        );
    }
    println!();
    println!("{misses} target(s) missed");
}
