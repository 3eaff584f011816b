//! Throughput of sudoku_solve_batch on 1 and 2 threads, and the cost of one
//! sudoku_count_solutions(limit = 2) call, on the shared corpus (`$SUDOKU_PUZZLES`, default
//! `data/puzzles`). Prints a table; asserts nothing about time.
//!
//! ```sh
//! cargo bench --bench batch
//! ```
//!
//! Each figure is the median of several runs over the whole file, in file order (the 17-clue
//! file is sorted, which favours caches a little); batch runs alternate between 1 and 2 threads.
//! Timings on a shared machine are noisy: compare figures from one run, not across runs.

use std::hint::black_box;
use std::path::PathBuf;
use std::time::Instant;

use sudoku::{sudoku_count_solutions, sudoku_solve_batch, sudoku_status};

fn puzzle_dir() -> PathBuf {
    match std::env::var_os("SUDOKU_PUZZLES") {
        Some(dir) => PathBuf::from(dir),
        None => PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/data/puzzles")),
    }
}

fn read(name: &str) -> Vec<[u8; 81]> {
    let path = puzzle_dir().join(name);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {} ({e}); set SUDOKU_PUZZLES", path.display()));
    text.lines()
        .filter(|l| l.len() >= 81 && !l.starts_with('#'))
        .map(|l| l.as_bytes()[..81].try_into().unwrap())
        .collect()
}

/// Median of `runs` timings of `f`, in seconds.
fn median_secs(runs: usize, mut f: impl FnMut()) -> f64 {
    let mut times: Vec<f64> = (0..runs)
        .map(|_| {
            let start = Instant::now();
            f();
            start.elapsed().as_secs_f64()
        })
        .collect();
    times.sort_by(f64::total_cmp);
    times[runs / 2]
}

/// Puzzles per second of sudoku_solve_batch for each thread count. Runs alternate between the
/// thread counts so that a change in the machine's load hits them alike.
fn batch_rates(puzzles: &[[u8; 81]], threads: &[usize], runs: usize) -> Vec<f64> {
    let mut boards = puzzles.to_vec();
    let mut statuses = vec![0; puzzles.len()];
    let mut times = vec![Vec::new(); threads.len()];
    for _ in 0..runs {
        for (k, &t) in threads.iter().enumerate() {
            boards.copy_from_slice(puzzles);
            let start = Instant::now();
            // SAFETY: 81 * len bytes and len ints, distinct buffers.
            let status = unsafe {
                sudoku_solve_batch(
                    boards.as_mut_ptr().cast(),
                    boards.len(),
                    t,
                    statuses.as_mut_ptr(),
                )
            };
            times[k].push(start.elapsed().as_secs_f64());
            assert_eq!(status, sudoku_status::SUDOKU_OK as i32);
            assert!(statuses.iter().all(|&s| s == 0), "a corpus puzzle failed");
        }
    }
    times
        .iter_mut()
        .map(|t| {
            t.sort_by(f64::total_cmp);
            puzzles.len() as f64 / t[runs / 2]
        })
        .collect()
}

fn count_micros(puzzles: &[[u8; 81]], runs: usize) -> f64 {
    let secs = median_secs(runs, || {
        for p in puzzles {
            let mut count = 0;
            // SAFETY: 81 readable bytes and a writable size_t; out_first NULL is allowed.
            let status = unsafe {
                sudoku_count_solutions(p.as_ptr().cast(), 2, &mut count, std::ptr::null_mut())
            };
            assert_eq!((status, count), (0, 1));
            black_box(count);
        }
    });
    secs * 1e6 / puzzles.len() as f64
}

/// How much a second thread adds on this machine right now, with no shared data: the ratio of
/// work done per second by 2 spinning threads to 1. Batch scaling can only be judged against it
/// (on a shared or throttled machine it can be far below 2).
fn machine_parallelism() -> f64 {
    fn spin() {
        let mut x = 0u64;
        for i in 0..200_000_000u64 {
            x = black_box(x.wrapping_add(i));
        }
    }
    let mut ratios: Vec<f64> = (0..3)
        .map(|_| {
            let one = median_secs(1, spin);
            let two = median_secs(1, || {
                std::thread::scope(|s| {
                    s.spawn(spin);
                    spin();
                })
            });
            2.0 * one / two
        })
        .collect();
    ratios.sort_by(f64::total_cmp);
    ratios[1]
}

fn main() {
    let sets = [
        ("17-clue", "puzzles2_17_clue.txt"),
        (
            "forum hardest 1905 11+",
            "puzzles5_forum_hardest_1905_11+.txt",
        ),
        ("forum hardest 1106", "puzzles6_forum_hardest_1106.txt"),
    ];
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    println!(
        "available cores: {cores}; 2-thread speed-up of a pure spin loop now: {:.2}\n",
        machine_parallelism()
    );
    println!(
        "{:<24} {:>8} {:>16} {:>16} {:>8}",
        "sudoku_solve_batch", "puzzles", "1 thread /s", "2 threads /s", "ratio"
    );
    for (label, file) in &sets[..2] {
        let puzzles = read(file);
        let rates = batch_rates(&puzzles, &[1, 2], 5);
        let (one, two) = (rates[0], rates[1]);
        println!(
            "{label:<24} {:>8} {one:>16.0} {two:>16.0} {:>8.2}",
            puzzles.len(),
            two / one
        );
    }
    println!(
        "\n{:<24} {:>8} {:>16}",
        "count_solutions limit 2", "puzzles", "us per call"
    );
    for (label, file) in sets {
        let puzzles = read(file);
        let runs = if puzzles.len() < 1000 { 21 } else { 3 };
        println!(
            "{label:<24} {:>8} {:>16.2}",
            puzzles.len(),
            count_micros(&puzzles, runs)
        );
    }
}
