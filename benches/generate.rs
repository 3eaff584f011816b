//! Generator and rater benchmark: prints tables of medians.
//!
//! ```sh
//! cargo bench --bench generate                 # generation per SE band, the rater on samples
//! cargo bench --bench generate -- --full       # rate all of the 17-clue and top1465 sets
//! ```
//!
//! Generation: median and mean wall time per puzzle over consecutive seeds, for default options
//! (any level, minimal) and for each level, that is each band of Sudoku Explainer's ER (the
//! generator rates its candidates with the default budget, stopping early above the band).
//! Rating: the level distribution, median time and budget stops per corpus set in
//! `$SUDOKU_PUZZLES` (default `data/puzzles`), and the median time per SE band on
//! `data/ratings/se_sample.tsv` (the reference rater's own ratings).

use std::path::PathBuf;
use std::time::{Duration, Instant};

use sudoku_engine::generate::{Options, Symmetry, generate};
use sudoku_engine::grade::Level;
use sudoku_engine::{Board, Error};

fn median(mut v: Vec<Duration>) -> Duration {
    if v.is_empty() {
        return Duration::ZERO;
    }
    v.sort();
    v[v.len() / 2]
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1e3
}

fn tenths(t: u32) -> String {
    format!("{}.{}", t / 10, t % 10)
}

fn bench_generate(label: &str, options: &Options, count: u64) {
    let mut times = Vec::new();
    let mut attempts = 0u64;
    let mut givens = 0usize;
    let mut exhausted = 0;
    for seed in 0..count {
        let t = Instant::now();
        let g = generate(seed, options);
        times.push(t.elapsed());
        match g {
            Ok(g) => {
                attempts += u64::from(g.attempts);
                givens += g.puzzle.givens();
            }
            Err(Error::AttemptsExhausted) => exhausted += 1,
            Err(e) => panic!("{label}: {e}"),
        }
    }
    let made = (count - exhausted).max(1);
    let total: Duration = times.iter().sum();
    println!(
        "| {label:<32} | {count:>6} | {:>10.3} | {:>10.3} | {:>8.1} | {:>6.1} | {exhausted:>9} |",
        ms(median(times)),
        ms(total) / count as f64,
        attempts as f64 / made as f64,
        givens as f64 / made as f64
    );
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn puzzle_dir() -> PathBuf {
    match std::env::var_os("SUDOKU_PUZZLES") {
        Some(dir) => PathBuf::from(dir),
        None => root().join("data/puzzles"),
    }
}

fn bench_rate(name: &str, limit: usize) {
    let text = std::fs::read_to_string(puzzle_dir().join(name)).expect("corpus file");
    let boards: Vec<Board> = text
        .lines()
        .filter(|l| l.len() >= 81)
        .take(limit)
        .map(|l| l[..81].parse().expect("puzzle"))
        .collect();
    let mut levels = [0usize; 8];
    let mut stopped = 0;
    let mut times = Vec::with_capacity(boards.len());
    for b in &boards {
        let t = Instant::now();
        let r = b.rate();
        times.push(t.elapsed());
        match r {
            Ok(r) => levels[r.level as usize] += 1,
            Err(Error::BudgetExhausted | Error::TooHard) => stopped += 1,
            Err(e) => panic!("{name}: {e}"),
        }
    }
    let n = boards.len();
    let pct = |k: usize| format!("{:.1}%", 100.0 * levels[k] as f64 / n as f64);
    let shares: Vec<String> = (1..8).map(pct).collect();
    println!(
        "| {name:<38} | {n:>6} | {} | {:.1}% | {:>8.3} |",
        shares.join(" | "),
        100.0 * stopped as f64 / n as f64,
        ms(median(times)),
    );
}

/// Median rating time per SE band of the reference ratings in `data/ratings/se_sample.tsv`.
fn bench_sample() {
    let text = std::fs::read_to_string(root().join("data/ratings/se_sample.tsv")).expect("sample");
    let bands = [
        (10, 39),
        (40, 59),
        (60, 69),
        (70, 75),
        (76, 84),
        (85, 89),
        (90, 93),
    ];
    let mut times = vec![Vec::new(); bands.len()];
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let board: Board = line[..81].parse().expect("puzzle");
        let er = line[82..].split('/').next().unwrap();
        let er = (er.parse::<f64>().unwrap() * 10.0).round() as u32;
        let band = bands.iter().position(|&(lo, hi)| (lo..=hi).contains(&er));
        let t = Instant::now();
        let rated = board.rate();
        let took = t.elapsed();
        if let (Some(band), Ok(_)) = (band, rated) {
            times[band].push(took);
        }
    }
    for (&(lo, hi), t) in bands.iter().zip(times) {
        let n = t.len();
        let mean = t.iter().sum::<Duration>().as_secs_f64() * 1e3 / n.max(1) as f64;
        println!(
            "| {}-{} | {n:>3} | {:>8.3} | {mean:>8.3} |",
            tenths(lo),
            tenths(hi),
            ms(median(t))
        );
    }
}

fn main() {
    let full = std::env::args().any(|a| a == "--full");
    println!("generation (consecutive seeds from 0, one thread)\n");
    println!(
        "| options                          | puzzles | median ms | mean ms   | attempts | givens | exhausted |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|");
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
            Level::Easy | Level::Medium | Level::Hard => 200,
            Level::Expert => 100,
            Level::Extreme => 30,
            Level::Diabolical => 10,
            Level::Nightmare => 5,
        };
        let high = match level.max_score_tenths() {
            u32::MAX => "up".to_owned(),
            t => tenths(t),
        };
        bench_generate(
            &format!(
                "{} (ER {}-{high})",
                level.name(),
                tenths(level.min_score_tenths().max(10))
            ),
            &Options {
                min_level: Some(level),
                max_level: Some(level),
                ..Options::default()
            },
            count,
        );
    }
    let limit = if full { usize::MAX } else { 2000 };
    println!("\nrating: level distribution, stops (budget or beyond the rater), median time\n");
    println!(
        "| set                                    | puzzles | easy | medium | hard | expert | extreme | diabolical | nightmare | stopped | median ms |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    bench_rate("puzzles2_17_clue.txt", limit);
    bench_rate("puzzles3_magictour_top1465.txt", limit);
    bench_rate("puzzles1_unbiased_first1000.txt", limit);
    bench_rate("puzzles5_forum_hardest_1905_11+.txt", 20);
    println!("\nrating per SE band (data/ratings/se_sample.tsv, the reference rater's ER)\n");
    println!("| SE band | puzzles | median ms | mean ms |");
    println!("|---|---:|---:|---:|");
    bench_sample();
}
