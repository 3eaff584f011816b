//! The panic boundary, proved through the real exported functions: the `cfg(test)` fault point
//! in [`guard_or`](super::guard_or) makes an export's body panic, and the export must return its
//! documented failure value instead of unwinding into the caller (which, through an
//! `extern "C"` function, would abort the whole process), leave its outputs untouched, and
//! work normally on the next call.
//!
//! Every export needs a test here; `tests/exports.rs` fails for any export this file does not
//! name. A new export's test follows the same shape: arm the fault, call the export through an
//! `extern "C"` function pointer, check the result and that every output buffer is unchanged.

use core::ffi::{CStr, c_char, c_int};

use super::fault;
use super::sudoku_status::*;
use super::{sudoku_solve, sudoku_status_str, sudoku_version};

const PUZZLE: &[u8; 81] =
    b"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

/// Arms the fault point, runs `call`, and checks the fault point was reached (so the result
/// really comes from a panic inside the export).
fn with_fault<T>(call: impl FnOnce() -> T) -> T {
    fault::arm();
    let result = call();
    assert!(!fault::armed(), "the export never reached its guarded body");
    result
}

#[test]
fn sudoku_solve_turns_a_panic_into_internal_error() {
    let solve: unsafe extern "C" fn(*mut c_char) -> c_int = sudoku_solve;
    let mut board = *PUZZLE;
    // SAFETY: `board` is 81 writable bytes.
    let status = with_fault(|| unsafe { solve(board.as_mut_ptr().cast()) });
    assert_eq!(status, SUDOKU_ERR_INTERNAL as c_int);
    assert_eq!(&board, PUZZLE, "the board changed although the call failed");

    // The next call on the same thread is unaffected.
    // SAFETY: as above.
    assert_eq!(
        unsafe { solve(board.as_mut_ptr().cast()) },
        SUDOKU_OK as c_int
    );
    assert_ne!(&board, PUZZLE);
}

#[test]
fn sudoku_status_str_turns_a_panic_into_the_internal_message() {
    let status_str: extern "C" fn(c_int) -> *const c_char = sudoku_status_str;
    let message = with_fault(|| status_str(SUDOKU_OK as c_int));
    assert_eq!(message, status_str(SUDOKU_ERR_INTERNAL as c_int));
    // SAFETY: sudoku_status_str returns a static NUL-terminated string.
    let ok = unsafe { CStr::from_ptr(status_str(SUDOKU_OK as c_int)) };
    assert_eq!(ok, c"success");
}

#[test]
fn sudoku_version_survives_a_panic() {
    let version: extern "C" fn() -> *const c_char = sudoku_version;
    let during = with_fault(|| version());
    // SAFETY: sudoku_version returns a static NUL-terminated string.
    let during = unsafe { CStr::from_ptr(during) };
    assert_eq!(during.to_str().unwrap(), env!("CARGO_PKG_VERSION"));
}
