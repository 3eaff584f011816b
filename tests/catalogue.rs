//! The technique catalogue is written once, in the engine (`catalogue!` in its `grade` module:
//! `Technique::ALL`, `name()`, `score_tenths()`, with the levels beside it). Every other copy is
//! checked against it here, all derived at test time, so that a copy that drifts fails:
//!
//! * the header's `sudoku_technique` enum: one constant per technique, with its number, its
//!   name (`SUDOKU_TECHNIQUE_` and the variant's name in upper snake case) and "Score X.Y" in its
//!   comment; and `sudoku_technique_name` / `sudoku_technique_score` of the library;
//! * the header's `sudoku_level` enum and the ER band in each comment;
//! * Python's `Technique` enum (`python/libsudoku/__init__.py`) and Go's `Technique` constants
//!   (`go/sudoku/*.go`, by C name);
//! * the technique and level tables in docs/grading.md, which this test generates
//!   (`SUDOKU_UPDATE_DOCS=1 cargo test --test catalogue` rewrites them), and any other Markdown
//!   table that gives a technique's score.

use std::ffi::{CStr, c_int};
use std::path::{Path, PathBuf};

use sudoku::{SUDOKU_TECHNIQUE_SLOTS, sudoku_technique_name, sudoku_technique_score};
use sudoku_engine::grade::{Level, TECHNIQUE_COUNT, Technique};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

/// A score in tenths as the docs write it: `26` is `2.6`.
fn score(tenths: u32) -> String {
    format!("{}.{}", tenths / 10, tenths % 10)
}

/// `XyzWing` → `XYZ_WING`: the C spelling of a variant name.
fn upper_snake(ident: &str) -> String {
    let mut out = String::new();
    for (i, c) in ident.chars().enumerate() {
        if c.is_ascii_uppercase() && i > 0 {
            out.push('_');
        }
        out.push(c.to_ascii_uppercase());
    }
    out
}

/// The C name of a technique.
fn c_name(t: Technique) -> String {
    format!("SUDOKU_TECHNIQUE_{}", upper_snake(&format!("{t:?}")))
}

/// The C name of a level.
fn c_level(l: Level) -> String {
    format!("SUDOKU_LEVEL_{}", l.name().to_ascii_uppercase())
}

/// `(value, name, comment)` of each constant of the C enum `name` in the header.
fn header_enum(name: &str) -> Vec<(i64, String, String)> {
    let header = read(&root().join("include/sudoku.h"));
    let start = header
        .find(&format!("typedef enum {name} {{"))
        .unwrap_or_else(|| panic!("enum {name} not in the header"));
    let end = start + header[start..].find(&format!("}} {name};")).unwrap();
    let mut constants = Vec::new();
    let mut comment = String::new();
    for line in header[start..end].lines().skip(1) {
        let line = line.trim();
        if let Some((constant, value)) = line.strip_suffix(',').and_then(|l| l.split_once(" = ")) {
            let value = value.parse().unwrap_or_else(|_| panic!("{name}: {line}"));
            constants.push((value, constant.to_owned(), std::mem::take(&mut comment)));
        } else {
            let text = line.trim_start_matches("/**").trim_end_matches("*/");
            comment.push_str(text.trim_start_matches('*').trim());
            comment.push(' ');
        }
    }
    constants
}

/// The numbers, in the order of [`Technique::ALL`].
fn numbers() -> Vec<i64> {
    Technique::ALL.iter().map(|&t| t as i64).collect()
}

// Room for every technique in sudoku_rating::technique_steps, checked when this test builds.
const _: () = assert!(TECHNIQUE_COUNT <= SUDOKU_TECHNIQUE_SLOTS);

/// The C crate looks techniques up by number in `Technique::ALL` (names, scores, steps).
#[test]
fn the_catalogue_numbers_index_the_list() {
    assert_eq!(numbers(), (0..TECHNIQUE_COUNT as i64).collect::<Vec<_>>());
    for t in Technique::ALL {
        assert!(
            (10..=120).contains(&t.score_tenths()),
            "{t:?} scores off Sudoku Explainer's scale"
        );
        assert!(!t.name().is_empty() && t.name().is_ascii(), "{t:?}");
    }
}

