//! Ratings: agreement with Sukaku Explainer on a fixed sample of the bank (every SE value) and on
//! puzzles from our generator, the catalogue and the level bands, soundness of every step along
//! SE's paths on corpus samples, the consistency of a rating's fields, the budget, statuses for
//! improper puzzles, and the C API (both struct versions, the options, names and scores).

#![allow(clippy::needless_range_loop, reason = "cell numbers are the data")]

mod common;

use std::collections::BTreeMap;
use std::ffi::CStr;

use common::read_puzzles;
use sudoku_engine::grade::{Level, RateOptions, Rating, TECHNIQUE_COUNT, Technique};
use sudoku_engine::grid::Candidates;
use sudoku_engine::{Board, Error, se};

/// A rating in tenths as SE prints it: `73` is `7.3`.
fn show(tenths: u32) -> String {
    format!("{}.{}", tenths / 10, tenths % 10)
}

/// A file of `data/ratings/`: puzzle, and Sukaku Explainer's ER, EP and ED in tenths and
/// hardest rule.
fn reference_ratings(name: &str) -> Vec<(Board, [u32; 3], String)> {
    let path = format!("{}/data/ratings/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            let board: Board = fields[0].parse().unwrap();
            let tenths: Vec<u32> = fields[1]
                .split('/')
                .map(|x| (x.parse::<f64>().unwrap() * 10.0).round() as u32)
                .collect();
            (
                board,
                [tenths[0], tenths[1], tenths[2]],
                fields[2].to_owned(),
            )
        })
        .collect()
}

/// The bank sample: six puzzles per SE value.
fn se_sample() -> Vec<(Board, [u32; 3], String)> {
    reference_ratings("se_sample.tsv")
}

/// Per SE value (the reference ER): puzzles, then exact and within-0.1 counts for ER, EP, ED.
type Tally = BTreeMap<u32, [usize; 7]>;

/// The share of `tally`'s values in `range` where column `k` holds, each value weighed equally.
fn weighted(tally: &Tally, range: std::ops::RangeInclusive<u32>, k: usize) -> f64 {
    let shares: Vec<f64> = tally
        .iter()
        .filter(|(v, _)| range.contains(v))
        .map(|(_, t)| t[k] as f64 / t[0] as f64)
        .collect();
    shares.iter().sum::<f64>() / shares.len() as f64
}

/// The differential test: our ER, EP and ED against Sukaku Explainer 1.15.10's on a fixed
/// sample of the bank's training half, six puzzles per SE value (2.5 to 9.2), every value
/// weighed equally. The targets: ER, EP and ED exact on at least 90% and within 0.1 on
/// at least 97% over 1.0-9.3, exact on at least 85% over 7.6-9.3.
#[test]
fn ratings_agree_with_sudoku_explainer() {
    let sample = se_sample();
    assert!(sample.len() > 300);
    agrees_with_sudoku_explainer(&sample);
}

/// Puzzles from our own generator (not the bank's QQWing), spread over the levels.
#[test]
fn ratings_of_generated_puzzles_agree_with_sudoku_explainer() {
    let sample = reference_ratings("generated.tsv");
    assert!(sample.len() > 900);
    agrees_with_sudoku_explainer(&sample);
}

/// Puzzles of the forum's hardest list (SE 10.9 to 11.3 by the reference), which need SE's nested
/// forcing chains: each rates, within the default budget, exactly as the reference does (ER, EP,
/// ED and the hardest rule's name).
#[test]
fn the_forum_hardest_rate_as_sudoku_explainer_does() {
    let sample = reference_ratings("forum_hardest.tsv");
    assert!(sample.len() >= 15);
    for (board, reference, rule) in &sample {
        let r = board
            .rate()
            .unwrap_or_else(|e| panic!("{board}: SE {}, ours {e}", show(reference[0])));
        assert_eq!(
            (
                [r.er_tenths, r.ep_tenths, r.ed_tenths],
                r.hardest_name.map(|n| n.to_string())
            ),
            (*reference, Some(rule.clone())),
            "{board}"
        );
    }
}

