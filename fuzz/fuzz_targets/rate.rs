//! `sudoku_rate` on arbitrary bytes: the first 81 bytes (padded with `'.'`), into a rating
//! struct sized by byte 81 (exact, short, longer or above the limit). The contract is in
//! `tests/common/contract.rs`.
#![no_main]

#[path = "../../tests/common/mod.rs"]
mod common;

use common::contract::{board_from_bytes, check_rate, struct_size};
use libfuzzer_sys::fuzz_target;
use sudoku::sudoku_rating;

fuzz_target!(|data: &[u8]| {
    let size = struct_size(
        size_of::<sudoku_rating>(),
        data.get(81).copied().unwrap_or(0),
    );
    check_rate(&board_from_bytes(data), size);
});
