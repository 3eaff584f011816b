//! C API of batch solving: a thin wrapper over `sudoku_engine::solve_batch_with`.

use core::ffi::{c_char, c_int};
use core::mem::MaybeUninit;
use core::slice;

use super::guard;
use super::sudoku_status::{self, *};
use sudoku_engine::CELLS;
use sudoku_engine::solve_batch_with;

/// @brief Solves many puzzles in place, on several threads.
///
/// Each board is solved exactly as sudoku_solve() would: on success it is overwritten by a
/// solution, on failure it is left as it was and its status says why. Threads take boards from
/// a shared queue, a few at a time and one at a time near the end, so they stay busy until the
/// whole batch is done.
///
/// @param boards `count` boards of 81 bytes each, back to back (`81 * count` bytes, no NULs or
///        separators). May be NULL only if `count` is 0.
/// @param count Number of boards. 0 does nothing and returns `SUDOKU_OK`.
/// @param threads Number of threads to solve on, the calling thread included; 0 means one per
///        available core. Never more threads than boards are used. If the system refuses to
///        start a thread, the others solve its share.
/// @param out_statuses NULL, or `count` ints that receive each board's status (`SUDOKU_OK`,
///        `SUDOKU_ERR_INVALID_CHARACTER`, `SUDOKU_ERR_CONFLICT` or `SUDOKU_ERR_NO_SOLUTION`),
///        in board order. Must not overlap `boards`.
///
/// @return `SUDOKU_OK` when the call itself worked, even if some boards failed (see
///         `out_statuses`). Before any board or status is touched: `SUDOKU_ERR_NULL_POINTER`
///         (`boards` NULL with `count` not 0), or `SUDOKU_ERR_INVALID_ARGUMENT` if
///         `81 * count` overflows or exceeds `PTRDIFF_MAX`, or `out_statuses` is not aligned
///         for `int`. Unlike elsewhere, on `SUDOKU_ERR_INTERNAL` (a bug) some boards may
///         already be solved and some statuses written.
///
/// The one call that allocates: asking the system for its number of cores (`threads` 0) and
/// starting threads need memory, once per call (never per board). With `threads` 1, or one
/// board, everything runs on the calling thread and nothing is allocated.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn sudoku_solve_batch(
    boards: *mut c_char,
    count: usize,
    threads: usize,
    out_statuses: *mut c_int,
) -> c_int {
    guard(|| {
        if count == 0 {
            return SUDOKU_OK;
        }
        if boards.is_null() {
            return SUDOKU_ERR_NULL_POINTER;
        }
        let too_big = count
            .checked_mul(CELLS)
            .is_none_or(|n| isize::try_from(n).is_err());
        if too_big || (!out_statuses.is_null() && !out_statuses.is_aligned()) {
            return SUDOKU_ERR_INVALID_ARGUMENT;
        }
        // SAFETY: non-NULL; the caller guarantees 81 * count readable and writable bytes that
        // nothing else accesses during the call; the size fits isize (checked above); [u8; 81]
        // has alignment 1 and the size of 81 c_char.
        let boards = unsafe { slice::from_raw_parts_mut(boards.cast::<[u8; CELLS]>(), count) };
        let statuses = if out_statuses.is_null() {
            None
        } else {
            // SAFETY: non-NULL and aligned (checked above); the caller guarantees `count`
            // writable ints, not overlapping `boards`, that nothing else accesses; 4 * count
            // fits isize since 81 * count does. MaybeUninit: they need not be initialised.
            Some(unsafe {
                slice::from_raw_parts_mut(out_statuses.cast::<MaybeUninit<c_int>>(), count)
            })
        };
        solve_batch_with(boards, threads, statuses, |result| {
            MaybeUninit::new(match result {
                Ok(()) => SUDOKU_OK as c_int,
                Err(e) => sudoku_status::from(e) as c_int,
            })
        });
        SUDOKU_OK
    })
}
