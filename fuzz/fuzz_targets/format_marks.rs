//! `sudoku_format_marks` on arbitrary boards, masks, styles and buffer sizes, against a
//! reference writer. The contract is in `tests/common/contract.rs`.
#![no_main]

#[path = "../../tests/common/mod.rs"]
mod common;

use common::contract::{check_format_marks, format_marks_input};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let f = format_marks_input(data);
    check_format_marks(&f.board, &f.masks, f.style, f.out_len, f.with_written);
});
