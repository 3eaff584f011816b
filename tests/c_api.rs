//! The C side, driven by `cargo test`: the header compiles as C and C++ and matches what the
//! build generates; the example and the C test program build against the real shared and
//! static libraries and behave as expected. The same for the C++ wrapper, in `cpp/mod.rs`.
//!
//! Uses `$CC` (default `cc`) and `$CXX` (default `c++`). When the C programs cannot run
//! directly (a cross build), `$SUDOKU_TEST_RUNNER` is the command that runs them, split on
//! spaces, e.g. `qemu-aarch64 -L /usr/aarch64-linux-gnu`.

mod common;
// The C++ wrapper (include/sudoku.hpp), tested with the helpers here: tests/cpp/mod.rs.
mod cpp;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use common::c_program;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The directory holding the `libsudoku.so` and `libsudoku.a` built for this test run: the test
/// binary's own `deps/` directory (cargo only copies them up to `target/<profile>` for
/// `cargo build`, and that copy may be stale). Programs linked against the shared library load
/// it by its soname, so the `libsudoku.so.<sover>` link is made there too.
fn lib_dir() -> PathBuf {
    let exe = std::env::current_exe().unwrap();
    let dir = exe.parent().unwrap().to_path_buf();
    for lib in ["libsudoku.so", "libsudoku.a"] {
        assert!(
            dir.join(lib).exists(),
            "{} missing",
            dir.join(lib).display()
        );
    }
    link_soname(&dir);
    dir
}

/// Makes `dir/<soname>` a symbolic link to `libsudoku.so`. Safe to race with itself: whoever
/// loses finds the link already there and checks it.
fn link_soname(dir: &Path) {
    let link = dir.join(env!("SUDOKU_SONAME"));
    match std::os::unix::fs::symlink("libsudoku.so", &link) {
        Ok(()) => {}
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
            let target = std::fs::read_link(&link)
                .unwrap_or_else(|e| panic!("{} is not a link: {e}", link.display()));
            assert_eq!(target, Path::new("libsudoku.so"), "{}", link.display());
        }
        Err(e) => panic!("cannot create {}: {e}", link.display()),
    }
}

fn tool(var: &str, default: &str) -> String {
    std::env::var(var).unwrap_or_else(|_| default.to_owned())
}

fn out_path(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(name)
}

fn run(cmd: &mut Command) -> Output {
    cmd.output()
        .unwrap_or_else(|e| panic!("cannot run {cmd:?}: {e}"))
}

