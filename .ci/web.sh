#!/usr/bin/env bash
# CI for the WebAssembly build and the npm package in js/: installs what it needs (the
# wasm32-unknown-unknown target, Chromium, js/'s npm dependencies at their locked versions),
# builds js/sudoku.wasm, runs the Node tests, the headless-browser test of the demo page and the
# npm pack install test, and prints the module's size. Called by .ci/run; runs alone too.
# Fails loudly on the first problem; never skips a step.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n=== web: %s\n' "$*"; }
die() { printf 'CI FAILED (web): %s\n' "$*" >&2; exit 1; }

export SUDOKU_PUZZLES="${SUDOKU_PUZZLES:-$(pwd)/data/puzzles}"
[ -d "$SUDOKU_PUZZLES" ] || die "puzzle corpus not found at $SUDOKU_PUZZLES (set SUDOKU_PUZZLES)"
export CARGO_TERM_COLOR=never

step "install prerequisites: wasm32-unknown-unknown, Node.js, Chromium, js/ dependencies"
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
missing=()
command -v node >/dev/null || missing+=(nodejs)
command -v npm >/dev/null || missing+=(npm)
[ -x /usr/bin/chromium ] || missing+=(chromium)
command -v cc >/dev/null || missing+=(gcc)
if ((${#missing[@]})); then
    $SUDO apt-get update -q
    $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}"
fi
rustup target add wasm32-unknown-unknown
node --version
npm --version
/usr/bin/chromium --version
(cd js && npm ci --no-audit --no-fund)

step "build js/sudoku.wasm (js/scripts/build-wasm.sh)"
bash js/scripts/build-wasm.sh

step "Node tests (node --test)"
(cd js && npm test)

step "the demo page in headless Chromium (node --test test-browser/)"
(cd js && npm run test:browser)

step "npm pack installs and runs from a fresh directory (js/scripts/pack-test.sh)"
bash js/scripts/pack-test.sh

step "the module's size"
raw=$(wc -c < js/sudoku.wasm)
gz=$(gzip -9 -c js/sudoku.wasm | wc -c)
[ "$raw" -gt 0 ] || die "js/sudoku.wasm is empty"
echo "js/sudoku.wasm: $raw bytes, $gz bytes gzipped (gzip -9)"

step "all steps passed"
