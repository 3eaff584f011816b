//! The generator: uniqueness (library and independent reference counter), minimality, symmetry,
//! level and ER ranges (re-rated), determinism, options checking, and the C API.

mod common;

use common::{is_solution_of, reference_count};
use sudoku_engine::Board;
use sudoku_engine::generate::{Options, Symmetry, generate};
use sudoku_engine::grade::Level;

fn unique(board: &Board) -> bool {
    board.count_solutions(2).unwrap().0 == 1
}

/// Checks the puzzle/solution pair: the givens are part of the solution, which is the only one
/// (by the library and by the independent reference counter).
fn check_unique(puzzle: &Board, solution: &Board) {
    let p = puzzle.to_bytes();
    let s = solution.to_bytes();
    assert!(is_solution_of(&s, &p), "{puzzle} / {solution}");
    assert_eq!(puzzle.count_solutions(2).unwrap().0, 1, "{puzzle}");
    assert_eq!(reference_count(&p, 2), 1, "{puzzle}");
}

/// The puzzle without the givens in `cells`.
fn without(puzzle: &Board, cells: &[usize]) -> Board {
    let mut v = *puzzle.cells();
    for &c in cells {
        v[c] = 0;
    }
    Board::from_cells(v).unwrap()
}

#[test]
fn default_puzzles_are_unique_and_minimal() {
    for seed in 0..25 {
        let g = generate(seed, &Options::default()).unwrap();
        check_unique(&g.puzzle, &g.solution);
        assert_eq!(g.attempts, 1);
        for c in (0..81).filter(|&c| g.puzzle.get(c) != 0) {
            assert!(
                !unique(&without(&g.puzzle, &[c])),
                "seed {seed}: clue {c} is redundant in {}",
                g.puzzle
            );
        }
        assert!((17..=40).contains(&g.puzzle.givens()));
    }
}

#[test]
fn same_seed_same_puzzle_and_different_seeds_differ() {
    let options = Options {
        symmetry: Symmetry::Rotate180,
        ..Options::default()
    };
    let mut seen = std::collections::HashSet::new();
    for seed in [0, 1, 2, 42, u64::MAX] {
        let a = generate(seed, &options).unwrap();
        let b = generate(seed, &options).unwrap();
        assert_eq!(a, b);
        assert!(seen.insert(a.puzzle), "seed {seed} repeats a puzzle");
        let c = generate(seed, &Options::default()).unwrap();
        assert_eq!(c, generate(seed, &Options::default()).unwrap());
    }
}

/// The determinism contract: these seeds give these puzzles on every platform, build and solver
/// kernel. A change here changes every user's seeds; make it only on purpose, with a version
/// bump and a note in the changelog.
#[test]
fn puzzles_are_pinned_for_a_seed() {
    let pinned = [
        (
            0,
            ".95..87.2.7.5.9...1.8.........1...5.....7...8..49....7...2...14.2.....966..3.....",
        ),
        (
            1,
            ".25.984..4.3......7...3...8...6.2......58...7......1....9...3..6.7....1.3..8....6",
        ),
        (
            12345,
            "457..9.2...81..9....2..8........6592......1......7..........47..8.5.....9...3....",
        ),
    ];
    for (seed, expected) in pinned {
        let g = generate(seed, &Options::default()).unwrap();
        assert_eq!(g.puzzle.to_string(), expected, "seed {seed}");
    }
    // Symmetry and a level range go through more of the generator (orbits, the grader).
    let options = Options {
        symmetry: Symmetry::Rotate180,
        min_level: Some(Level::Hard),
        max_level: Some(Level::Hard),
        ..Options::default()
    };
    assert_eq!(
        generate(7, &options).unwrap().puzzle.to_string(),
        "..3..418...5....29...7..3..14..9....9.......5....2..48..8..6...46....8...594..6.."
    );
}

