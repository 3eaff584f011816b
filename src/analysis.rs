//! C API of the analysis calls: counting, enumerating, validating, candidates. Thin wrappers
//! over `count_text`, `Board::from_bytes_checked` and `src/analysis.rs`.

use core::ffi::{c_char, c_int, c_void};
use core::ops::ControlFlow;
use core::ptr;

use super::out::put;
use super::sudoku_status::{self, *};
use super::{guard, read_board, write_board};
use sudoku_engine::{Board, CELLS, Error};
use sudoku_engine::{count_text, enumerate_text};

/// @brief Receives one solution from sudoku_enumerate().
///
/// @param solution The solution: 81 bytes `'1'`-`'9'`, row by row, followed by a NUL (so it
///        can be printed with `%s`). Valid only during the call: copy it to keep it.
/// @param user The `user` pointer given to sudoku_enumerate(), passed through untouched.
///
/// @return 0 to receive the next solution, non-zero to stop the enumeration.
///
/// The callback runs on the thread that called sudoku_enumerate() and may call any libsudoku
/// function, sudoku_enumerate() included. It must return normally: it must not `longjmp` out of
/// the call nor throw a C++ exception (or unwind by any other means) through the library.
pub type sudoku_solution_cb =
    Option<unsafe extern "C-unwind" fn(solution: *const c_char, user: *mut c_void) -> c_int>;

/// @brief Counts the solutions of a puzzle, stopping at `limit`.
///
/// `limit` 2 answers "is the puzzle proper (uniquely solvable)?": the count is 0 (no
/// solution), 1 (unique) or 2 (several). Unlike elsewhere, givens that clash are not an error:
/// they count 0.
///
/// @param board The puzzle (81 bytes).
/// @param limit Stop counting once this many solutions are found; at least 1.
/// @param out_count Receives the number of distinct solutions, at most `limit`.
/// @param out_first NULL, or 81 bytes that receive one solution when the count is at least 1
///        (left untouched when it is 0).
///
/// @return `SUDOKU_OK`, `SUDOKU_ERR_NULL_POINTER` (`board`, `out_count`),
///         `SUDOKU_ERR_INVALID_ARGUMENT` (`limit` 0) or `SUDOKU_ERR_INVALID_CHARACTER`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn sudoku_count_solutions(
    board: *const c_char,
    limit: usize,
    out_count: *mut usize,
    out_first: *mut c_char,
) -> c_int {
    guard(|| {
        if board.is_null() || out_count.is_null() {
            return SUDOKU_ERR_NULL_POINTER;
        }
        if limit == 0 {
            return SUDOKU_ERR_INVALID_ARGUMENT;
        }
        // SAFETY: non-NULL, and the caller guarantees 81 readable bytes.
        let input = unsafe { read_board(board) };
        // The solution's text only when the caller has a buffer for it.
        let mut solution = [0u8; CELLS];
        let wanted = !out_first.is_null();
        let count = match count_text(&input, limit, wanted.then_some(&mut solution)) {
            Ok(count) => count,
            Err(Error::Conflict { .. }) => 0,
            Err(e) => return e.into(),
        };
        // SAFETY: non-NULL, and the caller guarantees it is writable.
        unsafe { put(out_count, count) };
        if wanted && count > 0 {
            // SAFETY: non-NULL, and the caller guarantees 81 writable bytes.
            unsafe { write_board(out_first, &solution) };
        }
        SUDOKU_OK
    })
}

/// @brief Calls `cb` with each solution of a puzzle, up to `limit` solutions.
///
/// Solutions come in the solver's search order and are all distinct. The enumeration stops
/// after `limit` solutions, when `cb` returns non-zero, or when there are no more. Givens that
/// clash are not an error, as in sudoku_count_solutions(): `cb` is never called and the count
/// is 0. All the state lives on the calling thread's stack, so any number of enumerations may
/// run at once.
///
/// @param board The puzzle (81 bytes).
/// @param limit The most solutions to deliver; at least 1.
/// @param cb Called once per solution (see ::sudoku_solution_cb), on the calling thread.
/// @param user Passed to every call of `cb`; may be NULL. The library never dereferences it.
/// @param out_count NULL, or receives the number of calls made to `cb` (the one that returned
///        non-zero included).
///
/// @return `SUDOKU_OK` when the enumeration ran to its end; before any call of `cb`,
///         `SUDOKU_ERR_NULL_POINTER` (`board`, `cb`), `SUDOKU_ERR_INVALID_ARGUMENT` (`limit` 0)
///         or `SUDOKU_ERR_INVALID_CHARACTER`; `SUDOKU_ERR_INTERNAL`, with `out_count`
///         untouched, if a Rust panic unwound out of `cb` (after some calls).
#[unsafe(no_mangle)]
pub unsafe extern "C" fn sudoku_enumerate(
    board: *const c_char,
    limit: usize,
    cb: sudoku_solution_cb,
    user: *mut c_void,
    out_count: *mut usize,
) -> c_int {
    guard(|| {
        let Some(cb) = cb else {
            return SUDOKU_ERR_NULL_POINTER;
        };
        if board.is_null() {
            return SUDOKU_ERR_NULL_POINTER;
        }
        if limit == 0 {
            return SUDOKU_ERR_INVALID_ARGUMENT;
        }
        // SAFETY: non-NULL, and the caller guarantees 81 readable bytes.
        let input = unsafe { read_board(board) };
        let board = match Board::from_bytes(&input) {
            Ok(board) => board,
            Err(e) => return e.into(),
        };
        // The callback's copy: rewritten in full before every call, so whatever the callback
        // does to it cannot reach the search.
        let mut text = [0u8; CELLS + 1];
        let delivered = enumerate_text(board.cells(), limit, |solution| {
            text[..CELLS].copy_from_slice(solution);
            text[CELLS] = 0;
            // SAFETY: `cb` has the documented signature (the caller's contract); `text` is 82
            // initialised bytes that outlive the call, passed through a pointer that would even
            // allow writes; `user` is opaque and only passed on.
            let stop = unsafe { cb(text.as_mut_ptr().cast::<c_char>(), user) };
            if stop == 0 {
                ControlFlow::Continue(())
            } else {
                ControlFlow::Break(())
            }
        })
        .unwrap_or(0); // Givens that clash: no solution to deliver.
        // SAFETY: NULL or writable, per the caller's contract.
        unsafe { put(out_count, delivered) };
        SUDOKU_OK
    })
}

