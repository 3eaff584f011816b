//! Generator and grader benchmark: prints tables of medians.
//!
//! ```sh
//! cargo bench --bench generate                 # generation speed per level, grader on samples
//! cargo bench --bench generate -- --full       # grade all of the 17-clue and top1465 sets
//! ```
//!
//! Generation: median wall time per puzzle over consecutive seeds, for default options (any
//! level, minimal) and for each requested level. Grading: the level distribution and median
//! time per puzzle on the corpus sets in `$SUDOKU_PUZZLES` (default `data/puzzles`).

use std::path::PathBuf;
use std::time::{Duration, Instant};

use sudoku_engine::Board;
use sudoku_engine::generate::{Options, Symmetry, generate};
use sudoku_engine::grade::Level;

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

fn bench_generate(label: &str, options: &Options, count: u64) {
    let mut times = Vec::new();
    let mut attempts = 0u64;
    let mut givens = 0usize;
    for seed in 0..count {
        let t = Instant::now();
        let g = generate(seed, options).expect("generation failed");
        times.push(t.elapsed());
        attempts += u64::from(g.attempts);
        givens += g.puzzle.givens();
    }
    let total: Duration = times.iter().sum();
    println!(
        "| {label:<24} | {count:>6} | {:>10.3} | {:>10.3} | {:>8.1} | {:>6.1} |",
        ms(median(times)),
        ms(total) / count as f64,
        attempts as f64 / count as f64,
        givens as f64 / count as f64
    );
}

fn puzzle_dir() -> PathBuf {
    match std::env::var_os("SUDOKU_PUZZLES") {
        Some(dir) => PathBuf::from(dir),
        None => PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/data/puzzles")),
    }
}

fn bench_grade(name: &str, limit: usize) {
    let text = std::fs::read_to_string(puzzle_dir().join(name)).expect("corpus file");
    let boards: Vec<Board> = text
        .lines()
        .filter(|l| l.len() >= 81)
        .take(limit)
        .map(|l| l[..81].parse().expect("puzzle"))
        .collect();
    let mut levels = [0usize; 5];
    let mut times = Vec::with_capacity(boards.len());
    let mut guesses = 0u64;
    for b in &boards {
        let t = Instant::now();
        let r = b.rate().expect("rating");
        times.push(t.elapsed());
        levels[r.level as usize - 1] += 1;
        guesses += u64::from(r.guesses);
    }
    let n = boards.len();
    let pct = |k: usize| 100.0 * levels[k] as f64 / n as f64;
    println!(
        "| {name:<38} | {n:>6} | {:>5.1}% | {:>5.1}% | {:>5.1}% | {:>5.1}% | {:>5.1}% | {:>8.3} | {:>7.1} |",
        pct(0),
        pct(1),
        pct(2),
        pct(3),
        pct(4),
        ms(median(times)),
        guesses as f64 / levels[4].max(1) as f64
    );
}

fn main() {
    let full = std::env::args().any(|a| a == "--full");
    println!("generation (consecutive seeds from 0, one thread)\n");
    println!("| options                  | puzzles | median ms | mean ms   | attempts | givens |");
    println!("|---|---:|---:|---:|---:|---:|");
    bench_generate("default (minimal, any)", &Options::default(), 1000);
    bench_generate(
        "180° symmetric, minimal",
        &Options {
            symmetry: Symmetry::Rotate180,
            ..Options::default()
        },
        200,
    );
    for level in Level::ALL {
        let count = match level {
            Level::Easy | Level::Medium => 300,
            Level::Hard => 200,
            Level::Expert => 100,
            Level::Extreme => 40,
        };
        bench_generate(
            &format!("level {}", level.name()),
            &Options {
                min_level: Some(level),
                max_level: Some(level),
                ..Options::default()
            },
            count,
        );
    }
    let limit = if full { usize::MAX } else { 2000 };
    println!("\ngrader level distribution (easy/medium/hard/expert/extreme)\n");
    println!(
        "| set                                    | puzzles | easy | medium | hard | expert | extreme | median ms | guesses/extreme |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
    bench_grade("puzzles2_17_clue.txt", limit);
    bench_grade("puzzles3_magictour_top1465.txt", limit);
    bench_grade("puzzles1_unbiased_first1000.txt", limit);
    bench_grade("puzzles5_forum_hardest_1905_11+.txt", 200);
}
