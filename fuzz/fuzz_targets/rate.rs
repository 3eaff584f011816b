//! `sudoku_rate` and `sudoku_rate_ex` on arbitrary bytes: the first 81 bytes (padded with
//! `'.'`), into a rating struct sized by byte 81 (exact, the first version's, short of either,
//! longer or above the limit), with options from bytes 82-84 (layout in
//! `contract::rate_input`). The contract is in `tests/common/contract.rs`.
#![no_main]

#[path = "../../tests/common/mod.rs"]
mod common;

use common::contract::{check_rate, rate_input};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    check_rate(&rate_input(data));
});
