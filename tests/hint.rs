//! Hints: following them walks Sudoku Explainer's solution path, every placement and
//! elimination agreeing with the solution, the hardest step the rating's ER; also from thinned
//! pencil marks; wrong digits and wrong pencil marks are reported; solved boards, reveals,
//! statuses; the C API (both struct versions, SE's names and the chains).

#![allow(clippy::needless_range_loop, reason = "cell numbers are the data")]

mod common;

use common::{Rng, read_puzzles};
use sudoku_engine::generate::{Options, generate};
use sudoku_engine::grade::Level;
use sudoku_engine::grade::RateOptions;
use sudoku_engine::grid::Candidates;
use sudoku_engine::hint::{Hint, HintKind, Step, hint, hint_with, hint_with_options};
use sudoku_engine::se::Link;
use sudoku_engine::{Board, Error};

fn with(board: &Board, cell: usize, digit: u8) -> Board {
    let mut v = *board.cells();
    v[cell] = digit;
    Board::from_cells(v).unwrap()
}

/// What every step shows: a pattern to highlight, a rating no lower than its technique's
/// score, SE's name, and chains that each start with a starting node.
fn check_step(step: &Step) {
    assert_ne!(step.pattern, [0; 81], "{} shows nothing", step.name);
    assert!(!step.technique.is_retired(), "{:?}", step.technique);
    assert!(
        step.difficulty_tenths >= step.technique.score_tenths(),
        "{} rated {}",
        step.name,
        step.difficulty_tenths
    );
    assert!(!step.name.as_str().is_empty());
    for chain in &step.chains {
        assert!(!chain.is_empty());
        assert_eq!(chain[0].link, Link::Start, "{}", step.name);
        assert!(chain[1..].iter().all(|n| n.link != Link::Start));
    }
}

/// Follows hints from `puzzle` with the player's marks `marks` (a superset of the solution),
/// kept up to date, to the end, checking every step against the solution. Returns the number
/// of hints and the hardest step's rating.
fn follow_from(
    puzzle: &Board,
    mut marks: [u16; 81],
    next: impl Fn(&Board, &[u16; 81]) -> Hint,
) -> (usize, u32) {
    let solution = puzzle.solve().unwrap();
    let mut board = *puzzle;
    let mut hardest = 0;
    for n in 0..2000 {
        let h = next(&board, &marks);
        match h.kind {
            HintKind::Solved => {
                assert_eq!(board, solution);
                return (n, hardest);
            }
            HintKind::Step => {}
            other => panic!("{other:?} while following hints on {puzzle} at {board}"),
        }
        let step = h.step.unwrap();
        check_step(&step);
        hardest = hardest.max(step.difficulty_tenths);
        for c in 0..81 {
            let answer = solution.get(c);
            if step.placements[c] != 0 {
                assert_eq!(step.placements[c], answer, "{} at {c}", step.name);
                assert_eq!(board.get(c), 0);
                board = with(&board, c, answer);
            }
            assert_eq!(
                step.eliminations[c] & (1 << (answer - 1)),
                0,
                "{} removed the answer at {c}",
                step.name
            );
            marks[c] &= !step.eliminations[c];
        }
        if let Some(c) = h.cell {
            assert_eq!(h.digit, step.placements[c]);
        }
    }
    panic!("hints did not finish {puzzle}");
}

/// [`follow_from`] the puzzle's own candidates: Sudoku Explainer's path.
fn follow(puzzle: &Board, next: impl Fn(&Board, &[u16; 81]) -> Hint) -> (usize, u32) {
    follow_from(
        puzzle,
        *Candidates::from_board(puzzle).unwrap().masks(),
        next,
    )
}

