//! The solver's unit tests, in the order of the files they test: the state (building it,
//! excluding candidates), the bit helpers, the lookup tables, the lane types, and the kernel
//! builds against each other.

#![forbid(unsafe_code)]

use super::bits::nonzero_cells;
use super::branch::Branch;
#[cfg(target_arch = "x86_64")]
use super::kernel::{Avx2Isa, Avx512Isa, Kernel, Sse42Isa};
use super::kernel::{Isa, PortableIsa};
use super::lanes::{Counter as LaneCounter, Lanes, Plain, load_words, store_words};
use super::propagate::Occupancy;
use super::search::Context;
use super::state::{ALL_WORDS, STRIDE, WORDS};
use super::tables::{
    ALLOWED, COMPLEX, KEEP_OTHER_BANDS, LOCKED, ROWS_OF_MATRIX, SHRINK, SINGLE_COLUMN_BOXES,
};
#[cfg(all(target_arch = "x86_64", sudoku_avx512))]
use super::x86::Avx512;
#[cfg(target_arch = "x86_64")]
use super::x86::{Avx2, Sse2};
use super::{Counter, First, Sink, State};
use crate::grid::geometry;

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

// The state.

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

/// Every build's state construction and solution writer, by name: the plain lanes of both
/// widths and each kernel the CPU has.
#[allow(clippy::type_complexity)]
fn builds() -> Vec<(
    &'static str,
    fn(&[u8; 81]) -> Option<State>,
    fn(&State, &mut [u8; 81]),
)> {
    let mut v: Vec<(
        &'static str,
        fn(&[u8; 81]) -> Option<State>,
        fn(&State, &mut [u8; 81]),
    )> = vec![
        ("plain8", PlainIsa::<8>::build, PlainIsa::<8>::write),
        ("plain16", PlainIsa::<16>::build, PlainIsa::<16>::write),
        ("portable", PortableIsa::build, PortableIsa::write),
    ];
    #[cfg(target_arch = "x86_64")]
    {
        if Kernel::Sse42.is_available() {
            v.push(("sse42", Sse42Isa::build, Sse42Isa::write));
        }
        if Kernel::Avx2.is_available() {
            v.push(("avx2", Avx2Isa::build, Avx2Isa::write));
        }
        if Kernel::Avx512.is_available() {
            v.push(("avx512", Avx512Isa::build, Avx512Isa::write));
        }
    }
    v
}

/// Random grids for the construction tests: `givens` random cells set to a digit, and now and
/// then any byte value (read as 9 above 9); many clash.
fn random_grid(x: &mut u64, givens: usize) -> [u8; 81] {
    let mut cells = [0u8; 81];
    for _ in 0..givens {
        *x ^= *x << 13;
        *x ^= *x >> 7;
        *x ^= *x << 17;
        cells[(*x % 81) as usize] = if *x >> 60 == 0 {
            (*x >> 16) as u8
        } else {
            1 + (*x >> 8) as u8 % 9
        };
    }
    cells
}

/// `State::new` against the rules written out cell by cell, in every build: a cell's
/// candidates are the digits none of its peers holds (a given keeps only its own digit), two
/// peers holding one digit clash, and the rest of the state starts as the search expects.
#[test]
fn new_state_matches_the_rules() {
    let mut x = 0x9e37_79b9_7f4a_7c15u64;
    let builds = builds();
    for round in 0..6000 {
        let cells = random_grid(&mut x, [5, 10, 17, 25, 30, 40, 60, 81][round % 8]);
        let value = |i: usize| cells[i].min(9);
        let clash = (0..81)
            .any(|a| (0..a).any(|b| value(a) != 0 && value(a) == value(b) && geometry::sees(a, b)));
        for &(name, build, _) in &builds {
            let Some(state) = build(&cells) else {
                assert!(clash, "{name} round {round}: refused without a clash");
                continue;
            };
            assert!(!clash, "{name} round {round}: a clash accepted");
            for cell in 0..81 {
                let (b, bit) = (cell / 27, 1u32 << (cell % 27));
                for d in 1..=9u8 {
                    let expected = if value(cell) != 0 {
                        value(cell) == d
                    } else {
                        (0..81).all(|o| value(o) != d || !geometry::sees(cell, o))
                    };
                    let word = state.cand[STRIDE * usize::from(d - 1) + b];
                    assert_eq!(
                        word & bit != 0,
                        expected,
                        "{name} round {round} cell {cell} digit {d}"
                    );
                }
                assert_eq!(
                    state.unsolved[b] & bit != 0,
                    value(cell) == 0,
                    "{name} {round}"
                );
            }
            for w in (0..WORDS).filter(|w| w % STRIDE == 3 || *w >= 36) {
                assert_eq!(state.cand[w], 0, "{name} round {round}: pad word {w}");
            }
            assert_eq!(state.unsolved[3], 0, "{name} round {round}");
            assert_eq!(state.triads_done, [[0; 4]; 2], "{name} round {round}");
            assert_eq!(state.dirty, ALL_WORDS, "{name} round {round}");
        }
    }
}

