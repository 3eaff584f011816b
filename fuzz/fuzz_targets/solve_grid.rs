//! `sudoku_solve` on well-formed boards: every input byte that is not a digit becomes a blank,
//! so the fuzzer spends its time on clashes, dead ends and the search. The contract is in
//! `tests/common/contract.rs`.
#![no_main]

#[path = "../../tests/common/mod.rs"]
mod common;

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    common::contract::check_solve(&common::contract::grid_from_bytes(data));
});
