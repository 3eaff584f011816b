//! Every solver kernel this CPU supports gives correct answers on the corpora and the same
//! counts as the others (the default run only exercises the fastest one).

mod common;

use common::{Rng, is_solution_of, isomorph, read_puzzles};
use sudoku_engine::{Board, Kernel};

fn available() -> Vec<Kernel> {
    let kernels: Vec<Kernel> = Kernel::ALL
        .into_iter()
        .filter(|k| k.is_available())
        .collect();
    assert!(kernels.contains(&Kernel::Portable));
    kernels
}

#[test]
fn detected_kernel_is_available() {
    assert!(Kernel::detect().is_available());
}

#[test]
fn every_kernel_solves_the_corpora() {
    let mut rng = Rng(31337);
    for name in [
        "puzzles1_unbiased_first1000.txt",
        "puzzles2_17_clue.txt",
        "puzzles3_magictour_top1465.txt",
        "puzzles5_forum_hardest_1905_11+.txt",
        "puzzles6_forum_hardest_1106.txt",
        "puzzles7_serg_benchmark.txt",
        "extra_msolve_hardest_to_solve_from_1905.txt",
    ] {
        let source = read_puzzles(name);
        for n in 0..400 {
            let p = isomorph(&mut rng, &source[(n * 7919) % source.len()], b'0');
            let board = Board::from_bytes(&p).unwrap();
            let mut counts = Vec::new();
            for kernel in available() {
                let solution = board.solve_with(kernel).unwrap();
                assert!(
                    is_solution_of(&solution.to_bytes(), &p),
                    "{kernel:?} {name} {n}"
                );
                counts.push(board.count_solutions_with(2, kernel).unwrap().0);
            }
            assert!(
                counts.windows(2).all(|w| w[0] == w[1]),
                "{name} {n}: {counts:?}"
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
        let board = Board::from_bytes(&p).unwrap();
        for kernel in available() {
            let (n, _) = board.count_solutions_with(10_000, kernel).unwrap();
            assert_eq!(n, count, "{kernel:?}: {line}");
        }
    }
}
