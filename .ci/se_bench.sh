#!/usr/bin/env bash
# Smoke run of the SE rating benchmark (benches/rate.rs, issue 13): a few puzzles per SE value,
# ours and the reference jar (one warm JVM) on the same puzzles, so CI sees that the benchmark
# builds, runs and prints its table. Asserts nothing about time (speed claims live in
# docs/benchmarks.md, from full runs: `cargo bench --bench rate`).
#
#   .ci/se_bench.sh            # SE_BENCH_PER_VALUE puzzles per SE value (default 1), 1 round
#
# The bench pins itself, and the JVM it starts, to one CPU with taskset when taskset is there
# (SUDOKU_BENCH_CPU). It fails when one of our ratings fails (an error, the budget run out) or is
# off the jar's ER by a whole point. The jar: SE_JAR (default ../shared/tools/sukaku-explainer/
# SukakuExplainer.jar beside this checkout); without it or Java the jar is NOT RUN, said plainly
# in the table, and the run still passes unless SUDOKU_CI_STRICT=1 or SE_JAR was set.
set -euo pipefail
cd "$(dirname "$0")/.."
export CARGO_TERM_COLOR=never
per_value=${SE_BENCH_PER_VALUE:-1}
out=$(mktemp)
trap 'rm -f "$out"' EXIT

printf '\n=== se_bench: cargo bench --bench rate -- --per-value %s --rounds 1\n' "$per_value"
status=0
cargo bench --bench rate -- --per-value "$per_value" --rounds 1 | tee "$out" || status=$?
[ "$status" -eq 0 ] || { echo "CI FAILED: se_bench: the rate bench exited with $status" >&2; exit 1; }
grep -q '^| all | [1-9]' "$out" || { echo "CI FAILED: se_bench: no table in the bench's output" >&2; exit 1; }
if grep -q 'NOT RUN' "$out"; then
  if [ "${SUDOKU_CI_STRICT:-0}" = 1 ] || [ -n "${SE_JAR:-}" ]; then
    echo "CI FAILED: se_bench: the reference jar was NOT RUN" >&2
    exit 1
  fi
  echo "se_bench: the reference jar was NOT RUN (no Java or no jar): ours only"
fi
echo "se_bench: ok"
