//! sudoku_solve_batch through the C ABI: the same boards and statuses as one sudoku_solve per
//! board, failing boards anywhere in the batch, every thread count, and argument errors that
//! touch nothing.

mod common;

use std::ffi::c_int;

use common::{Rng, c_solve, isomorph, read_puzzles, rounds};
use sudoku::*;

const OK: i32 = sudoku_status::SUDOKU_OK as i32;
const ERR_NULL: i32 = sudoku_status::SUDOKU_ERR_NULL_POINTER as i32;
const ERR_ARG: i32 = sudoku_status::SUDOKU_ERR_INVALID_ARGUMENT as i32;

const UNTOUCHED: c_int = 0x5A5A_5A5A;

/// A mixed batch: easy, hard and multi-solution puzzles, with boards that fail (bad byte,
/// clash, no solution) at the start, the middle and the end.
fn mixed_batch(rng: &mut Rng, n: usize) -> Vec<[u8; 81]> {
    // Under Miri, where searches of these sparse corpus boards take minutes, dense boards: one
    // with one solution and one with eight.
    let sources = if cfg!(miri) {
        vec![vec![*common::LEETCODE], vec![common::dense_multi(3)]]
    } else {
        vec![
            read_puzzles("puzzles2_17_clue.txt"),
            read_puzzles("puzzles6_forum_hardest_1106.txt"),
            read_puzzles("tdoku_test_multi_solution.txt"),
            read_puzzles("tdoku_test_invalid_0_solutions.txt"),
        ]
    };
    let mut boards: Vec<[u8; 81]> = (0..n)
        .map(|_| {
            let set = &sources[rng.below(sources.len())];
            let source = set[rng.below(set.len())];
            isomorph(rng, &source, b'.')
        })
        .collect();
    for (k, at) in [0, n / 2, n / 2 + 1, n - 1].into_iter().enumerate() {
        let b = &mut boards[at];
        match k % 2 {
            0 => b[rng.below(81)] = b'?',
            _ => {
                // Copy a digit into the next cell of its row: a clash.
                let i = (0..81).find(|&i| b[i] != b'.' && i % 9 != 8).unwrap();
                b[i + 1] = b[i];
            }
        }
    }
    boards
}

/// Runs the batch on a copy: (status, boards after, statuses).
fn c_batch(boards: &[[u8; 81]], threads: usize) -> (i32, Vec<[u8; 81]>, Vec<c_int>) {
    let mut buf = boards.to_vec();
    let mut statuses = vec![UNTOUCHED; boards.len()];
    // SAFETY: `buf` is 81 * len contiguous bytes and `statuses` len ints, distinct buffers.
    let status = unsafe {
        sudoku_solve_batch(
            buf.as_mut_ptr().cast(),
            buf.len(),
            threads,
            statuses.as_mut_ptr(),
        )
    };
    (status, buf, statuses)
}

#[test]
fn batch_equals_one_solve_per_board() {
    let mut rng = Rng(2718);
    let boards = mixed_batch(&mut rng, rounds(300, 6));
    let (statuses, solved): (Vec<c_int>, Vec<[u8; 81]>) = boards.iter().map(c_solve).unzip();
    for code in [0, 2, 3, 4] {
        let seen = statuses.contains(&code);
        assert!(
            seen || (cfg!(miri) && code == 4),
            "status {code} never exercised"
        );
    }
    let thread_counts = [0, 1, 2, 3, 8, boards.len() + 5];
    for threads in thread_counts.into_iter().take(rounds(6, 3)) {
        let (status, after, got) = c_batch(&boards, threads);
        assert_eq!(status, OK, "threads {threads}");
        assert_eq!(got, statuses, "threads {threads}");
        assert!(
            after == solved,
            "threads {threads}: boards differ from one-by-one solves"
        );
    }
}

