//! `examples/sudoku_tool.c` (generate, rate, hint) built against the shared and static
//! libraries of this test run and checked against the Rust API.

mod common;

use std::path::PathBuf;
use std::process::{Command, Output};

use common::read_puzzles;
use sudoku_engine::Board;
use sudoku_engine::generate::{Options, Symmetry, generate};
use sudoku_engine::grade::Level;
use sudoku_engine::hint::{HintKind, hint_with};
use sudoku_engine::se::Link;

/// The directory holding this test run's `libsudoku.so` and `libsudoku.a` (see tests/c_api.rs).
fn lib_dir() -> PathBuf {
    let exe = std::env::current_exe().unwrap();
    exe.parent().unwrap().to_path_buf()
}

/// Builds the tool as `sudoku_tool_<tag>` (one name per test: tests run in parallel, and
/// overwriting a running executable fails).
fn build(link_static: bool, tag: &str) -> PathBuf {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let name = format!(
        "sudoku_tool_{tag}_{}",
        if link_static { "static" } else { "shared" }
    );
    let exe = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(&name);
    let dir = lib_dir();
    let mut cmd = Command::new(std::env::var("CC").unwrap_or_else(|_| "cc".into()));
    cmd.args(["-std=c99", "-Wall", "-Wextra", "-Werror", "-pedantic", "-I"])
        .arg(root.join("include"))
        .arg(root.join("examples/sudoku_tool.c"))
        .arg("-o")
        .arg(&exe);
    if link_static {
        cmd.arg(dir.join("libsudoku.a")).args([
            "-lgcc_s",
            "-lutil",
            "-lrt",
            "-lpthread",
            "-lm",
            "-ldl",
        ]);
    } else {
        cmd.arg("-L")
            .arg(&dir)
            .arg("-lsudoku")
            .arg(format!("-Wl,-rpath,{}", dir.display()));
    }
    let out = cmd.output().unwrap();
    assert!(
        out.status.success(),
        "compiling {name}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    exe
}

fn run(exe: &std::path::Path, args: &[&str]) -> Output {
    common::c_program(exe).args(args).output().unwrap()
}

fn stdout_ok(out: Output) -> String {
    assert!(
        out.status.success(),
        "{}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn generate_mode_matches_the_library() {
    for link_static in [false, true] {
        let exe = build(link_static, "generate");
        let text = stdout_ok(run(&exe, &["generate", "-s", "100", "-n", "5", "-S"]));
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), 5);
        for (k, line) in lines.iter().enumerate() {
            let g = generate(100 + k as u64, &Options::default()).unwrap();
            assert_eq!(*line, format!("{} {}", g.puzzle, g.solution));
        }
    }
    let exe = build(false, "generate");
    let text = stdout_ok(run(
        &exe,
        &[
            "generate", "-s", "7", "-n", "2", "-l", "hard", "-y", "mirror",
        ],
    ));
    let options = Options {
        symmetry: Symmetry::Mirror,
        min_level: Some(Level::Hard),
        max_level: Some(Level::Hard),
        ..Options::default()
    };
    for (k, line) in text.lines().enumerate() {
        let g = generate(7 + k as u64, &options).unwrap();
        assert_eq!(line, g.puzzle.to_string());
        assert_eq!(g.puzzle.rate().unwrap().level, Level::Hard);
    }
    assert_eq!(
        run(&exe, &["generate", "-l", "impossible"]).status.code(),
        Some(2)
    );
    assert_eq!(run(&exe, &["frobnicate"]).status.code(), Some(2));
}