/// Rates `sample` and fails unless ER, EP and ED each meet the targets against the
/// reference's (every SE value weighed equally); prints the agreement table and the first
/// mismatches.
fn agrees_with_sudoku_explainer(sample: &[(Board, [u32; 3], String)]) {
    let mut tally = Tally::new();
    let mut names = 0;
    let mut mismatches = Vec::new();
    for (board, reference, rule) in sample {
        let t = tally.entry(reference[0]).or_default();
        t[0] += 1;
        match board.rate() {
            Ok(r) => {
                let ours = [r.er_tenths, r.ep_tenths, r.ed_tenths];
                for k in 0..3 {
                    t[1 + 2 * k] += usize::from(ours[k] == reference[k]);
                    t[2 + 2 * k] += usize::from(ours[k].abs_diff(reference[k]) <= 1);
                }
                names += usize::from(r.hardest_name.is_some_and(|n| n.as_str() == rule));
                if ours != *reference {
                    mismatches.push(format!(
                        "{board}: SE {} ({rule}), ours {}/{}/{} ({})",
                        reference.map(show).join("/"),
                        show(ours[0]),
                        show(ours[1]),
                        show(ours[2]),
                        r.hardest_name.map_or(String::new(), |n| n.to_string())
                    ));
                }
            }
            Err(e) => mismatches.push(format!("{board}: SE {}, ours {e}", show(reference[0]))),
        }
    }
    let bands = [
        ("1.0-3.9", 10..=39),
        ("4.0-5.9", 40..=59),
        ("6.0-7.5", 60..=75),
        ("7.6-9.3", 76..=93),
        ("all 1.0-9.3", 10..=93),
    ];
    println!("| band | ER exact | ER ±0.1 | EP exact | EP ±0.1 | ED exact | ED ±0.1 |");
    for (name, range) in bands.clone() {
        let cells: Vec<String> = (1..7)
            .map(|k| format!("{:.1}%", 100.0 * weighted(&tally, range.clone(), k)))
            .collect();
        println!("| {name} | {} |", cells.join(" | "));
    }
    println!(
        "hardest rule named as SE names it: {names} of {}",
        sample.len()
    );
    for m in mismatches.iter().take(20) {
        println!("{m}");
    }
    for (what, k) in [("ER", 1), ("EP", 3), ("ED", 5)] {
        let exact = weighted(&tally, 10..=93, k);
        let close = weighted(&tally, 10..=93, k + 1);
        let hard = weighted(&tally, 76..=93, k);
        assert!(
            exact >= 0.90 && close >= 0.97 && hard >= 0.85,
            "{what}: {:.1}% exact, {:.1}% within 0.1, {:.1}% exact on 7.6-9.3 (targets 90%, \
             97%, 85%); {} of {} puzzles differ",
            100.0 * exact,
            100.0 * close,
            100.0 * hard,
            mismatches.len(),
            sample.len()
        );
    }
}

#[test]
fn the_catalogue_and_the_levels() {
    let mut names = std::collections::HashSet::new();
    for (i, t) in Technique::ALL.iter().enumerate() {
        assert_eq!(*t as usize, i);
        assert_eq!(Technique::from_index(i), Some(*t));
        assert!(!t.name().is_empty() && names.insert(t.name()));
    }
    assert_eq!(Technique::from_index(TECHNIQUE_COUNT), None);
    let retired: Vec<Technique> = Technique::ALL
        .into_iter()
        .filter(|t| t.is_retired())
        .collect();
    assert_eq!(
        retired,
        [
            Technique::WWing,
            Technique::SimpleColouring,
            Technique::XChain,
            Technique::XyChain,
            Technique::Aic
        ]
    );
    // The SE bands: each level starts one tenth above the one before.
    for pair in Level::ALL.windows(2) {
        assert_eq!(pair[0].max_score_tenths() + 1, pair[1].min_score_tenths());
    }
    for (tenths, level) in [
        (0, Level::Easy),
        (23, Level::Easy),
        (24, Level::Medium),
        (34, Level::Medium),
        (35, Level::Hard),
        (46, Level::Hard),
        (47, Level::Expert),
        (75, Level::Expert),
        (76, Level::Extreme),
        (84, Level::Extreme),
        (85, Level::Diabolical),
        (89, Level::Diabolical),
        (90, Level::Nightmare),
        (119, Level::Nightmare),
    ] {
        assert_eq!(Level::from_score_tenths(tenths), level, "{tenths}");
        assert!((level.min_score_tenths()..=level.max_score_tenths()).contains(&tenths));
    }
    assert_eq!(Level::Nightmare.max_score_tenths(), u32::MAX);
    assert_eq!(Level::from_index(7), Some(Level::Nightmare));
    assert_eq!(Level::from_index(8), None);
    assert_eq!(Level::from_index(0), None);
}