#[test]
fn small_batches_and_no_statuses() {
    let mut rng = Rng(31);
    let boards = mixed_batch(&mut rng, 8);
    for n in 1..=rounds(boards.len(), 3) {
        let part = &boards[..n];
        let expected: Vec<(i32, [u8; 81])> = part.iter().map(c_solve).collect();
        let thread_counts = if cfg!(miri) {
            vec![0, 2, 64]
        } else {
            vec![0, 1, 2, n, n + 1, 64]
        };
        for threads in thread_counts {
            let (status, after, got) = c_batch(part, threads);
            assert_eq!(status, OK);
            let pairs: Vec<(i32, [u8; 81])> = got.into_iter().zip(after).collect();
            assert_eq!(pairs, expected, "{n} boards, {threads} threads");
            // Without statuses the boards come out the same.
            let mut buf = part.to_vec();
            // SAFETY: 81 * n bytes; NULL statuses are allowed.
            let status = unsafe {
                sudoku_solve_batch(buf.as_mut_ptr().cast(), n, threads, std::ptr::null_mut())
            };
            assert_eq!(status, OK);
            assert!(buf.iter().zip(&expected).all(|(b, e)| *b == e.1));
        }
    }
}

#[test]
fn only_count_boards_are_touched() {
    let mut rng = Rng(7);
    let boards = mixed_batch(&mut rng, 10);
    let mut buf = boards.clone();
    let mut statuses = vec![UNTOUCHED; 10];
    // SAFETY: the buffers hold 10 boards and statuses; the call may use only the first 6.
    let status =
        unsafe { sudoku_solve_batch(buf.as_mut_ptr().cast(), 6, 2, statuses.as_mut_ptr()) };
    assert_eq!(status, OK);
    assert_eq!(buf[6..], boards[6..]);
    assert!(statuses[6..].iter().all(|&s| s == UNTOUCHED));
    assert!(statuses[..6].iter().all(|&s| s != UNTOUCHED));
}

#[test]
fn argument_errors_touch_nothing() {
    let board =
        *b"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    let mut buf = [board; 2];
    let mut statuses = [UNTOUCHED; 3];
    // SAFETY: each call is rejected before any byte is read or written; the pointers are valid
    // for what a successful call could touch, or NULL, or (misaligned) never dereferenced.
    unsafe {
        // Nothing to do: OK even with NULL pointers.
        assert_eq!(
            sudoku_solve_batch(std::ptr::null_mut(), 0, 0, std::ptr::null_mut()),
            OK
        );
        assert_eq!(
            sudoku_solve_batch(buf.as_mut_ptr().cast(), 0, 4, statuses.as_mut_ptr()),
            OK
        );
        assert_eq!(
            sudoku_solve_batch(std::ptr::null_mut(), 1, 1, statuses.as_mut_ptr()),
            ERR_NULL
        );
        // 81 * count overflows, or exceeds PTRDIFF_MAX.
        for count in [
            usize::MAX,
            usize::MAX / 81 + 1,
            isize::MAX as usize / 81 + 1,
        ] {
            let status =
                sudoku_solve_batch(buf.as_mut_ptr().cast(), count, 1, statuses.as_mut_ptr());
            assert_eq!(status, ERR_ARG, "count {count}");
        }
        // Statuses not aligned for int.
        let misaligned = statuses.as_mut_ptr().cast::<u8>().add(1).cast::<c_int>();
        assert_eq!(
            sudoku_solve_batch(buf.as_mut_ptr().cast(), 2, 1, misaligned),
            ERR_ARG
        );
    }
    assert_eq!(buf, [board; 2]);
    assert_eq!(statuses, [UNTOUCHED; 3]);
}

#[test]
fn concurrent_batches() {
    let mut rng = Rng(99);
    let batches: Vec<Vec<[u8; 81]>> = (0..rounds(4, 2))
        .map(|_| mixed_batch(&mut rng, rounds(60, 4)))
        .collect();
    let expected: Vec<_> = batches.iter().map(|b| c_batch(b, 1)).collect();
    std::thread::scope(|scope| {
        for (batch, expected) in batches.iter().zip(&expected) {
            scope.spawn(move || {
                for threads in [0, 2, 3] {
                    assert!(c_batch(batch, threads) == *expected);
                }
            });
        }
    });
}

#[test]
fn rust_api_matches() {
    let mut rng = Rng(5);
    let boards = mixed_batch(&mut rng, rounds(40, 4));
    let (_, solved, statuses) = c_batch(&boards, 1);
    let mut rust = boards.clone();
    let mut results = vec![Ok(()); rust.len()];
    sudoku_engine::solve_batch(&mut rust, 3, Some(&mut results));
    assert_eq!(rust, solved);
    for (r, &s) in results.iter().zip(&statuses) {
        assert_eq!(r.is_ok(), s == OK);
    }
}
