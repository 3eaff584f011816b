//! Property tests over seeded random boards (hand-rolled on the `Rng` in tests/common, so no
//! extra dependency; a failure prints the board and the seed): the symmetries of Sudoku
//! (relabelling digits, permuting rows within a band, bands, columns within a stack, stacks,
//! transposing) change neither the status `sudoku_solve` returns nor the number of solutions
//! (`Board::count_solutions` and `sudoku_count_solutions`, up to a small limit), nor whether
//! `sudoku_validate` finds a clash (the cell it names is a clashing one, and so is its image),
//! and `sudoku_candidates` maps with the symmetry; solutions always keep the givens; and the
//! library agrees with the in-test reference solver.

mod common;

use common::{Rng, c_solve, consistent, is_solution_of, random_solution, reference_count, value};
use sudoku::sudoku_status::*;
use sudoku::{sudoku_candidates, sudoku_count_solutions, sudoku_validate};
use sudoku_engine::Board;

/// Boards per property (each checked under every symmetry); one under Miri.
const CASES: usize = if cfg!(miri) { 1 } else { 150 };

/// A symmetry of the grid: `out[r][c] = digits[in[row_of[r]][col_of[c]]]`, after an optional
/// transposition. Blanks keep their byte.
#[derive(Clone, Debug)]
struct Symmetry {
    digits: [u8; 9],
    row_of: [usize; 9],
    col_of: [usize; 9],
    transpose: bool,
}

impl Symmetry {
    const IDENTITY: Symmetry = Symmetry {
        digits: [1, 2, 3, 4, 5, 6, 7, 8, 9],
        row_of: [0, 1, 2, 3, 4, 5, 6, 7, 8],
        col_of: [0, 1, 2, 3, 4, 5, 6, 7, 8],
        transpose: false,
    };

    /// The cell of the original board that `cell` of the image comes from.
    fn source(&self, cell: usize) -> usize {
        let (r, c) = (cell / 9, cell % 9);
        let (sr, sc) = if self.transpose { (c, r) } else { (r, c) };
        self.row_of[sr] * 9 + self.col_of[sc]
    }

    /// A candidate mask (bit `d - 1` for digit `d`) with the digits relabelled.
    fn map_mask(&self, mask: u16) -> u16 {
        (0..9)
            .filter(|d| mask >> d & 1 != 0)
            .fold(0, |m, d| m | 1 << (self.digits[d] - 1))
    }

    fn apply(&self, board: &[u8; 81]) -> [u8; 81] {
        let mut out = [0u8; 81];
        for r in 0..9 {
            for c in 0..9 {
                let (sr, sc) = if self.transpose { (c, r) } else { (r, c) };
                let byte = board[self.row_of[sr] * 9 + self.col_of[sc]];
                out[r * 9 + c] = match value(byte) {
                    0 => byte,
                    v => b'0' + self.digits[usize::from(v - 1)],
                };
            }
        }
        out
    }
}

fn perm3(rng: &mut Rng) -> [usize; 3] {
    let mut p = [0, 1, 2];
    rng.shuffle(&mut p);
    p
}

/// Lines (rows or columns) permuted within each group of three, the groups fixed.
fn within_groups(rng: &mut Rng) -> [usize; 9] {
    let mut map = [0; 9];
    for g in 0..3 {
        let p = perm3(rng);
        for k in 0..3 {
            map[g * 3 + k] = g * 3 + p[k];
        }
    }
    map
}

/// The groups of three (bands or stacks) permuted, lines inside them kept in order.
fn groups(rng: &mut Rng) -> [usize; 9] {
    let p = perm3(rng);
    std::array::from_fn(|i| p[i / 3] * 3 + i % 3)
}

/// One random symmetry of each kind, then all of them composed.
fn symmetries(rng: &mut Rng) -> Vec<(&'static str, Symmetry)> {
    let id = Symmetry::IDENTITY;
    let mut digits = id.digits;
    rng.shuffle(&mut digits);
    let kinds = vec![
        (
            "relabel digits",
            Symmetry {
                digits,
                ..id.clone()
            },
        ),
        (
            "rows within bands",
            Symmetry {
                row_of: within_groups(rng),
                ..id.clone()
            },
        ),
        (
            "bands",
            Symmetry {
                row_of: groups(rng),
                ..id.clone()
            },
        ),
        (
            "columns within stacks",
            Symmetry {
                col_of: within_groups(rng),
                ..id.clone()
            },
        ),
        (
            "stacks",
            Symmetry {
                col_of: groups(rng),
                ..id.clone()
            },
        ),
        (
            "transpose",
            Symmetry {
                transpose: true,
                ..id.clone()
            },
        ),
    ];
    let compose = |a: [usize; 9], b: [usize; 9]| std::array::from_fn(|i| a[b[i]]);
    let all = Symmetry {
        digits,
        row_of: compose(groups(rng), within_groups(rng)),
        col_of: compose(groups(rng), within_groups(rng)),
        transpose: true,
    };
    let mut list = kinds;
    list.push(("all at once", all));
    list
}

