//! Every solver kernel (CPU tier) on every corpus: each one this CPU can run must find the same
//! first solution, the same solution count and the same number of guesses as the portable
//! kernel, in both search modes (first solution, and counting up to 2), and its solutions must
//! keep the givens and the rules.
//!
//! One test per kernel. A kernel this CPU cannot run is not silently passed over: its test
//! prints `NOT RUN: kernel <name> ...` on stderr (shown with `--nocapture`; `.ci/tiers.sh`
//! collects these lines), and fails when `SUDOKU_REQUIRE_KERNELS` names it (or is `all`).

mod common;

use common::alloc::{Counting, allocations};
use common::{Rng, is_solution_of, isomorph, read_puzzles};
use std::sync::OnceLock;
use sudoku_engine::{Board, Kernel};

#[global_allocator]
static COUNTING: Counting = Counting;

/// The corpora, and how many random isomorphs of each every kernel solves.
const CORPORA: &[(&str, usize)] = &[
    ("puzzles1_unbiased_first1000.txt", 1000),
    ("puzzles2_17_clue.txt", 1000),
    ("puzzles7_serg_benchmark.txt", 1000),
    ("puzzles3_magictour_top1465.txt", 1000),
    ("puzzles5_forum_hardest_1905_11+.txt", 500),
    ("puzzles6_forum_hardest_1106.txt", 500),
    ("extra_msolve_hardest_to_solve_from_1905.txt", 500),
    ("tdoku_test_unique.txt", usize::MAX),
    ("tdoku_test_multi_solution.txt", usize::MAX),
    ("tdoku_test_invalid_0_solutions.txt", usize::MAX),
];

/// Blanks as 0, digits as 1..=9.
fn digits(p: &[u8; 81]) -> [u8; 81] {
    p.map(|b| if b.is_ascii_digit() { b - b'0' } else { 0 })
}

/// What one kernel answers for one puzzle: per limit (1, 2), the count, the guesses and the
/// first solution (all zero for clashing givens).
type Answer = [(usize, u64, Option<[u8; 81]>); 2];

fn answer(kernel: Kernel, cells: &[u8; 81]) -> Answer {
    [1, 2].map(|limit| {
        kernel
            .count_with_guesses(cells, limit)
            .unwrap_or((0, 0, None))
    })
}

/// The puzzles (name, index, text with `.` blanks) of every corpus: small files whole (as given),
/// large ones as random isomorphs, the same every run.
fn puzzles() -> &'static [(String, usize, [u8; 81])] {
    static PUZZLES: OnceLock<Vec<(String, usize, [u8; 81])>> = OnceLock::new();
    PUZZLES.get_or_init(|| {
        let mut rng = Rng(31337);
        let mut all = Vec::new();
        for &(name, n) in CORPORA {
            let source = read_puzzles(name);
            if n >= source.len() {
                all.extend(
                    source
                        .iter()
                        .enumerate()
                        .map(|(i, p)| (name.to_string(), i, *p)),
                );
            } else {
                for i in 0..n {
                    let p = isomorph(&mut rng, &source[(i * 7919) % source.len()], b'.');
                    all.push((name.to_string(), i, p));
                }
            }
        }
        all
    })
}

/// The portable kernel's answers, the reference for the others.
fn reference() -> &'static [Answer] {
    static REFERENCE: OnceLock<Vec<Answer>> = OnceLock::new();
    REFERENCE.get_or_init(|| {
        puzzles()
            .iter()
            .map(|(_, _, p)| answer(Kernel::Portable, &digits(p)))
            .collect()
    })
}

fn required(kernel: Kernel) -> bool {
    std::env::var("SUDOKU_REQUIRE_KERNELS")
        .is_ok_and(|v| v.split(',').any(|k| k == "all" || k == kernel.name()))
}

/// Runs `kernel` over every corpus against the reference, or reports that it cannot run here.
fn check_kernel(kernel: Kernel) {
    if !kernel.is_available() {
        report(&format!(
            "NOT RUN: kernel {}: this CPU lacks its instructions; its corpus test did not run",
            kernel.name()
        ));
        assert!(
            !required(kernel),
            "kernel {} is required (SUDOKU_REQUIRE_KERNELS) but this CPU cannot run it",
            kernel.name()
        );
        return;
    }
    let (mut solved, mut guesses) = (0usize, 0u64);
    for ((name, i, p), expected) in puzzles().iter().zip(reference()) {
        let got = answer(kernel, &digits(p));
        assert_eq!(
            &got,
            expected,
            "kernel {} differs from portable on {name} #{i}: {}",
            kernel.name(),
            String::from_utf8_lossy(p)
        );
        for (count, _, first) in &got {
            if let Some(grid) = first {
                let text = grid.map(|d| b'0' + d);
                assert!(is_solution_of(&text, p), "{name} #{i}: not a solution");
                solved += 1;
            } else {
                assert_eq!(*count, 0, "{name} #{i}: a count without a solution");
            }
        }
        guesses += got[0].1 + got[1].1;
    }
    report(&format!(
        "RUN: kernel {}: {} puzzles of {} corpora, first solution and count 2: same solutions, \
         counts and guesses ({guesses} in all) as the portable kernel; {solved} solutions checked",
        kernel.name(),
        puzzles().len(),
        CORPORA.len()
    ));
}

