//! Replays the committed fuzz seeds (`fuzz/seeds/`) through the fuzz targets' contract checks
//! (`tests/common/contract.rs`), reading their bytes as the targets do, so every `cargo test`
//! checks them without a nightly toolchain, and a crash the fuzzer once found, saved there,
//! stays fixed. Each seed directory must keep covering the outcomes its targets start from.

mod common;

use std::collections::BTreeMap;
use std::path::PathBuf;

use common::contract::*;
use sudoku::sudoku_status::*;
use sudoku::{sudoku_rate_options, sudoku_rating, sudoku_status};

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

/// The board seeds; under Miri only those that are never searched (bad bytes, clashes) or have
/// enough givens to be searched in seconds (`common::searchable_under_miri`): the empty and
/// sparse ones take minutes each there.
fn board_seeds() -> Vec<(String, Vec<u8>)> {
    let mut all = seeds("board");
    all.retain(|(_, bytes)| {
        let board = board_from_bytes(bytes);
        classify(&board) != Class::Searchable || common::searchable_under_miri(&board)
    });
    all
}

/// Seed names by the status a check gave them.
#[derive(Default)]
struct ByStatus(BTreeMap<i32, Vec<String>>);

impl ByStatus {
    fn add(&mut self, status: i32, name: &str) {
        self.0.entry(status).or_default().push(name.to_owned());
    }

    /// At least `n` seeds got each of `statuses` (checked on the full seed sets, not under Miri).
    fn require(&self, what: &str, n: usize, statuses: &[sudoku_status]) {
        if cfg!(miri) {
            return;
        }
        for &status in statuses {
            let got = self.0.get(&(status as i32)).map_or(0, Vec::len);
            assert!(
                got >= n,
                "{what}: only {got} seeds get {status:?}: {:?}",
                self.0
            );
        }
    }
}

/// The board seeds, through both solve targets' views of the bytes; and the seed set still
/// covers every status class (at least two boards each), so the fuzzer starts from all of them.
#[test]
fn board_seeds_meet_the_solve_contract() {
    let mut by_status = ByStatus::default();
    let mut boards = Vec::new();
    for (name, bytes) in board_seeds() {
        let status = check_solve(&board_from_bytes(&bytes));
        by_status.add(status, &name);
        if !cfg!(miri) {
            // Under Miri the board view alone: the two views differ only for bad bytes.
            check_solve(&grid_from_bytes(&bytes));
        }
        boards.extend_from_slice(&bytes);
    }
    by_status.require(
        "solve",
        2,
        &[
            SUDOKU_OK,
            SUDOKU_ERR_INVALID_CHARACTER,
            SUDOKU_ERR_CONFLICT,
            SUDOKU_ERR_NO_SOLUTION,
        ],
    );
    // The solve target's batch view: four boards at a time, on 0, 1 and 2 threads.
    for (i, chunk) in boards.chunks(4 * 81).enumerate() {
        check_solve_batch(&boards_from_bytes(chunk), i % 3, i % 2 == 0);
    }
}

/// The board seeds through the count, validate, candidates and format targets.
#[test]
#[cfg_attr(
    miri,
    ignore = "counts, enumerations and singles of every board seed, with reference checks: tens of \
              minutes under Miri; the panic-boundary tests call these exports under Miri"
)]
fn board_seeds_meet_the_analysis_contracts() {
    let (mut counts, mut validated, mut singles) = (
        ByStatus::default(),
        ByStatus::default(),
        ByStatus::default(),
    );
    for (name, bytes) in board_seeds() {
        let input = count_input(&bytes);
        counts.add(
            check_count(&input.board, input.limit, input.with_first),
            &name,
        );
        check_enumerate(&input.board, 3, 0);
        validated.add(check_validate(&board_from_bytes(&bytes), true), &name);
        singles.add(check_candidates(&grid_from_bytes(&bytes)).1, &name);
        let f = format_input(&bytes);
        check_format(&f.board, f.style, f.out_len, f.with_written);
    }
    counts.require("count", 10, &[SUDOKU_OK]);
    validated.require(
        "validate",
        2,
        &[SUDOKU_OK, SUDOKU_ERR_INVALID_CHARACTER, SUDOKU_ERR_CONFLICT],
    );
    singles.require(
        "candidates_singles",
        2,
        &[SUDOKU_OK, SUDOKU_ERR_CONFLICT, SUDOKU_ERR_NO_SOLUTION],
    );
}