#[test]
fn the_header_enum_is_the_catalogue() {
    let header = header_enum("sudoku_technique");
    let expected: Vec<(i64, String)> = Technique::ALL
        .iter()
        .map(|&t| (t as i64, c_name(t)))
        .collect();
    let found: Vec<(i64, String)> = header.iter().map(|(v, n, _)| (*v, n.clone())).collect();
    assert_eq!(
        found, expected,
        "sudoku_technique (src/grade.rs) and the catalogue differ"
    );
    for ((_, name, comment), t) in header.iter().zip(Technique::ALL) {
        let scores: Vec<&str> = comment
            .split("Score ")
            .skip(1)
            .map(|s| s.trim_end_matches(|c: char| !c.is_ascii_digit()))
            .map(|s| s.split(' ').next().unwrap().trim_end_matches('.'))
            .collect();
        assert_eq!(
            scores,
            [score(t.score_tenths())],
            "{name}: the comment's \"Score X.Y\" is not the catalogue's ({comment})"
        );
    }
}

#[test]
fn the_library_names_and_scores_every_technique() {
    let name = |n: c_int| {
        // SAFETY: sudoku_technique_name returns a static NUL-terminated string for any value.
        unsafe { CStr::from_ptr(sudoku_technique_name(n)) }
            .to_str()
            .unwrap()
            .to_owned()
    };
    for t in Technique::ALL {
        assert_eq!(name(t as c_int), t.name());
        assert_eq!(
            sudoku_technique_score(t as c_int),
            t.score_tenths() as c_int
        );
    }
    assert_eq!(name(TECHNIQUE_COUNT as c_int), "unknown technique");
    assert_eq!(sudoku_technique_score(TECHNIQUE_COUNT as c_int), -1);
}

/// The score band of each level: (lowest, highest) in tenths, `None` for no upper bound.
fn bands() -> Vec<(Level, u32, Option<u32>)> {
    let mut low = 0;
    Level::ALL
        .iter()
        .map(|&l| {
            let high = l.max_score_tenths();
            let band = (l, low, (high != u32::MAX).then_some(high));
            low = high.saturating_add(1);
            band
        })
        .collect()
}

/// How the header's level comments and the docs write a band.
fn band_text(low: u32, high: Option<u32>) -> String {
    match high {
        Some(high) if low == 0 => format!("up to {}", score(high)),
        Some(high) => format!("{} to {}", score(low), score(high)),
        None => format!("{} and above", score(low)),
    }
}

#[test]
fn the_header_levels_are_the_engines() {
    let header = header_enum("sudoku_level");
    let (any, levels) = header.split_first().unwrap();
    assert_eq!((any.0, any.1.as_str()), (0, "SUDOKU_LEVEL_ANY"));
    assert_eq!(levels.len(), Level::ALL.len());
    for ((value, name, comment), (level, low, high)) in levels.iter().zip(bands()) {
        assert_eq!((*value, name.clone()), (level as i64, c_level(level)));
        let expected = format!("Score {}", band_text(low, high));
        assert!(
            comment.contains(&expected),
            "{name}: {expected:?} not in {comment:?}"
        );
    }
}

#[test]
fn the_python_enum_is_the_catalogue() {
    let source = read(&root().join("python/libsudoku/__init__.py"));
    let start = source
        .find("\nclass Technique(")
        .expect("no class Technique in python/libsudoku/__init__.py");
    let mut found = Vec::new();
    for line in source[start + 1..].lines().skip(1) {
        if !line.is_empty() && !line.starts_with(' ') {
            break; // The end of the class.
        }
        if let Some((name, value)) = line.trim().split_once(" = ") {
            if name
                .bytes()
                .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || b == b'_')
            {
                found.push((value.parse::<i64>().unwrap(), name.to_owned()));
            }
        }
    }
    let expected: Vec<(i64, String)> = Technique::ALL
        .iter()
        .map(|&t| (t as i64, c_name(t)["SUDOKU_TECHNIQUE_".len()..].to_owned()))
        .collect();
    assert_eq!(
        found, expected,
        "Python's Technique and the catalogue differ"
    );
}

#[test]
fn the_go_constants_are_the_catalogue() {
    let mut found = Vec::new();
    let dir = root().join("go/sudoku");
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if !name.ends_with(".go") || name.ends_with("_test.go") {
            continue;
        }
        for line in read(&path).lines() {
            if let Some((_, c)) = line.split_once("Technique = C.") {
                found.push(c.trim().to_owned());
            }
        }
    }
    found.sort();
    let mut expected: Vec<String> = Technique::ALL.iter().map(|&t| c_name(t)).collect();
    expected.sort();
    assert_eq!(
        found, expected,
        "Go's Technique constants and the catalogue differ"
    );
}

