//! Replays the committed fuzz seeds (`fuzz/seeds/`) through the fuzz targets' contract checks
//! (`tests/common/contract.rs`), so every `cargo test` checks them without a nightly toolchain,
//! and a crash the fuzzer once found, saved there, stays fixed.

mod common;

use std::collections::BTreeMap;
use std::path::PathBuf;

use common::contract::{board_from_bytes, check_solve, grid_from_bytes};
use sudoku::ffi::sudoku_status::*;

/// The seed files of one directory under `fuzz/seeds/`, sorted by name.
fn seeds(dir: &str) -> Vec<(String, Vec<u8>)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("fuzz/seeds")
        .join(dir);
    let mut seeds: Vec<(String, Vec<u8>)> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .map(|entry| {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read(&path).unwrap())
        })
        .collect();
    seeds.sort();
    seeds
}

/// The board seeds, through both solve targets' views of the bytes; and the seed set still
/// covers every status class (at least two boards each), so the fuzzer starts from all of them.
#[test]
fn board_seeds_meet_the_solve_contract() {
    let mut by_status: BTreeMap<i32, Vec<String>> = BTreeMap::new();
    for (name, bytes) in seeds("board") {
        let status = check_solve(&board_from_bytes(&bytes));
        by_status.entry(status).or_default().push(name);
        if !cfg!(miri) {
            // Under Miri the board view alone: the two views differ only for bad bytes.
            check_solve(&grid_from_bytes(&bytes));
        }
    }
    for status in [
        SUDOKU_OK,
        SUDOKU_ERR_INVALID_CHARACTER,
        SUDOKU_ERR_CONFLICT,
        SUDOKU_ERR_NO_SOLUTION,
    ] {
        let n = by_status.get(&(status as i32)).map_or(0, Vec::len);
        assert!(n >= 2, "only {n} seeds get {status:?}: {by_status:?}");
    }
}