/// The board seeds through the rate target and the plain hint, with every struct size.
#[test]
#[cfg_attr(
    miri,
    ignore = "grades every board seed and checks each hint against a solution: tens of minutes \
              under Miri; the panic-boundary tests rate and hint under Miri"
)]
fn board_seeds_meet_the_rate_and_hint_contracts() {
    let mut rated = ByStatus::default();
    let mut hinted = ByStatus::default();
    for (i, (name, bytes)) in board_seeds().into_iter().enumerate() {
        // Each seed three times: the exact struct and no options (sudoku_rate); the first
        // version's struct with valid options (sudoku_rate_ex, a budget from the list); and one
        // invalid variation in turn (a struct short of the first version or above the limit,
        // options too short, or a longer options struct with a non-zero tail).
        let ours = size_of::<sudoku_rating>();
        let options = size_of::<sudoku_rate_options>();
        let mut plain = rate_input(&bytes);
        plain.size = ours;
        plain.options = None;
        rated.add(check_rate(&plain), &name);
        let mut old = rate_input(&bytes);
        old.size = RATING_V1_SIZE;
        old.options = Some(RateOptionsInput {
            size: options,
            max_effort: [0, 1, 1 << 20, u64::MAX][i % 4],
            tail: 0,
        });
        check_rate(&old);
        let mut bad = rate_input(&bytes);
        bad.size = [RATING_V1_SIZE - 1, 4097, ours, ours][i % 4];
        bad.options = Some(RateOptionsInput {
            size: [options, options, options - 1, options + 8][i % 4],
            max_effort: 0,
            tail: 1,
        });
        rated.add(check_rate(&bad), &name);
        hinted.add(check_hint(&hint_input(&bytes)), &name);
    }
    rated.require(
        "rate",
        1,
        &[
            SUDOKU_OK,
            SUDOKU_ERR_INVALID_ARGUMENT,
            SUDOKU_ERR_MULTIPLE_SOLUTIONS,
        ],
    );
    hinted.require("hint", 2, &[SUDOKU_OK, SUDOKU_ERR_MULTIPLE_SOLUTIONS]);
}

#[test]
#[cfg_attr(
    miri,
    ignore = "grades every hint seed: tens of minutes under Miri; the panic-boundary tests call \
              sudoku_hint and sudoku_hint_ex under Miri"
)]
fn hint_seeds_meet_the_hint_contract() {
    let mut by_status = ByStatus::default();
    let mut kinds = Vec::new();
    for (name, bytes) in seeds("hint") {
        let input = hint_input(&bytes);
        let status = check_hint(&input);
        if status == SUDOKU_OK as i32 {
            kinds.push(name.clone());
        }
        by_status.add(status, &name);
    }
    by_status.require("hint", 1, &[SUDOKU_OK, SUDOKU_ERR_INVALID_ARGUMENT]);
    // Every kind of hint but the reveal (which needs a puzzle beyond the ladder) has a seed.
    for kind in [
        "step",
        "wrongdigit-puzzle",
        "wrongdigit-suspects",
        "wrongmark",
        "solved",
    ] {
        assert!(
            kinds.iter().any(|k| k.starts_with(kind)),
            "no accepted hint seed {kind}*: {kinds:?}"
        );
    }
}

#[test]
fn text_seeds_meet_the_parse_contract() {
    let mut by_status = ByStatus::default();
    for (name, bytes) in seeds("text") {
        by_status.add(check_parse(&bytes, true), &name);
        check_parse(&bytes, false);
    }
    by_status.require("parse", 5, &[SUDOKU_OK, SUDOKU_ERR_PARSE]);
}