/// Every lane type's [`Lanes::given_words`] against the cells read one by one.
fn check_given_words<L: Lanes>() {
    let mut x = 0x2545_f491_4f6c_dd1du64;
    for round in 0..3000 {
        let cells = random_grid(&mut x, round % 82);
        let mut expected = [0u32; WORDS];
        for (i, &c) in cells.iter().enumerate() {
            if c != 0 {
                expected[STRIDE * usize::from(c.min(9) - 1) + i / 27] |= 1 << (i % 27);
            }
        }
        assert_eq!(L::given_words(&cells), expected, "round {round}");
    }
}

/// Every build writes the solutions the search finds (and full grids given as givens) as
/// the plain reference does, and as the grid reads.
#[test]
fn solutions_are_written_alike() {
    struct Keep(Vec<State>);
    impl Sink for Keep {
        fn solution(&mut self, state: &State) -> bool {
            self.0.push(*state);
            self.0.len() >= 50
        }
    }
    let mut solved = Vec::new();
    let mut x = 0x1234_5678_9abc_def1u64;
    for round in 0..400 {
        let cells = random_grid(&mut x, round % 20);
        let Some(state) = State::new(&cells) else {
            continue;
        };
        let mut keep = Keep(Vec::new());
        state.search(&mut keep);
        solved.extend(keep.0);
    }
    let full = State::new(&digits(ANSWER)).unwrap();
    solved.push(full);
    assert!(solved.len() > 1000);
    for &(name, _, write) in &builds() {
        for state in &solved {
            let mut reference = [0u8; 81];
            super::lanes::write_digits(&state.cand, &mut reference);
            let mut out = [0u8; 81];
            write(state, &mut out);
            assert_eq!(out, reference, "{name}");
            for (cell, &c) in out.iter().enumerate() {
                let d = usize::from(c - b'1');
                assert_ne!(
                    state.cand[STRIDE * d + cell / 27] & 1 << (cell % 27),
                    0,
                    "{name}"
                );
            }
        }
        let mut out = [0u8; 81];
        write(&full, &mut out);
        assert_eq!(&out, ANSWER, "{name}");
    }
}

#[test]
fn clashing_givens_are_refused() {
    let mut cells = digits(PUZZLE);
    cells[2] = 5;
    assert!(State::new(&cells).is_none());
}

// The bit helpers.

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

// The lookup tables.

#[test]
fn allowed_keeps_only_permutations() {
    // Full matrix: every permutation fits, so everything stays.
    assert_eq!(ALLOWED[0o777], 0o777);
    // Identity only.
    assert_eq!(ALLOWED[0b100_010_001], 0b100_010_001);
    // Row 0 confined to box 0: box 0 is then unavailable to rows 1 and 2.
    let m = 0b111_111_001;
    assert_eq!(ALLOWED[m], 0b110_110_001);
    // Two rows confined to the same single box: impossible.
    assert_eq!(ALLOWED[0b111_001_001], 0);
    assert_eq!(ALLOWED[0], 0);
}

#[test]
fn complex_expands_to_cells() {
    assert_eq!(COMPLEX[0o777], (1 << 27) - 1);
    assert_eq!(
        COMPLEX[0b100_010_001],
        0o700_000_000 | 0o000_070_000 | 0o000_000_007
    );
}

/// A row is left with a single cell exactly when its mini-row is locked and its box has a
/// single column: the three tables agree with counting cells directly.
#[test]
fn single_rows_from_tables() {
    let mut rng = 0x2545_f491_4f6c_dd1du64;
    for _ in 0..20_000 {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        let old = (rng as u32) & ((1 << 27) - 1);
        let shrink = SHRINK[(old & 0x1ff) as usize]
            | SHRINK[((old >> 9) & 0x1ff) as usize] << 3
            | SHRINK[(old >> 18) as usize] << 6;
        let a = old & COMPLEX[shrink as usize];
        if a == 0 {
            continue;
        }
        let cols = (a | a >> 9 | a >> 18) & 0x1ff;
        let fast = a & ROWS_OF_MATRIX
            [(LOCKED[shrink as usize] & SINGLE_COLUMN_BOXES[cols as usize]) as usize];
        let mut slow = 0;
        for r in 0..3 {
            let row = a & (0x1ff << (9 * r));
            if row.count_ones() == 1 {
                slow |= row;
            }
        }
        assert_eq!(fast, slow, "{old:#o}");
    }
}

