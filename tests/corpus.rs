//! Every puzzle of the shared corpora (`$SUDOKU_PUZZLES`, default `data/puzzles`), as
//! given and as random isomorphs with `.` or `0` blanks.

mod common;

use common::{Rng, c_solve, is_solution_of, isomorph, read_puzzles};

const OK: i32 = sudoku::sudoku_status::SUDOKU_OK as i32;
const ERR_NO_SOLUTION: i32 = sudoku::sudoku_status::SUDOKU_ERR_NO_SOLUTION as i32;

const SOLVABLE: &[&str] = &[
    "puzzles1_unbiased_first1000.txt",
    "puzzles2_17_clue.txt",
    "puzzles3_magictour_top1465.txt",
    "puzzles5_forum_hardest_1905_11+.txt",
    "puzzles6_forum_hardest_1106.txt",
    "puzzles7_serg_benchmark.txt",
    "extra_msolve_hardest_to_solve_from_1905.txt",
    "tdoku_test_unique.txt",
    "tdoku_test_multi_solution.txt",
];

fn solve_all(name: &str, puzzles: &[[u8; 81]]) {
    for (n, p) in puzzles.iter().enumerate() {
        let (status, out) = c_solve(p);
        assert_eq!(status, OK, "{name} puzzle {n}");
        assert!(is_solution_of(&out, p), "{name} puzzle {n}: wrong solution");
    }
}

#[test]
fn every_corpus_puzzle_is_solved() {
    for name in SOLVABLE {
        solve_all(name, &read_puzzles(name));
    }
}

#[test]
fn random_isomorphs_are_solved() {
    let mut rng = Rng(0x5eed);
    for name in SOLVABLE {
        let puzzles = read_puzzles(name);
        let sample: Vec<[u8; 81]> = (0..2000.min(puzzles.len() * 4))
            .map(|_| {
                let p = &puzzles[rng.below(puzzles.len())];
                let blank = if rng.below(2) == 0 { b'.' } else { b'0' };
                isomorph(&mut rng, p, blank)
            })
            .collect();
        solve_all(name, &sample);
    }
}

#[test]
fn puzzles_without_solution_are_rejected() {
    let mut rng = Rng(99);
    for p in read_puzzles("tdoku_test_invalid_0_solutions.txt") {
        for variant in [p, isomorph(&mut rng, &p, b'0')] {
            assert_eq!(c_solve(&variant), (ERR_NO_SOLUTION, variant));
        }
    }
}

/// `puzzle:count` or `puzzle:1:solution` lines: solvable exactly when count > 0, and the
/// stated solution is the one found for unique puzzles.
#[test]
fn counted_test_puzzles() {
    let path = common::puzzle_dir().join("tdoku_test_puzzles_with_counts.txt");
    let text = std::fs::read_to_string(&path).expect("tdoku_test_puzzles_with_counts.txt");
    let mut lines = 0;
    for line in text.lines().filter(|l| !l.is_empty()) {
        let mut parts = line.split(':');
        let p: [u8; 81] = parts.next().unwrap().as_bytes().try_into().unwrap();
        let count: usize = parts.next().unwrap().parse().unwrap();
        let (status, out) = c_solve(&p);
        if count == 0 {
            assert_eq!((status, out), (ERR_NO_SOLUTION, p), "{line}");
        } else {
            assert_eq!(status, OK, "{line}");
            assert!(is_solution_of(&out, &p), "{line}");
            if let Some(solution) = parts.next() {
                assert_eq!(&out, solution.as_bytes(), "{line}");
            }
        }
        lines += 1;
    }
    assert_eq!(lines, 43);
}
