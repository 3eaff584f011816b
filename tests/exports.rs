//! Checks on the set of exports as a whole, so that a new function cannot slip past the
//! boundary rules or the reliability harness:
//!
//! * every `extern "C"` function in `src/` is one call to `guard` or `guard_or` (the panic
//!   boundary);
//! * the built `libsudoku.so` exports exactly the functions `include/sudoku.h` declares
//!   (`nm -D --defined-only`, both directions);
//! * every declared function has a panic-boundary test, a fuzz contract and a place in the C
//!   thread test, or a stated reason why it needs none.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

/// Rust source with comments removed and the contents of string and character literals
/// blanked (`"C"` becomes `""`), so that braces and parentheses can be matched.
fn code_only(src: &str) -> String {
    let b = src.as_bytes();
    let mut out = String::with_capacity(src.len());
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'/' if b.get(i + 1) == Some(&b'/') => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
            }
            b'/' if b.get(i + 1) == Some(&b'*') => {
                i += 2;
                while i + 1 < b.len() && !(b[i] == b'*' && b[i + 1] == b'/') {
                    i += 1;
                }
                i += 2;
            }
            b'"' => {
                i += 1;
                while i < b.len() && b[i] != b'"' {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
                i += 1;
                out.push_str("\"\"");
            }
            // A character literal ('x', '\n', '\''), not a lifetime ('a).
            b'\'' if b.get(i + 2) == Some(&b'\'') || b.get(i + 1) == Some(&b'\\') => {
                i += 1;
                while i < b.len() && b[i] != b'\'' {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
                i += 1;
                out.push_str("' '");
            }
            c => {
                out.push(c as char);
                i += 1;
            }
        }
    }
    out
}

/// Index just past the bracket that closes the one at `open`.
fn close_of(code: &str, open: usize) -> usize {
    let (opening, closing) = match code.as_bytes()[open] {
        b'{' => (b'{', b'}'),
        b'(' => (b'(', b')'),
        other => panic!("not a bracket: {}", other as char),
    };
    let mut depth = 0;
    for (i, &c) in code.as_bytes().iter().enumerate().skip(open) {
        if c == opening {
            depth += 1;
        } else if c == closing {
            depth -= 1;
            if depth == 0 {
                return i + 1;
            }
        }
    }
    panic!("unbalanced brackets after byte {open}");
}

/// `(name, body)` of every `extern "..." fn name(...) { body }` definition in `code`.
fn extern_fns(code: &str) -> Vec<(String, String)> {
    let mut found = Vec::new();
    let mut rest = 0;
    while let Some(at) = code[rest..].find("extern \"\" fn ") {
        let start = rest + at + "extern \"\" fn ".len();
        let name: String = code[start..]
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        let open = start + code[start..].find('{').expect("a function body");
        let close = close_of(code, open);
        found.push((name, code[open + 1..close - 1].trim().to_owned()));
        rest = close;
    }
    found
}

/// Every exported function defined in `src/`, with its body. `boundary_tests.rs` is left
/// out: it is compiled only into the unit tests (never into the library) and defines callbacks
/// for the exports it calls, not exports.
fn ffi_exports() -> Vec<(String, String)> {
    let dir = root().join("src");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "rs"))
        .filter(|p| !p.ends_with("boundary_tests.rs"))
        .collect();
    files.sort();
    let mut exports = Vec::new();
    for file in files {
        let code = code_only(&read(&file));
        let fns = extern_fns(&code);
        assert_eq!(
            code.matches("no_mangle").count(),
            fns.len(),
            "{}: every #[no_mangle] item must be an extern \"C\" fn with a body",
            file.display()
        );
        exports.extend(fns);
    }
    exports
}

/// The functions `include/sudoku.h` declares: lines at column 0 (not comments, preprocessor
/// lines, typedefs or braces) with a `sudoku_` identifier before a parenthesis.
fn header_functions() -> BTreeSet<String> {
    let header = read(&root().join("include/sudoku.h"));
    let names: BTreeSet<String> = header
        .lines()
        .filter(|l| {
            !l.starts_with([' ', '\t', '/', '*', '#', '}', '{'])
                && !l.starts_with("typedef")
                && !l.starts_with("extern")
        })
        .filter_map(|l| {
            let before = &l[..l.find('(')?];
            let name = before
                .rsplit(|c: char| !(c.is_alphanumeric() || c == '_'))
                .next()?;
            name.starts_with("sudoku_").then(|| name.to_owned())
        })
        .collect();
    assert!(
        names.contains("sudoku_solve"),
        "header parse found {names:?}"
    );
    names
}

#[test]
fn every_export_body_is_one_guard_call() {
    let exports = ffi_exports();
    assert!(exports.iter().any(|(name, _)| name == "sudoku_solve"));
    for (name, body) in &exports {
        let call = ["guard(", "guard_or("]
            .iter()
            .find(|prefix| body.starts_with(*prefix))
            .unwrap_or_else(|| {
                panic!("{name}: the body must start with guard(...) or guard_or(...)")
            });
        let open = call.len() - 1;
        assert_eq!(
            close_of(body, open),
            body.len(),
            "{name}: the body must be the guard call alone, with nothing after it"
        );
    }
}

