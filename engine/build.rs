//! Build script: tells the solver whether the compiler has the AVX-512 intrinsics, stable since
//! Rust 1.89 (the crate builds with 1.85). With `cfg(sudoku_avx512)` the AVX-512 kernel works on
//! 512-bit vectors; without it, on the AVX2 kernel's 256-bit ones compiled with AVX-512
//! enabled. Nothing else depends on it.

use std::process::Command;

fn main() {
    println!("cargo:rustc-check-cfg=cfg(sudoku_avx512)");
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-env-changed=RUSTC");
    let rustc = std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into());
    // "rustc 1.95.0 (59807616e 2026-...)": the minor version.
    let minor = Command::new(rustc)
        .arg("--version")
        .output()
        .ok()
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .and_then(|v| {
            let version = v.split_whitespace().nth(1)?.to_owned();
            version.split('.').nth(1)?.parse::<u32>().ok()
        });
    if minor.is_some_and(|m| m >= 89) {
        println!("cargo:rustc-cfg=sudoku_avx512");
    }
}
