//! `sudoku_hint` and `sudoku_hint_ex` on a position, and optionally the original puzzle (a
//! subset of the position's cells) and pencil marks, from arbitrary bytes (layout in
//! `contract::hint_input`). The contract is in `tests/common/contract.rs`.
#![no_main]

#[path = "../../tests/common/mod.rs"]
mod common;

use common::contract::{check_hint, hint_input};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    check_hint(&hint_input(data));
});