/// Every `step`-th puzzle of a corpus file.
fn sample(name: &str, count: usize) -> Vec<Board> {
    let all = read_puzzles(name);
    let step = (all.len() / count).max(1);
    all.iter()
        .step_by(step)
        .take(count)
        .map(|p| Board::from_bytes(p).unwrap())
        .collect()
}

/// Follows Sudoku Explainer's path on `puzzle` step by step (`se::next_step`, with the
/// explanations), checking every step against the solution. Returns the techniques used, and
/// the hardest step's rating.
fn check_steps(puzzle: &Board) -> ([u32; TECHNIQUE_COUNT], u32) {
    let solution = puzzle.solve().unwrap();
    let mut grid = Candidates::from_board(puzzle).unwrap();
    let mut used = [0; TECHNIQUE_COUNT];
    let mut hardest = 0;
    while let Some(hint) = se::next_step(&grid, se::Options::default()) {
        assert!(!hint.technique.is_retired(), "{:?}", hint.technique);
        assert!(hint.tenths() >= hint.technique.score_tenths(), "{hint:?}");
        let mut progress = false;
        for c in 0..81 {
            let answer = solution.get(c);
            let removed = hint.eliminations[c] & grid.mask(c);
            assert_eq!(
                removed & (1 << (answer - 1)),
                0,
                "{} removed the answer at {c} in {puzzle}",
                hint.name
            );
            progress |= removed != 0;
            grid.eliminate(c, removed);
        }
        if let Some((c, d)) = hint.placement {
            assert_eq!(d.get(), solution.get(c), "{} at {c} in {puzzle}", hint.name);
            grid.place(c, d.get());
            progress = true;
        }
        assert!(progress, "{} did nothing", hint.name);
        let e = hint.explanation.as_ref().expect("hints are explained");
        assert!(
            !e.pattern.is_empty() || !e.chains.is_empty(),
            "{} shows nothing",
            hint.name
        );
        used[hint.technique as usize] += 1;
        hardest = hardest.max(hint.tenths());
    }
    assert!(grid.is_solved(), "SE's path stopped on {puzzle}");
    (used, hardest)
}

#[test]
fn steps_never_contradict_the_solution() {
    let mut used = [0u32; TECHNIQUE_COUNT];
    // Corpus samples, and every other puzzle of the SE sample (SE 2.5 to 9.2, the hardest steps
    // that the rater finds within its budget).
    let mut puzzles = sample("puzzles3_magictour_top1465.txt", 150);
    puzzles.extend(sample("puzzles1_unbiased_first1000.txt", 150));
    puzzles.extend(sample("puzzles2_17_clue.txt", 100));
    puzzles.extend(se_sample().into_iter().step_by(2).map(|s| s.0));
    for p in puzzles {
        let (steps, hardest) = check_steps(&p);
        for (u, n) in used.iter_mut().zip(steps) {
            *u += n;
        }
        // Step by step, the path is the rating's.
        let r = p.rate().unwrap();
        assert_eq!((r.steps, r.er_tenths), (steps, hardest), "{p}");
    }
    // Most of SE's rules fire somewhere in these sets, so their soundness is checked on real
    // puzzles.
    let fired = used.iter().filter(|&&n| n > 0).count();
    assert!(fired >= 30, "{fired} techniques used: {used:?}");
}

#[test]
fn threads_rate_what_one_thread_does() {
    let puzzles = sample("puzzles3_magictour_top1465.txt", 40);
    let expected: Vec<_> = puzzles.iter().map(|p| p.rate()).collect();
    std::thread::scope(|scope| {
        for t in 0..4 {
            let (puzzles, expected) = (&puzzles, &expected);
            scope.spawn(move || {
                for i in (t..puzzles.len()).step_by(4) {
                    assert_eq!(puzzles[i].rate(), expected[i]);
                }
            });
        }
    });
}

