//! Hints: following them solves logic puzzles with every placement and elimination agreeing
//! with the solution; wrong digits and wrong pencil marks are reported; solved boards, reveals,
//! statuses; the C API.

#![allow(clippy::needless_range_loop, reason = "cell numbers are the data")]

mod common;

use common::{Rng, read_puzzles};
use sudoku_engine::generate::{Options, generate};
use sudoku_engine::grade::{Candidates, Level};
use sudoku_engine::hint::{Hint, HintKind, hint, hint_with};
use sudoku_engine::{Board, Error};

fn with(board: &Board, cell: usize, digit: u8) -> Board {
    let mut v = *board.cells();
    v[cell] = digit;
    Board::from_cells(v).unwrap()
}

/// Follows hints from `puzzle` to the end with the player's marks kept up to date, checking
/// every step against the solution. Returns the number of hints.
fn follow(puzzle: &Board, next: impl Fn(&Board, &[u16; 81]) -> Hint) -> usize {
    let solution = puzzle.solve().unwrap();
    let mut board = *puzzle;
    let mut marks = *Candidates::from_board(puzzle).unwrap().masks();
    for n in 0..2000 {
        let h = next(&board, &marks);
        match h.kind {
            HintKind::Solved => {
                assert_eq!(board, solution);
                return n;
            }
            HintKind::Step => {}
            other => panic!("{other:?} while following hints on {puzzle} at {board}"),
        }
        let step = h.step.unwrap();
        assert_ne!(step.pattern, [0; 81], "{:?} shows nothing", step.technique);
        assert_ne!(step.units, 0, "{:?} names no unit", step.technique);
        for c in 0..81 {
            let answer = solution.get(c);
            if step.placements[c] != 0 {
                assert_eq!(step.placements[c], answer, "{:?} at {c}", step.technique);
                assert_eq!(board.get(c), 0);
                board = with(&board, c, answer);
            }
            assert_eq!(
                step.eliminations[c] & (1 << (answer - 1)),
                0,
                "{:?} removed the answer at {c}",
                step.technique
            );
            marks[c] &= !step.eliminations[c];
        }
        if let Some(c) = h.cell {
            assert_eq!(h.digit, step.placements[c]);
        }
    }
    panic!("hints did not finish {puzzle}");
}

/// Logic-solvable puzzles: corpus samples and generated puzzles of the first four levels.
fn logic_puzzles() -> Vec<Board> {
    let mut out = Vec::new();
    for name in ["puzzles2_17_clue.txt", "puzzles3_magictour_top1465.txt"] {
        let all = read_puzzles(name);
        for p in all.iter().step_by(all.len() / 60) {
            let b = Board::from_bytes(p).unwrap();
            if !b.rate().unwrap().needs_search {
                out.push(b);
            }
        }
    }
    for level in [Level::Easy, Level::Medium, Level::Hard, Level::Expert] {
        for seed in 0..3 {
            let options = Options {
                min_level: Some(level),
                max_level: Some(level),
                ..Options::default()
            };
            out.push(generate(seed, &options).unwrap().puzzle);
        }
    }
    out
}

#[test]
fn following_hints_solves_logic_puzzles() {
    let puzzles = logic_puzzles();
    assert!(puzzles.len() > 60);
    for p in &puzzles {
        let steps = follow(p, |board, marks| {
            hint_with(Some(p), board, Some(marks)).unwrap()
        });
        assert!(steps >= 81 - p.givens());
    }
}

#[test]
fn hints_without_the_puzzle_agree() {
    // Without the puzzle the same steps come out while every digit is right.
    for p in logic_puzzles().iter().step_by(5) {
        follow(p, |board, marks| {
            let a = hint_with(None, board, Some(marks)).unwrap();
            assert_eq!(a, hint_with(Some(p), board, Some(marks)).unwrap());
            a
        });
    }
}