#[test]
fn keep_other_bands_removes_single_columns() {
    // Box 0 confined to column 1, box 1 open in columns 3 and 5, box 2 empty.
    let keep = KEEP_OTHER_BANDS[0b000_101_010];
    assert_eq!(keep, ((1 << 27) - 1) & !(0b10 * 0x40201));
}

// The lane types.

fn words<L: Lanes>(v: L) -> Vec<u32> {
    let mut w = vec![0u32; L::WIDTH];
    v.store(&mut w);
    w
}

/// `f` applied to each digit group's four lanes of `w`, concatenated.
fn per_group(w: &[u32], f: impl Fn(usize, [u32; 4]) -> [u32; 4]) -> Vec<u32> {
    w.chunks(4)
        .enumerate()
        .flat_map(|(g, c)| f(g, c.try_into().unwrap()))
        .collect()
}

fn check_counter<L: Lanes>() {
    // Bit k of lane 0 is set in the first k + 1 inputs; lane 4 (the second digit) adds bit 1
    // once more.
    let mut c = LaneCounter::<L>::new();
    for i in 0..6u32 {
        let mut v = vec![0u32; L::WIDTH];
        v[0] = (0x3f << i) & 0x3f;
        v[4] = u32::from(i == 0) << 1;
        c.add(L::load(&v));
    }
    let c = c.fold_digits();
    for g in 0..L::WIDTH / 4 {
        assert_eq!(words(c.exactly_three())[4 * g], 0b000110, "group {g}");
        assert_eq!(words(c.at_least_three())[4 * g], 0b111110, "group {g}");
    }
}

fn check_ops<L: Lanes>() {
    // Group g holds [10g + 1, 10g + 2, 10g + 3, 0].
    let base: Vec<u32> = (0..L::WIDTH as u32)
        .map(|i| {
            if i % 4 == 3 {
                0
            } else {
                10 * (i / 4) + i % 4 + 1
            }
        })
        .collect();
    let v = L::load(&base);
    assert_eq!(words(v), base);
    assert_eq!(
        words(v.next_band()),
        per_group(&base, |_, [a, b, c, p]| [b, c, a, p])
    );
    assert_eq!(
        words(v.after_next_band()),
        per_group(&base, |_, [a, b, c, p]| [c, a, b, p])
    );
    for level in 0..L::FOLDS {
        let swapped = per_group(&base, |g, _| {
            let o = 4 * (g ^ (1 << level));
            base[o..o + 4].try_into().unwrap()
        });
        assert_eq!(words(v.swap_digits(level)), swapped, "level {level}");
    }
    let total: u32 = (0..L::WIDTH as u32 / 4).map(|g| 10 * g + 1).sum();
    assert_eq!(words(v.fold_add())[0], total);
    assert_eq!(words(v.fold_add())[L::WIDTH - 4], total);
    let shifted: Vec<u32> = base.iter().map(|&x| (x << 4) >> 2).collect();
    assert_eq!(words(v.shl::<4>().shr::<2>()), shifted);
    let and_not: Vec<u32> = base.iter().map(|&x| x & !1).collect();
    assert_eq!(words(v.and_not(L::splat(1))), and_not);
    assert!(!v.is_zero());
    assert!(v.xor(v).is_zero());
    let minus: Vec<u32> = base.iter().map(|&x| x.wrapping_sub(1)).collect();
    assert_eq!(words(v.add(L::splat(u32::MAX))), minus);
    assert_eq!(words(v.sub(L::splat(1))), minus);
    assert_eq!(L::per_band([7, 8, 9]).first_digit(), [7, 8, 9]);
    assert_eq!(
        words(L::per_band([7, 8, 9])),
        per_group(&base, |_, _| [7, 8, 9, 0])
    );
    assert_eq!(v.first_group(), [1, 2, 3, 0]);
    let mut sparse = vec![0u32; L::WIDTH];
    sparse[1] = 5;
    sparse[4] = 7;
    sparse[L::WIDTH - 1] = 9;
    let z = L::load(&sparse);
    assert_eq!(z.nonzero_lanes(), 0b1_0010 | 1 << (L::WIDTH - 1));
    let zeros: Vec<u32> = sparse
        .iter()
        .map(|&x| if x == 0 { u32::MAX } else { 0 })
        .collect();
    assert_eq!(words(z.eq_zero()), zeros);
    assert_eq!(words(v.opaque()), base);
    let digit = per_group(&base, |g, _| if g == 0 { [1, 2, 3, 4] } else { [0; 4] });
    assert_eq!(words(L::load_digit(&[1, 2, 3, 4])), digit);
    let broadcast = per_group(&base, |_, _| [1, 2, 3, 4]);
    assert_eq!(words(L::broadcast_digit(&[1, 2, 3, 4])), broadcast);
    for a in [0u32, 1, 0o777_777_777, 0o123_456_701, 0o400_020_001] {
        let expected = (0..9).fold(0, |m, i| m | u32::from(a >> (3 * i) & 7 != 0) << i);
        assert_eq!(L::occupied_triads(a), expected, "{a:#o}");
    }
}