/// The fields of a rating agree with each other.
fn check_rating(p: &Board, r: &Rating) {
    assert_eq!(r.level, Level::from_score_tenths(r.er_tenths), "{p}");
    assert!(
        r.ed_tenths <= r.ep_tenths && r.ep_tenths <= r.er_tenths,
        "{p}: {r:?}"
    );
    assert_eq!(r.total_steps, r.steps.iter().sum::<u32>(), "{p}");
    for t in Technique::ALL {
        assert!(!t.is_retired() || r.steps[t as usize] == 0, "{p}: {t:?}");
    }
    for t in [r.hardest, r.ep_technique, r.ed_technique] {
        let t = t.unwrap_or_else(|| panic!("{p}: no technique"));
        assert!(r.steps[t as usize] > 0, "{p}: {t:?} without a step");
    }
    let hardest = r.hardest.unwrap();
    assert!(hardest.score_tenths() <= r.er_tenths, "{p}: {r:?}");
    assert!(!r.hardest_name.unwrap().as_str().is_empty(), "{p}");
}

#[test]
fn ratings_are_consistent() {
    let mut levels = [0usize; 8];
    for p in sample("puzzles2_17_clue.txt", 150)
        .into_iter()
        .chain(sample("puzzles3_magictour_top1465.txt", 100))
    {
        let r = p.rate().unwrap();
        check_rating(&p, &r);
        levels[r.level as usize] += 1;
        assert_eq!(p.rate().unwrap(), r, "not deterministic: {p}");
    }
    // The 17-clue set is mostly easy and medium; top1465 mostly expert and beyond.
    assert!(
        levels[1] > 0 && levels[2] > 0 && levels[4] > 0 && levels[5..].iter().sum::<usize>() > 0,
        "{levels:?}"
    );
}

#[test]
fn the_budget_bounds_a_rating() {
    // A hard puzzle (SE 9.0 and up needs dynamic forcing chains: many implications).
    let (board, reference, _) = se_sample()
        .into_iter()
        .find(|(_, r, _)| r[0] >= 90)
        .expect("a 9.0 in the sample");
    let tiny = RateOptions { max_effort: 1000 };
    assert_eq!(board.rate_with(&tiny), Err(Error::BudgetExhausted));
    assert_eq!(board.rate_with(&tiny), Err(Error::BudgetExhausted));
    // The default rates it; twice the default gives the same rating.
    let r = board.rate().unwrap();
    let big = RateOptions {
        max_effort: 2 * sudoku_engine::grade::DEFAULT_MAX_EFFORT,
    };
    assert_eq!(board.rate_with(&big), Ok(r));
    assert_eq!(r.er_tenths, reference[0]);
    // Easy puzzles spend nothing the chaining rules count: any budget rates them.
    let easy = se_sample()
        .into_iter()
        .find(|(_, r, _)| r[0] < 30)
        .unwrap()
        .0;
    let none = RateOptions { max_effort: 0 };
    assert_eq!(easy.rate_with(&none), easy.rate());
}

#[test]
fn the_hardest_known_puzzles_are_nightmares_or_over_budget() {
    // The forum's list (SE 11.0 and up): within the default budget (about a second) some are
    // rated, the others stop with a status, never a wrong level.
    let mut rated = 0;
    for p in sample("puzzles5_forum_hardest_1905_11+.txt", 4) {
        match p.rate() {
            Ok(r) => {
                check_rating(&p, &r);
                assert_eq!(r.level, Level::Nightmare, "{p}");
                assert!(r.er_tenths >= 95, "{p}: {r:?}");
                rated += 1;
            }
            Err(e) => assert!(matches!(e, Error::BudgetExhausted | Error::TooHard), "{e}"),
        }
    }
    println!("{rated} of 4 rated within the default budget");
}