/// The technique table of docs/grading.md.
fn technique_table() -> String {
    let mut table = String::from("| # | technique | score | C name | |\n|---:|---|---:|---|---|\n");
    for t in Technique::ALL {
        table.push_str(&format!(
            "| {} | {} | {} | `{}` | {} |\n",
            t as usize,
            t.name(),
            score(t.score_tenths()),
            c_name(t),
            if t.is_retired() { "retired" } else { "" }
        ));
    }
    table
}

/// The level table of docs/grading.md: each level's band and the techniques it takes.
fn level_table() -> String {
    let mut table = String::from("| level | C value | score | techniques |\n|---|---|---|---|\n");
    for (level, low, high) in bands() {
        let techniques: Vec<&str> = Technique::ALL
            .iter()
            .filter(|t| !t.is_retired())
            .filter(|t| t.score_tenths() >= low && high.is_none_or(|h| t.score_tenths() <= h))
            .map(|t| t.name())
            .collect();
        let band = band_text(low, high);
        table.push_str(&format!(
            "| {} | `{}` ({}) | {} | {} |\n",
            level.name(),
            c_level(level),
            level as i64,
            band,
            techniques.join(", ")
        ));
    }
    table
}

/// Replaces what lies between `<!-- BEGIN name (generated) -->` and `<!-- END name -->` in
/// `text` with `body`; returns the old body too.
fn splice(text: &str, name: &str, body: &str) -> (String, String) {
    let begin = format!("<!-- BEGIN {name} (generated) -->\n");
    let end = format!("<!-- END {name} -->");
    let start = text.find(&begin).unwrap_or_else(|| panic!("no {begin:?}")) + begin.len();
    let stop = start
        + text[start..]
            .find(&end)
            .unwrap_or_else(|| panic!("no {end:?}"));
    let old = text[start..stop].to_owned();
    (format!("{}{body}{}", &text[..start], &text[stop..]), old)
}

#[test]
fn the_grading_tables_are_generated_from_the_catalogue() {
    let path = root().join("docs/grading.md");
    let page = read(&path);
    let (page_1, old_techniques) = splice(&page, "techniques", &technique_table());
    let (new_page, old_levels) = splice(&page_1, "levels", &level_table());
    if std::env::var_os("SUDOKU_UPDATE_DOCS").is_some_and(|v| v != "0") {
        std::fs::write(&path, &new_page).unwrap();
        return;
    }
    assert!(
        old_techniques == technique_table() && old_levels == level_table(),
        "docs/grading.md's tables are not the catalogue's: regenerate them with \
         `SUDOKU_UPDATE_DOCS=1 cargo test --test catalogue`.\nExpected:\n{}\n{}",
        technique_table(),
        level_table()
    );
}

/// Every Markdown file of the repository, outside hidden and build directories.
fn markdown_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if path.is_dir() && !name.starts_with('.') && name != "target" {
            markdown_files(&path, out);
        } else if name.ends_with(".md") {
            out.push(path);
        }
    }
}

#[test]
fn every_markdown_table_gives_the_catalogues_scores() {
    let mut files = Vec::new();
    markdown_files(&root(), &mut files);
    let mut rows = 0;
    for file in files {
        for (number, line) in read(&file).lines().enumerate() {
            if !line.trim_start().starts_with('|') {
                continue;
            }
            let cells: Vec<&str> = line.split('|').map(str::trim).collect();
            for (i, cell) in cells.iter().enumerate() {
                let Some(t) = Technique::ALL.iter().find(|t| t.name() == *cell) else {
                    continue;
                };
                let Some(next) = cells.get(i + 1).filter(|c| c.contains('.')) else {
                    continue;
                };
                if next.parse::<f64>().is_ok() {
                    rows += 1;
                    assert_eq!(
                        *next,
                        score(t.score_tenths()),
                        "{}:{}: {} scores {}",
                        file.display(),
                        number + 1,
                        t.name(),
                        score(t.score_tenths())
                    );
                }
            }
        }
    }
    assert!(
        rows >= TECHNIQUE_COUNT,
        "the technique table is missing: {rows} rows"
    );
}