/// Writes `line` to stderr in one write, so that the test harness's lines (stdout, other
/// threads) cannot land inside it: `.ci/tiers.sh` reads these lines from the merged output.
/// (`eprintln!` writes a formatted line piece by piece to the unbuffered stderr.)
fn report(line: &str) {
    use std::io::Write;
    let mut stderr = std::io::stderr().lock();
    stderr
        .write_all(format!("{line}\n").as_bytes())
        .expect("stderr is writable");
}

#[test]
fn portable_kernel_on_every_corpus() {
    check_kernel(Kernel::Portable);
}

#[test]
fn sse42_kernel_on_every_corpus() {
    check_kernel(Kernel::Sse42);
}

#[test]
fn avx2_kernel_on_every_corpus() {
    check_kernel(Kernel::Avx2);
}

#[test]
fn avx512_kernel_on_every_corpus() {
    check_kernel(Kernel::Avx512);
}

/// Every kernel has one of the tests above.
#[test]
fn every_kernel_has_a_test() {
    let tested = [
        Kernel::Portable,
        Kernel::Sse42,
        Kernel::Avx2,
        Kernel::Avx512,
    ];
    for k in Kernel::ALL {
        assert!(
            tested.contains(&k),
            "no corpus test for kernel {}",
            k.name()
        );
    }
}

/// No kernel allocates while solving or counting (searches of every depth in the corpora, and
/// the empty board's deep ones).
#[test]
fn no_kernel_allocates() {
    let hard: Vec<[u8; 81]> = puzzles()
        .iter()
        .step_by(97)
        .map(|(_, _, p)| digits(p))
        .collect();
    for kernel in Kernel::ALL.into_iter().filter(|k| k.is_available()) {
        let mut found = 0;
        let allocated = allocations(|| {
            for p in &hard {
                for limit in [1, 2] {
                    found += kernel.count_with_guesses(p, limit).map_or(0, |r| r.0);
                }
            }
            found += kernel.count_with_guesses(&[0; 81], 500).unwrap().0;
        });
        assert_eq!(
            allocated,
            0,
            "kernel {} allocated {allocated} times",
            kernel.name()
        );
        assert!(found > hard.len());
    }
    // The counter counts.
    let allocated = allocations(|| {
        let v = std::hint::black_box(vec![1u8; 10]);
        assert_eq!(v.len(), 10);
    });
    assert!(allocated > 0);
}

#[test]
fn kernel_names_round_trip() {
    for k in Kernel::ALL {
        assert_eq!(Kernel::from_name(k.name()), Some(k));
    }
    assert_eq!(Kernel::from_name("sse9"), None);
}

#[test]
fn detected_kernel_is_available() {
    assert!(Kernel::detect().is_available());
    assert!(Kernel::Portable.is_available());
}

/// Without `SUDOKU_KERNEL`, the run-time choice is the widest tier the CPU runs, AVX-512 only
/// where it pays (with AVX512-VBMI2: Ice Lake, Zen 4 and later).
#[test]
#[cfg(target_arch = "x86_64")]
fn detected_kernel_is_the_widest_that_pays() {
    if std::env::var_os("SUDOKU_KERNEL").is_some() {
        report("NOT RUN: detected_kernel_is_the_widest_that_pays (SUDOKU_KERNEL is set)");
        return;
    }
    let expected = if Kernel::Avx512.is_available() && is_x86_feature_detected!("avx512vbmi2") {
        Kernel::Avx512
    } else if Kernel::Avx2.is_available() {
        Kernel::Avx2
    } else if Kernel::Sse42.is_available() {
        Kernel::Sse42
    } else {
        Kernel::Portable
    };
    assert_eq!(Kernel::detect(), expected);
}

/// The Board API with an explicit kernel agrees with the kernel's own count.
#[test]
fn board_api_uses_the_kernel() {
    let mut rng = Rng(7);
    let source = read_puzzles("puzzles3_magictour_top1465.txt");
    for n in 0..50 {
        let p = isomorph(&mut rng, &source[(n * 31) % source.len()], b'0');
        let board = Board::from_bytes(&p).unwrap();
        for kernel in Kernel::ALL.into_iter().filter(|k| k.is_available()) {
            let (count, _, first) = kernel.count_with_guesses(&digits(&p), 2).unwrap();
            let (n2, sol) = board.count_solutions_with(2, kernel).unwrap();
            assert_eq!(count, n2);
            assert_eq!(first, sol.map(|b| b.to_bytes().map(|c| c - b'0')));
            assert_eq!(
                board.solve_with(kernel).unwrap().to_bytes(),
                kernel
                    .count_with_guesses(&digits(&p), 1)
                    .unwrap()
                    .2
                    .unwrap()
                    .map(|d| b'0' + d)
            );
        }
    }
}

#[test]
fn every_kernel_counts_the_test_puzzles_exactly() {
    let path = common::puzzle_dir().join("tdoku_test_puzzles_with_counts.txt");
    let text = std::fs::read_to_string(&path).expect("tdoku_test_puzzles_with_counts.txt");
    for line in text.lines().filter(|l| !l.is_empty()) {
        let mut parts = line.split(':');
        let p: [u8; 81] = parts.next().unwrap().as_bytes().try_into().unwrap();
        let count: usize = parts.next().unwrap().parse().unwrap();
        for kernel in Kernel::ALL.into_iter().filter(|k| k.is_available()) {
            let (n, _, _) = kernel.count_with_guesses(&digits(&p), 10_000).unwrap();
            assert_eq!(n, count, "{}: {line}", kernel.name());
        }
    }
}
