#!/usr/bin/env bash
# Reliability and portability checks (issue 7), called by .ci/run after the main tests:
#
#   memcheck   valgrind memcheck over the C test programs and the C example
#   sanitize   the C test programs and example built with -fsanitize=address,undefined
#   helgrind   the C thread test under valgrind's helgrind
#   fuzz       cargo-fuzz targets, a bounded run each (nightly)
#   miri       the FFI-layer tests under Miri (nightly)
#   aarch64    the whole test suite cross-built for aarch64 and run under qemu-user
#
# `.ci/reliability.sh [STEP...]` runs the named steps only (default: all). A step whose tool
# truly cannot be had (no nightly toolchain, no cross compiler or qemu from apt) is not run: it
# says so plainly where it stops and again in the summary as NOT RUN, and is never reported as
# passed; SUDOKU_CI_STRICT=1 makes that an error. Any check that runs and fails fails the script.
# Figures for the notes are printed in the summary.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n=== reliability: %s\n' "$*"; }
die() { printf 'CI FAILED: %s\n' "$*" >&2; exit 1; }

HELGRIND_SOLVES=2000 # per thread, 8 threads
NIGHTLY="${SUDOKU_NIGHTLY:-nightly}"
AARCH64=aarch64-unknown-linux-gnu
QEMU_AARCH64="qemu-aarch64 -L /usr/aarch64-linux-gnu"
export SUDOKU_PUZZLES="${SUDOKU_PUZZLES:-$(pwd)/data/puzzles}"
export CARGO_TERM_COLOR=never
# Where cargo writes (and make reads): $CARGO_TARGET_DIR if set, made absolute since the fuzz
# step runs cargo from fuzz/; else target/.
TARGET_DIR=$(realpath -m "${CARGO_TARGET_DIR:-target}")
[ -z "${CARGO_TARGET_DIR:-}" ] || export CARGO_TARGET_DIR=$TARGET_DIR

