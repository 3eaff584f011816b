//! The analysis calls allocate nothing on the heap, and sudoku_solve_batch allocates only when
//! it starts threads: checked with an allocator that counts the calling thread's allocations.

mod common;

use common::alloc::{Counting, allocations};
use std::ffi::{c_char, c_int, c_void};

use sudoku::*;

#[global_allocator]
static COUNTING: Counting = Counting;

unsafe extern "C-unwind" fn count_calls(_: *const c_char, user: *mut c_void) -> c_int {
    // SAFETY: `user` is the test's usize counter.
    unsafe { *user.cast::<usize>() += 1 };
    0
}

const PUZZLE: &[u8; 81] =
    b"8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

#[test]
fn analysis_calls_do_not_allocate() {
    let mut board = *PUZZLE;
    let mut out = [0u8; 81];
    let mut masks = [0u16; 81];
    let mut text = [0u8; SUDOKU_FORMAT_MAX_SIZE];
    let mut n = 0usize;
    let mut calls = 0usize;
    let mut boards = [*PUZZLE; 4];
    let mut statuses = [0; 4];
    let grid = b"5 3 . | . 7 . | . . .\n6 . . | 1 9 5 | . . .\n. 9 8 | . . . | . 6 .\n\
                 ------+-------+------\n8 . . | . 6 . | . . 3\n4 . . | 8 . 3 | . . 1\n\
                 7 . . | . 2 . | . . 6\n------+-------+------\n. 6 . | . . . | 2 8 .\n\
                 . . . | 4 1 9 | . . 5\n. . . | . 8 . | . 7 9  # comment\n";
    let p = board.as_mut_ptr().cast::<c_char>();
    // SAFETY: every pointer is valid for what the call reads or writes.
    let count = allocations(|| unsafe {
        assert_eq!(
            sudoku_count_solutions(p, 2, &mut n, out.as_mut_ptr().cast()),
            0
        );
        let empty = [b'.'; 81];
        let cb = Some(count_calls as unsafe extern "C-unwind" fn(_, _) -> _);
        let user = (&raw mut calls).cast();
        assert_eq!(
            sudoku_enumerate(empty.as_ptr().cast(), 50, cb, user, &mut n),
            0
        );
        assert_eq!(sudoku_validate(p, &mut n), 0);
        assert_eq!(sudoku_candidates(p, masks.as_mut_ptr()), 0);
        assert_eq!(sudoku_candidates_singles(p, masks.as_mut_ptr()), 0);
        assert_eq!(
            sudoku_parse(
                grid.as_ptr().cast(),
                grid.len(),
                out.as_mut_ptr().cast(),
                &mut n
            ),
            0
        );
        for style in 0..3 {
            let len = text.len();
            assert_eq!(
                sudoku_format(p, style, text.as_mut_ptr().cast(), len, &mut n),
                0
            );
        }
        // One thread, or one board: everything on this thread, nothing allocated.
        let b = boards.as_mut_ptr().cast();
        assert_eq!(sudoku_solve_batch(b, 4, 1, statuses.as_mut_ptr()), 0);
        assert_eq!(sudoku_solve_batch(b, 1, 0, statuses.as_mut_ptr()), 0);
        assert_eq!(sudoku_solve(p), 0);
    });
    assert_eq!(calls, 50);
    assert_eq!(count, 0, "{count} heap allocations");
    // The counter works: starting threads allocates.
    let mut boards = [*PUZZLE; 4];
    // SAFETY: as above.
    let threaded = allocations(|| unsafe {
        sudoku_solve_batch(boards.as_mut_ptr().cast(), 4, 2, statuses.as_mut_ptr());
    });
    assert!(threaded > 0);
}
