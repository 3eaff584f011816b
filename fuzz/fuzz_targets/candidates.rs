//! `sudoku_candidates` and `sudoku_candidates_singles` on a board: the first 81 bytes with
//! non-digits as blanks, or the raw bytes when byte 81 is odd. The contract (independent
//! elimination and singles propagation) is in `tests/common/contract.rs`.
#![no_main]

#[path = "../../tests/common/mod.rs"]
mod common;

use common::contract::{board_from_bytes, check_candidates, grid_from_bytes};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let board = match data.get(81) {
        Some(b) if b % 2 == 1 => board_from_bytes(data),
        _ => grid_from_bytes(data),
    };
    check_candidates(&board);
});