# Fuzz targets (fuzz/Cargo.toml) as TARGET:SEEDS:MAX_LEN, SEEDS being the seed directories it
# starts from (fuzz/seeds/, joined by +) and MAX_LEN the longest input it reads. The fuzzing
# budget, about a minute in all, is shared between them (at least 5 s each).
FUZZ_TARGETS=(
    solve:board:243 solve_grid:board:81 count:board:82 validate:board:82 candidates:board:82
    rate:board:85 hint:board+hint:256 generate:generate:32 parse:text:512 format:board+format:85
    parse_marks:marks:1600 format_marks:marks_format:248 next_puzzle:records+text:1024
    sudokuwiki:sudokuwiki:400 ss:ss:2048
)
FUZZ_SECONDS=$((${SUDOKU_FUZZ_TOTAL_SECONDS:-60} / ${#FUZZ_TARGETS[@]}))
((FUZZ_SECONDS >= 5)) || FUZZ_SECONDS=5
# Integration tests run under Miri, as FILE or FILE:FILTER (only the tests whose name contains
# FILTER), plus the library's own ffi:: unit tests: the panic-boundary tests, which call every
# export once normally. Miri runs a solve in about 12 s, so the set is chosen to stay near ten
# minutes: the solve, thread, text and seed-replay tests; the analysis, batch, generator,
# grader and hint exports go through Miri in the ffi:: tests, and through the sanitizers,
# valgrind and the fuzz targets with their full tests.
MIRI_TESTS=(threads solve_api text properties fuzz_seeds)

STEPS=("$@")
((${#STEPS[@]})) || STEPS=(memcheck sanitize helgrind fuzz miri aarch64)
SUMMARY=()
NOT_RUN=()
note() { SUMMARY+=("$*"); }
not_run() {
    printf 'NOT RUN: %s\n' "$*" >&2
    NOT_RUN+=("$*")
}
timed() { # timed NAME CMD...: runs CMD, records its wall time
    local start=$SECONDS
    "${@:2}"
    note "$1: $((SECONDS - start)) s"
}

apt_install() { # apt_install PACKAGE...: installs what is missing; false if apt cannot
    local missing=()
    for p in "$@"; do dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' || missing+=("$p"); done
    ((${#missing[@]})) || return 0
    local sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    { $sudo apt-get update -q && $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}"; } >/dev/null
}

have_nightly() {
    rustup toolchain list | grep -q "^$NIGHTLY" || rustup toolchain install --profile minimal "$NIGHTLY"
}

# --- C programs against the release library ------------------------------------------------
CFLAGS_STRICT=(-std=c99 -Wall -Wextra -Werror -pedantic -g -Iinclude)
REL=$TARGET_DIR/release
BIN=$TARGET_DIR/reliability
C_BUILT=""
build_c_programs() { # the C test programs and the example, plain and sanitized
    [ -n "$C_BUILT" ] && return 0
    cargo build --release -q
    mkdir -p "$BIN"
    local shared=(-L"$REL" -lsudoku "-Wl,-rpath,$REL")
    local static=("$REL/libsudoku.a" -lgcc_s -lutil -lrt -lpthread -lm -ldl)
    local san=("-fsanitize=address,undefined" -fno-sanitize-recover=all -fno-omit-frame-pointer)
    for prog in tests/c/test_api.c tests/c/test_analysis.c tests/c/test_threads.c \
        examples/solve.c examples/sudoku_tool.c; do
        local name
        name=$(basename "$prog" .c)
        cc "${CFLAGS_STRICT[@]}" -O1 -pthread "$prog" "${shared[@]}" -o "$BIN/$name"
        cc "${CFLAGS_STRICT[@]}" -O1 -pthread "${san[@]}" "$prog" "${shared[@]}" -o "$BIN/$name-asan"
        cc "${CFLAGS_STRICT[@]}" -O1 -pthread "${san[@]}" "$prog" "${static[@]}" -o "$BIN/$name-asan-static"
    done
    # Input for the example: the sample puzzles plus every failure it reports.
    {
        cat examples/puzzles.txt
        printf '55..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79\n'
        printf 'short\n'
        printf '12345678.........9...............................................................\n'
        printf '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..7x\n'
    } >"$BIN/mixed.txt"
    C_BUILT=1
}

run_checked() { # run_checked EXPECTED_EXIT CMD...: fails unless CMD exits with EXPECTED_EXIT
    local expected=$1 status=0
    shift
    "$@" >"$BIN/last.out" 2>"$BIN/last.err" || status=$?
    if [ "$status" != "$expected" ]; then
        cat "$BIN/last.err" >&2
        die "$* exited with $status, expected $expected"
    fi
}

# Every C run the memory checkers and sanitizers go through (9 runs): each_c_run SUFFIX
# THREAD_ROUNDS [WRAPPER...] runs the programs built with SUFFIX through WRAPPER.
each_c_run() {
    local suffix=$1 solves=$2 puzzle
    shift 2
    puzzle=$(grep -v '^#' examples/puzzles.txt | head -n1 | cut -c1-81)
    run_checked 0 "$@" "$BIN/test_api$suffix"
    run_checked 0 "$@" "$BIN/test_analysis$suffix"
    run_checked 0 "$@" "$BIN/test_threads$suffix" "$solves"
    run_checked 0 "$@" "$BIN/solve$suffix" -g examples/puzzles.txt
    run_checked 1 "$@" "$BIN/solve$suffix" "$BIN/mixed.txt" # the bad lines fail
    run_checked 0 "$@" "$BIN/sudoku_tool$suffix" generate -s 7 -n 2 -l medium -y 180 -S
    # A small budget keeps the famous hard puzzles short under the checkers: they stop over it.
    run_checked 1 "$@" "$BIN/sudoku_tool$suffix" rate -e 2000000 examples/puzzles.txt
    run_checked 1 "$@" "$BIN/sudoku_tool$suffix" rate -e 2000000 "$BIN/mixed.txt" # the bad lines fail
    run_checked 0 "$@" "$BIN/sudoku_tool$suffix" hint "$puzzle"
}

step_memcheck() {
    step "valgrind memcheck over the C test programs and the example"
    command -v valgrind >/dev/null || apt_install valgrind || { not_run "memcheck: valgrind not installable"; return; }
    build_c_programs
    each_c_run "" 300 valgrind -q --error-exitcode=99 --leak-check=full \
        --errors-for-leak-kinds=definite,indirect,possible --suppressions=.ci/valgrind.supp
    note "memcheck: 9 valgrind runs clean (test_api, test_analysis, test_threads 8x300 rounds, example x2, sudoku_tool x4)"
}

step_sanitize() {
    step "C test programs and example with -fsanitize=address,undefined (shared and static)"
    build_c_programs
    export ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1
    each_c_run -asan 2000
    each_c_run -asan-static 2000
    note "sanitizers: 18 ASan+UBSan runs clean (the 9 runs, shared and static)"
}

step_helgrind() {
    step "C thread test under helgrind: 8 threads x $HELGRIND_SOLVES rounds"
    command -v valgrind >/dev/null || apt_install valgrind || { not_run "helgrind: valgrind not installable"; return; }
    build_c_programs
    run_checked 0 valgrind -q --tool=helgrind --error-exitcode=99 "$BIN/test_threads" "$HELGRIND_SOLVES"
    cat "$BIN/last.out"
    note "helgrind: 8 threads x $HELGRIND_SOLVES rounds ($(sed -n 's/.*all \([0-9]*\) checks.*/\1/p' "$BIN/last.out") checks), no race reported"
}

step_fuzz() {
    step "cargo fuzz: ${#FUZZ_TARGETS[@]} targets, ${FUZZ_SECONDS} s each"
    if ! have_nightly >/dev/null 2>&1; then
        not_run "fuzzing: no $NIGHTLY toolchain (rustup toolchain install $NIGHTLY failed)"
        return
    fi
    if ! command -v cargo-fuzz >/dev/null; then
        cargo install --locked cargo-fuzz --version 0.13.2 -q ||
            { not_run "fuzzing: cargo install cargo-fuzz failed"; return; }
    fi
    cargo fmt --manifest-path fuzz/Cargo.toml -- --check
    # Release build with debug assertions and overflow checks (cargo fuzz's default) and ASan.
    (cd fuzz && cargo +"$NIGHTLY" fuzz build)
    for entry in "${FUZZ_TARGETS[@]}"; do
        local target=${entry%%:*} rest=${entry#*:} corpus log dirs=() seed_dir
        local seeds=${rest%%:*} max_len=${rest#*:}
        for seed_dir in ${seeds//+/ }; do
            [ -d "fuzz/seeds/$seed_dir" ] || die "fuzz target $target: no fuzz/seeds/$seed_dir"
            dirs+=("../fuzz/seeds/$seed_dir")
        done
        corpus=$(mktemp -d)
        log="$BIN/fuzz-$target.log"
        mkdir -p "$BIN"
        # New inputs go to a scratch corpus; the committed seeds are only read.
        if ! (cd fuzz && cargo +"$NIGHTLY" fuzz run "$target" "$corpus" "${dirs[@]}" -- \
            -max_total_time="$FUZZ_SECONDS" -max_len="$max_len" -timeout=10 -rss_limit_mb=2048 \
            -print_final_stats=1) >"$log" 2>&1; then
            tail -n 40 "$log" >&2
            rm -rf "$corpus"
            die "fuzz target $target failed (crash input saved under fuzz/artifacts/$target/)"
        fi
        rm -rf "$corpus"
        local runs
        runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n1)
        if [ -z "$runs" ] || [ "$runs" -eq 0 ]; then
            tail -n 20 "$log" >&2
            die "fuzz target $target ran no input"
        fi
        echo "$target: $runs executions, no failure"
        note "fuzz $target: $runs executions in ${FUZZ_SECONDS} s, 0 crashes"
    done
}

step_miri() {
    step "Miri: the FFI-layer tests (reduced puzzle sets under cfg(miri)), two at a time"
    if ! have_nightly >/dev/null 2>&1 || ! rustup component add --toolchain "$NIGHTLY" miri rust-src >/dev/null 2>&1; then
        not_run "Miri: no $NIGHTLY toolchain with the miri and rust-src components"
        return
    fi
    cargo +"$NIGHTLY" miri setup -q
    mkdir -p "$BIN"
    # Isolation off: the tests read the committed seeds and the first puzzles of corpus files.
    export MIRIFLAGS="-Zmiri-disable-isolation"
    # Build everything once, then run the runs in two queues in parallel (Miri interprets on one
    # core): the ffi:: unit tests and every second entry of MIRI_TESTS, and the rest.
    local runs=("--lib -- ffi::") entry
    for entry in "${MIRI_TESTS[@]}"; do
        local file=${entry%%:*} filter=""
        [ "$file" = "$entry" ] || filter=${entry#*:}
        runs+=("--test $file -- $filter")
    done
    local build=(--lib)
    for entry in "${MIRI_TESTS[@]}"; do build+=(--test "${entry%%:*}"); done
    cargo +"$NIGHTLY" miri test --no-run "${build[@]}" || die "Miri could not build the tests"
    miri_queue() { # miri_queue LOG RUN...: each RUN (cargo miri test arguments) in turn
        local log=$1 run
        shift
        : >"$log"
        for run in "$@"; do
            # shellcheck disable=SC2086 # RUN is a word list by design
            cargo +"$NIGHTLY" miri test $run >>"$log" 2>&1 || { echo "FAILED: $run" >>"$log"; return 1; }
        done
    }
    local even=() odd=() i
    for i in "${!runs[@]}"; do
        if ((i % 2 == 0)); then even+=("${runs[$i]}"); else odd+=("${runs[$i]}"); fi
    done
    local ok=1
    miri_queue "$BIN/miri-a.log" "${even[@]}" &
    local pid=$!
    miri_queue "$BIN/miri-b.log" "${odd[@]}" || ok=0
    wait "$pid" || ok=0
    cat "$BIN/miri-a.log" "$BIN/miri-b.log" >"$BIN/miri.log"
    grep -E '^(test |test result|FAILED)' "$BIN/miri.log"
    ((ok)) || { cat "$BIN/miri.log" >&2; die "Miri found a problem (see above)"; }
    local passed ignored
    passed=$(awk '/^test result:/ {s += $4} END {print s + 0}' "$BIN/miri.log")
    ignored=$(awk '/^test result:/ {s += $8} END {print s + 0}' "$BIN/miri.log")
    note "Miri: $passed tests passed, $ignored ignored under Miri (reasons in the test attributes)"
}

step_aarch64() {
    step "aarch64: cross-build, the whole test suite and the C example under qemu-user"
    if ! rustup target add "$AARCH64" >/dev/null 2>&1; then
        not_run "aarch64: rustup target add $AARCH64 failed"
        return
    fi
    if ! apt_install gcc-aarch64-linux-gnu g++-aarch64-linux-gnu libc6-dev-arm64-cross qemu-user; then
        not_run "aarch64: the cross compiler or qemu-user could not be installed"
        return
    fi
    local log="$BIN/aarch64.log"
    mkdir -p "$BIN"
    # The linker and the runner for cargo; CC, CXX and SUDOKU_TEST_RUNNER for the C and C++
    # programs that tests/c_api.rs builds and runs.
    CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_LINKER=aarch64-linux-gnu-gcc \
        CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_RUNNER="$QEMU_AARCH64" \
        CC=aarch64-linux-gnu-gcc CXX=aarch64-linux-gnu-g++ SUDOKU_TEST_RUNNER="$QEMU_AARCH64" \
        cargo test --target "$AARCH64" 2>&1 | tee "$log"
    [ "${PIPESTATUS[0]}" -eq 0 ] || die "tests failed on aarch64"
    local passed
    passed=$(awk '/^test result:/ {s += $4} END {print s + 0}' "$log")

    # The example, built as a C user would, against the aarch64 library: same output as on the
    # host for the sample puzzles (all of them have a single solution).
    local lib=$TARGET_DIR/$AARCH64/debug/deps
    aarch64-linux-gnu-gcc "${CFLAGS_STRICT[@]}" -O2 examples/solve.c -L"$lib" -lsudoku \
        "-Wl,-rpath,$lib" -o "$BIN/solve-aarch64"
    readelf -h "$BIN/solve-aarch64" | grep -q AArch64 || die "the example was not built for aarch64"
    $QEMU_AARCH64 "$BIN/solve-aarch64" examples/puzzles.txt >"$BIN/solve-aarch64.out"
    make -s example >"$BIN/solve-host.out"
    cmp "$BIN/solve-aarch64.out" "$BIN/solve-host.out" || die "the example's output differs on aarch64"
    note "aarch64: $passed tests passed under qemu-user; the C example's output matches the host's"
}

for s in "${STEPS[@]}"; do
    declare -F "step_$s" >/dev/null || die "unknown step $s (steps: memcheck sanitize helgrind fuzz miri aarch64)"
    timed "$s" "step_$s"
done

step "reliability summary"
printf '  %s\n' "${SUMMARY[@]}"
if ((${#NOT_RUN[@]})); then
    printf '  NOT RUN: %s\n' "${NOT_RUN[@]}"
    printf '  %d reliability step(s) above were NOT RUN on this machine and checked nothing.\n' \
        "${#NOT_RUN[@]}"
    [ "${SUDOKU_CI_STRICT:-0}" != 1 ] || die "reliability steps not run (SUDOKU_CI_STRICT=1)"
fi