#[test]
fn exports_in_source_match_the_header() {
    let source: BTreeSet<String> = ffi_exports().into_iter().map(|(name, _)| name).collect();
    assert_eq!(source, header_functions());
}

/// The `libsudoku.so` built for this test run (next to the test binary).
fn shared_library() -> PathBuf {
    let exe = std::env::current_exe().unwrap();
    let so = exe.parent().unwrap().join("libsudoku.so");
    assert!(so.exists(), "{} missing", so.display());
    so
}

#[test]
#[cfg_attr(miri, ignore = "runs nm, and Miri cannot spawn processes")]
fn shared_library_exports_exactly_the_header() {
    let nm = std::env::var("NM").unwrap_or_else(|_| "nm".to_owned());
    let so = shared_library();
    let out = Command::new(&nm)
        .args(["-D", "--defined-only"])
        .arg(&so)
        .output()
        .unwrap_or_else(|e| panic!("cannot run {nm}: {e}"));
    assert!(out.status.success(), "{nm} failed on {}", so.display());
    // Lines are `address type name`; versioned names look like `name@@VERSION`.
    let exported: BTreeSet<String> = String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .filter_map(|l| l.split_whitespace().nth(2))
        .map(|name| name.split('@').next().unwrap().to_owned())
        .collect();
    let declared = header_functions();
    let undeclared: Vec<_> = exported.difference(&declared).collect();
    let missing: Vec<_> = declared.difference(&exported).collect();
    assert!(
        undeclared.is_empty() && missing.is_empty(),
        "{}: exported but not in include/sudoku.h: {undeclared:?}; declared but not exported: \
         {missing:?}",
        so.display()
    );
}

/// Exports that need no fuzz target, and why.
const NOT_FUZZED: &[(&str, &str)] = &[
    (
        "sudoku_status_str",
        "takes an int and reads no memory; tests/solve_api.rs checks known, unknown and \
         extreme values",
    ),
    ("sudoku_version", "takes no argument"),
    (
        "sudoku_technique_name",
        "takes an int and reads no memory (a table lookup); tests/grade.rs checks every \
         technique and unknown and extreme values",
    ),
    (
        "sudoku_technique_score",
        "takes an int and reads no memory (a table lookup); tests/grade.rs checks every \
         technique and unknown and extreme values",
    ),
    (
        "sudoku_level_name",
        "takes an int and reads no memory; tests/grade.rs checks every level, 0 (any) and \
         unknown and extreme values",
    ),
];

/// Exports the C thread test need not call, and why.
const NOT_THREADED: &[(&str, &str)] = &[];

/// A new export fails here until the reliability harness covers it; the message says where.
/// See fuzz/README.md, "Adding an export".
#[test]
fn every_export_is_covered_by_the_harness() {
    let panic_tests = read(&root().join("src/boundary_tests.rs"));
    let contracts = read(&root().join("tests/common/contract.rs"));
    let thread_test = read(&root().join("tests/c/test_threads.c"));
    let exempt = |list: &[(&str, &str)], name: &str| list.iter().any(|(n, _)| *n == name);
    let mut gaps = Vec::new();
    for name in header_functions() {
        if !panic_tests.contains(&name) {
            gaps.push(format!("{name}: no panic test in src/boundary_tests.rs"));
        }
        if !exempt(NOT_FUZZED, &name) && !contracts.contains(&name) {
            gaps.push(format!(
                "{name}: no contract check in tests/common/contract.rs (and fuzz target)"
            ));
        }
        if !exempt(NOT_THREADED, &name) && !thread_test.contains(&name) {
            gaps.push(format!("{name}: not called by tests/c/test_threads.c"));
        }
    }
    for (name, _) in NOT_FUZZED.iter().chain(NOT_THREADED) {
        assert!(
            header_functions().contains(*name),
            "exemption for {name}, which is not declared"
        );
    }
    assert!(gaps.is_empty(), "harness gaps:\n{}", gaps.join("\n"));
}

/// Every contract check in tests/common/contract.rs has a fuzz target calling it.
#[test]
fn every_contract_has_a_fuzz_target() {
    let contracts = code_only(&read(&root().join("tests/common/contract.rs")));
    let dir = root().join("fuzz/fuzz_targets");
    let targets: String = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| read(&e.unwrap().path()))
        .collect();
    let checks: Vec<&str> = contracts
        .split("pub fn ")
        .skip(1)
        .filter_map(|s| s.split('(').next())
        .filter(|name| name.starts_with("check_"))
        .collect();
    assert!(checks.contains(&"check_solve"));
    for check in checks {
        assert!(
            targets.contains(&format!("{check}(")),
            "{check} has no fuzz target in fuzz/fuzz_targets/"
        );
    }
}
