//! `sudoku_solve` on arbitrary bytes: the first 81 bytes of the input (padded with `'.'`), so
//! most inputs exercise the byte checks. The contract is in `tests/common/contract.rs`.
#![no_main]

#[path = "../../tests/common/mod.rs"]
mod common;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    common::contract::check_solve(&common::contract::board_from_bytes(data));
});
