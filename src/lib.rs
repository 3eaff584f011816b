//! libsudoku: a fast, safe Sudoku engine with a C ABI.
//!
//! The comments in `sudoku.h` (generated from the C crate's doc comments) are the API
//! reference. The conventions below hold for every function; each function's own comment gives
//! what it does, its parameters and results, the statuses it returns, and only how it differs
//! from the conventions. docs/c-api.md in the source tree has them too, with examples.
//!
//! # Conventions
//!
//! - **Boards** are 81 bytes, row by row: `'1'`-`'9'` for givens, `'.'` or `'0'` for blanks.
//!   No NUL terminator is read or written. A board the library writes holds `'1'`-`'9'` and
//!   `'.'`.
//! - **Cells** are numbered 0-80 row by row; **units** 0-26: rows 0-8 (top to bottom), columns
//!   9-17 (left to right), boxes 18-26 (left to right, top to bottom). A set of units is a
//!   `uint32_t` with bit `u` for unit `u`; a **digit mask** is a `uint16_t` with bit `d - 1` for
//!   digit `d` (`0x1ff`: all nine).
//! - **Statuses.** A function that can fail returns a `sudoku_status` as `int`: `SUDOKU_OK` (0)
//!   or the failure. Each function lists the statuses it returns; every one may also return
//!   `SUDOKU_ERR_INTERNAL` (a bug). Where one call has several problems, which is reported is
//!   unspecified unless the function says so.
//! - **Pointers.** A pointer argument is required unless its documentation says "NULL, or";
//!   a required pointer that is NULL gives `SUDOKU_ERR_NULL_POINTER`. A non-NULL pointer must
//!   point to the documented number of readable bytes (inputs) or writable bytes (outputs);
//!   no function reads or writes outside them, and a buffer that is only an input is only read.
//! - **Outputs are written only on success.** On any status other than `SUDOKU_OK` every
//!   output is left exactly as it was, except the diagnostic outputs a function names (the cell
//!   at fault, the offset of a parse error, the size a buffer needs).
//! - **Enums** are passed as `int` (`int32_t` in structs); their numbers are ABI and never
//!   change. An unknown value gives `SUDOKU_ERR_INVALID_ARGUMENT`, or from the functions that
//!   name or score a value a fixed "unknown" string or -1.
//! - **Versioned structs** (`sudoku_generate_options`, `sudoku_rate_options`, `sudoku_rating`,
//!   `sudoku_hint_result`)
//!   start with a `uint32_t size` that the caller sets to `sizeof` the struct as its header
//!   declares it, and point to that many bytes. A `size` below the struct's first version or
//!   above 4096 gives `SUDOKU_ERR_INVALID_ARGUMENT`. New fields are only ever added at the end,
//!   with zero as their default: in an input struct longer than the library knows, the unknown
//!   bytes must be zero (else `SUDOKU_ERR_INVALID_ARGUMENT`); an output struct is written up to
//!   `size`, with the bytes the library does not know zeroed. So a program built against an
//!   older header keeps working with a newer library.
//! - **Strings** the library returns are NUL-terminated, static and never NULL; do not free
//!   them.
//! - **Threads.** Every function is reentrant and thread-safe: the library keeps no global
//!   mutable state, so any threads may call any functions at once, each on its own buffers (a
//!   buffer must not be written by another thread while a call uses it).
//! - **Memory.** Nothing the library returns needs freeing. Solving, counting, enumerating,
//!   validating, candidates, parsing and formatting allocate nothing on the heap and use a
//!   small, bounded amount of stack. sudoku_solve_batch() allocates only to start threads; the
//!   generator, the rater and hints allocate working memory and free it before returning.
//! - **Panics never cross into C.** A bug inside the library makes the function return
//!   `SUDOKU_ERR_INTERNAL` with the outputs untouched (sudoku_solve_batch() and
//!   sudoku_enumerate() say what may already have happened), or, for a function that returns
//!   a string or number, a valid static string or -1. Nothing unwinds through the caller, and
//!   a callback must not unwind through the library (see ::sudoku_solution_cb).

#![allow(non_camel_case_types)]
#![allow(
    clippy::missing_safety_doc,
    reason = "the exports' safety contract is the Pointers convention above, stated once; each \
              export's comment gives the sizes and what differs"
)]

use core::ffi::{c_char, c_int};
use core::ptr;
use std::panic::{AssertUnwindSafe, catch_unwind};

use sudoku_engine::{CELLS, Error};

mod analysis;
mod batch;
mod formats;
mod generate;
mod grade;
mod hint;
mod out;
mod text;
mod versioned;

pub use analysis::*;
pub use batch::*;
pub use formats::*;
pub use generate::*;
pub use grade::*;
pub use hint::*;
pub use text::*;

