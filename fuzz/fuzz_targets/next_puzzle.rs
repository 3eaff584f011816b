//! `sudoku_next_puzzle` over an arbitrary text, from its start to its end (bad lines skipped as
//! documented), every call against a reference reader. The contract is in
//! `tests/common/contract.rs`.
#![no_main]

#[path = "../../tests/common/mod.rs"]
mod common;

use common::contract::check_next_puzzle;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    check_next_puzzle(data);
});
