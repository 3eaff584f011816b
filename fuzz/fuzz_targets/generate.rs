//! `sudoku_generate` with an arbitrary seed and options struct (layout in
//! `contract::generate_input`; attempts kept to 1-4 so runs stay short), and
//! `sudoku_generate_options_init` with an arbitrary size (`contract::options_init_size`). The
//! contract is in `tests/common/contract.rs`.
#![no_main]

#[path = "../../tests/common/mod.rs"]
mod common;

use common::contract::{
    check_generate, check_generate_options_init, generate_input, options_init_size,
};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    check_generate_options_init(options_init_size(data));
    check_generate(&generate_input(data));
});
