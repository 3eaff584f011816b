//! `sudoku_parse_marks` on arbitrary text (with or without values, raw or cleaned), against a
//! reference reader written from its documentation; accepted positions must round-trip through
//! `sudoku_format_marks` in both styles. The contract is in `tests/common/contract.rs`.
#![no_main]

#[path = "../../tests/common/mod.rs"]
mod common;

use common::contract::{check_parse_marks, marks_input};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    check_parse_marks(&marks_input(data));
});