#[test]
fn improper_puzzles_get_a_status() {
    for p in read_puzzles("tdoku_test_multi_solution.txt") {
        let b = Board::from_bytes(&p).unwrap();
        assert_eq!(b.rate(), Err(Error::MultipleSolutions));
    }
    for p in read_puzzles("tdoku_test_invalid_0_solutions.txt") {
        let b = Board::from_bytes(&p).unwrap();
        assert!(matches!(
            b.rate(),
            Err(Error::NoSolution | Error::Conflict { .. })
        ));
    }
    let mut clash =
        *b"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    clash[1] = b'5';
    assert!(matches!(
        Board::from_bytes(&clash).unwrap().rate(),
        Err(Error::Conflict { .. })
    ));
    // A full grid is already solved: no step, ER 0.
    let full: Board =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
            .parse()
            .unwrap();
    let r = full.rate().unwrap();
    assert_eq!(
        (
            r.level,
            r.er_tenths,
            r.hardest,
            r.hardest_name,
            r.total_steps
        ),
        (Level::Easy, 0, None, None, 0)
    );
}

mod c_api {
    use super::*;
    use sudoku::*;

    const RATING_V1_SIZE: usize = std::mem::offset_of!(sudoku_rating, er_tenths);

    fn zeroed() -> sudoku_rating {
        // SAFETY: sudoku_rating is plain integers; all-zero is a valid value.
        let mut out: sudoku_rating = unsafe { std::mem::zeroed() };
        out.size = size_of::<sudoku_rating>() as u32;
        out
    }

    fn rate(board: &[u8]) -> (i32, sudoku_rating) {
        let mut out = zeroed();
        // SAFETY: `board` has 81 bytes, `out` is a valid struct of `size` bytes.
        let status = unsafe { sudoku_rate(board.as_ptr().cast(), &mut out) };
        (status, out)
    }

    fn rate_ex(board: &[u8], options: Option<&sudoku_rate_options>) -> (i32, sudoku_rating) {
        let mut out = zeroed();
        let o = options.map_or(std::ptr::null(), |o| o as *const _);
        // SAFETY: as above; the options NULL or a valid struct of its size.
        let status = unsafe { sudoku_rate_ex(board.as_ptr().cast(), o, &mut out) };
        (status, out)
    }

    fn name(field: &[std::ffi::c_char]) -> String {
        let bytes: Vec<u8> = field.iter().map(|&c| c as u8).collect();
        let end = bytes.iter().position(|&b| b == 0).expect("NUL-terminated");
        assert!(bytes[end..].iter().all(|&b| b == 0), "padded with NULs");
        String::from_utf8(bytes[..end].to_vec()).unwrap()
    }

    fn same(out: &sudoku_rating, r: &Rating) {
        assert_eq!(out.size as usize, size_of::<sudoku_rating>());
        assert_eq!(out.level, r.level as i32);
        assert_eq!(out.score_tenths as u32, r.er_tenths);
        assert_eq!(
            [out.er_tenths, out.ep_tenths, out.ed_tenths].map(|t| t as u32),
            [r.er_tenths, r.ep_tenths, r.ed_tenths]
        );
        let number = |t: Option<Technique>| t.map_or(-1, |t| t as i32);
        assert_eq!(out.hardest_technique, number(r.hardest));
        assert_eq!(out.ep_technique, number(r.ep_technique));
        assert_eq!(out.ed_technique, number(r.ed_technique));
        assert_eq!((out.needs_search, out.guesses), (0, 0));
        assert_eq!(out.steps, r.total_steps);
        assert_eq!(&out.technique_steps[..TECHNIQUE_COUNT], &r.steps);
        assert!(
            out.technique_steps[TECHNIQUE_COUNT..]
                .iter()
                .all(|&n| n == 0)
        );
        assert_eq!(
            name(&out.hardest_name),
            r.hardest_name.map_or(String::new(), |n| n.to_string())
        );
    }

    /// A few puzzles of the sample (every fifth SE value), or under Miri LeetCode's.
    fn puzzles() -> Vec<Board> {
        if cfg!(miri) {
            vec![Board::from_bytes(common::LEETCODE).unwrap()]
        } else {
            se_sample().into_iter().step_by(30).map(|s| s.0).collect()
        }
    }

    #[test]
    fn rate_matches_the_rust_api() {
        for p in puzzles() {
            let r = p.rate().unwrap();
            let (status, out) = rate(&p.to_bytes());
            assert_eq!(status, 0);
            same(&out, &r);
            // NULL options and zeroed options are the defaults.
            assert_eq!(rate_ex(&p.to_bytes(), None), (status, out));
            let defaults = sudoku_rate_options {
                size: size_of::<sudoku_rate_options>() as u32,
                max_effort: 0,
            };
            assert_eq!(rate_ex(&p.to_bytes(), Some(&defaults)), (status, out));
        }
    }

