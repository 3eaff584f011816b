#!/usr/bin/env bash
# CI: the checkout stands on its own (called by .ci/run; also runs on its own from a checkout).
# Clones the checkout into a fresh temporary directory with no `shared` directory anywhere above
# it, and runs the README's two commands there as a new user would: `make example` and
# `cargo test`, with the defaults (no SUDOKU_PUZZLES) and a target directory inside the copy, so
# that everything is built from the copy's files and nothing outside it is read.
#
# The clone has the committed files only (HEAD): a file the build or the tests need but that is
# not committed fails here. It is a cold build: a few minutes on two cores.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n=== %s\n' "$*"; }
die() { printf 'CI FAILED: %s\n' "$*" >&2; exit 1; }

command -v python3 >/dev/null || die "python3 is needed (.ci/check_solutions.py)"
parent=$(mktemp -d)
trap 'rm -rf "$parent"' EXIT
copy=$parent/libsudoku

step "self-contained: git clone of $(git rev-parse --short HEAD) into $copy"
[ -z "$(git status --porcelain)" ] || echo "note: uncommitted changes here are not in the clone (HEAD only)"
git clone -q --no-hardlinks "$(pwd)" "$copy"
# No `shared` beside the copy or beside any directory above it.
dir=$copy
while [ "$dir" != / ]; do
    dir=$(dirname "$dir")
    [ ! -e "$dir/shared" ] || die "$dir/shared exists: the copy would have a ../shared above it"
done
echo "no shared directory above $copy"

(
    cd "$copy"
    # As a new user has it: the corpora from the copy's data/puzzles, the build in the copy.
    unset SUDOKU_PUZZLES
    export CARGO_TARGET_DIR=$copy/target

    step "self-contained: make example (in the copy)"
    start=$SECONDS
    make example >"$parent/example.log" 2>&1 || { cat "$parent/example.log" >&2; die "make example failed in the copy"; }
    # The program it built, in the copy's target directory, run again for its output alone.
    "$CARGO_TARGET_DIR/release/solve" examples/puzzles.txt >"$parent/example.out"
    python3 .ci/check_solutions.py examples/puzzles.txt "$parent/example.out" ||
        die "make example (in the copy): wrong output"
    echo "make example: $(wc -l <"$parent/example.out") puzzles solved ($((SECONDS - start)) s, cold)"

    step "self-contained: cargo test (in the copy)"
    start=$SECONDS
    cargo test || die "cargo test failed in the copy"
    echo "cargo test: passed ($((SECONDS - start)) s, cold)"
)

step "self-contained: passed"
