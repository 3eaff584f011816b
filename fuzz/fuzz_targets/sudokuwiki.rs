//! `sudoku_parse_sudokuwiki` on arbitrary text (first byte even) or `sudoku_format_sudokuwiki`
//! on an arbitrary position (odd), against reference implementations; accepted links must
//! round-trip. The contract is in `tests/common/contract.rs`.
#![no_main]

#[path = "../../tests/common/mod.rs"]
mod common;

use common::contract::{
    check_format_sudokuwiki, check_parse_sudokuwiki, position_input, position_outputs,
};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    if first % 2 == 0 {
        check_parse_sudokuwiki(rest, position_outputs(first >> 1));
    } else {
        check_format_sudokuwiki(&position_input(rest));
    }
});