#[test]
fn rate_mode_matches_the_library() {
    let exe = build(false, "rate");
    let mut input = String::from("# comment\n\n");
    let mut puzzles = Vec::new();
    for name in ["puzzles2_17_clue.txt", "puzzles3_magictour_top1465.txt"] {
        let all = read_puzzles(name);
        for p in all.iter().step_by(all.len() / 10) {
            puzzles.push(Board::from_bytes(p).unwrap());
        }
    }
    for p in &puzzles {
        input += &format!("{p}\n");
    }
    let multi = read_puzzles("tdoku_test_multi_solution.txt")[0];
    input += std::str::from_utf8(&multi).unwrap();
    input += "\n";
    let file = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("rate_input.txt");
    std::fs::write(&file, input).unwrap();

    let out = run(&exe, &["rate", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1), "the multi-solution line fails");
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("more than one solution"), "{err}");
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), puzzles.len());
    for (p, line) in puzzles.iter().zip(&lines) {
        assert_eq!(*line, rate_line(p));
    }

    // With -e, the budget of each rating: a tiny one stops the puzzles that need chains, and
    // only those.
    let out = run(&exe, &["rate", "-e", "1", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8(out.stderr).unwrap();
    let tiny = sudoku_engine::grade::RateOptions { max_effort: 1 };
    let over = puzzles
        .iter()
        .filter(|p| p.rate_with(&tiny) == Err(sudoku_engine::Error::BudgetExhausted))
        .count();
    assert!(over > 0, "no puzzle needs chains");
    assert_eq!(err.matches("ran out of its budget").count(), over, "{err}");
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text.lines().count(), puzzles.len() - over);
}

/// The tool's line for a rating, built from the Rust API: puzzle, level, ER/EP/ED, SE's name
/// of the hardest rule.
fn rate_line(p: &Board) -> String {
    let r = p.rate().unwrap();
    let t = |x: u32| format!("{}.{}", x / 10, x % 10);
    format!(
        "{p} {} {}/{}/{} {}",
        r.level.name(),
        t(r.er_tenths),
        t(r.ep_tenths),
        t(r.ed_tenths),
        r.hardest_name.map_or("-".to_owned(), |n| n.to_string())
    )
}

/// The tool's sentence for a hint, built from the Rust API.
fn describe(puzzle: &Board, board: &Board) -> String {
    let cell = |c: usize| format!("r{}c{}", c / 9 + 1, c % 9 + 1);
    let h = hint_with(Some(puzzle), board, None).unwrap();
    match h.kind {
        HintKind::Solved => "solved".into(),
        HintKind::Reveal => format!(
            "no technique applies: {} is {}",
            cell(h.cell.unwrap()),
            h.digit
        ),
        HintKind::WrongDigit => {
            let list: Vec<String> = (0..81)
                .filter(|&c| h.wrong[c] != 0)
                .map(|c| format!("{} at {}", board.get(c), cell(c)))
                .collect();
            format!("wrong: {}", list.join(", "))
        }
        HintKind::WrongMark => unreachable!("no marks given"),
        HintKind::Step => {
            let step = h.step.unwrap();
            let place: Vec<String> = (0..81)
                .filter(|&c| step.placements[c] != 0)
                .map(|c| format!("{} at {}", step.placements[c], cell(c)))
                .collect();
            let remove: Vec<String> = (0..81)
                .flat_map(|c| (1..=9).map(move |d| (c, d)))
                .filter(|&(c, d)| step.eliminations[c] & (1 << (d - 1)) != 0)
                .map(|(c, d)| format!("{d} from {}", cell(c)))
                .collect();
            let units: Vec<String> = (0..27)
                .filter(|&u| step.units & (1 << u) != 0)
                .map(|u| format!("{} {}", ["row", "column", "box"][u / 9], u % 9 + 1))
                .collect();
            let mut s = format!(
                "{} {}.{}:",
                step.name,
                step.difficulty_tenths / 10,
                step.difficulty_tenths % 10
            );
            if !place.is_empty() {
                s += &format!(" place {}", place.join(", "));
            }
            if !remove.is_empty() {
                s += &format!(
                    "{} remove {}",
                    if place.is_empty() { "" } else { ";" },
                    remove.join(", ")
                );
            }
            if !units.is_empty() {
                s += &format!("; using {}", units.join(", "));
            }
            for (i, node) in step.chains.iter().flatten().enumerate() {
                if i == sudoku::SUDOKU_HINT_MAX_NODES {
                    let rest = step.chains.iter().flatten().count() - i;
                    s += &format!(" ({rest} more nodes)");
                    break;
                }
                s += if node.link == Link::Start {
                    "; chain: "
                } else {
                    " -> "
                };
                let verb = if node.on { "is" } else { "not" };
                s += &format!("{} {verb} {}", cell(node.cell), node.digit.get());
            }
            s
        }
    }
}

