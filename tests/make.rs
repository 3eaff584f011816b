//! The Makefile reads build outputs where cargo writes them: `$CARGO_TARGET_DIR/release` when
//! `CARGO_TARGET_DIR` is set, never `target/release` (which may hold another build's library).
//!
//! The tests build the release library into a directory of their own,
//! `$CARGO_TARGET_TMPDIR/make-build` (`target/tmp/make-build`), kept between runs: the first run
//! costs one release build (about 15 s on two idle cores), later ones a no-op `cargo build`.
//! They need `make`, `cc` and `readelf`, as `make install` does.

mod common;

use std::ffi::OsStr;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::sync::{Mutex, MutexGuard};
use std::time::SystemTime;

use common::is_solution_of;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The `CARGO_TARGET_DIR` the tests give `make`: not the default `target`, so that reading
/// `target/release` instead shows.
fn build_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("make-build")
}

/// The tests share the build directory and `make` writes into it: one at a time.
fn one_at_a_time() -> MutexGuard<'static, ()> {
    static LOCK: Mutex<()> = Mutex::new(());
    LOCK.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// `make ARGS...` in the repository, with nothing from the environment that the Makefile
/// reads (a cross build's `CC`, a packager's `DESTDIR`, an outer make's flags) but `CARGO`.
fn make<I: IntoIterator<Item = S>, S: AsRef<OsStr>>(args: I) -> Command {
    let mut cmd = Command::new("make");
    cmd.current_dir(root()).args(args);
    for var in [
        "CARGO_TARGET_DIR",
        "CC",
        "CFLAGS",
        "PREFIX",
        "LIBDIR",
        "INCLUDEDIR",
        "PKGCONFIGDIR",
        "DESTDIR",
        "MAKEFLAGS",
        "MFLAGS",
        "MAKELEVEL",
    ] {
        cmd.env_remove(var);
    }
    cmd
}

fn run(what: &str, cmd: &mut Command) -> Output {
    let out = cmd
        .output()
        .unwrap_or_else(|e| panic!("cannot run {what}: {e}"));
    assert!(
        out.status.success(),
        "{what} failed ({}):\n{}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

/// What `make` could have written in the default `target/release`: for each file, its size and
/// modification time, or `None` when it is absent.
fn default_release_state() -> Vec<(PathBuf, Option<(u64, SystemTime)>)> {
    let dir = root().join("target/release");
    ["libsudoku.so", "libsudoku.a", "solve", "sudoku_tool"]
        .into_iter()
        .map(|name| {
            let path = dir.join(name);
            let state = fs::metadata(&path)
                .ok()
                .map(|m| (m.len(), m.modified().unwrap()));
            (path, state)
        })
        .collect()
}

fn read(path: &Path) -> Vec<u8> {
    fs::read(path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

fn version() -> &'static str {
    env!("CARGO_PKG_VERSION")
}

/// Every file (not directory) under `dir`.
fn files_under(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        for entry in fs::read_dir(&d).unwrap() {
            let path = entry.unwrap().path();
            if fs::symlink_metadata(&path).unwrap().is_dir() {
                todo.push(path);
            } else {
                found.push(path);
            }
        }
    }
    found
}

#[test]
fn install_takes_the_library_from_cargo_target_dir() {
    let _guard = one_at_a_time();
    let build = build_dir();
    let prefix = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("make-prefix");
    let _ = fs::remove_dir_all(&prefix);
    let before = default_release_state();

    let out = run(
        "make install",
        make(["install".into(), format!("PREFIX={}", prefix.display())])
            .arg(format!("CARGO_TARGET_DIR={}", build.display())),
    );

    // The files installed are the ones cargo just built in the build directory.
    let release = build.join("release");
    let lib = prefix.join("lib");
    let installed = lib.join(format!("libsudoku.so.{}", version()));
    assert!(
        read(&installed) == read(&release.join("libsudoku.so")),
        "{} is not {}",
        installed.display(),
        release.join("libsudoku.so").display()
    );
    assert!(read(&lib.join("libsudoku.a")) == read(&release.join("libsudoku.a")));
    // The same, from make's trace (set -x), which also holds when target/release has an
    // identical copy: the install command names the build directory's library.
    let trace = String::from_utf8_lossy(&out.stderr);
    let expected = format!(
        "+ install -m 755 {}/libsudoku.so {}",
        release.display(),
        installed.display()
    );
    assert!(
        trace.lines().any(|line| line == expected),
        "no `{expected}` in make's trace:\n{trace}"
    );
    assert!(
        before == default_release_state(),
        "make install wrote in target/release"
    );
    for file in ["include/sudoku.h", "include/sudoku.hpp"] {
        assert!(
            read(&prefix.join(file)) == read(&root().join(file)),
            "{file}"
        );
    }
    assert!(lib.join("pkgconfig/sudoku.pc").is_file());

    run(
        "make uninstall",
        make(["uninstall".into(), format!("PREFIX={}", prefix.display())])
            .arg(format!("CARGO_TARGET_DIR={}", build.display())),
    );
    let left = files_under(&prefix);
    assert!(left.is_empty(), "make uninstall left {left:?}");
    fs::remove_dir_all(&prefix).unwrap();
}

#[test]
fn example_and_tool_are_built_in_cargo_target_dir() {
    let _guard = one_at_a_time();
    let build = build_dir();
    let release = build.join("release");
    // Removed first, so that finding them afterwards shows this run built them there.
    for program in ["solve", "sudoku_tool"] {
        let _ = fs::remove_file(release.join(program));
    }
    let before = default_release_state();

    // CARGO_TARGET_DIR from the environment this time, as a user sets it.
    let out = run(
        "make example",
        make(["-s", "example"]).env("CARGO_TARGET_DIR", &build),
    );
    assert!(
        release.join("solve").is_file(),
        "no {}/solve",
        release.display()
    );
    let puzzles: Vec<[u8; 81]> = fs::read_to_string(root().join("examples/puzzles.txt"))
        .unwrap()
        .lines()
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .map(|line| line.as_bytes()[..81].try_into().unwrap())
        .collect();
    // With -s, the example's output only: one solution per line.
    let solutions: Vec<&str> = std::str::from_utf8(&out.stdout).unwrap().lines().collect();
    assert_eq!(
        solutions.len(),
        puzzles.len(),
        "make example printed:\n{solutions:?}"
    );
    for (solution, puzzle) in solutions.iter().zip(&puzzles) {
        let solution: &[u8; 81] = solution.as_bytes().try_into().unwrap();
        assert!(is_solution_of(solution, puzzle), "{solution:?}");
    }

    run("make tool", make(["tool"]).env("CARGO_TARGET_DIR", &build));
    let tool = release.join("sudoku_tool");
    assert!(tool.is_file(), "no {}", tool.display());
    run(
        "sudoku_tool rate",
        // The famous hard puzzles among them need more than the default budget.
        Command::new(&tool)
            .args(["rate", "-e", "500000000"])
            .arg(root().join("examples/puzzles.txt")),
    );
    assert!(
        before == default_release_state(),
        "make example or make tool wrote in target/release"
    );
}