/// Status codes returned by every `sudoku_*` function that can fail.
///
/// The numeric values are part of the ABI and never change; numbers of retired statuses are
/// not reused. Functions return them as `int`; pass any `int` to sudoku_status_str() for a
/// message.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum sudoku_status {
    /// Success.
    SUDOKU_OK = 0,
    /// A required pointer argument was NULL.
    SUDOKU_ERR_NULL_POINTER = 1,
    /// The board holds a byte other than `'1'`-`'9'`, `'.'` or `'0'`.
    SUDOKU_ERR_INVALID_CHARACTER = 2,
    /// Two givens with the same digit share a row, column or box.
    SUDOKU_ERR_CONFLICT = 3,
    /// The givens do not clash, but the puzzle has no solution.
    SUDOKU_ERR_NO_SOLUTION = 4,
    /// An internal error (a bug in the library); the outputs are untouched. Please report it.
    SUDOKU_ERR_INTERNAL = 5,
    /// An argument or option is out of range: a `limit` of 0, an unknown enum value (format
    /// style, symmetry, level), a struct `size` the library does not accept, inconsistent
    /// generator options, a hint position that changed a given, a length too large for memory.
    /// Nothing was read past the arguments or written.
    SUDOKU_ERR_INVALID_ARGUMENT = 6,
    /// The output buffer is too small; the size needed is reported and nothing was written.
    SUDOKU_ERR_BUFFER_TOO_SMALL = 7,
    /// The text is not one puzzle in the grammar of sudoku_parse(); the offset of the first
    /// problem is reported.
    SUDOKU_ERR_PARSE = 8,
    /// The puzzle has more than one solution (the rater and hints need a proper puzzle).
    SUDOKU_ERR_MULTIPLE_SOLUTIONS = 9,
    /// The generator tried its maximum number of grids without meeting every requirement.
    SUDOKU_ERR_ATTEMPTS_EXHAUSTED = 10,
    /// The rating needed more work than its budget (`max_effort`) allows; nothing was written.
    SUDOKU_ERR_BUDGET_EXHAUSTED = 11,
    /// The puzzle needs techniques beyond the rater's: more of Sudoku Explainer's nested forcing
    /// chains (rated 9.5 and above) than it has. Nothing was written.
    SUDOKU_ERR_TOO_HARD = 12,
}

use sudoku_status::*;

impl From<Error> for sudoku_status {
    fn from(e: Error) -> sudoku_status {
        match e {
            Error::InvalidCharacter { .. } => SUDOKU_ERR_INVALID_CHARACTER,
            Error::Conflict { .. } => SUDOKU_ERR_CONFLICT,
            Error::NoSolution => SUDOKU_ERR_NO_SOLUTION,
            // Not produced for fixed-size C buffers.
            Error::InvalidLength { .. } => SUDOKU_ERR_INTERNAL,
            Error::MultipleSolutions => SUDOKU_ERR_MULTIPLE_SOLUTIONS,
            Error::AttemptsExhausted => SUDOKU_ERR_ATTEMPTS_EXHAUSTED,
            Error::InvalidArgument => SUDOKU_ERR_INVALID_ARGUMENT,
            Error::BudgetExhausted => SUDOKU_ERR_BUDGET_EXHAUSTED,
            Error::TooHard => SUDOKU_ERR_TOO_HARD,
        }
    }
}

/// Runs an export's body, turning a panic into `SUDOKU_ERR_INTERNAL`.
pub(crate) fn guard(body: impl FnOnce() -> sudoku_status) -> c_int {
    guard_or(SUDOKU_ERR_INTERNAL, body) as c_int
}

/// Runs an export's body, returning `on_panic` if it panics: the boundary for exports that do
/// not return a status. Every `extern "C"` body is one call to this or to [`guard`]
/// (`tests/exports.rs` checks that).
pub(crate) fn guard_or<T>(on_panic: T, body: impl FnOnce() -> T) -> T {
    let guarded = || {
        #[cfg(test)]
        fault::hit();
        body()
    };
    catch_unwind(AssertUnwindSafe(guarded)).unwrap_or(on_panic)
}

/// A fault point inside every guarded body, compiled only into this crate's own unit tests: it
/// lets `boundary_tests` make the real exported functions panic. Per thread, so tests running
/// in parallel do not see each other's faults.
#[cfg(test)]
pub(crate) mod fault {
    use std::cell::Cell;

    thread_local!(static ARMED: Cell<bool> = const { Cell::new(false) });

    /// Makes the next guarded body on this thread panic.
    pub(crate) fn arm() {
        ARMED.set(true);
    }

    /// True until an armed fault point has been reached.
    pub(crate) fn armed() -> bool {
        ARMED.get()
    }

