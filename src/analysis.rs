//! C API of the analysis calls: counting, enumerating, validating, candidates. Thin wrappers
//! over `Board::count_solutions`, `Board::from_bytes_checked` and `src/analysis.rs`.

use core::ffi::{c_char, c_int, c_void};
use core::ops::ControlFlow;
use core::ptr;

use super::out::put;
use super::sudoku_status::{self, *};
use super::{guard, read_board, write_board};
use sudoku_engine::enumerate_text;
use sudoku_engine::{Board, CELLS, Error};

/// @brief Receives one solution from sudoku_enumerate().
///
/// @param solution The solution: 81 bytes `'1'`-`'9'`, row by row, followed by a NUL (so it
///        can be printed with `%s`). Valid only during the call: copy it to keep it.
/// @param user The `user` pointer given to sudoku_enumerate(), passed through untouched.
///
/// @return 0 to receive the next solution, non-zero to stop the enumeration.
///
/// The callback may call any libsudoku function, including sudoku_enumerate() itself. It must
/// return normally: it must not `longjmp` out of the call nor throw a C++ exception (or unwind
/// by any other means) through the library.
pub type sudoku_solution_cb =
    Option<unsafe extern "C-unwind" fn(solution: *const c_char, user: *mut c_void) -> c_int>;

/// @brief Counts the solutions of a puzzle, stopping at `limit`.
///
/// `limit` 2 answers "is the puzzle proper (uniquely solvable)?": the count is 0 (no
/// solution), 1 (unique) or 2 (several).
///
/// @param board 81 bytes, row by row: `'1'`-`'9'` for givens, `'.'` or `'0'` for blanks; only
///        read.
/// @param limit Stop counting once this many solutions are found; at least 1.
/// @param out_count Receives the number of distinct solutions, at most `limit`.
/// @param out_first NULL, or 81 bytes that receive one solution (`'1'`-`'9'`, no NUL) when the
///        count is at least 1; left untouched when the count is 0.
///
/// @return `SUDOKU_OK` with the count written. Givens that clash are not an error here: they
///         give `SUDOKU_OK` with a count of 0. On failure nothing is written:
///         - `SUDOKU_ERR_NULL_POINTER` if `board` or `out_count` is NULL;
///         - `SUDOKU_ERR_INVALID_ARGUMENT` if `limit` is 0;
///         - `SUDOKU_ERR_INVALID_CHARACTER` if a byte is not `'1'`-`'9'`, `'.'` or `'0'`.
///
/// Thread-safe and reentrant; no heap allocation.
///
/// # Safety
/// `board` must be NULL or point to 81 readable bytes; `out_count` NULL or writable; `out_first`
/// NULL or 81 writable bytes.
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
        let (count, first) = match Board::from_bytes(&input).and_then(|b| b.count_solutions(limit))
        {
            Ok(result) => result,
            Err(Error::Conflict { .. }) => (0, None),
            Err(e) => return e.into(),
        };
        // SAFETY: non-NULL, and the caller guarantees it is writable.
        unsafe { put(out_count, count) };
        match first {
            Some(solution) if !out_first.is_null() => {
                // SAFETY: non-NULL, and the caller guarantees 81 writable bytes.
                unsafe { write_board(out_first, &solution.to_bytes()) };
            }
            _ => {}
        }
        SUDOKU_OK
    })
}

