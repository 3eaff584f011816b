//! `sudoku_parse` on arbitrary text, against a reference parser written from the documented
//! grammar; accepted text must round-trip through `sudoku_format`. The contract is in
//! `tests/common/contract.rs`.
#![no_main]

#[path = "../../tests/common/mod.rs"]
mod common;

use common::contract::check_parse;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    check_parse(data, true);
});