    pub(super) fn hit() {
        if ARMED.replace(false) {
            panic!("fault injected by a test (cfg(test) only)");
        }
    }
}

/// Copies the caller's 81-byte board.
///
/// # Safety
/// `board` must be non-NULL and point to 81 readable bytes.
pub(crate) unsafe fn read_board(board: *const c_char) -> [u8; CELLS] {
    let mut bytes = [0u8; CELLS];
    // SAFETY: the caller guarantees 81 readable bytes at `board`; `bytes` is a distinct local
    // array of 81 bytes, and u8/c_char have the same size and alignment.
    unsafe { ptr::copy_nonoverlapping(board.cast::<u8>(), bytes.as_mut_ptr(), CELLS) };
    bytes
}

/// Copies 81 bytes into the caller's board.
///
/// # Safety
/// `board` must be non-NULL and point to 81 writable bytes.
pub(crate) unsafe fn write_board(board: *mut c_char, bytes: &[u8; CELLS]) {
    // SAFETY: the caller guarantees 81 writable bytes at `board`, and `bytes` is a local array
    // that cannot overlap them.
    unsafe { ptr::copy_nonoverlapping(bytes.as_ptr(), board.cast::<u8>(), CELLS) };
}

/// @brief Solves a puzzle in place.
///
/// @param board The puzzle (81 bytes), overwritten on success by a complete solution that keeps
///        every given (one of them if the puzzle has several).
///
/// @return `SUDOKU_OK`, `SUDOKU_ERR_NULL_POINTER`, `SUDOKU_ERR_INVALID_CHARACTER`,
///         `SUDOKU_ERR_CONFLICT` or `SUDOKU_ERR_NO_SOLUTION`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn sudoku_solve(board: *mut c_char) -> c_int {
    guard(|| {
        if board.is_null() {
            return SUDOKU_ERR_NULL_POINTER;
        }
        // SAFETY: non-NULL, and the caller guarantees 81 readable bytes.
        let input = unsafe { read_board(board) };
        match sudoku_engine::solve_text(&input) {
            Ok(solution) => {
                // SAFETY: non-NULL, and the caller guarantees 81 writable bytes.
                unsafe { write_board(board, &solution) };
                SUDOKU_OK
            }
            Err(e) => e.into(),
        }
    })
}

/// @brief A human-readable description of a status code.
///
/// @param status Any value; one that is not a `sudoku_status` gets a generic message.
///
/// @return The description, a static string.
#[unsafe(no_mangle)]
pub extern "C" fn sudoku_status_str(status: c_int) -> *const c_char {
    guard_or(INTERNAL_MESSAGE.as_ptr(), || {
        let message = match status {
            0 => c"success",
            1 => c"a required pointer argument is NULL",
            2 => c"the board contains a byte other than '1'-'9', '.' or '0'",
            3 => c"two givens with the same digit share a row, column or box",
            4 => c"the puzzle has no solution",
            5 => INTERNAL_MESSAGE,
            6 => c"an argument is out of range",
            7 => c"the output buffer is too small",
            8 => c"the text is not a puzzle libsudoku can read",
            9 => c"the puzzle has more than one solution",
            10 => c"no puzzle met the requirements within the attempt limit",
            11 => c"the rating ran out of its budget",
            12 => c"the puzzle needs techniques beyond the rater's (SE 9.5 and above)",
            _ => c"unknown status code",
        };
        message.as_ptr()
    })
}

const INTERNAL_MESSAGE: &core::ffi::CStr = c"internal error in libsudoku (please report it)";

/// @brief The library's version, `"MAJOR.MINOR.PATCH"`, a static string.
///
/// Compare it with `SUDOKU_VERSION_STRING` to detect a header/library mismatch at run time.
#[unsafe(no_mangle)]
pub extern "C" fn sudoku_version() -> *const c_char {
    // Nothing here can panic; the guard keeps the rule that every export has one.
    guard_or(VERSION.as_ptr(), || VERSION.as_ptr())
}

const VERSION: &core::ffi::CStr =
    match core::ffi::CStr::from_bytes_with_nul(concat!(env!("CARGO_PKG_VERSION"), "\0").as_bytes())
    {
        Ok(version) => version,
        Err(_) => panic!("the crate version contains a NUL byte"),
    };

#[cfg(test)]
mod boundary_tests;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_panic_becomes_internal_error() {
        let status = guard(|| panic!("deliberate test panic"));
        assert_eq!(status, SUDOKU_ERR_INTERNAL as c_int);
    }

    #[test]
    fn guard_passes_statuses_through() {
        assert_eq!(guard(|| SUDOKU_ERR_CONFLICT), 3);
    }
}