fn assert_success(what: &str, out: &Output) {
    assert!(
        out.status.success(),
        "{what} failed ({}):\n{}\n{}",
        out.status,
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

/// What `rustc --print native-static-libs` lists for `libsudoku.a` on Linux.
const STATIC_LIBS: &[&str] = &["-lgcc_s", "-lutil", "-lrt", "-lpthread", "-lm", "-ldl"];

const STRICT_C: &[&str] = &["-std=c99", "-Wall", "-Wextra", "-Werror", "-pedantic"];

/// Compiles C sources against the shared library (with an rpath) or the static one.
fn build_c(sources: &[&Path], exe: &Path, link_static: bool) {
    build_c_with(sources, exe, link_static, &[]);
}

/// [`build_c`] with extra compiler flags.
fn build_c_with(sources: &[&Path], exe: &Path, link_static: bool, flags: &[&str]) {
    let mut cmd = Command::new(tool("CC", "cc"));
    cmd.args(STRICT_C)
        .args(flags)
        .arg("-I")
        .arg(root().join("include"))
        .args(sources)
        .arg("-o")
        .arg(exe);
    link_sudoku(&mut cmd, link_static);
    assert_success(&format!("compiling {}", exe.display()), &run(&mut cmd));
}

/// Adds the arguments that link the shared library (with an rpath) or the static one.
fn link_sudoku(cmd: &mut Command, link_static: bool) {
    let dir = lib_dir();
    if link_static {
        cmd.arg(dir.join("libsudoku.a")).args(STATIC_LIBS);
    } else {
        cmd.arg("-L")
            .arg(&dir)
            .arg("-lsudoku")
            .arg(format!("-Wl,-rpath,{}", dir.display()));
    }
}

/// The dynamic section of an ELF file, as `readelf -d` prints it.
fn elf_dynamic(file: &Path) -> String {
    let out = run(Command::new("readelf").arg("-d").arg(file));
    assert_success("readelf -d", &out);
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn shared_library_has_cargo_c_soname_and_programs_need_it() {
    // cargo-c's rule, written out independently of build.rs: 0.<minor> before 1.0.
    let expected = match (
        env!("CARGO_PKG_VERSION_MAJOR"),
        env!("CARGO_PKG_VERSION_MINOR"),
    ) {
        ("0", "0") => format!("libsudoku.so.0.0.{}", env!("CARGO_PKG_VERSION_PATCH")),
        ("0", minor) => format!("libsudoku.so.0.{minor}"),
        (major, _) => format!("libsudoku.so.{major}"),
    };
    assert_eq!(env!("SUDOKU_SONAME"), expected);
    let lib = elf_dynamic(&lib_dir().join("libsudoku.so"));
    assert!(
        lib.contains(&format!("Library soname: [{expected}]")),
        "{lib}"
    );

    let exe = out_path("needs_soname");
    build_c(&[&root().join("examples/solve.c")], &exe, false);
    let dynamic = elf_dynamic(&exe);
    assert!(
        dynamic.contains(&format!("Shared library: [{expected}]")),
        "{dynamic}"
    );
}

#[test]
fn committed_header_matches_generated() {
    let generated = include_str!(concat!(env!("OUT_DIR"), "/sudoku.h"));
    let committed = std::fs::read_to_string(root().join("include/sudoku.h")).unwrap();
    assert!(
        committed == generated,
        "include/sudoku.h is out of date: run `SUDOKU_UPDATE_HEADER=1 cargo build` and commit it"
    );
}

#[test]
fn header_compiles_as_c_and_cpp() {
    let src = out_path("header_only.c");
    std::fs::write(
        &src,
        "#include \"sudoku.h\"\nint main(void) { return SUDOKU_OK; }\n",
    )
    .unwrap();
    let include = root().join("include");
    for std in ["-std=c99", "-std=c11"] {
        let mut cmd = Command::new(tool("CC", "cc"));
        cmd.args([
            std,
            "-Wall",
            "-Wextra",
            "-Werror",
            "-pedantic",
            "-fsyntax-only",
            "-I",
        ])
        .arg(&include)
        .arg(&src);
        assert_success(&format!("C header check {std}"), &run(&mut cmd));
    }
    for std in ["-std=c++11", "-std=c++17"] {
        let mut cmd = Command::new(tool("CXX", "c++"));
        cmd.args([
            std,
            "-Wall",
            "-Wextra",
            "-Werror",
            "-pedantic",
            "-fsyntax-only",
            "-x",
            "c++",
            "-I",
        ])
        .arg(&include)
        .arg(&src);
        assert_success(&format!("C++ header check {std}"), &run(&mut cmd));
    }
}

#[test]
fn c_test_program_passes_shared_and_static() {
    for (link_static, name) in [(false, "test_api_shared"), (true, "test_api_static")] {
        let exe = out_path(name);
        build_c(&[&root().join("tests/c/test_api.c")], &exe, link_static);
        let out = run(&mut c_program(&exe));
        assert_success(name, &out);
        assert!(String::from_utf8_lossy(&out.stdout).contains("checks passed"));
    }
}

#[test]
fn c_analysis_program_passes_shared_and_static() {
    for (link_static, name) in [
        (false, "test_analysis_shared"),
        (true, "test_analysis_static"),
    ] {
        let exe = out_path(name);
        build_c(
            &[&root().join("tests/c/test_analysis.c")],
            &exe,
            link_static,
        );
        let out = run(&mut c_program(&exe));
        assert_success(name, &out);
        assert!(String::from_utf8_lossy(&out.stdout).contains("checks passed"));
    }
}

/// 8 threads solving at once (tests/c/test_threads.c checks every answer), on the hardest
/// corpus file; CI also runs it under helgrind and the sanitizers.
#[test]
fn c_thread_test_passes_shared_and_static() {
    let corpus = common::puzzle_dir().join("puzzles6_forum_hardest_1106.txt");
    for (link_static, name) in [
        (false, "test_threads_shared"),
        (true, "test_threads_static"),
    ] {
        let exe = out_path(name);
        build_c_with(
            &[&root().join("tests/c/test_threads.c")],
            &exe,
            link_static,
            &["-pthread"],
        );
        let out = run(c_program(&exe).arg("2000").arg(&corpus));
        assert_success(name, &out);
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(stdout.contains("8 threads x 2000 solves: all"), "{stdout}");
    }
}

/// Expected output of the example for the given input, computed with the Rust API.
fn expected_solutions(input: &str) -> String {
    input
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            l.parse::<sudoku_engine::Board>()
                .unwrap()
                .solve()
                .unwrap()
                .to_string()
                + "\n"
        })
        .collect()
}

#[test]
fn example_solves_the_sample_file() {
    let sample = root().join("examples/puzzles.txt");
    let input = std::fs::read_to_string(&sample).unwrap();
    for (link_static, name) in [(false, "solve_shared"), (true, "solve_static")] {
        let exe = out_path(name);
        build_c(&[&root().join("examples/solve.c")], &exe, link_static);
        let out = run(c_program(&exe).arg(&sample));
        assert_success(name, &out);
        assert_eq!(
            String::from_utf8(out.stdout).unwrap(),
            expected_solutions(&input)
        );
        assert!(out.stderr.is_empty());
    }
}

#[test]
fn example_reads_stdin_prints_grids_and_reports_failures() {
    use std::io::Write;
    let exe = out_path("solve_stdin");
    build_c(&[&root().join("examples/solve.c")], &exe, false);

    // Grid output from standard input.
    let line = "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
    let mut child = c_program(&exe)
        .arg("-g")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(format!("{line}\n").as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert_success("solve -g", &out);
    let text = String::from_utf8(out.stdout).unwrap();
    let solution = expected_solutions(line);
    let digits: String = text.chars().filter(|c| c.is_ascii_digit()).collect();
    assert_eq!(digits, solution.trim());
    assert_eq!(text.lines().filter(|l| l.contains('+')).count(), 2);

    // A file with one good line and three bad ones: each failure named by line number.
    let bad = out_path("bad_puzzles.txt");
    let conflict = format!("55{}", &line[2..]);
    let nosolution = format!("12345678{}9{}", ".".repeat(9), ".".repeat(63));
    std::fs::write(&bad, format!("{line}\n{conflict}\nshort\n{nosolution}\r\n")).unwrap();
    let out = run(c_program(&exe).arg(&bad));
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(String::from_utf8(out.stdout).unwrap(), solution);
    let err = String::from_utf8(out.stderr).unwrap();
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 3, "{err}");
    assert!(lines[0].starts_with("line 2: two givens"), "{err}");
    assert!(
        lines[1].starts_with("line 3: expected 81 characters"),
        "{err}"
    );
    assert!(
        lines[2].starts_with("line 4: the puzzle has no solution"),
        "{err}"
    );

    // A missing file is a usage error, not a puzzle failure.
    let out = run(c_program(&exe).arg(out_path("does-not-exist.txt")));
    assert_eq!(out.status.code(), Some(2));
}
