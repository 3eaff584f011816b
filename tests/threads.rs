//! Several threads solving different puzzles at once, every answer checked.

mod common;

use common::{Rng, c_solve, is_solution_of, isomorph, read_puzzles};

/// Solves per thread; under Miri (which also checks for data races) one easy one each: a solve
/// takes about 12 s there.
const SOLVES: usize = if cfg!(miri) { 1 } else { 1500 };

#[test]
fn concurrent_solves_are_all_correct() {
    // Under Miri, where a search of a 17-clue puzzle takes minutes and reading a corpus file
    // takes longer than the solves, LeetCode's puzzle (30 givens) only, and no unsolvable one.
    let (hard, easy, invalid) = if cfg!(miri) {
        (vec![], vec![*common::LEETCODE], vec![])
    } else {
        (
            read_puzzles("puzzles6_forum_hardest_1106.txt"),
            read_puzzles("puzzles2_17_clue.txt"),
            read_puzzles("tdoku_test_invalid_0_solutions.txt"),
        )
    };
    std::thread::scope(|scope| {
        for t in 0..8u64 {
            let (hard, easy, invalid) = (&hard, &easy, &invalid);
            scope.spawn(move || {
                let mut rng = Rng(t);
                for i in 0..SOLVES {
                    let source = match i % 5 {
                        0 | 1 if !cfg!(miri) => &hard[rng.below(hard.len())],
                        0..=3 => &easy[rng.below(easy.len())],
                        _ => &invalid[rng.below(invalid.len())],
                    };
                    let p = isomorph(&mut rng, source, b'.');
                    let (status, out) = c_solve(&p);
                    if i % 5 == 4 {
                        assert_eq!((status, out), (4, p), "thread {t}");
                    } else {
                        assert_eq!(status, 0, "thread {t}");
                        assert!(is_solution_of(&out, &p), "thread {t}");
                    }
                }
            });
        }
    });
}

/// The search recurses once per guess with a small frame: even the deepest searches seen (an
/// empty board, enumerated) fit in a 256 KiB thread stack, and so do the hardest corpus puzzles.
#[test]
#[cfg_attr(
    miri,
    ignore = "counts 1000 solutions of the empty board and every hard corpus puzzle: hours under \
              Miri, whose interpreter does not use the native stack this test measures"
)]
fn searches_fit_in_a_small_stack() {
    let hard = read_puzzles("puzzles6_forum_hardest_1106.txt");
    let worker = std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(move || {
            let empty = sudoku_engine::Board::EMPTY;
            assert_eq!(empty.count_solutions(1000).unwrap().0, 1000);
            for kernel in sudoku_engine::Kernel::ALL
                .into_iter()
                .filter(|k| k.is_available())
            {
                for p in &hard {
                    let board = sudoku_engine::Board::from_bytes(p).unwrap();
                    assert_eq!(board.count_solutions_with(2, kernel).unwrap().0, 1);
                }
            }
        })
        .unwrap();
    worker
        .join()
        .expect("search overflowed or failed in a 256 KiB stack");
}