#[test]
fn symmetric_puzzles() {
    for symmetry in Symmetry::ALL {
        for seed in 0..6 {
            let options = Options {
                symmetry,
                ..Options::default()
            };
            let g = generate(seed, &options).unwrap();
            check_unique(&g.puzzle, &g.solution);
            assert!(symmetry.holds_for(&g.puzzle), "{symmetry:?} {}", g.puzzle);
            // Minimal for the symmetry: removing any orbit of givens breaks uniqueness.
            for c in (0..81).filter(|&c| g.puzzle.get(c) != 0) {
                let orbit = symmetry.orbit(c);
                assert!(
                    !unique(&without(&g.puzzle, &orbit)),
                    "{symmetry:?}: orbit {orbit:?} is redundant in {}",
                    g.puzzle
                );
            }
        }
    }
}

#[test]
fn orbits_are_what_the_symmetry_says() {
    assert_eq!(Symmetry::None.orbit(10), vec![10]);
    assert_eq!(Symmetry::Rotate180.orbit(0), vec![0, 80]);
    assert_eq!(Symmetry::Rotate180.orbit(40), vec![40]);
    assert_eq!(Symmetry::Rotate90.orbit(0), vec![0, 8, 72, 80]);
    assert_eq!(Symmetry::Rotate90.orbit(1), vec![1, 17, 63, 79]);
    assert_eq!(Symmetry::Diagonal.orbit(1), vec![1, 9]);
    assert_eq!(Symmetry::Diagonal.orbit(10), vec![10]);
    assert_eq!(Symmetry::AntiDiagonal.orbit(0), vec![0, 80]);
    assert_eq!(Symmetry::AntiDiagonal.orbit(8), vec![8]);
    assert_eq!(Symmetry::Mirror.orbit(0), vec![0, 8]);
    assert_eq!(Symmetry::Mirror.orbit(4), vec![4]);
    for s in Symmetry::ALL {
        for c in 0..81 {
            for &o in &s.orbit(c) {
                assert_eq!(s.orbit(o), s.orbit(c), "{s:?} {c}");
            }
        }
    }
}

#[test]
fn requested_levels_are_met() {
    // The levels a random minimal puzzle reaches often enough to test (Diabolical and
    // Nightmare are one in thousands or rarer; benches/generate.rs times them).
    for level in &Level::ALL[..5] {
        let level = *level;
        for seed in 0..3 {
            let options = Options {
                min_level: Some(level),
                max_level: Some(level),
                ..Options::default()
            };
            let g = generate(seed, &options).unwrap();
            check_unique(&g.puzzle, &g.solution);
            assert_eq!(g.puzzle.rate().unwrap().level, level, "{}", g.puzzle);
        }
    }
    // A range.
    let options = Options {
        min_level: Some(Level::Medium),
        max_level: Some(Level::Hard),
        ..Options::default()
    };
    for seed in 10..15 {
        let level = generate(seed, &options)
            .unwrap()
            .puzzle
            .rate()
            .unwrap()
            .level;
        assert!((Level::Medium..=Level::Hard).contains(&level));
    }
}

#[test]
fn requested_er_ranges_are_met() {
    for (low, high) in [(None, Some(23)), (Some(40), Some(45)), (Some(62), None)] {
        let options = Options {
            min_er_tenths: low,
            max_er_tenths: high,
            ..Options::default()
        };
        for seed in 0..3 {
            let g = generate(seed, &options).unwrap();
            check_unique(&g.puzzle, &g.solution);
            let er = g.puzzle.rate().unwrap().er_tenths;
            assert!(
                low.is_none_or(|l| er >= l) && high.is_none_or(|h| er <= h),
                "{low:?}..{high:?}: ER {er} for {}",
                g.puzzle
            );
        }
    }
    // Both bounds apply: a level and an ER range inside it.
    let options = Options {
        min_level: Some(Level::Hard),
        max_level: Some(Level::Hard),
        min_er_tenths: Some(42),
        ..Options::default()
    };
    let r = generate(4, &options).unwrap().puzzle.rate().unwrap();
    assert!((42..=46).contains(&r.er_tenths), "{r:?}");
    // The ER range is on top of the level's band: the same puzzle for the same range.
    let same = Options {
        min_er_tenths: Some(42),
        max_er_tenths: Some(46),
        ..Options::default()
    };
    assert_eq!(generate(4, &same), generate(4, &options));
}