#[test]
fn plain_hint_on_a_fresh_puzzle() {
    for p in logic_puzzles().iter().take(20) {
        let h = hint(p).unwrap();
        assert_eq!(h.kind, HintKind::Step);
        let solution = p.solve().unwrap();
        let step = h.step.unwrap();
        for c in 0..81 {
            assert!(step.placements[c] == 0 || step.placements[c] == solution.get(c));
        }
    }
}

#[test]
fn wrong_digits_are_named() {
    let mut rng = Rng(11);
    for seed in 0..20 {
        let g = generate(seed, &Options::default()).unwrap();
        let empty: Vec<usize> = (0..81).filter(|&c| g.puzzle.get(c) == 0).collect();
        // Some right entries and one to three wrong ones.
        let mut board = g.puzzle;
        let mut wrong = [0u16; 81];
        for _ in 0..5 {
            let c = empty[rng.below(empty.len())];
            board = with(&board, c, g.solution.get(c));
        }
        let mistakes = 1 + rng.below(3);
        for _ in 0..mistakes {
            let c = empty[rng.below(empty.len())];
            let d = loop {
                let d = 1 + rng.below(9) as u8;
                if d != g.solution.get(c) {
                    break d;
                }
            };
            board = with(&board, c, d);
            wrong[c] = 1 << (d - 1);
        }
        let h = hint_with(Some(&g.puzzle), &board, None).unwrap();
        assert_eq!(h.kind, HintKind::WrongDigit);
        assert_eq!(h.wrong, wrong, "seed {seed}");
        let first = wrong.iter().position(|&m| m != 0).unwrap();
        assert_eq!(h.cell, Some(first));
        assert_eq!(h.digit, board.get(first));
        assert!(h.step.is_none());

        if mistakes == 1 || wrong.iter().filter(|&&m| m != 0).count() == 1 {
            // Without the puzzle: the wrong cell is among the suspects, and every suspect is a
            // filled cell showing its digit.
            let h = hint(&board).unwrap();
            assert_eq!(h.kind, HintKind::WrongDigit);
            assert_eq!(h.wrong[first], wrong[first]);
            for c in 0..81 {
                assert!(h.wrong[c] == 0 || h.wrong[c] == 1 << (board.get(c) - 1));
            }
        }
    }
}

#[test]
fn wrong_marks_are_named() {
    let g = generate(3, &Options::default()).unwrap();
    let mut marks = *Candidates::from_board(&g.puzzle).unwrap().masks();
    let cells: Vec<usize> = (0..81).filter(|&c| g.puzzle.get(c) == 0).take(2).collect();
    for &c in &cells {
        marks[c] &= !(1 << (g.solution.get(c) - 1));
    }
    let h = hint_with(Some(&g.puzzle), &g.puzzle, Some(&marks)).unwrap();
    assert_eq!(h.kind, HintKind::WrongMark);
    assert_eq!(h.cell, Some(cells[0]));
    assert_eq!(h.digit, g.solution.get(cells[0]));
    for c in 0..81 {
        let expected = if cells.contains(&c) {
            1 << (g.solution.get(c) - 1)
        } else {
            0
        };
        assert_eq!(h.wrong[c], expected);
    }
    // A cell whose marks were all cleared means "no marks" and is fine.
    let mut none = *Candidates::from_board(&g.puzzle).unwrap().masks();
    none[cells[0]] = 0;
    let h = hint_with(Some(&g.puzzle), &g.puzzle, Some(&none)).unwrap();
    assert_eq!(h.kind, HintKind::Step);
}

