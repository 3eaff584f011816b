//! `sudoku_count_solutions` and `sudoku_enumerate` on a board and a few argument bytes (layout
//! in `contract::count_input`: the limit, including 0; whether the first solution is asked for;
//! when the callback stops). The contract is in `tests/common/contract.rs`.
#![no_main]

#[path = "../../tests/common/mod.rs"]
mod common;

use common::contract::{check_count, check_enumerate, count_input};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let input = count_input(data);
    check_count(&input.board, input.limit, input.with_first);
    check_enumerate(&input.board, input.limit, input.stop_at);
});