/// [`load_words`] and [`store_words`] read and write a state's forty words.
fn check_words<L: Lanes>() {
    let w: [u32; WORDS] = core::array::from_fn(|i| if i < 36 { i as u32 + 1 } else { 0 });
    let mut out = [0u32; WORDS];
    for k in 0..L::VECTORS {
        let v: L = load_words(&w, k);
        store_words(&mut out, k, v);
    }
    assert_eq!(out, w);
}

fn check_lanes<L: Lanes>() {
    check_ops::<L>();
    check_given_words::<L>();
    check_counter::<L>();
    check_words::<L>();
}

#[test]
fn plain_lanes() {
    check_lanes::<Plain<8>>();
    check_lanes::<Plain<16>>();
}

#[cfg(all(target_arch = "aarch64", not(miri)))]
#[test]
fn neon_lanes() {
    check_lanes::<super::arm::Neon>();
}

#[cfg(target_arch = "x86_64")]
#[test]
fn sse2_lanes() {
    check_lanes::<Sse2>();
}

#[cfg(target_arch = "x86_64")]
#[test]
fn avx2_lanes() {
    if Kernel::Avx2.is_available() {
        check_lanes::<Avx2>();
    }
}

#[cfg(all(target_arch = "x86_64", sudoku_avx512))]
#[test]
fn avx512_lanes() {
    if Kernel::Avx512.is_available() {
        check_lanes::<Avx512>();
    }
}

// The kernel builds.

/// The search built on plain-integer lanes of width `W`: eight lanes as non-x86 targets and
/// Miri run it, sixteen as the AVX-512 build lays them out.
struct PlainIsa<const W: usize>;

impl<const W: usize> Isa for PlainIsa<W> {
    type L = Plain<W>;
    fn search<S: Sink>(state: &mut State, sink: &mut S, ctx: &mut Context, full: bool) -> bool {
        state.search_body::<Self, S>(sink, ctx, full)
    }
    fn propagate(state: &mut State, full: bool, root: bool, occupancy: &mut Occupancy) -> bool {
        state.propagate::<Self::L>(full, root, occupancy)
    }
    fn pick_branch(state: &State, full: bool, occupancy: &Occupancy) -> Branch {
        state.choose::<Self::L>(full, occupancy)
    }
    fn build(cells: &[u8; 81]) -> Option<State> {
        State::build::<Self::L>(cells)
    }
    fn write(state: &State, out: &mut [u8; 81]) {
        Self::L::write_digits(&state.cand, out);
    }
    fn solve<S: Sink>(cells: &[u8; 81], sink: &mut S) -> Option<bool> {
        super::kernel::solve_in::<Self, S>(cells, sink)
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
            f(&mut state.clone(), &mut stats, &mut Context::new(), true);
            (stats.0, stats.1)
        };
        let plain = run(PlainIsa::<8>::search);
        assert_eq!(run(PlainIsa::<16>::search), plain);
        assert_eq!(run(PortableIsa::search), plain);
        #[cfg(target_arch = "x86_64")]
        {
            if Kernel::Sse42.is_available() {
                assert_eq!(run(Sse42Isa::search), plain);
            }
            if Kernel::Avx2.is_available() {
                assert_eq!(run(Avx2Isa::search), plain);
            }
            if Kernel::Avx512.is_available() {
                assert_eq!(run(Avx512Isa::search), plain);
            }
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