#[test]
fn solved_boards_and_reveals() {
    let g = generate(4, &Options::default()).unwrap();
    let h = hint_with(Some(&g.puzzle), &g.solution, None).unwrap();
    assert_eq!(h.kind, HintKind::Solved);
    assert_eq!(hint(&g.solution).unwrap().kind, HintKind::Solved);

    // The hardest puzzles run out of techniques: follow steps until a cell is revealed.
    for p in read_puzzles("puzzles5_forum_hardest_1905_11+.txt")
        .iter()
        .step_by(5000)
    {
        let puzzle = Board::from_bytes(p).unwrap();
        let solution = puzzle.solve().unwrap();
        let mut marks = *Candidates::from_board(&puzzle).unwrap().masks();
        let mut board = puzzle;
        let revealed = loop {
            let h = hint_with(Some(&puzzle), &board, Some(&marks)).unwrap();
            match h.kind {
                HintKind::Reveal => break h,
                HintKind::Step => {
                    let step = h.step.unwrap();
                    for c in 0..81 {
                        if step.placements[c] != 0 {
                            board = with(&board, c, step.placements[c]);
                        }
                        marks[c] &= !step.eliminations[c];
                    }
                }
                other => panic!("{other:?}"),
            }
        };
        let c = revealed.cell.unwrap();
        assert_eq!(board.get(c), 0);
        assert_eq!(revealed.digit, solution.get(c));
    }
}

#[test]
fn statuses() {
    let multi = Board::from_bytes(&read_puzzles("tdoku_test_multi_solution.txt")[0]).unwrap();
    assert_eq!(hint(&multi), Err(Error::MultipleSolutions));
    assert_eq!(
        hint_with(Some(&multi), &multi, None),
        Err(Error::MultipleSolutions)
    );
    let g = generate(5, &Options::default()).unwrap();
    let given = (0..81).find(|&c| g.puzzle.get(c) != 0).unwrap();
    let changed = with(&g.puzzle, given, g.puzzle.get(given) % 9 + 1);
    assert_eq!(
        hint_with(Some(&g.puzzle), &changed, None),
        Err(Error::InvalidArgument)
    );
    let mut marks = [0u16; 81];
    marks[0] = 0x200;
    assert_eq!(
        hint_with(None, &g.puzzle, Some(&marks)),
        Err(Error::InvalidArgument)
    );
}

mod c_api {
    use super::*;
    use sudoku::*;

    fn empty_result() -> sudoku_hint_result {
        // SAFETY: plain integers; all-zero is valid.
        let mut out: sudoku_hint_result = unsafe { std::mem::zeroed() };
        out.size = size_of::<sudoku_hint_result>() as u32;
        out
    }

    fn c_hint_ex(
        puzzle: Option<&Board>,
        board: &Board,
        marks: Option<&[u16; 81]>,
    ) -> (i32, sudoku_hint_result) {
        let mut out = empty_result();
        let p = puzzle.map(|p| p.to_bytes());
        let b = board.to_bytes();
        // SAFETY: 81-byte boards, 81 marks, a valid output struct; NULLs allowed.
        let status = unsafe {
            sudoku_hint_ex(
                p.as_ref().map_or(std::ptr::null(), |p| p.as_ptr().cast()),
                b.as_ptr().cast(),
                marks.map_or(std::ptr::null(), |m| m.as_ptr()),
                &mut out,
            )
        };
        (status, out)
    }

    /// The C result translated back, for comparison with the Rust hint.
    fn same(out: &sudoku_hint_result, h: &Hint) {
        assert_eq!(out.kind, h.kind as i32);
        assert_eq!(out.technique, h.technique().map_or(-1, |t| t as i32));
        assert_eq!(out.cell, h.cell.map_or(-1, |c| c as i32));
        assert_eq!(out.digit, i32::from(h.digit));
        assert_eq!(out.wrong, h.wrong);
        if let Some(step) = &h.step {
            assert_eq!(out.placements, step.placements);
            assert_eq!(out.eliminations, step.eliminations);
            assert_eq!(out.pattern, step.pattern);
            assert_eq!(out.units, step.units);
        }
    }

    /// A proper puzzle and its solution: a generated one, or under Miri (where a generation
    /// takes minutes) a fixed one.
    fn proper_puzzle(seed: u64) -> (Board, Board) {
        if cfg!(miri) {
            let p = Board::from_bytes(common::LEETCODE).unwrap();
            (p, p.solve().unwrap())
        } else {
            let g = generate(seed, &Options::default()).unwrap();
            (g.puzzle, g.solution)
        }
    }

