#!/usr/bin/env bash
# Every CPU tier of the solver on every corpus (issue 14), called by .ci/run:
#
#   kernels    tests/kernels.rs: each kernel (portable, sse42, avx2, avx512) against the
#              portable one on every corpus: same solutions, counts and guesses
#   corpus     tests/corpus.rs (every corpus through the C ABI) once per tier this CPU runs,
#              with SUDOKU_KERNEL=<tier> forcing it
#   bench      the solver benchmark on a smoke setting (100 isomorphs, 1 round): every answer of
#              every solver on every tier is checked; nothing is asserted about time
#
# A tier this CPU cannot run is not skipped silently: it is reported as NOT RUN where it stops
# and in the summary. SUDOKU_REQUIRE_KERNELS=avx512,... (or all) makes a missing tier an error.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n=== tiers: %s\n' "$*"; }
die() { printf 'CI FAILED: %s\n' "$*" >&2; exit 1; }

export SUDOKU_PUZZLES="${SUDOKU_PUZZLES:-$(pwd)/data/puzzles}"
export CARGO_TERM_COLOR=never
TARGET_DIR=$(realpath -m "${CARGO_TARGET_DIR:-target}")
LOG=$TARGET_DIR/tiers
mkdir -p "$LOG"
TIERS=(portable sse42 avx2 avx512)
SUMMARY=()
NOT_RUN=()

step "tests/kernels.rs: every kernel against the portable one on every corpus"
cargo test --test kernels -- --nocapture 2>&1 | tee "$LOG/kernels.log"
[ "${PIPESTATUS[0]}" -eq 0 ] || die "tests/kernels.rs failed"
for t in "${TIERS[@]}"; do
    if grep -q "^RUN: kernel $t:" "$LOG/kernels.log"; then
        SUMMARY+=("kernel $t: $(grep "^RUN: kernel $t:" "$LOG/kernels.log" | sed 's/^RUN: kernel [a-z0-9]*: //')")
    elif grep -q "^NOT RUN: kernel $t:" "$LOG/kernels.log"; then
        NOT_RUN+=("kernel $t: this CPU lacks its instructions")
    else
        die "tests/kernels.rs said nothing about kernel $t"
    fi
done
available() { grep -q "^RUN: kernel $1:" "$LOG/kernels.log"; }

step "tests/corpus.rs through the C ABI on each tier (SUDOKU_KERNEL=<tier>)"
for t in "${TIERS[@]}"; do
    if ! available "$t"; then
        printf 'NOT RUN: corpus tests on tier %s (this CPU lacks it)\n' "$t" >&2
        continue
    fi
    SUDOKU_KERNEL=$t cargo test --test corpus 2>&1 | tee "$LOG/corpus-$t.log" | grep -E '^test result' || true
    [ "${PIPESTATUS[0]}" -eq 0 ] || die "tests/corpus.rs failed on tier $t"
    SUMMARY+=("corpus $t: every corpus through the C ABI, passed")
done

step "solver benchmark, smoke setting (answers checked, no timing asserted)"
SUDOKU_BENCH_N=100 SUDOKU_BENCH_ROUNDS=1 cargo bench --bench solvers 2>&1 | tee "$LOG/bench.log"
[ "${PIPESTATUS[0]}" -eq 0 ] || die "the solver benchmark found a wrong answer (see above)"
for t in "${TIERS[@]}"; do
    if available "$t"; then
        # The child's table header names the kernel it ran: SUDOKU_KERNEL took effect.
        grep -q "^### Tier $t (SUDOKU_KERNEL=$t)" "$LOG/bench.log" ||
            die "the benchmark did not run tier $t under SUDOKU_KERNEL=$t"
        SUMMARY+=("bench $t: smoke run, every answer right")
    else
        grep -q "^### Tier $t: NOT RUN" "$LOG/bench.log" ||
            die "the benchmark did not report tier $t as NOT RUN"
    fi
done

step "tiers summary"
printf '  %s\n' "${SUMMARY[@]}"
if ((${#NOT_RUN[@]})); then
    printf '  NOT RUN: %s\n' "${NOT_RUN[@]}"
    printf '  %d tier(s) above were NOT RUN on this CPU and checked nothing.\n' "${#NOT_RUN[@]}"
fi