    #[test]
    fn a_first_version_caller_gets_the_first_version() {
        let p = puzzles()[0];
        let (_, full) = rate(&p.to_bytes());
        // A struct of the current size whose bytes past the first version must stay as they
        // are: a first-version caller's buffer ends there.
        let mut out = zeroed();
        // SAFETY: the bytes past RATING_V1_SIZE are inside `out`; any byte pattern is valid.
        unsafe {
            let bytes = (&raw mut out).cast::<u8>();
            std::ptr::write_bytes(
                bytes.add(RATING_V1_SIZE),
                0xab,
                size_of::<sudoku_rating>() - RATING_V1_SIZE,
            );
        }
        out.size = RATING_V1_SIZE as u32;
        let before = out;
        // SAFETY: `out` has RATING_V1_SIZE writable bytes (and more).
        let status = unsafe { sudoku_rate(p.to_bytes().as_ptr().cast(), &mut out) };
        assert_eq!(status, 0);
        assert_eq!(out.size as usize, RATING_V1_SIZE);
        assert_eq!(
            (
                out.level,
                out.score_tenths,
                out.hardest_technique,
                out.steps
            ),
            (
                full.level,
                full.score_tenths,
                full.hardest_technique,
                full.steps
            )
        );
        assert_eq!(out.technique_steps, full.technique_steps);
        assert_eq!(
            (out.er_tenths, out.ed_technique, out.hardest_name),
            (before.er_tenths, before.ed_technique, before.hardest_name),
            "written past the first version"
        );
        // One byte short of the first version is refused.
        let mut out = zeroed();
        out.size = RATING_V1_SIZE as u32 - 1;
        // SAFETY: a valid struct.
        let status = unsafe { sudoku_rate(p.to_bytes().as_ptr().cast(), &mut out) };
        assert_eq!(status, sudoku_status::SUDOKU_ERR_INVALID_ARGUMENT as i32);
    }

    #[test]
    fn rate_ex_options() {
        let p = puzzles()
            .into_iter()
            .max_by_key(|p| p.rate().unwrap().er_tenths)
            .unwrap();
        let mut o = sudoku_rate_options {
            size: size_of::<sudoku_rate_options>() as u32,
            max_effort: 1,
        };
        let hard = p.rate().unwrap().er_tenths >= 62;
        let (status, out) = rate_ex(&p.to_bytes(), Some(&o));
        if hard {
            // A chaining puzzle runs out of a budget of 1, and nothing is written.
            assert_eq!(status, sudoku_status::SUDOKU_ERR_BUDGET_EXHAUSTED as i32);
            assert_eq!(out, zeroed());
        }
        o.max_effort = u64::MAX;
        let (status, out) = rate_ex(&p.to_bytes(), Some(&o));
        assert_eq!(status, 0);
        same(&out, &p.rate().unwrap());
        // Bad sizes, and a newer caller's unknown field that is not zero.
        for size in [0, 8, 15, 4097] {
            o.size = size;
            assert_eq!(rate_ex(&p.to_bytes(), Some(&o)).0, 6, "size {size}");
        }
        #[repr(C)]
        struct Bigger {
            options: sudoku_rate_options,
            future: u64,
        }
        let mut big = Bigger {
            options: sudoku_rate_options {
                size: size_of::<Bigger>() as u32,
                max_effort: 0,
            },
            future: 0,
        };
        assert_eq!(rate_ex(&p.to_bytes(), Some(&big.options)).0, 0);
        big.future = 1;
        assert_eq!(rate_ex(&p.to_bytes(), Some(&big.options)).0, 6);
    }