    #[test]
    #[cfg_attr(
        miri,
        ignore = "follows dozens of puzzles hint by hint, each hint checking uniqueness: hours \
                  under Miri; the other c_api tests take the same FFI path there"
    )]
    fn c_hints_follow_to_the_solution() {
        for p in logic_puzzles().iter().step_by(8) {
            follow(p, |board, marks| {
                let (status, out) = c_hint_ex(Some(p), board, Some(marks));
                assert_eq!(status, 0);
                let h = hint_with(Some(p), board, Some(marks)).unwrap();
                same(&out, &h);
                h
            });
        }
    }

    #[test]
    fn c_plain_hint_and_wrong_digit() {
        let (puzzle, solution) = proper_puzzle(8);
        let mut out = empty_result();
        let b = puzzle.to_bytes();
        // SAFETY: 81-byte board, valid output struct.
        assert_eq!(unsafe { sudoku_hint(b.as_ptr().cast(), &mut out) }, 0);
        same(&out, &hint(&puzzle).unwrap());

        let c = (0..81).find(|&c| puzzle.get(c) == 0).unwrap();
        let wrong = with(&puzzle, c, solution.get(c) % 9 + 1);
        let (status, out) = c_hint_ex(Some(&puzzle), &wrong, None);
        assert_eq!(status, 0);
        assert_eq!(out.kind, sudoku_hint_kind::SUDOKU_HINT_WRONG_DIGIT as i32);
        assert_eq!(out.cell, c as i32);
        if cfg!(miri) {
            return; // A reveal needs a puzzle beyond the ladder: minutes under Miri.
        }

        // A reveal shows its digit in `placements` too.
        let hard =
            Board::from_bytes(&read_puzzles("puzzles5_forum_hardest_1905_11+.txt")[0]).unwrap();
        let h = hint(&hard).unwrap();
        let (status, out) = c_hint_ex(None, &hard, None);
        assert_eq!(status, 0);
        same(&out, &h);
        if h.kind == HintKind::Reveal {
            let cell = h.cell.unwrap();
            assert_eq!(out.placements[cell], h.digit);
        }
    }

    #[test]
    fn c_errors_leave_the_result_alone() {
        let (puzzle, _) = proper_puzzle(9);
        let multi = if cfg!(miri) {
            common::dense_multi(1) // Two solutions, four blanks.
        } else {
            read_puzzles("tdoku_test_multi_solution.txt")[0]
        };
        let multi = Board::from_bytes(&multi).unwrap();
        let (status, out) = c_hint_ex(None, &multi, None);
        assert_eq!(status, sudoku_status::SUDOKU_ERR_MULTIPLE_SOLUTIONS as i32);
        assert_eq!(out, empty_result());
        let mut marks = [0u16; 81];
        marks[80] = 0xffff;
        let (status, out) = c_hint_ex(Some(&puzzle), &puzzle, Some(&marks));
        assert_eq!(status, sudoku_status::SUDOKU_ERR_INVALID_ARGUMENT as i32);
        assert_eq!(out, empty_result());
        let b = puzzle.to_bytes();
        // SAFETY: NULLs are allowed and rejected; the struct is valid.
        unsafe {
            let mut out = empty_result();
            assert_eq!(sudoku_hint(std::ptr::null(), &mut out), 1);
            assert_eq!(sudoku_hint(b.as_ptr().cast(), std::ptr::null_mut()), 1);
            assert_eq!(
                sudoku_hint_ex(
                    std::ptr::null(),
                    std::ptr::null(),
                    std::ptr::null(),
                    &mut out
                ),
                1
            );
            out.size = 12;
            assert_eq!(sudoku_hint(b.as_ptr().cast(), &mut out), 6);
            assert_eq!(out.kind, 0);
        }
    }
}