/// Puzzles of every kind the rater rates: corpus samples and generated puzzles of the first
/// five levels.
fn logic_puzzles() -> Vec<Board> {
    let mut out = Vec::new();
    for name in ["puzzles2_17_clue.txt", "puzzles3_magictour_top1465.txt"] {
        let all = read_puzzles(name);
        for p in all.iter().step_by(all.len() / 20) {
            out.push(Board::from_bytes(p).unwrap());
        }
    }
    for level in [
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::Expert,
        Level::Extreme,
    ] {
        for seed in 0..2 {
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
fn following_hints_walks_se_s_path() {
    let puzzles = logic_puzzles();
    assert!(puzzles.len() > 40);
    for p in &puzzles {
        let (steps, hardest) = follow(p, |board, marks| {
            hint_with(Some(p), board, Some(marks)).unwrap()
        });
        assert!(steps >= 81 - p.givens());
        // The hints are SE's path: as many steps, the hardest one the rating's ER.
        let r = p.rate().unwrap();
        assert_eq!((steps as u32, hardest), (r.total_steps, r.er_tenths), "{p}");
    }
}

#[test]
fn hints_on_thinned_pencil_marks_are_sound() {
    // A player's marks hold fewer candidates than the position allows (but always the
    // solution's): the steps are found from there, and never contradict the solution.
    let mut rng = Rng(5);
    for p in logic_puzzles().iter().step_by(3) {
        let solution = p.solve().unwrap();
        let mut marks = *Candidates::from_board(p).unwrap().masks();
        for c in 0..81 {
            for d in 0..9 {
                if marks[c] & (1 << d) != 0 && solution.get(c) != d + 1 && rng.below(4) == 0 {
                    marks[c] &= !(1 << d);
                }
            }
        }
        follow_from(p, marks, |board, marks| {
            hint_with(Some(p), board, Some(marks)).unwrap()
        });
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
        check_step(&step);
        // SE's first step: the rating's ED.
        assert_eq!(step.difficulty_tenths, p.rate().unwrap().ed_tenths, "{p}");
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

    // A step the budget cannot find gives a reveal: follow a hard puzzle's steps on a budget
    // too small for any chain until a cell is revealed.
    let tiny = RateOptions { max_effort: 1 };
    for p in read_puzzles("puzzles5_forum_hardest_1905_11+.txt")
        .iter()
        .step_by(10000)
    {
        let puzzle = Board::from_bytes(p).unwrap();
        let solution = puzzle.solve().unwrap();
        let mut marks = *Candidates::from_board(&puzzle).unwrap().masks();
        let mut board = puzzle;
        let revealed = loop {
            let h = hint_with_options(Some(&puzzle), &board, Some(&marks), &tiny).unwrap();
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
        assert!(revealed.step.is_none());
        // The default budget finds a step there (these puzzles need chains, not more).
        let h = hint_with(Some(&puzzle), &board, Some(&marks)).unwrap();
        assert_eq!(h.kind, HintKind::Step, "{puzzle} at {board}");
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
        let name: Vec<u8> = out
            .se_name
            .iter()
            .take_while(|&&c| c != 0)
            .map(|&c| c as u8)
            .collect();
        match &h.step {
            Some(step) => {
                assert_eq!(out.placements, step.placements);
                assert_eq!(out.eliminations, step.eliminations);
                assert_eq!(out.pattern, step.pattern);
                assert_eq!(out.units, step.units);
                assert_eq!(out.difficulty_tenths as u32, step.difficulty_tenths);
                assert_eq!(name, step.name.as_str().as_bytes());
                let nodes: Vec<sudoku_chain_node> = step
                    .chains
                    .iter()
                    .flatten()
                    .map(|n| sudoku_chain_node {
                        cell: n.cell as u8,
                        digit: n.digit.get(),
                        on: u8::from(n.on),
                        link: match n.link {
                            Link::Start => 0,
                            Link::Strong => 1,
                            Link::Weak => 2,
                        },
                    })
                    .collect();
                let kept = nodes.len().min(SUDOKU_HINT_MAX_NODES);
                assert_eq!(out.node_count as usize, kept);
                assert_eq!(out.truncated as usize, nodes.len() - kept);
                assert_eq!(&out.nodes[..kept], &nodes[..kept]);
            }
            None => {
                assert_eq!((out.difficulty_tenths, out.node_count), (0, 0));
                assert!(name.is_empty());
            }
        }
        assert!(
            out.nodes[out.node_count as usize..]
                .iter()
                .all(|n| *n == sudoku_chain_node::default())
        );
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
    #[cfg_attr(miri, ignore = "follows a hard puzzle hint by hint: hours under Miri")]
    fn c_hints_carry_se_s_chains() {
        // Follow a puzzle that needs chains until SE's step is one, then check the chain nodes
        // in the C struct, in the current and in the first version's size.
        let (p, _, _) = common_sample_chain_puzzle();
        let mut board = p;
        let mut marks = *Candidates::from_board(&p).unwrap().masks();
        loop {
            let h = hint_with(Some(&p), &board, Some(&marks)).unwrap();
            assert_eq!(h.kind, HintKind::Step, "{p}");
            let step = h.step.clone().unwrap();
            if !step.chains.is_empty() {
                let (status, out) = c_hint_ex(Some(&p), &board, Some(&marks));
                assert_eq!(status, 0);
                same(&out, &h);
                assert!(out.node_count > 0);
                // A first-version caller gets the first version, and nothing past it.
                let v1 = std::mem::offset_of!(sudoku_hint_result, difficulty_tenths);
                let mut old = empty_result();
                old.size = v1 as u32;
                old.difficulty_tenths = 77;
                old.node_count = 77;
                let (pb, bb) = (p.to_bytes(), board.to_bytes());
                // SAFETY: 81-byte boards, 81 marks, a struct of (more than) `size` bytes.
                let status = unsafe {
                    sudoku_hint_ex(
                        pb.as_ptr().cast(),
                        bb.as_ptr().cast(),
                        marks.as_ptr(),
                        &mut old,
                    )
                };
                assert_eq!(status, 0);
                assert_eq!(
                    (old.size as usize, old.kind, old.cell),
                    (v1, out.kind, out.cell)
                );
                assert_eq!(
                    (old.placements, old.eliminations, old.pattern),
                    (out.placements, out.eliminations, out.pattern)
                );
                assert_eq!((old.difficulty_tenths, old.node_count), (77, 77));
                return;
            }
            for c in 0..81 {
                if step.placements[c] != 0 {
                    board = with(&board, c, step.placements[c]);
                }
                marks[c] &= !step.eliminations[c];
            }
        }
    }

    /// A puzzle of the SE sample whose path has chains (rated 7.0 to 8.4).
    fn common_sample_chain_puzzle() -> (Board, u32, String) {
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/data/ratings/se_sample.tsv"
        ))
        .unwrap();
        text.lines()
            .filter(|l| !l.starts_with('#'))
            .map(|l| {
                let f: Vec<&str> = l.split('\t').collect();
                let er = (f[1].split('/').next().unwrap().parse::<f64>().unwrap() * 10.0).round();
                (f[0].parse().unwrap(), er as u32, f[2].to_owned())
            })
            .find(|(_, er, rule)| (70..=84).contains(er) && rule.contains("Chain"))
            .expect("a chain puzzle in the sample")
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
            out.size = std::mem::offset_of!(sudoku_hint_result, difficulty_tenths) as u32 - 1;
            assert_eq!(sudoku_hint(b.as_ptr().cast(), &mut out), 6);
            assert_eq!(out.kind, 0);
        }
    }
}