/// @brief Checks a board without solving it: legal bytes, and no two givens clashing.
///
/// Reports the first problem in row-major order: the first cell that either holds a bad byte
/// or repeats a digit given earlier in its row, column or box. It does not search: a board that
/// passes may still have no solution.
///
/// @param board The board (81 bytes).
/// @param out_cell NULL, or receives the cell at fault (0-80) on `SUDOKU_ERR_INVALID_CHARACTER`
///        (the bad byte's cell) or `SUDOKU_ERR_CONFLICT` (the later of the two clashing cells);
///        left untouched otherwise.
///
/// @return `SUDOKU_OK`, `SUDOKU_ERR_NULL_POINTER`, `SUDOKU_ERR_INVALID_CHARACTER` or
///         `SUDOKU_ERR_CONFLICT`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn sudoku_validate(board: *const c_char, out_cell: *mut usize) -> c_int {
    guard(|| {
        if board.is_null() {
            return SUDOKU_ERR_NULL_POINTER;
        }
        // SAFETY: non-NULL, and the caller guarantees 81 readable bytes.
        let input = unsafe { read_board(board) };
        let error = match Board::from_bytes_checked(&input) {
            Ok(_) => return SUDOKU_OK,
            Err(e) => e,
        };
        if let Error::InvalidCharacter { index: cell, .. } | Error::Conflict { cell, .. } = error {
            // SAFETY: NULL or writable, per the caller's contract.
            unsafe { put(out_cell, cell) };
        }
        error.into()
    })
}

/// Shared body of the two candidate calls, run inside their `guard`.
///
/// # Safety
/// As for sudoku_candidates().
unsafe fn candidates_with(
    board: *const c_char,
    out_masks: *mut u16,
    deduce: fn(&Board) -> Result<[u16; CELLS], Error>,
) -> sudoku_status {
    if board.is_null() || out_masks.is_null() {
        return SUDOKU_ERR_NULL_POINTER;
    }
    // SAFETY: non-NULL, and the caller guarantees 81 readable bytes.
    let input = unsafe { read_board(board) };
    match Board::from_bytes(&input).and_then(|b| deduce(&b)) {
        Ok(masks) => {
            // SAFETY: non-NULL, and the caller guarantees 81 writable uint16_t; copying bytes
            // needs no alignment, and `masks` is a local that cannot overlap.
            unsafe {
                ptr::copy_nonoverlapping(
                    masks.as_ptr().cast::<u8>(),
                    out_masks.cast::<u8>(),
                    size_of_val(&masks),
                )
            };
            SUDOKU_OK
        }
        Err(e) => sudoku_status::from(e),
    }
}

/// @brief Candidate digits of each cell, by elimination from the givens only.
///
/// For each blank cell, the digits that no given in its row, column or box holds; for each
/// given, 0. Nothing else is deduced: no singles, no search (see sudoku_candidates_singles()).
///
/// @param board The puzzle (81 bytes).
/// @param out_masks 81 `uint16_t` that receive the digit masks, row by row (a mask is 0 exactly
///        for the givens).
///
/// @return `SUDOKU_OK`, `SUDOKU_ERR_NULL_POINTER`, `SUDOKU_ERR_INVALID_CHARACTER`,
///         `SUDOKU_ERR_CONFLICT`, or `SUDOKU_ERR_NO_SOLUTION` if a blank cell has no candidate.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn sudoku_candidates(board: *const c_char, out_masks: *mut u16) -> c_int {
    // SAFETY: the same contract, passed on.
    guard(|| unsafe { candidates_with(board, out_masks, Board::candidates) })
}

/// @brief Candidate digits of each cell after propagating singles to a fixed point.
///
/// Starts from sudoku_candidates() and repeatedly places every naked single (a blank cell with
/// one candidate) and every hidden single (a digit that fits only one cell of a row, column or
/// box that lacks it), removing each placed digit from the cell's row, column and box, until
/// neither rule applies. The result does not depend on the order of the steps. No other
/// technique and no search is used.
///
/// @param board The puzzle (81 bytes).
/// @param out_masks 81 `uint16_t` that receive the digit masks, row by row: 0 for given cells,
///        exactly one bit for cells the propagation filled, the remaining candidates for the
///        other blank cells.
///
/// @return `SUDOKU_OK` (the puzzle may still have no solution), `SUDOKU_ERR_NULL_POINTER`,
///         `SUDOKU_ERR_INVALID_CHARACTER`, `SUDOKU_ERR_CONFLICT`, or `SUDOKU_ERR_NO_SOLUTION`
///         if the propagation reaches a contradiction (a blank cell with no candidate, or a
///         digit with no place in a row, column or box lacking it), which proves the puzzle
///         has no solution.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn sudoku_candidates_singles(
    board: *const c_char,
    out_masks: *mut u16,
) -> c_int {
    // SAFETY: the same contract, passed on.
    guard(|| unsafe { candidates_with(board, out_masks, Board::candidates_singles) })
}