/// @brief Calls `cb` with each solution of a puzzle, up to `limit` solutions.
///
/// Solutions come in the solver's search order and are all distinct. The enumeration stops
/// after `limit` solutions, when `cb` returns non-zero, or when there are no more.
///
/// @param board 81 bytes, row by row: `'1'`-`'9'` for givens, `'.'` or `'0'` for blanks; only
///        read.
/// @param limit The most solutions to deliver; at least 1.
/// @param cb Called once per solution (see ::sudoku_solution_cb), on the calling thread.
/// @param user Passed to every call of `cb`; may be NULL. The library never dereferences it.
/// @param out_count NULL, or receives the number of calls made to `cb` (the one that returned
///        non-zero included).
///
/// @return `SUDOKU_OK` when the enumeration ran to its end. Givens that clash are not an error
///         here, as in sudoku_count_solutions(): `cb` is never called and the count is 0. On
///         failure `cb` is never called and nothing is written:
///         - `SUDOKU_ERR_NULL_POINTER` if `board` or `cb` is NULL;
///         - `SUDOKU_ERR_INVALID_ARGUMENT` if `limit` is 0;
///         - `SUDOKU_ERR_INVALID_CHARACTER` if a byte is not `'1'`-`'9'`, `'.'` or `'0'`;
///         - `SUDOKU_ERR_INTERNAL` if a Rust panic unwound out of `cb` (after some calls).
///
/// Thread-safe and reentrant: all the state lives on the calling thread's stack (nothing is
/// global, so any number of enumerations may run at once); no heap allocation.
///
/// # Safety
/// `board` must be NULL or point to 81 readable bytes; `cb` must be NULL or a function with
/// the ::sudoku_solution_cb signature that returns normally; `out_count` NULL or writable.
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
/// or repeats a digit given earlier in its row, column or box.
///
/// @param board 81 bytes, row by row; only read.
/// @param out_cell NULL, or receives the index (0-80) of the cell at fault when the status is
///        `SUDOKU_ERR_INVALID_CHARACTER` (the bad byte's cell) or `SUDOKU_ERR_CONFLICT` (the
///        later of the two clashing cells); left untouched otherwise.
///
/// @return `SUDOKU_OK` if every byte is `'1'`-`'9'`, `'.'` or `'0'` and no two givens with the
///         same digit share a row, column or box (the puzzle may still have no solution: this
///         does not search); otherwise `SUDOKU_ERR_INVALID_CHARACTER` or `SUDOKU_ERR_CONFLICT`,
///         or `SUDOKU_ERR_NULL_POINTER` if `board` is NULL.
///
/// Thread-safe and reentrant; no heap allocation.
///
/// # Safety
/// `board` must be NULL or point to 81 readable bytes; `out_cell` NULL or writable.
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
/// For each blank cell: the digits that no given in its row, column or box holds, as a mask
/// with bit `d-1` set for digit `d` (so `0x1ff` is all nine). For each given cell: 0. Nothing
/// else is deduced: no singles, no search. See sudoku_candidates_singles() for more.
///
/// @param board 81 bytes, row by row: `'1'`-`'9'` for givens, `'.'` or `'0'` for blanks; only
///        read.
/// @param out_masks 81 `uint16_t` that receive the masks, row by row.
///
/// @return `SUDOKU_OK` with all 81 masks written (then a mask is 0 exactly for the givens), or
///         on failure, with nothing written:
///         - `SUDOKU_ERR_NULL_POINTER` if `board` or `out_masks` is NULL;
///         - `SUDOKU_ERR_INVALID_CHARACTER` if a byte is not `'1'`-`'9'`, `'.'` or `'0'`;
///         - `SUDOKU_ERR_CONFLICT` if two givens clash;
///         - `SUDOKU_ERR_NO_SOLUTION` if a blank cell has no candidate left.
///
/// Thread-safe and reentrant; no heap allocation.
///
/// # Safety
/// `board` must be NULL or point to 81 readable bytes; `out_masks` NULL or 81 writable
/// `uint16_t`.
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
/// @param board 81 bytes, row by row: `'1'`-`'9'` for givens, `'.'` or `'0'` for blanks; only
///        read.
/// @param out_masks 81 `uint16_t` that receive the masks, row by row (bit `d-1` for digit `d`):
///        0 for given cells, exactly one bit for cells the propagation filled, the remaining
///        candidates for the other blank cells.
///
/// @return `SUDOKU_OK` with all 81 masks written (the puzzle may still have no solution), or on
///         failure, with nothing written:
///         - `SUDOKU_ERR_NULL_POINTER` if `board` or `out_masks` is NULL;
///         - `SUDOKU_ERR_INVALID_CHARACTER` if a byte is not `'1'`-`'9'`, `'.'` or `'0'`;
///         - `SUDOKU_ERR_CONFLICT` if two givens clash;
///         - `SUDOKU_ERR_NO_SOLUTION` if the propagation reaches a contradiction (a blank cell
///           with no candidate, or a digit with no place in a row, column or box lacking it),
///           which proves the puzzle has no solution.
///
/// Thread-safe and reentrant; no heap allocation.
///
/// # Safety
/// `board` must be NULL or point to 81 readable bytes; `out_masks` NULL or 81 writable
/// `uint16_t`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn sudoku_candidates_singles(
    board: *const c_char,
    out_masks: *mut u16,
) -> c_int {
    // SAFETY: the same contract, passed on.
    guard(|| unsafe { candidates_with(board, out_masks, Board::candidates_singles) })
}