#[test]
fn a_floor_keeps_givens() {
    let options = Options {
        minimal: false,
        min_givens: 36,
        ..Options::default()
    };
    for seed in 0..10 {
        let g = generate(seed, &options).unwrap();
        check_unique(&g.puzzle, &g.solution);
        assert!((36..=37).contains(&g.puzzle.givens()), "{}", g.puzzle);
    }
    // Minimal and at least 26 givens: both hold.
    let options = Options {
        minimal: true,
        min_givens: 26,
        ..Options::default()
    };
    for seed in 0..4 {
        let g = generate(seed, &options).unwrap();
        check_unique(&g.puzzle, &g.solution);
        assert!(g.puzzle.givens() >= 26, "{}", g.puzzle);
        for c in (0..81).filter(|&c| g.puzzle.get(c) != 0) {
            assert!(!unique(&without(&g.puzzle, &[c])), "{}", g.puzzle);
        }
    }
    // Minimal puzzles with 36 givens are far too rare: the cap ends the search.
    let options = Options {
        minimal: true,
        min_givens: 36,
        max_attempts: 20,
        ..Options::default()
    };
    assert_eq!(
        generate(0, &options),
        Err(sudoku_engine::Error::AttemptsExhausted)
    );
}

#[test]
fn bad_options_are_refused() {
    for options in [
        Options {
            max_attempts: 0,
            ..Options::default()
        },
        Options {
            min_givens: 82,
            ..Options::default()
        },
        Options {
            min_level: Some(Level::Hard),
            max_level: Some(Level::Easy),
            ..Options::default()
        },
        Options {
            min_er_tenths: Some(50),
            max_er_tenths: Some(40),
            ..Options::default()
        },
        Options {
            max_er_tenths: Some(201),
            ..Options::default()
        },
        Options {
            min_er_tenths: Some(201),
            ..Options::default()
        },
        Options {
            // No ER is both expert and at most 4.6.
            min_level: Some(Level::Expert),
            max_er_tenths: Some(46),
            ..Options::default()
        },
    ] {
        assert_eq!(
            generate(1, &options),
            Err(sudoku_engine::Error::InvalidArgument)
        );
    }
}

mod c_api {
    use super::*;
    use sudoku::*;

    const OK: i32 = sudoku_status::SUDOKU_OK as i32;
    const NULL: i32 = sudoku_status::SUDOKU_ERR_NULL_POINTER as i32;
    const INVALID: i32 = sudoku_status::SUDOKU_ERR_INVALID_ARGUMENT as i32;
    const EXHAUSTED: i32 = sudoku_status::SUDOKU_ERR_ATTEMPTS_EXHAUSTED as i32;

    fn defaults() -> sudoku_generate_options {
        // SAFETY: plain integers; zero is valid.
        let mut o: sudoku_generate_options = unsafe { std::mem::zeroed() };
        // SAFETY: `o` is a valid struct of the size passed.
        let status =
            unsafe { sudoku_generate_options_init(&mut o, size_of::<sudoku_generate_options>()) };
        assert_eq!(status, OK);
        o
    }

    /// Under Miri, where one generation takes minutes, options that keep all 81 givens: the FFI
    /// path (reading the struct, writing both boards) is the same without the clue removal.
    /// Elsewhere the options unchanged.
    fn cheap_under_miri(mut o: sudoku_generate_options) -> sudoku_generate_options {
        if cfg!(miri) {
            o.minimal = 0;
            o.min_givens = 81;
        }
        o
    }

    fn c_generate(
        seed: u64,
        options: Option<&sudoku_generate_options>,
    ) -> (i32, [u8; 81], [u8; 81]) {
        let mut puzzle = [b'#'; 81];
        let mut solution = [b'#'; 81];
        let options = options.map_or(std::ptr::null(), |o| o as *const _);
        // SAFETY: 81-byte output buffers; options NULL or a valid struct.
        let status = unsafe {
            sudoku_generate(
                seed,
                options,
                puzzle.as_mut_ptr().cast(),
                solution.as_mut_ptr().cast(),
            )
        };
        (status, puzzle, solution)
    }

