//! The C++ wrapper `include/sudoku.hpp`: compiles on its own as C++17 and C++20, and its test
//! program and example build against the real libraries (shared and static, with and without
//! exceptions) and behave as expected. Uses `$CXX` (default `c++`).

use std::path::Path;
use std::process::Command;

use super::{
    assert_success, c_program, expected_solutions, link_sudoku, out_path, root, run, tool,
};

const STRICT_CXX: &[&str] = &["-Wall", "-Wextra", "-Werror", "-pedantic"];

/// Compiles one C++ source against the shared or the static library.
fn build_cpp(source: &Path, exe: &Path, link_static: bool, extra: &[&str]) {
    let mut cmd = Command::new(tool("CXX", "c++"));
    cmd.arg("-std=c++17")
        .args(STRICT_CXX)
        .args(extra)
        .arg("-I")
        .arg(root().join("include"))
        .arg(source)
        .arg("-o")
        .arg(exe);
    link_sudoku(&mut cmd, link_static);
    assert_success(&format!("compiling {}", exe.display()), &run(&mut cmd));
}

#[test]
fn cpp_header_compiles_on_its_own() {
    let src = out_path("hpp_only.cpp");
    std::fs::write(
        &src,
        "#include \"sudoku.hpp\"\nint main() { return sudoku::cells == 81 ? 0 : 1; }\n",
    )
    .unwrap();
    for flags in [
        &["-std=c++17"][..],
        &["-std=c++20"],
        &["-std=c++17", "-fno-exceptions", "-fno-rtti"],
    ] {
        let mut cmd = Command::new(tool("CXX", "c++"));
        cmd.args(flags)
            .args(STRICT_CXX)
            .arg("-fsyntax-only")
            .arg("-I")
            .arg(root().join("include"))
            .arg(&src);
        assert_success(&format!("sudoku.hpp with {flags:?}"), &run(&mut cmd));
    }
}

#[test]
fn cpp_test_program_passes() {
    // Linking and exceptions are independent: two builds cover both of each.
    for (link_static, extra, mode, name) in [
        (false, &[][..], "exceptions on", "test_hpp_shared"),
        (
            true,
            &["-fno-exceptions"][..],
            "exceptions off",
            "test_hpp_static_noexcept",
        ),
    ] {
        let exe = out_path(name);
        build_cpp(
            &root().join("tests/cpp/test_wrapper.cpp"),
            &exe,
            link_static,
            extra,
        );
        let out = run(&mut c_program(&exe));
        assert_success(name, &out);
        let stdout = String::from_utf8(out.stdout).unwrap();
        assert!(
            stdout.contains("checks passed") && stdout.contains(mode),
            "{name}: {stdout}"
        );
    }
}

#[test]
fn cpp_example_solves_the_sample_file_and_reports_failures() {
    let exe = out_path("solve_cpp");
    build_cpp(&root().join("examples/solve.cpp"), &exe, false, &[]);
    let sample = root().join("examples/puzzles.txt");
    let out = run(c_program(&exe).arg(&sample));
    assert_success("solve_cpp", &out);
    let input = std::fs::read_to_string(&sample).unwrap();
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        expected_solutions(&input)
    );
    assert!(out.stderr.is_empty());

    let good = input.lines().find(|l| l.len() == 81).unwrap();
    let bad = out_path("bad_puzzles_cpp.txt");
    std::fs::write(
        &bad,
        format!("{good}\r\nshort\n\n#{good}\n55{}\n", &good[2..]),
    )
    .unwrap();
    let out = run(c_program(&exe).arg(&bad));
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        expected_solutions(good)
    );
    let err = String::from_utf8(out.stderr).unwrap();
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 2, "{err}");
    assert!(
        lines[0].starts_with("line 2: a board must be exactly 81"),
        "{err}"
    );
    assert!(lines[1].starts_with("line 5: two givens"), "{err}");

    let out = run(c_program(&exe).arg(out_path("does-not-exist.txt")));
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn cpp_programs_in_the_readme_build_and_run() {
    let page = std::fs::read_to_string(root().join("docs/cpp.md")).unwrap();
    let programs: Vec<&str> = page
        .split("```cpp\n")
        .skip(1)
        .map(|block| block.split("```").next().unwrap())
        .collect();
    assert!(programs.len() >= 2, "{programs:?}");
    for (i, program) in programs.iter().enumerate() {
        let src = out_path(&format!("readme_{i}.cpp"));
        std::fs::write(&src, program).unwrap();
        for (extra, name) in [
            (&[][..], format!("readme_{i}")),
            (&["-fno-exceptions"][..], format!("readme_{i}_noexcept")),
        ] {
            let exe = out_path(&name);
            build_cpp(&src, &exe, false, extra);
            let out = run(&mut c_program(&exe));
            assert_success(&name, &out);
            assert!(!out.stdout.is_empty(), "{name} printed nothing");
        }
    }
}