/// A random board aimed at one kind (0 clash, 1 no solution, 2 unique, 3 several solutions;
/// the aim is not always met, the checks classify each board themselves); blanks are `.` or
/// `0`.
fn random_board(rng: &mut Rng, kind: usize) -> [u8; 81] {
    let solution = random_solution(rng);
    let mut cells: Vec<usize> = (0..81).collect();
    rng.shuffle(&mut cells);
    let keep = match kind {
        0 => 20 + rng.below(30),
        3 => 17 + rng.below(8),
        _ => 40 + rng.below(16),
    };
    let blank = if rng.below(2) == 0 { b'.' } else { b'0' };
    let mut p = [blank; 81];
    for &i in &cells[..keep] {
        p[i] = solution[i];
    }
    match kind {
        // Copy a given into a blank cell of its row.
        0 => {
            let from = cells[0];
            let to = (0..9).map(|c| from / 9 * 9 + c).find(|&i| value(p[i]) == 0);
            if let Some(to) = to {
                p[to] = p[from];
            }
        }
        // Change one given to another digit that clashes with nothing: on a dense board that
        // mostly leaves no solution.
        1 => {
            'change: for &i in &cells[..keep] {
                let old = p[i];
                for d in b'1'..=b'9' {
                    p[i] = d;
                    if d != old && consistent(&p) {
                        break 'change;
                    }
                }
                p[i] = old;
            }
        }
        _ => {}
    }
    p
}

fn status_name(status: i32) -> &'static str {
    match status {
        s if s == SUDOKU_OK as i32 => "OK",
        s if s == SUDOKU_ERR_CONFLICT as i32 => "CONFLICT",
        s if s == SUDOKU_ERR_NO_SOLUTION as i32 => "NO_SOLUTION",
        _ => "unexpected",
    }
}

/// Solution count up to 2 from the library's Rust API; clashing givens count as 0.
fn library_count(board: &[u8; 81]) -> usize {
    match Board::from_bytes(board).unwrap().count_solutions(2) {
        Ok((count, first)) => {
            if let Some(first) = first {
                assert!(is_solution_of(&first.to_bytes(), board));
            }
            count
        }
        Err(sudoku_engine::Error::Conflict { .. }) => 0,
        Err(e) => panic!("count_solutions failed with {e}"),
    }
}

/// The limit of the counts compared across symmetries.
const COUNT_LIMIT: usize = 3;

/// sudoku_count_solutions up to COUNT_LIMIT (clashing givens count 0); its first solution, when
/// there is one, keeps the givens.
fn c_count(board: &[u8; 81]) -> usize {
    let mut count = usize::MAX;
    let mut first = [0u8; 81];
    // SAFETY: 81 readable bytes, a writable usize and 81 writable bytes.
    let status = unsafe {
        sudoku_count_solutions(
            board.as_ptr().cast(),
            COUNT_LIMIT,
            &mut count,
            first.as_mut_ptr().cast(),
        )
    };
    assert_eq!(status, SUDOKU_OK as i32);
    assert!(count == 0 || is_solution_of(&first, board));
    count
}

/// sudoku_validate: the status and the cell it names (usize::MAX when none).
fn c_validate(board: &[u8; 81]) -> (i32, usize) {
    let mut cell = usize::MAX;
    // SAFETY: 81 readable bytes and a writable usize.
    let status = unsafe { sudoku_validate(board.as_ptr().cast(), &mut cell) };
    (status, cell)
}

/// sudoku_candidates: the status and the masks.
fn c_candidates(board: &[u8; 81]) -> (i32, [u16; 81]) {
    let mut masks = [0u16; 81];
    // SAFETY: 81 readable bytes and 81 writable u16.
    let status = unsafe { sudoku_candidates(board.as_ptr().cast(), masks.as_mut_ptr()) };
    (status, masks)
}

/// True when the digit in `cell` appears again in its row, column or box.
fn clashes(board: &[u8; 81], cell: usize) -> bool {
    let v = value(board[cell]);
    let same_unit = |a: usize, b: usize| {
        a / 9 == b / 9 || a % 9 == b % 9 || (a / 27 == b / 27 && a % 9 / 3 == b % 9 / 3)
    };
    v != 0 && (0..81).any(|p| p != cell && same_unit(p, cell) && value(board[p]) == v)
}