    #[test]
    fn null_options_are_the_defaults() {
        let o = defaults();
        assert_eq!(o.size as usize, size_of::<sudoku_generate_options>());
        assert_eq!((o.symmetry, o.min_level, o.max_level), (0, 0, 0));
        assert_eq!((o.minimal, o.min_givens, o.max_attempts), (1, 0, 1000));
        assert_eq!((o.min_er_tenths, o.max_er_tenths), (0, 0));
        // Under Miri the defaults only (a default generation takes minutes there).
        for seed in [3, 99].into_iter().take(common::rounds(2, 0)) {
            let (status, p, s) = c_generate(seed, None);
            assert_eq!(status, OK);
            let g = generate(seed, &Options::default()).unwrap();
            assert_eq!(p, g.puzzle.to_bytes());
            assert_eq!(s, g.solution.to_bytes());
            assert_eq!(c_generate(seed, Some(&o)), (status, p, s));
            // A zeroed struct with its size set means the same.
            // SAFETY: plain integers.
            let mut zero: sudoku_generate_options = unsafe { std::mem::zeroed() };
            zero.size = o.size;
            assert_eq!(c_generate(seed, Some(&zero)), (status, p, s));
        }
    }

    #[test]
    #[cfg_attr(
        miri,
        ignore = "asks for a level, so several grids are generated and rated: many minutes under \
                  Miri; newer_callers_with_bigger_structs takes the options path there"
    )]
    fn options_reach_the_generator() {
        let mut o = defaults();
        o.symmetry = sudoku_symmetry::SUDOKU_SYMMETRY_ROTATE_90 as i32;
        o.min_level = sudoku_level::SUDOKU_LEVEL_MEDIUM as i32;
        o.max_level = sudoku_level::SUDOKU_LEVEL_MEDIUM as i32;
        let (status, p, s) = c_generate(5, Some(&o));
        assert_eq!(status, OK);
        let board = Board::from_bytes(&p).unwrap();
        assert!(Symmetry::Rotate90.holds_for(&board));
        assert_eq!(board.rate().unwrap().level, Level::Medium);
        assert!(is_solution_of(&s, &p));
    }

    #[test]
    fn solution_pointer_is_optional() {
        let mut puzzle = [0u8; 81];
        // NULL options (the defaults), or under Miri the cheap ones.
        let cheap = cheap_under_miri(defaults());
        let options = cfg!(miri).then_some(&cheap);
        // SAFETY: 81-byte output; NULL options and solution are allowed.
        let status = unsafe {
            sudoku_generate(
                7,
                options.map_or(std::ptr::null(), |o| o as *const _),
                puzzle.as_mut_ptr().cast(),
                std::ptr::null_mut(),
            )
        };
        assert_eq!(status, OK);
        assert_eq!(puzzle, c_generate(7, options).1);
    }

    #[test]
    fn bad_arguments_write_nothing() {
        let untouched = [b'#'; 81];
        let check = |o: &sudoku_generate_options, expected: i32| {
            let (status, p, s) = c_generate(1, Some(o));
            assert_eq!(status, expected, "{o:?}");
            assert_eq!((p, s), (untouched, untouched));
        };
        for (field, value) in [
            (0, -1),
            (0, 6),
            (1, 8),
            (1, -1),
            (2, 9),
            (3, 82),
            (4, 2),
            (4, 0x10),
            (4, 27),
            (5, 201),
            (6, 201),
        ] {
            let mut o = defaults();
            match field {
                0 => o.symmetry = value,
                1 => o.min_level = value,
                2 => o.max_level = value,
                3 => o.min_givens = value as u32,
                5 => o.min_er_tenths = value as u32,
                6 => o.max_er_tenths = value as u32,
                _ => o.size = value as u32,
            }
            check(&o, INVALID);
        }
        let mut o = defaults();
        o.min_level = 4;
        o.max_level = 2;
        check(&o, INVALID);
        let mut o = defaults();
        o.min_er_tenths = 50;
        o.max_er_tenths = 40;
        check(&o, INVALID);
        let mut o = defaults();
        o.min_level = sudoku_level::SUDOKU_LEVEL_NIGHTMARE as i32;
        o.max_er_tenths = 89;
        check(&o, INVALID);
        // Minimal above a floor: grids stopped by the floor are rejected (a high floor and one
        // attempt under Miri, where each removal is a long search).
        let mut o = defaults();
        o.min_givens = if cfg!(miri) { 75 } else { 40 };
        o.max_attempts = common::rounds(5, 1) as u32;
        check(&o, EXHAUSTED);
        // SAFETY: NULL is allowed and rejected.
        unsafe {
            assert_eq!(
                sudoku_generate(
                    1,
                    std::ptr::null(),
                    std::ptr::null_mut(),
                    std::ptr::null_mut()
                ),
                NULL
            );
            assert_eq!(sudoku_generate_options_init(std::ptr::null_mut(), 28), NULL);
            let mut o = defaults();
            assert_eq!(sudoku_generate_options_init(&mut o, 4), INVALID);
        }
    }

    #[test]
    #[cfg_attr(
        miri,
        ignore = "rates the grids it generates: many minutes under Miri; \
                  newer_callers_with_bigger_structs takes the options path there"
    )]
    fn er_bounds_reach_the_generator_and_older_callers_have_none() {
        let mut o = defaults();
        o.min_er_tenths = 41;
        o.max_er_tenths = 43;
        let (status, p, _) = c_generate(6, Some(&o));
        assert_eq!(status, OK);
        let er = Board::from_bytes(&p).unwrap().rate().unwrap().er_tenths;
        assert!((41..=43).contains(&er), "ER {er}");
        // A caller of the first version (no ER fields): the ER bounds, past its size, are not
        // read, so the puzzle is the default one.
        o.size = std::mem::offset_of!(sudoku_generate_options, min_er_tenths) as u32;
        let (status, old, _) = c_generate(6, Some(&o));
        assert_eq!(status, OK);
        assert_eq!(
            old,
            generate(6, &Options::default()).unwrap().puzzle.to_bytes()
        );
        // Init accepts the first version's size too.
        let mut small = defaults();
        small.min_er_tenths = 9;
        // SAFETY: `small` has (more than) the size passed.
        let status = unsafe { sudoku_generate_options_init(&mut small, o.size as usize) };
        assert_eq!((status, small.size, small.min_er_tenths), (OK, o.size, 9));
    }

    #[test]
    fn newer_callers_with_bigger_structs() {
        #[repr(C)]
        struct Bigger {
            options: sudoku_generate_options,
            future: [u32; 2],
        }
        let mut big = Bigger {
            options: defaults(),
            future: [9, 9],
        };
        // SAFETY: `big` is a writable struct of the size passed.
        let status = unsafe { sudoku_generate_options_init(&mut big.options, size_of::<Bigger>()) };
        assert_eq!(status, OK);
        assert_eq!(big.future, [0, 0], "init zeroes fields it does not know");
        assert_eq!(big.options.size as usize, size_of::<Bigger>());
        big.options = cheap_under_miri(big.options);
        // Unknown fields left at zero (their default) are accepted...
        let (status, p, _) = c_generate(2, Some(&big.options));
        let same = cheap_under_miri(defaults());
        assert_eq!((status, p), (OK, c_generate(2, Some(&same)).1));
        // ...but a non-zero unknown field is refused rather than ignored.
        big.future[1] = 1;
        assert_eq!(c_generate(2, Some(&big.options)).0, INVALID);
    }
}

#[test]
fn threads_generate_what_one_thread_does() {
    let options = Options {
        symmetry: Symmetry::Diagonal,
        ..Options::default()
    };
    let expected: Vec<_> = (0..16).map(|s| generate(s, &options).unwrap()).collect();
    std::thread::scope(|scope| {
        for t in 0..4u64 {
            let expected = &expected;
            scope.spawn(move || {
                for s in (t..16).step_by(4) {
                    assert_eq!(generate(s, &options).unwrap(), expected[s as usize]);
                }
            });
        }
    });
}
