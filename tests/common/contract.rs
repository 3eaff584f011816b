//! The contract of each export, checked on arbitrary input. Shared by the fuzz targets
//! (`fuzz/fuzz_targets/`, which include this directory by path) and by `tests/fuzz_seeds.rs`,
//! which replays the committed seeds so that every `cargo test` (and Miri, and the aarch64 run)
//! checks them too.
//!
//! Each `check_*` function calls one export on exactly-sized heap copies of its inputs (so a
//! memory checker sees any access past them), decides independently of the library what the
//! status must be, and panics with a description when the export breaks its contract: a wrong
//! status, a wrong or incomplete answer, or an output touched on failure.
//!
//! A new export gets a `check_<name>` here and a target in `fuzz/fuzz_targets/` that calls it
//! (see `fuzz/README.md`).

use super::{consistent, is_solution_of, reference_count_within};
use sudoku::ffi::sudoku_solve;
use sudoku::ffi::sudoku_status::*;

/// The status an input must get, from an independent look at its bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Class {
    /// A byte other than `'1'`-`'9'`, `'.'` or `'0'`.
    BadByte,
    /// Two givens with the same digit in a row, column or box.
    Clash,
    /// Well formed: solvable or not, which only a search can tell.
    Searchable,
}

pub fn classify(board: &[u8; 81]) -> Class {
    if !board.iter().all(|&b| b == b'.' || b.is_ascii_digit()) {
        Class::BadByte
    } else if !consistent(board) {
        Class::Clash
    } else {
        Class::Searchable
    }
}

/// Search nodes the reference solver may spend confirming that a board has no solution. Past
/// it the library's answer is accepted unconfirmed (it is still checked for a bad status or a
/// touched board); fuzzed boards that need more are rare and would slow the fuzzer down.
pub const NO_SOLUTION_BUDGET: u64 = 2_000;

/// A board from an arbitrary byte string: its first 81 bytes, padded with `'.'`.
pub fn board_from_bytes(data: &[u8]) -> [u8; 81] {
    let mut board = [b'.'; 81];
    let n = data.len().min(81);
    board[..n].copy_from_slice(&data[..n]);
    board
}

/// A well-formed board from an arbitrary byte string: digits `'0'`-`'9'` are kept and every
/// other byte becomes `'.'`, so fuzzing concentrates on clashes and on the search.
pub fn grid_from_bytes(data: &[u8]) -> [u8; 81] {
    board_from_bytes(data).map(|b| if b.is_ascii_digit() { b } else { b'.' })
}

fn show(board: &[u8; 81]) -> String {
    board.escape_ascii().to_string()
}

fn solve_on_heap(board: &[u8; 81]) -> (i32, Box<[u8; 81]>) {
    let mut buf = Box::new(*board);
    // SAFETY: `buf` is a heap block of exactly 81 writable bytes.
    let status = unsafe { sudoku_solve(buf.as_mut_ptr().cast()) };
    (status, buf)
}

/// Checks `sudoku_solve` on `board`; returns the status.
pub fn check_solve(board: &[u8; 81]) -> i32 {
    let class = classify(board);
    let (status, out) = solve_on_heap(board);
    let ok = SUDOKU_OK as i32;
    let expected_failure = match class {
        Class::BadByte => Some(SUDOKU_ERR_INVALID_CHARACTER as i32),
        Class::Clash => Some(SUDOKU_ERR_CONFLICT as i32),
        Class::Searchable if status == ok => None,
        Class::Searchable => Some(SUDOKU_ERR_NO_SOLUTION as i32),
    };
    match expected_failure {
        None => {
            assert!(
                is_solution_of(&out, board),
                "sudoku_solve returned OK with a wrong solution\n  input  {}\n  output {}",
                show(board),
                show(&out)
            );
            // A solution is a full grid: solving it again gives it back unchanged.
            let (again, same) = solve_on_heap(&out);
            assert!(
                again == ok && same == out,
                "a solution did not solve to itself: {}",
                show(&out)
            );
        }
        Some(expected) => {
            assert_eq!(
                status,
                expected,
                "wrong status for a {class:?} board: {}",
                show(board)
            );
            assert!(
                *out == *board,
                "sudoku_solve failed with {status} but changed the board\n  input  {}\n  output {}",
                show(board),
                show(&out)
            );
            if expected == SUDOKU_ERR_NO_SOLUTION as i32 {
                let count = reference_count_within(board, 1, NO_SOLUTION_BUDGET);
                assert_ne!(
                    count,
                    Some(1),
                    "sudoku_solve says no solution, the reference solver found one: {}",
                    show(board)
                );
            }
        }
    }
    // EXTEND(sudoku_count_solutions): once it lands, add `check_count` here: the count must be
    // 0 exactly when this solve failed with NO_SOLUTION, and agree with reference_count_within.
    status
}