/// Checks one board and every symmetry of it; returns the status and the solution count.
fn check_board(rng: &mut Rng, p: &[u8; 81]) -> (i32, usize) {
    let shown = String::from_utf8_lossy(p).into_owned();
    let (status, out) = c_solve(p);
    let count = library_count(p);

    // The library agrees with the reference solver (which gives 0 for clashing givens).
    let reference = reference_count(p, 2);
    assert_eq!(count, reference, "count_solutions(2) vs reference: {shown}");
    let expected = match (consistent(p), reference) {
        (false, _) => SUDOKU_ERR_CONFLICT,
        (true, 0) => SUDOKU_ERR_NO_SOLUTION,
        (true, _) => SUDOKU_OK,
    } as i32;
    assert_eq!(status_name(status), status_name(expected), "{shown}");
    if status == SUDOKU_OK as i32 {
        assert!(is_solution_of(&out, p), "solution loses a given: {shown}");
    } else {
        assert_eq!(out, *p, "failed solve changed the board: {shown}");
    }

    // Counts through the C ABI, up to a larger limit, against the reference.
    let c_counted = c_count(p);
    assert_eq!(
        c_counted,
        reference_count(p, COUNT_LIMIT),
        "sudoku_count_solutions({COUNT_LIMIT}) vs reference: {shown}"
    );
    // Validation finds a clash exactly when there is one, and names a clashing cell.
    let (valid, cell) = c_validate(p);
    assert_eq!(
        valid == SUDOKU_OK as i32,
        consistent(p),
        "validate: {shown}"
    );
    assert!(
        valid == SUDOKU_OK as i32 || clashes(p, cell),
        "validate names {cell}: {shown}"
    );
    let (cand_status, masks) = c_candidates(p);

    for (kind, symmetry) in symmetries(rng) {
        let q = symmetry.apply(p);
        let shown_q = String::from_utf8_lossy(&q);
        let (status_q, out_q) = c_solve(&q);
        assert_eq!(
            status_name(status_q),
            status_name(status),
            "{kind} changed the status: {shown} -> {shown_q}"
        );
        assert_eq!(
            library_count(&q),
            count,
            "{kind} changed the solution count: {shown} -> {shown_q}"
        );
        if status == SUDOKU_OK as i32 {
            assert!(
                is_solution_of(&out_q, &q),
                "{kind}: bad solution for {shown_q}"
            );
            // The image of the original solution solves the image of the puzzle.
            assert!(is_solution_of(&symmetry.apply(&out), &q), "{kind}: {shown}");
        } else {
            assert_eq!(out_q, q, "{kind}: failed solve changed the board");
        }
        assert_eq!(
            c_count(&q),
            c_counted,
            "{kind} changed sudoku_count_solutions: {shown} -> {shown_q}"
        );
        let (valid_q, cell_q) = c_validate(&q);
        assert_eq!(
            valid_q, valid,
            "{kind} changed validation: {shown} -> {shown_q}"
        );
        if valid_q != SUDOKU_OK as i32 {
            // The first clash in row-major order differs, but it is a clash on both sides.
            assert!(
                clashes(&q, cell_q) && clashes(p, symmetry.source(cell_q)),
                "{kind}: validate names {cell_q}: {shown} -> {shown_q}"
            );
        }
        let (cand_status_q, masks_q) = c_candidates(&q);
        assert_eq!(
            cand_status_q, cand_status,
            "{kind}: candidates status: {shown}"
        );
        if cand_status == SUDOKU_OK as i32 {
            for cell in 0..81 {
                assert_eq!(
                    masks_q[cell],
                    symmetry.map_mask(masks[symmetry.source(cell)]),
                    "{kind}: candidates of cell {cell}: {shown} -> {shown_q}"
                );
            }
        }
    }
    (status, count)
}

#[test]
fn symmetries_keep_status_and_count_and_solutions_keep_givens() {
    let seed = 0x5ca1e;
    let mut rng = Rng(seed);
    let mut seen = [0usize; 4]; // conflict, no solution, unique, several
    for case in 0..CASES {
        let p = random_board(&mut rng, case % 4);
        let (status, count) = check_board(&mut rng, &p);
        let kind = match (status, count) {
            (s, _) if s == SUDOKU_ERR_CONFLICT as i32 => 0,
            (_, 0) => 1,
            (_, 1) => 2,
            _ => 3,
        };
        seen[kind] += 1;
    }
    // Each kind of board must have come up for the properties to mean anything.
    if !cfg!(miri) {
        assert!(
            seen.iter().all(|&n| n >= CASES / 8),
            "seed {seed:#x}: {seen:?}"
        );
    }
}

/// The properties on corpus puzzles with no solution, one, and several.
#[test]
#[cfg_attr(
    miri,
    ignore = "corpus puzzles need long searches (tens of minutes under Miri); the random-board \
              property runs the same checks there"
)]
fn symmetries_on_corpus_boards() {
    let mut rng = Rng(11);
    for (file, expected) in [
        ("tdoku_test_invalid_0_solutions.txt", 0),
        ("tdoku_test_multi_solution.txt", 2),
        ("puzzles1_unbiased_first1000.txt", 1),
    ] {
        let puzzles = common::read_puzzles(file);
        for p in puzzles.iter().take(10) {
            assert_eq!(check_board(&mut rng, p).1, expected, "{file}");
        }
    }
}
