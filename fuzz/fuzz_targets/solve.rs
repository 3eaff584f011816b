//! `sudoku_solve` on arbitrary bytes: the first 81 bytes of the input (padded with `'.'`), so
//! most inputs exercise the byte checks; and `sudoku_solve_batch` on the whole input as up to
//! four boards (81-byte chunks), on 0, 1 or 2 threads, each board compared with one solve. The
//! contract is in `tests/common/contract.rs`.
#![no_main]

#[path = "../../tests/common/mod.rs"]
mod common;

use common::contract::{board_from_bytes, boards_from_bytes, check_solve, check_solve_batch};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    check_solve(&board_from_bytes(data));
    if data.len() > 81 {
        check_solve_batch(
            &boards_from_bytes(data),
            data.len() % 3,
            data.len() % 2 == 0,
        );
    }
});
