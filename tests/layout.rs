//! The layout rules the compiler cannot check: the grid's geometry is written once, in
//! `engine/src/grid/` (the solver keeps its own bit layout, drawn in `engine/src/solver/state.rs`),
//! so no other Rust file of the engine or the C crate works out a box, band or stack with its own
//! arithmetic. (Where `unsafe` may appear is checked by the compiler: the engine's crate root
//! denies it and every module but the SIMD kernels forbids it.)

use std::path::{Path, PathBuf};

/// Arithmetic that finds a box, a band or a box's first row or column from a cell, row, column
/// or box number: what `grid::geometry` spells `box_of`, `band`, `stack`, `box_origin` and
/// `box_place`.
const BOX_FORMULAS: [&str; 5] = ["/ 3 * 3", "% 3 * 3", "/ 27", "* 27", "27 *"];

/// Where geometry may be written: the vocabulary and the solver's own layout.
const ALLOWED: [&str; 2] = ["engine/src/grid/", "engine/src/solver/"];

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let entries =
        std::fs::read_dir(dir).unwrap_or_else(|e| panic!("cannot list {}: {e}", dir.display()));
    for entry in entries {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The code of a line, without a `//` comment (a comment may describe the geometry).
fn code(line: &str) -> &str {
    line.find("//").map_or(line, |i| &line[..i])
}

#[test]
fn the_geometry_is_written_once() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    rust_files(&root.join("engine/src"), &mut files);
    rust_files(&root.join("src"), &mut files);
    assert!(
        files.len() > 20,
        "found only {} Rust files under engine/src and src",
        files.len()
    );
    let mut found = Vec::new();
    for path in &files {
        let relative = path.strip_prefix(&root).expect("under the root");
        let name = relative.to_string_lossy().replace('\\', "/");
        if ALLOWED.iter().any(|a| name.starts_with(a)) {
            continue;
        }
        let text = std::fs::read_to_string(path).expect("a readable source file");
        for (i, line) in text.lines().enumerate() {
            if let Some(f) = BOX_FORMULAS.iter().find(|f| code(line).contains(*f)) {
                found.push(format!("{name}:{}: `{f}` in `{}`", i + 1, line.trim()));
            }
        }
    }
    assert!(
        found.is_empty(),
        "box arithmetic outside engine/src/grid (use grid::geometry):\n{}",
        found.join("\n")
    );
}

/// The check itself finds what it looks for (a rule that cannot fail checks nothing).
#[test]
fn the_geometry_check_sees_a_formula() {
    let line = "    let b = r / 3 * 3 + c / 3; // the box";
    assert!(BOX_FORMULAS.iter().any(|f| code(line).contains(f)));
    assert!(
        !BOX_FORMULAS
            .iter()
            .any(|f| code("    // r / 3 * 3 is the box's first row").contains(f))
    );
}
