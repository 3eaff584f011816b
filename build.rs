//! Generates the C header with cbindgen.
//!
//! The header is always written to `$OUT_DIR/sudoku.h`. The committed `include/sudoku.h` is
//! rewritten only when `SUDOKU_UPDATE_HEADER=1` is set (or when it is missing), and a test
//! fails while the two differ, so a change to the C API cannot reach a commit silently.
//!
//! The header opens with the C crate's documentation (the `//!` lines of `src/lib.rs`: the
//! conventions every function follows), so they are written once, there (see [`preamble`]).
//!
//! It also gives the shared library its soname (see [`soname`]).

use std::env;
use std::path::PathBuf;

fn main() {
    println!("cargo::rerun-if-changed=src");
    println!("cargo::rerun-if-changed=cbindgen.toml");
    println!("cargo::rerun-if-changed=build.rs");
    println!("cargo::rerun-if-env-changed=SUDOKU_UPDATE_HEADER");
    if let Some(soname) = soname() {
        // Tests read it to create the link the dynamic loader looks for.
        println!("cargo::rustc-env=SUDOKU_SONAME={soname}");
        // cargo-c (`cargo cinstall`, which turns on `capi`) passes the same flag itself.
        if env::var_os("CARGO_FEATURE_CAPI").is_none() {
            println!("cargo::rustc-cdylib-link-arg=-Wl,-soname,{soname}");
        }
    }
    if env::var_os("DOCS_RS").is_some() {
        return;
    }

    let root = PathBuf::from(env::var("CARGO_MANIFEST_DIR").expect("CARGO_MANIFEST_DIR"));
    let out_dir = PathBuf::from(env::var("OUT_DIR").expect("OUT_DIR"));

    let mut config = cbindgen::Config::from_file(root.join("cbindgen.toml"))
        .expect("cbindgen.toml is unreadable or invalid");
    let lib_rs = std::fs::read_to_string(root.join("src/lib.rs")).expect("src/lib.rs");
    config.header = Some(preamble(&lib_rs));
    let version = env::var("CARGO_PKG_VERSION").expect("CARGO_PKG_VERSION");
    let part = |name: &str| env::var(name).expect(name);
    config.after_includes = Some(format!(
        "\n/** Version of this header; compare with sudoku_version() at run time. */\n\
         #define SUDOKU_VERSION_MAJOR {}\n\
         #define SUDOKU_VERSION_MINOR {}\n\
         #define SUDOKU_VERSION_PATCH {}\n\
         #define SUDOKU_VERSION_STRING \"{}\"",
        part("CARGO_PKG_VERSION_MAJOR"),
        part("CARGO_PKG_VERSION_MINOR"),
        part("CARGO_PKG_VERSION_PATCH"),
        version
    ));

    // cbindgen follows the `mod` declarations of src/lib.rs, so it reads every file of the
    // C crate exactly once (listing the files as well would emit their items twice).
    let bindings = cbindgen::Builder::new()
        .with_config(config)
        .with_src(root.join("src/lib.rs"))
        .generate()
        .expect("cbindgen could not generate the header");

    bindings.write_to_file(out_dir.join("sudoku.h"));
    let committed = root.join("include/sudoku.h");
    if env::var_os("SUDOKU_UPDATE_HEADER").is_some_and(|v| v != "0") || !committed.exists() {
        bindings.write_to_file(&committed);
    }
}

/// The header's opening comment: the licence, then the crate documentation of `src/lib.rs` (its
/// leading `//!` lines, Markdown as written) as a C comment.
fn preamble(lib_rs: &str) -> String {
    let mut out = String::from("/*\n * SPDX-License-Identifier: MIT OR Apache-2.0\n *\n");
    for line in lib_rs.lines().take_while(|l| l.starts_with("//!")) {
        let text = line["//!".len()..].strip_prefix(' ').unwrap_or("");
        assert!(
            !text.contains("*/"),
            "src/lib.rs docs: `*/` would end the C comment"
        );
        if text.is_empty() {
            out.push_str(" *\n");
        } else {
            out.push_str(" * ");
            out.push_str(text);
            out.push('\n');
        }
    }
    out.push_str(" */");
    out
}

/// The shared library's soname on ELF targets, `libsudoku.so.<sover>`, with cargo-c's rule for
/// `<sover>`: `0.0.<patch>` for 0.0.x, `0.<minor>` for other 0.x, `<major>` from 1.0 on. A
/// plain `cargo build` and `cargo cinstall` so produce the same library, and a release that
/// may break the ABI (a minor release before 1.0) changes the name programs load.
fn soname() -> Option<String> {
    let os = env::var("CARGO_CFG_TARGET_OS").expect("CARGO_CFG_TARGET_OS");
    let elf = [
        "linux",
        "freebsd",
        "dragonfly",
        "netbsd",
        "openbsd",
        "illumos",
        "haiku",
        "hurd",
    ];
    if !elf.contains(&os.as_str()) {
        return None;
    }
    let part = |name: &str| env::var(name).expect(name);
    let major = part("CARGO_PKG_VERSION_MAJOR");
    let minor = part("CARGO_PKG_VERSION_MINOR");
    let sover = match (major.as_str(), minor.as_str()) {
        ("0", "0") => format!("0.0.{}", part("CARGO_PKG_VERSION_PATCH")),
        ("0", _) => format!("0.{minor}"),
        _ => major,
    };
    Some(format!("libsudoku.so.{sover}"))
}
