#!/usr/bin/env bash
# Builds js/sudoku.wasm: the C library (the workspace's root crate, the same C ABI as
# include/sudoku.h) for wasm32-unknown-unknown, then shrinks it with binaryen's wasm-opt (from
# js/node_modules: run `npm ci` in js/ first). Prints the raw and gzipped sizes.
#
# The release profile's settings are the workspace's (lto, one codegen unit), with the changes a
# browser download wants passed through the environment: panic = "abort" (the only strategy
# wasm32-unknown-unknown's standard library has on stable Rust; see src/runtime.js for what a
# panic does), strip = true (no names section) and opt-level = 2. Measured here (Node 20,
# valgrind's instruction counts of solving loops): opt-level 2 runs the same instructions per
# solve as 3 (65 k per 17-clue puzzle, 1.9 M per hardest-1106 puzzle) in a module 10% smaller;
# "s" and "z" made modules larger and about ten times slower.
set -euo pipefail
js="$(cd "$(dirname "$0")/.." && pwd)"
root="$(cd "$js/.." && pwd)"
target="${CARGO_TARGET_DIR:-$root/target}"

CARGO_PROFILE_RELEASE_PANIC=abort CARGO_PROFILE_RELEASE_STRIP=true CARGO_PROFILE_RELEASE_OPT_LEVEL=2 \
    cargo build --manifest-path "$root/Cargo.toml" -p libsudoku --lib --release \
    --target wasm32-unknown-unknown --target-dir "$target"

built="$target/wasm32-unknown-unknown/release/sudoku.wasm"
wasm_opt="$js/node_modules/.bin/wasm-opt"
[ -x "$wasm_opt" ] || { echo "build-wasm: $wasm_opt missing (run npm ci in js/)" >&2; exit 1; }
# The features rustc's default wasm32 CPU uses (so no feature beyond what the module already has).
features=(--enable-bulk-memory --enable-bulk-memory-opt --enable-sign-ext --enable-mutable-globals
    --enable-nontrapping-float-to-int --enable-multivalue --enable-reference-types)
"$wasm_opt" "${features[@]}" -O3 --strip-debug --strip-producers --strip-target-features \
    "$built" -o "$js/sudoku.wasm"

raw=$(wc -c < "$js/sudoku.wasm")
gz=$(gzip -9 -c "$js/sudoku.wasm" | wc -c)
echo "sudoku.wasm: $raw bytes, $gz gzipped (cargo's output: $(wc -c < "$built") bytes)"
