//! The peer solvers for `benches/solvers.rs`: shared libraries exporting tdoku's C signature
//! (tdoku itself built for each CPU tier, fastdoku and FastBandSolver behind shims), loaded with
//! `dlopen`. Where they come from, in order:
//!
//! 1. `$SUDOKU_PEERS`: a directory holding the built `.so` files;
//! 2. else, when `../shared/peers` exists beside the checkout: built from it on demand into
//!    `target/peers` with its `build.sh` (needs clang and cargo), plus a baseline (SSE2) tdoku;
//! 3. else none: the benchmark races the `sudoku` crate only.
//!
//! The peers are never part of the library; this module only exists in the benchmark.

use std::ffi::{CString, c_char, c_void};
use std::path::{Path, PathBuf};
use std::process::Command;

/// `size_t TdokuSolverDpllTriadSimd(const char *puzzle, size_t limit, uint32_t configuration,
/// char *solution, size_t *guesses)`: the number of solutions up to `limit`, one written to
/// `solution` (81 bytes).
type TdokuFn = unsafe extern "C" fn(*const c_char, usize, u32, *mut c_char, *mut usize) -> usize;

/// One loaded peer.
pub struct Peer {
    pub name: &'static str,
    pub path: PathBuf,
    solve: TdokuFn,
}

impl Peer {
    /// Solves `puzzle` (81 bytes and a NUL, `.` for blanks) up to `limit` solutions; returns the
    /// count and writes the first solution into `out`.
    pub fn run(&self, puzzle: &[u8; 82], limit: usize, out: &mut [u8; 82]) -> usize {
        let mut guesses = 0usize;
        // SAFETY: the function has tdoku's signature (checked by name at load time); `puzzle`
        // is 81 readable bytes followed by a NUL (tdoku reads input[81]), `out` 81 writable
        // bytes, `guesses` a writable size_t.
        unsafe {
            (self.solve)(
                puzzle.as_ptr().cast(),
                limit,
                0,
                out.as_mut_ptr().cast(),
                &mut guesses,
            )
        }
    }
}

/// The file of each peer, by name.
pub const FILES: &[(&str, &str)] = &[
    ("tdoku", "libtdoku_native.so"),
    ("tdoku-avx2", "libtdoku_avx2.so"),
    ("tdoku-sse42", "libtdoku_sse42.so"),
    ("tdoku-base", "libtdoku_base.so"),
    ("fastdoku", "libfastdoku.so"),
    ("fastband", "libfastband.so"),
];

/// tdoku built for the same CPU tier as each of our kernels.
pub fn tdoku_for(kernel: &str) -> &'static str {
    match kernel {
        "portable" => "tdoku-base",
        "sse42" => "tdoku-sse42",
        "avx2" => "tdoku-avx2",
        _ => "tdoku",
    }
}

/// The directory the peers are loaded from, building them first if needed; `None` when there
/// are none. Messages go to stderr.
pub fn directory() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("SUDOKU_PEERS") {
        return Some(PathBuf::from(dir));
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let shared = root.join("../shared/peers");
    if !shared.join("build.sh").exists() {
        return None;
    }
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| root.join("target"));
    let out = target.join("peers");
    let have_all = FILES.iter().all(|(_, f)| out.join(f).exists());
    if !have_all {
        eprintln!(
            "building the peers from {} into {} ...",
            shared.display(),
            out.display()
        );
        let built = Command::new("bash")
            .arg(shared.join("build.sh"))
            .arg(&out)
            .status()
            .is_ok_and(|s| s.success());
        if !built {
            eprintln!("could not build the peers (needs clang and cargo); racing the crate only");
            return None;
        }
        // tdoku for the x86-64 baseline, which build.sh does not make: the same flags as its
        // other tdoku builds, without -m options.
        let tdoku = shared.join("tdoku");
        let _ = Command::new("clang++")
            .args([
                "-std=gnu++14",
                "-O3",
                "-fno-exceptions",
                "-fno-rtti",
                "-fPIC",
                "-shared",
            ])
            .arg("-Wl,-Bsymbolic")
            .arg("-DPEER_BUILD_FLAGS=\"-O3\"")
            .arg(tdoku.join("src/solver_dpll_triad_simd.cc"))
            .arg(tdoku.join("src/util.cc"))
            .arg(shared.join("peer_info.cc"))
            .arg("-o")
            .arg(out.join("libtdoku_base.so"))
            .status();
    }
    Some(out)
}

/// Loads every peer found in `dir` (those missing are left out, with a note on stderr).
pub fn load(dir: &Path) -> Vec<Peer> {
    let mut peers = Vec::new();
    for &(name, file) in FILES {
        let path = dir.join(file);
        if !path.exists() {
            eprintln!("peer {name}: {} not found, left out", path.display());
            continue;
        }
        let c_path = CString::new(path.as_os_str().as_encoded_bytes()).unwrap();
        // SAFETY: a NUL-terminated path; dlopen returns NULL on failure, checked below. The
        // handle is never closed, so the function pointer stays valid.
        let handle: *mut c_void =
            unsafe { libc::dlopen(c_path.as_ptr(), libc::RTLD_NOW | libc::RTLD_LOCAL) };
        if handle.is_null() {
            eprintln!("peer {name}: dlopen {} failed, left out", path.display());
            continue;
        }
        // SAFETY: a valid handle and a NUL-terminated symbol name.
        let sym = unsafe { libc::dlsym(handle, c"TdokuSolverDpllTriadSimd".as_ptr()) };
        if sym.is_null() {
            eprintln!(
                "peer {name}: no TdokuSolverDpllTriadSimd in {}",
                path.display()
            );
            continue;
        }
        // SAFETY: the symbol is the peer's entry point with tdoku's signature (that is the
        // contract of every library in the peers directory).
        let solve: TdokuFn = unsafe { std::mem::transmute::<*mut c_void, TdokuFn>(sym) };
        peers.push(Peer { name, path, solve });
    }
    peers
}
