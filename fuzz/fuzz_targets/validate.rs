//! `sudoku_validate` on arbitrary bytes: the first 81 bytes (padded with `'.'`); the cell
//! output is passed unless byte 81 is odd. The contract is in `tests/common/contract.rs`.
#![no_main]

#[path = "../../tests/common/mod.rs"]
mod common;

use common::contract::{board_from_bytes, check_validate};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let with_cell = data.get(81).is_none_or(|b| b % 2 == 0);
    check_validate(&board_from_bytes(data), with_cell);
});