#[test]
fn format_seeds_meet_the_format_contract() {
    let mut by_status = ByStatus::default();
    for (name, bytes) in seeds("format") {
        let f = format_input(&bytes);
        by_status.add(
            check_format(&f.board, f.style, f.out_len, f.with_written),
            &name,
        );
    }
    by_status.require(
        "format",
        2,
        &[
            SUDOKU_OK,
            SUDOKU_ERR_BUFFER_TOO_SMALL,
            SUDOKU_ERR_INVALID_ARGUMENT,
        ],
    );
}

#[test]
#[cfg_attr(
    miri,
    ignore = "each seed generates a minimal puzzle twice and checks its minimality with about \
              25 counts: tens of minutes under Miri; the panic-boundary test generates under Miri"
)]
fn generate_seeds_meet_the_generate_contract() {
    let mut by_status = ByStatus::default();
    for (name, bytes) in seeds("generate") {
        check_generate_options_init(options_init_size(&bytes));
        by_status.add(check_generate(&generate_input(&bytes)), &name);
    }
    by_status.require("generate", 2, &[SUDOKU_OK, SUDOKU_ERR_INVALID_ARGUMENT]);
    by_status.require("generate", 1, &[SUDOKU_ERR_ATTEMPTS_EXHAUSTED]);
}

#[test]
fn marks_seeds_meet_the_parse_marks_contract() {
    let mut by_status = ByStatus::default();
    for (name, bytes) in seeds("marks") {
        by_status.add(check_parse_marks(&marks_input(&bytes)), &name);
    }
    by_status.require("parse_marks", 5, &[SUDOKU_OK, SUDOKU_ERR_PARSE]);
    by_status.require("parse_marks", 1, &[SUDOKU_ERR_INVALID_CHARACTER]);
}

#[test]
fn marks_format_seeds_meet_the_format_marks_contract() {
    let mut by_status = ByStatus::default();
    for (name, bytes) in seeds("marks_format") {
        let f = format_marks_input(&bytes);
        by_status.add(
            check_format_marks(&f.board, &f.masks, f.style, f.out_len, f.with_written),
            &name,
        );
    }
    by_status.require(
        "format_marks",
        2,
        &[
            SUDOKU_OK,
            SUDOKU_ERR_BUFFER_TOO_SMALL,
            SUDOKU_ERR_INVALID_ARGUMENT,
        ],
    );
}

#[test]
fn records_seeds_meet_the_next_puzzle_contract() {
    let (mut with_puzzles, mut with_errors) = (0, 0);
    for (_, bytes) in seeds("records") {
        let (puzzles, errors) = check_next_puzzle(&bytes);
        with_puzzles += usize::from(puzzles > 0);
        with_errors += usize::from(errors > 0);
    }
    if !cfg!(miri) {
        assert!(
            with_puzzles >= 5 && with_errors >= 4,
            "{with_puzzles} {with_errors}"
        );
    }
}

/// The seeds of a position format: readers (first byte even) and writers (odd).
fn position_seeds_meet(
    dir: &str,
    read: fn(&[u8], PositionOutputs) -> i32,
    write: fn(&PositionInput) -> i32,
) {
    let (mut reads, mut writes) = (ByStatus::default(), ByStatus::default());
    for (name, bytes) in seeds(dir) {
        let Some((&first, rest)) = bytes.split_first() else {
            continue;
        };
        if first % 2 == 0 {
            reads.add(read(rest, position_outputs(first >> 1)), &name);
        } else {
            writes.add(write(&position_input(rest)), &name);
        }
    }
    reads.require(dir, 4, &[SUDOKU_OK, SUDOKU_ERR_PARSE]);
    writes.require(
        dir,
        1,
        &[
            SUDOKU_OK,
            SUDOKU_ERR_BUFFER_TOO_SMALL,
            SUDOKU_ERR_INVALID_ARGUMENT,
        ],
    );
}

#[test]
fn sudokuwiki_seeds_meet_the_sudokuwiki_contracts() {
    position_seeds_meet(
        "sudokuwiki",
        check_parse_sudokuwiki,
        check_format_sudokuwiki,
    );
}

#[test]
fn ss_seeds_meet_the_ss_contracts() {
    position_seeds_meet("ss", check_parse_ss, check_format_ss);
}