    #[test]
    fn rate_reports_statuses_and_leaves_out_alone() {
        let multi = if cfg!(miri) {
            common::dense_multi(1) // Two solutions, four blanks.
        } else {
            read_puzzles("tdoku_test_multi_solution.txt")[0]
        };
        let (status, out) = rate(&multi);
        assert_eq!(status, sudoku_status::SUDOKU_ERR_MULTIPLE_SOLUTIONS as i32);
        assert_eq!(out, zeroed(), "output written on failure");
        let mut bad = multi;
        bad[3] = b'x';
        assert_eq!(
            rate(&bad).0,
            sudoku_status::SUDOKU_ERR_INVALID_CHARACTER as i32
        );
        // SAFETY: NULL pointers are allowed and rejected.
        unsafe {
            let mut out = zeroed();
            assert_eq!(sudoku_rate(std::ptr::null(), &mut out), 1);
            assert_eq!(sudoku_rate(multi.as_ptr().cast(), std::ptr::null_mut()), 1);
            assert_eq!(
                sudoku_rate_ex(std::ptr::null(), std::ptr::null(), &mut out),
                1
            );
            assert_eq!(
                sudoku_rate_ex(
                    multi.as_ptr().cast(),
                    std::ptr::null(),
                    std::ptr::null_mut()
                ),
                1
            );
            // A size from an older or garbage caller is refused.
            out.size = 8;
            assert_eq!(sudoku_rate(multi.as_ptr().cast(), &mut out), 6);
        }
    }

    #[test]
    fn a_newer_callers_bigger_struct_gets_zeroed_tail() {
        #[repr(C)]
        struct Bigger {
            rating: sudoku_rating,
            future: [u32; 4],
        }
        let p = puzzles()[0];
        // SAFETY: plain integers; all-zero is valid.
        let mut out: Bigger = unsafe { std::mem::zeroed() };
        out.rating.size = size_of::<Bigger>() as u32;
        out.future = [7; 4];
        // SAFETY: `out` is `size` writable bytes starting with a sudoku_rating.
        let status = unsafe { sudoku_rate(p.to_bytes().as_ptr().cast(), &mut out.rating) };
        assert_eq!(status, 0);
        assert_eq!(out.future, [0; 4]);
        assert_eq!(out.rating.level, p.rate().unwrap().level as i32);
    }

    #[test]
    fn names_and_scores() {
        for t in Technique::ALL {
            // SAFETY: static NUL-terminated strings.
            let name = unsafe { CStr::from_ptr(sudoku_technique_name(t as i32)) };
            assert_eq!(name.to_str().unwrap(), t.name());
            assert_eq!(sudoku_technique_score(t as i32), t.score_tenths() as i32);
        }
        for bad in [-1, TECHNIQUE_COUNT as i32, 1000, i32::MIN, i32::MAX] {
            // SAFETY: as above.
            let name = unsafe { CStr::from_ptr(sudoku_technique_name(bad)) };
            assert_eq!(name.to_str().unwrap(), "unknown technique");
            assert_eq!(sudoku_technique_score(bad), -1);
        }
        for level in Level::ALL {
            // SAFETY: as above.
            let name = unsafe { CStr::from_ptr(sudoku_level_name(level as i32)) };
            assert_eq!(name.to_str().unwrap(), level.name());
        }
        // SAFETY: as above.
        let any = unsafe { CStr::from_ptr(sudoku_level_name(0)) };
        assert_eq!(any.to_str().unwrap(), "any");
        for bad in [8, -1, i32::MIN, i32::MAX] {
            // SAFETY: as above.
            let unknown = unsafe { CStr::from_ptr(sudoku_level_name(bad)) };
            assert_eq!(unknown.to_str().unwrap(), "unknown level");
        }
    }

    #[test]
    fn c_enums_match_the_rust_ones() {
        use sudoku_level::*;
        let levels = [
            SUDOKU_LEVEL_EASY,
            SUDOKU_LEVEL_MEDIUM,
            SUDOKU_LEVEL_HARD,
            SUDOKU_LEVEL_EXPERT,
            SUDOKU_LEVEL_EXTREME,
            SUDOKU_LEVEL_DIABOLICAL,
            SUDOKU_LEVEL_NIGHTMARE,
        ];
        assert_eq!(levels.len(), Level::ALL.len());
        for (c, l) in levels.iter().zip(Level::ALL) {
            assert_eq!(*c as i32, l as i32);
        }
        const { assert!(TECHNIQUE_COUNT <= SUDOKU_TECHNIQUE_SLOTS) };
        const { assert!(se::SeName::CAPACITY < SUDOKU_SE_NAME_SIZE) };
    }
}