#[test]
fn hint_mode_matches_the_library() {
    let exe = build(false, "hint");
    let mut cases = Vec::new();
    for (seed, level) in [(1, Level::Easy), (2, Level::Hard), (3, Level::Expert)] {
        let options = Options {
            min_level: Some(level),
            max_level: Some(level),
            ..Options::default()
        };
        let g = generate(seed, &options).unwrap();
        cases.push((g.puzzle, g.puzzle));
        cases.push((g.puzzle, g.solution));
        let c = (0..81).find(|&c| g.puzzle.get(c) == 0).unwrap();
        let mut wrong = *g.puzzle.cells();
        wrong[c] = g.solution.get(c) % 9 + 1;
        cases.push((g.puzzle, Board::from_cells(wrong).unwrap()));
    }
    let hard = Board::from_bytes(&read_puzzles("puzzles5_forum_hardest_1905_11+.txt")[3]).unwrap();
    cases.push((hard, hard));
    let mut kinds = std::collections::HashSet::new();
    for (puzzle, board) in &cases {
        let (p, b) = (puzzle.to_string(), board.to_string());
        let text = stdout_ok(run(&exe, &["hint", &p, &b]));
        let expected = describe(puzzle, board);
        assert_eq!(text.trim_end(), expected);
        kinds.insert(expected.split([':', ' ']).next().unwrap().to_owned());
    }
    assert!(
        kinds.contains("solved") && kinds.contains("wrong"),
        "{kinds:?}"
    );
    let out = run(&exe, &["hint", "123"]);
    assert_eq!(out.status.code(), Some(2));
}

/// The rate mode reads its file in blocks through sudoku_next_puzzle: a file larger than the
/// tool's 64 KiB block, with a byte order mark, comment and blank lines, ratings and tab or
/// comma columns (copied after the rating), CR LF line ends, and bad lines (reported with their
/// line and column, then skipped).
#[test]
fn rate_mode_streams_a_file_with_comments_columns_and_bad_lines() {
    let exe = build(false, "rate_stream");
    let puzzles: Vec<Board> = read_puzzles("puzzles1_unbiased_first1000.txt")
        .iter()
        .map(|p| Board::from_bytes(p).unwrap())
        .collect();
    let mut input = String::from("\u{feff}# a file of puzzles\n\n");
    let mut line = 3;
    let (mut expected_out, mut expected_err) = (Vec::new(), Vec::new());
    for (i, p) in puzzles.iter().enumerate() {
        if i % 97 == 5 {
            input += "   # a comment line\n\t\n";
            line += 2;
        }
        if i % 250 == 7 {
            // A puzzle one cell short, and one with a stray byte in its 31st cell.
            input += &format!("{}\n", &p.to_string()[..80]);
            expected_err.push(format!("line {line}, column 81: not a puzzle"));
            input += &format!("  {}?{}\n", &p.to_string()[..30], &p.to_string()[31..]);
            expected_err.push(format!("line {}, column 33: not a puzzle", line + 1));
            line += 2;
        }
        let (columns, end) = match i % 4 {
            0 => (format!("# {i}"), "\n"),
            1 => ("7.1\tED".to_owned(), "\r\n"),
            2 => (String::new(), "\r\n"),
            _ => (format!("{i},x"), "\n"),
        };
        let sep = ["  ", "\t", "", ","][i % 4];
        input += &format!("{p}{sep}{columns}{end}");
        line += 1;
        let mut out = rate_line(p);
        if !columns.is_empty() {
            out += &format!(" {columns}");
        }
        expected_out.push(out);
    }
    assert!(
        input.len() > 1 << 16,
        "the file must cross the tool's block"
    );
    let file = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("rate_stream.txt");
    std::fs::write(&file, &input).unwrap();
    let out = run(&exe, &["rate", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1), "the bad lines fail");
    let stdout = String::from_utf8(out.stdout).unwrap();
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert_eq!(stdout.lines().collect::<Vec<_>>(), expected_out);
    assert_eq!(stderr.lines().collect::<Vec<_>>(), expected_err);
}
