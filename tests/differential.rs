//! The library against the in-test reference solver on random partial grids: solvable or not,
//! the same answer, and a solution that obeys the rules.

mod common;

use common::{Rng, c_solve, consistent, is_solution_of, random_solution, reference_count};

const OK: i32 = sudoku::sudoku_status::SUDOKU_OK as i32;
const ERR_CONFLICT: i32 = sudoku::sudoku_status::SUDOKU_ERR_CONFLICT as i32;
const ERR_NO_SOLUTION: i32 = sudoku::sudoku_status::SUDOKU_ERR_NO_SOLUTION as i32;

/// A random grid near a real puzzle: 17 to 50 cells of a random solution, then up to three of
/// them changed to other digits that clash with no given. Often unsolvable, always dense enough
/// for the reference solver to decide quickly.
fn random_partial_grid(rng: &mut Rng) -> [u8; 81] {
    let solution = random_solution(rng);
    let mut cells: Vec<usize> = (0..81).collect();
    rng.shuffle(&mut cells);
    let keep = 17 + rng.below(34);
    let mut p = [b'.'; 81];
    for &i in &cells[..keep] {
        p[i] = solution[i];
    }
    for _ in 0..rng.below(4) {
        let i = cells[rng.below(keep)];
        let old = p[i];
        p[i] = b'1' + rng.below(9) as u8;
        if !consistent(&p) {
            p[i] = old;
        }
    }
    p
}

#[test]
fn solvability_matches_reference_on_random_grids() {
    let mut rng = Rng(2024);
    let (mut solvable, mut unsolvable) = (0, 0);
    for round in 0..3000 {
        let p = random_partial_grid(&mut rng);
        let expected = reference_count(&p, 1);
        let (status, out) = c_solve(&p);
        if expected == 1 {
            assert_eq!(status, OK, "round {round}: {}", String::from_utf8_lossy(&p));
            assert!(is_solution_of(&out, &p));
            solvable += 1;
        } else {
            assert_eq!((status, out), (ERR_NO_SOLUTION, p), "round {round}");
            unsolvable += 1;
        }
    }
    // Both outcomes must be exercised for the comparison to mean anything.
    assert!(
        solvable > 300 && unsolvable > 300,
        "{solvable} / {unsolvable}"
    );
}

#[test]
fn random_grids_with_clashes() {
    let mut rng = Rng(77);
    for _ in 0..1000 {
        let solution = random_solution(&mut rng);
        let mut p = [b'.'; 81];
        for _ in 0..(20 + rng.below(40)) {
            let i = rng.below(81);
            p[i] = solution[i];
        }
        for _ in 0..(1 + rng.below(3)) {
            p[rng.below(81)] = b'1' + rng.below(9) as u8;
        }
        let (status, out) = c_solve(&p);
        match reference_count(&p, 1) {
            1 => {
                assert_eq!(status, OK);
                assert!(is_solution_of(&out, &p));
            }
            _ => {
                assert!(status == ERR_CONFLICT || status == ERR_NO_SOLUTION);
                assert_eq!(out, p);
                // A clash is reported exactly when the Rust validator finds one.
                let clash = sudoku_engine::Board::from_bytes(&p)
                    .unwrap()
                    .validate()
                    .is_err();
                assert_eq!(status == ERR_CONFLICT, clash);
            }
        }
    }
}
