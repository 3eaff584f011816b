//! `sudoku_format` on a board, a style (including invalid ones) and a buffer size (including
//! too small ones), from arbitrary bytes (layout in `contract::format_input`). The contract is
//! in `tests/common/contract.rs`.
#![no_main]

#[path = "../../tests/common/mod.rs"]
mod common;

use common::contract::{check_format, format_input};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let input = format_input(data);
    check_format(&input.board, input.style, input.out_len, input.with_written);
});
