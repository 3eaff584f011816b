//! Unit tests of the solver: exclusion, the lane builds against each other, clashing givens.

use super::bits::nonzero_cells;
use super::branch::Branch;
#[cfg(target_arch = "x86_64")]
use super::kernel::Avx2Isa;
use super::kernel::{Isa, Kernel, PortableIsa};
use super::lanes::Plain;
use super::search::Context;
use super::{Counter, First, Sink, State};

const PUZZLE: &[u8; 81] =
    b"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const ANSWER: &[u8; 81] =
    b"534678912672195348198342567859761423426853791713924856961537284287419635345286179";

fn digits(text: &[u8; 81]) -> [u8; 81] {
    text.map(|b| if b == b'.' { 0 } else { b - b'0' })
}

fn count(state: State) -> usize {
    let mut counter = Counter {
        limit: 10,
        count: 0,
        first: None,
    };
    state.search(&mut counter);
    counter.count
}

#[test]
fn exclude_the_solution_digit_leaves_no_solution() {
    let base = State::new(&digits(PUZZLE)).unwrap();
    assert_eq!(count(base), 1);
    for (cell, &answer) in ANSWER.iter().enumerate() {
        let mut s = base;
        s.exclude(cell, answer - b'0');
        assert_eq!(count(s), 0, "cell {cell}");
    }
}

#[test]
fn exclude_another_digit_keeps_the_solution() {
    let base = State::new(&digits(PUZZLE)).unwrap();
    for (cell, &answer) in ANSWER.iter().enumerate() {
        for digit in 1..=9 {
            if digit != answer - b'0' {
                let mut s = base;
                s.exclude(cell, digit);
                let mut first = First { grid: None };
                s.search(&mut first);
                assert_eq!(&first.grid.unwrap(), ANSWER, "cell {cell} digit {digit}");
            }
        }
    }
}

/// The search built on plain-integer lanes, as non-x86 targets and Miri run it.
struct PlainIsa;

impl Isa for PlainIsa {
    type L = Plain;
    fn search<S: Sink>(state: &mut State, sink: &mut S, ctx: &mut Context, full: bool) -> bool {
        state.search_body::<Self, S>(sink, ctx, full)
    }
    fn propagate(state: &mut State, full: bool, root: bool) -> bool {
        state.propagate::<Self::L>(full, root)
    }
    fn pick_branch(state: &State, full: bool) -> Branch {
        state.choose::<Self::L>(full)
    }
}

/// Every lane implementation counts the same solutions with the same number of guesses on
/// the counted test puzzles and on a sample of the hard corpus.
#[test]
fn lane_implementations_agree() {
    struct Stats(usize, u64);
    impl Sink for Stats {
        fn solution(&mut self, _: &State) -> bool {
            self.0 += 1;
            self.0 >= 1000
        }
        fn guessed(&mut self) {
            self.1 += 1;
        }
    }
    let dir = std::env::var("SUDOKU_PUZZLES")
        .unwrap_or_else(|_| concat!(env!("CARGO_MANIFEST_DIR"), "/../data/puzzles").into());
    let mut puzzles: Vec<[u8; 81]> = Vec::new();
    for (file, n) in [
        ("tdoku_test_puzzles_with_counts.txt", 100),
        ("puzzles6_forum_hardest_1106.txt", 40),
        ("puzzles7_serg_benchmark.txt", 40),
    ] {
        let text = std::fs::read_to_string(format!("{dir}/{file}")).unwrap();
        puzzles.extend(
            text.lines()
                .take(n)
                .map(|l| digits(l.as_bytes()[..81].try_into().unwrap())),
        );
    }
    for p in &puzzles {
        let Some(state) = State::new(p) else { continue };
        let run = |f: fn(&mut State, &mut Stats, &mut Context, bool) -> bool| {
            let mut stats = Stats(0, 0);
            f(
                &mut state.clone(),
                &mut stats,
                &mut Context {
                    struggling: false,
                    rooted: false,
                },
                true,
            );
            (stats.0, stats.1)
        };
        let plain = run(PlainIsa::search);
        assert_eq!(run(PortableIsa::search), plain);
        #[cfg(target_arch = "x86_64")]
        if Kernel::Avx2.is_available() {
            assert_eq!(run(Avx2Isa::search), plain);
        }
    }
}

/// Search statistics over the corpora, for tuning the kernel:
/// `cargo test --lib guess_stats -- --ignored --nocapture`.
#[test]
#[ignore]
fn guess_stats() {
    struct Stats {
        limit: usize,
        count: usize,
        guesses: u64,
    }
    impl Sink for Stats {
        fn solution(&mut self, _: &State) -> bool {
            self.count += 1;
            self.count >= self.limit
        }
        fn guessed(&mut self) {
            self.guesses += 1;
        }
    }
    let dir = std::env::var("SUDOKU_PUZZLES")
        .unwrap_or_else(|_| concat!(env!("CARGO_MANIFEST_DIR"), "/../data/puzzles").into());
    for file in [
        "puzzles1_unbiased_first1000.txt",
        "puzzles2_17_clue.txt",
        "puzzles7_serg_benchmark.txt",
        "puzzles3_magictour_top1465.txt",
        "puzzles5_forum_hardest_1905_11+.txt",
        "puzzles6_forum_hardest_1106.txt",
        "extra_msolve_hardest_to_solve_from_1905.txt",
    ] {
        let text = std::fs::read_to_string(format!("{dir}/{file}")).unwrap();
        let puzzles: Vec<[u8; 81]> = text
            .lines()
            .take(5000)
            .map(|l| digits(l.as_bytes()[..81].try_into().unwrap()))
            .collect();
        let mut line = format!("{file:48}");
        for limit in [1, 2] {
            let mut stats = Stats {
                limit,
                count: 0,
                guesses: 0,
            };
            for p in &puzzles {
                stats.count = 0;
                State::new(p).unwrap().search(&mut stats);
            }
            let per = stats.guesses as f64 / puzzles.len() as f64;
            line += &format!(" guesses/puzzle (limit {limit}): {per:8.2}");
        }
        println!("{line}");
    }
}

#[test]
fn nonzero_cells_marks_every_non_zero_byte() {
    let mut x = 0x2545_f491_4f6c_dd1du64;
    for round in 0..2000 {
        let mut cells = [0u8; 81];
        for c in cells.iter_mut() {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            // Mostly zeros and digits; every byte value now and then.
            *c = match x % 4 {
                0 | 1 => 0,
                2 => (x >> 8) as u8 % 10,
                _ => (x >> 8) as u8,
            };
        }
        let expected = (0..81).fold(0u128, |m, i| m | u128::from(cells[i] != 0) << i);
        assert_eq!(nonzero_cells(&cells), expected, "round {round}");
    }
}

#[test]
fn clashing_givens_are_refused() {
    let mut cells = digits(PUZZLE);
    cells[2] = 5;
    assert!(State::new(&cells).is_none());
}
