#!/usr/bin/env bash
# Release archives: libsudoku-VERSION-TARGET.tar.gz, each a `make install` staged with DESTDIR
# (the layout is written once, in the Makefile) plus the licences and a README.
#
#   .ci/dist.sh build [TARGET...]   (make dist) the archives for each TARGET, by default the host
#                                   and aarch64-unknown-linux-gnu, in $CARGO_TARGET_DIR/dist
#                                   (target/dist by default), each with a .sha256 beside it
#   .ci/dist.sh ci                  (.ci/run) installs what it needs, builds both, then uses
#                                   them as a user would: the host archive unpacked into a fresh
#                                   prefix, the C example built with CMake's find_package
#                                   (examples/cmake-package) and with pkg-config, and run; the
#                                   aarch64 archive's file types checked and the example
#                                   cross-built against it and run under qemu-user
#
# Cross targets need their C toolchain as the linker: aarch64-linux-gnu-gcc (Debian's
# gcc-aarch64-linux-gnu) for aarch64, or CARGO_TARGET_<TRIPLE>_LINKER for another. In `ci`, an
# aarch64 toolchain or qemu-user that apt cannot install is reported as NOT RUN (an error with
# SUDOKU_CI_STRICT=1); a check that runs and fails fails the script.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

step() { printf '\n=== dist: %s\n' "$*"; }
die() { printf 'CI FAILED: %s\n' "$*" >&2; exit 1; }

AARCH64=aarch64-unknown-linux-gnu
QEMU_AARCH64=(qemu-aarch64 -L /usr/aarch64-linux-gnu)
host=$(rustc -vV | sed -n 's/^host: //p')
version=$(sed -n 's/^version = "\(.*\)"$/\1/p' Cargo.toml | head -n1)
target_dir=$(realpath -m "${CARGO_TARGET_DIR:-target}")
[ -z "${CARGO_TARGET_DIR:-}" ] || export CARGO_TARGET_DIR=$target_dir
out_dir=$target_dir/dist
# Archive timestamps: the commit's (reproducible archives), unless SOURCE_DATE_EPOCH is set.
epoch=${SOURCE_DATE_EPOCH:-$(git log -1 --format=%ct 2>/dev/null || echo 0)}
commit=$(git rev-parse --short=12 HEAD 2>/dev/null || echo unknown)

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
TIMES=()
timed() { # timed NAME CMD...: runs CMD, records its wall time
    local start=$SECONDS
    "${@:2}"
    TIMES+=("$1: $((SECONDS - start)) s")
}

# The soname recorded in an ELF shared library.
soname_of() { readelf -d "$1" | sed -n 's/.*Library soname: \[\(.*\)\]$/\1/p'; }

# cross_linker TARGET: the C compiler that links for TARGET (empty for the host).
cross_linker() {
    local var
    var=CARGO_TARGET_$(printf '%s' "$1" | tr 'a-z-' 'A-Z_')_LINKER
    if [ "$1" = "$host" ]; then
        echo
    elif [ -n "${!var:-}" ]; then
        echo "${!var}"
    elif [ "$1" = "$AARCH64" ]; then
        echo aarch64-linux-gnu-gcc
    else
        die "no linker known for $1: set $var"
    fi
}

readme() { # readme NAME TARGET SONAME: the archive's README.md
    cat <<EOF
# libsudoku $version for $2

A fast, safe Sudoku engine with a C ABI: solver, counter, generator, grader and hints.
Built from commit $commit. Licence: MIT OR Apache-2.0 (LICENSE-MIT, LICENSE-APACHE).

| file | what |
|---|---|
| \`lib/libsudoku.so.$version\` | the shared library; \`lib/$3\` (its soname) and \`lib/libsudoku.so\` link to it |
| \`lib/libsudoku.a\` | the static library |
| \`include/sudoku.h\`, \`include/sudoku.hpp\` | the C header and the C++17 wrapper |
| \`lib/pkgconfig/sudoku.pc\` | pkg-config module \`sudoku\` |
| \`lib/cmake/sudoku/\` | CMake package: \`find_package(sudoku CONFIG)\`, targets \`sudoku::sudoku\`, \`sudoku::sudoku_static\` |

Every path in it is relative, so the tree can be unpacked anywhere:

    tar -xzf $1.tar.gz -C /opt --strip-components=1     # or keep the $1 directory
    export PKG_CONFIG_PATH=/opt/lib/pkgconfig
    cc app.c \$(pkg-config --cflags --libs sudoku) -Wl,-rpath,/opt/lib -o app
    cmake -S . -B build -DCMAKE_PREFIX_PATH=/opt      # with find_package(sudoku CONFIG REQUIRED)

At run time the loader must find \`$3\`: an rpath (CMake records one), \`LD_LIBRARY_PATH\`, or
\`ldconfig\` for a prefix it searches. The statuses, conventions and every function are
documented in \`include/sudoku.h\`.
EOF
}

# build_archive TARGET: writes $out_dir/libsudoku-$version-TARGET.tar.gz and its .sha256.
build_archive() {
    local t=$1 name=libsudoku-$version-$1 stage=$work/stage-$1 linker release log so
    linker=$(cross_linker "$t")
    log=$work/install-$t.log
    rm -rf "$stage"
    if [ -z "$linker" ]; then
        release=$target_dir/release
        make install PREFIX="/$name" DESTDIR="$stage" >"$log" 2>&1 || { cat "$log"; die "make install for $t"; }
    else
        command -v "$linker" >/dev/null || die "$linker (the linker for $t) not found: apt-get install gcc-aarch64-linux-gnu"
        rustup target list --installed | grep -qx "$t" || die "no Rust standard library for $t: rustup target add $t"
        # make install builds with `cargo build --release`, which CARGO_BUILD_TARGET points at
        # $t; RELEASE (the Makefile's build-output directory) is pointed at cargo's output for $t.
        release=$target_dir/$t/release
        env CARGO_BUILD_TARGET="$t" "CARGO_TARGET_$(printf '%s' "$t" | tr 'a-z-' 'A-Z_')_LINKER=$linker" \
            make install PREFIX="/$name" DESTDIR="$stage" RELEASE="$release" >"$log" 2>&1 \
            || { cat "$log"; die "make install for $t"; }
    fi
    local tree=$stage/$name
    so=$(soname_of "$tree/lib/libsudoku.so.$version")
    # sudoku.pc: the prefix from the file's own place (pkg-config's ${pcfiledir}), not /$name.
    # shellcheck disable=SC2016 # ${pcfiledir} is pkg-config's, not the shell's
    sed -i 's|^prefix=.*|prefix=${pcfiledir}/../..|' "$tree/lib/pkgconfig/sudoku.pc"
    cp LICENSE-MIT LICENSE-APACHE "$tree/"
    readme "$name" "$t" "$so" >"$tree/README.md"
    mkdir -p "$out_dir"
    tar --sort=name --owner=0 --group=0 --numeric-owner --mtime="@$epoch" -C "$stage" -cf - "$name" \
        | gzip -n -9 >"$out_dir/$name.tar.gz"
    (cd "$out_dir" && sha256sum "$name.tar.gz" >"$name.tar.gz.sha256")
    echo "built $out_dir/$name.tar.gz ($(stat -c %s "$out_dir/$name.tar.gz") bytes, from $release)"
}

cmd_build() {
    local targets=("$@")
    ((${#targets[@]})) || targets=("$host" "$AARCH64")
    for t in "${targets[@]}"; do
        timed "archive $t" build_archive "$t"
    done
}

# --- ci -----------------------------------------------------------------------------------
NOT_RUN=()
not_run() {
    printf 'NOT RUN: %s\n' "$*" >&2
    NOT_RUN+=("$*")
}
apt_install() { # apt_install PACKAGE...: installs what is missing; false if apt cannot
    local missing=() sudo=""
    for p in "$@"; do dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' || missing+=("$p"); done
    ((${#missing[@]})) || return 0
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    { $sudo apt-get update -q && $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}"; } >/dev/null
}

puzzles=examples/puzzles.txt
# check_run NAME CMD...: runs an example on the sample puzzles and checks every solution.
check_run() {
    local name=$1
    shift
    "$@" "$puzzles" >"$work/$name.out" || die "$name exited with $?"
    python3 .ci/check_solutions.py "$puzzles" "$work/$name.out" || die "$name: wrong output"
    echo "$name: $(wc -l <"$work/$name.out") puzzles solved"
}

# check_contents TARGET: the archive holds exactly the expected files, links and no absolute
# path; prints its listing.
check_contents() {
    local t=$1 name=libsudoku-$version-$1 archive so expected listed
    archive=$out_dir/$name.tar.gz
    (cd "$out_dir" && sha256sum -c --quiet "$name.tar.gz.sha256") || die "$name.tar.gz: checksum"
    tar -tvzf "$archive"
    mkdir -p "$work/unpacked"
    tar -xzf "$archive" -C "$work/unpacked"
    local tree=$work/unpacked/$name
    so=$(soname_of "$tree/lib/libsudoku.so.$version")
    [ -n "$so" ] || die "$name: the library has no soname"
    expected=$(printf '%s\n' LICENSE-APACHE LICENSE-MIT README.md include/sudoku.h include/sudoku.hpp \
        lib/cmake/sudoku/sudokuConfig.cmake lib/cmake/sudoku/sudokuConfigVersion.cmake \
        lib/cmake/sudoku/sudokuTargets.cmake lib/libsudoku.a lib/libsudoku.so "lib/$so" \
        "lib/libsudoku.so.$version" lib/pkgconfig/sudoku.pc | sort -u)
    listed=$(tar -tzf "$archive" | grep -v '/$' | sed "s|^$name/||" | sort)
    [ "$listed" = "$expected" ] || die "$name: contents differ from the expected list:
$(diff <(echo "$expected") <(echo "$listed"))"
    [ "$(readlink "$tree/lib/libsudoku.so")" = "libsudoku.so.$version" ] || die "$name: libsudoku.so link"
    [ "$so" = "libsudoku.so.$version" ] || [ "$(readlink "$tree/lib/$so")" = "libsudoku.so.$version" ] \
        || die "$name: $so link"
    if readelf -d "$tree/lib/libsudoku.so.$version" | grep -E 'RPATH|RUNPATH'; then die "$name: the library has an rpath"; fi
    # Relocatable: no text file names the staging prefix or a directory of this machine.
    if grep -rIlE "/$name|$work|$root" "$tree"; then die "$name: the files above name an absolute path"; fi
}

# unpack TARGET DIR: the archive's tree as the prefix DIR (a fresh place, not the staging one).
unpack() {
    mkdir -p "$2"
    tar -xzf "$out_dir/libsudoku-$version-$1.tar.gz" -C "$2" --strip-components=1
}

check_host() {
    step "the host archive ($host): contents"
    check_contents "$host"
    local prefix=$work/fresh/opt/sudoku so
    unpack "$host" "$prefix"
    so=$(soname_of "$prefix/lib/libsudoku.so.$version")

    step "the host archive: the C example with pkg-config from the fresh prefix"
    export PKG_CONFIG_PATH=$prefix/lib/pkgconfig
    [ "$(pkg-config --modversion sudoku)" = "$version" ] || die "pkg-config --modversion sudoku"
    [ "$(realpath "$(pkg-config --variable=prefix sudoku)")" = "$prefix" ] \
        || die "sudoku.pc's prefix is $(pkg-config --variable=prefix sudoku), not the unpacked $prefix"
    echo "pkg-config: $(pkg-config --cflags --libs sudoku)"
    # shellcheck disable=SC2046 # pkg-config's output is a list of flags
    cc -std=c99 -Wall -Wextra -Werror -pedantic examples/solve.c $(pkg-config --cflags --libs sudoku) \
        -o "$work/solve-pc"
    readelf -d "$work/solve-pc" | grep -qF "Shared library: [$so]" || die "solve-pc does not need $so"
    check_run solve-pc env LD_LIBRARY_PATH="$prefix/lib" "$work/solve-pc"
    unset PKG_CONFIG_PATH

    step "the host archive: the C example with CMake's find_package(sudoku CONFIG) (examples/cmake-package)"
    local b=$work/cmake-host
    cmake -S examples/cmake-package -B "$b" -DCMAKE_PREFIX_PATH="$prefix" >"$b.log" 2>&1 \
        || { cat "$b.log"; die "cmake configure"; }
    grep -F "libsudoku $version from $prefix/lib/cmake/sudoku" "$b.log" || { cat "$b.log"; die "find_package found another sudoku"; }
    cmake --build "$b" >>"$b.log" 2>&1 || { cat "$b.log"; die "cmake build"; }
    readelf -d "$b/solve" | grep -qF "Shared library: [$so]" || die "cmake solve does not need $so"
    if readelf -d "$b/solve-static" | grep -q libsudoku; then die "cmake solve-static needs libsudoku.so"; fi
    # No LD_LIBRARY_PATH: CMake records the imported library's directory as the build RPATH.
    check_run cmake-solve "$b/solve"
    check_run cmake-solve-static "$b/solve-static"
    # The version file refuses another ABI (0.2 is not 0.1's) and a newer version than its own.
    local refused newer=${version%.*}.$((${version##*.} + 1))
    for refused in 0.2 1.0 "$newer"; do
        if cmake -S examples/cmake-package -B "$work/cmake-refused" -DCMAKE_PREFIX_PATH="$prefix" \
            -DSUDOKU_REQUIRE_VERSION="$refused" >"$work/cmake-refused.log" 2>&1; then
            die "find_package(sudoku $refused) accepted libsudoku $version"
        fi
        grep -q 'sudokuConfig.cmake, version: '"$version" "$work/cmake-refused.log" \
            || { cat "$work/cmake-refused.log"; die "find_package(sudoku $refused) failed for another reason"; }
        rm -rf "$work/cmake-refused"
    done
    echo "find_package(sudoku 0.2 / 1.0 / $newer) refused libsudoku $version, as it must"
}

check_aarch64() {
    local t=$AARCH64 name=libsudoku-$version-$AARCH64
    step "the aarch64 archive ($t): contents and file types"
    check_contents "$t"
    local prefix=$work/fresh-aarch64/usr/local lib
    unpack "$t" "$prefix"
    lib=$prefix/lib
    file -L "$lib/libsudoku.so"
    file "$lib/libsudoku.so.$version" | grep -q 'ELF 64-bit LSB shared object, ARM aarch64' \
        || die "libsudoku.so.$version is not an aarch64 shared object"
    readelf -h "$lib/libsudoku.so.$version" | grep -qE 'Machine: +AArch64' || die "readelf: not AArch64"
    local machines
    machines=$(readelf -h "$lib/libsudoku.a" | sed -n 's/^ *Machine: *//p' | sort | uniq -c)
    echo "libsudoku.a members by machine: $machines"
    [ "$(printf '%s\n' "$machines" | wc -l)" -eq 1 ] && grep -q AArch64 <<<"$machines" \
        || die "libsudoku.a holds objects not built for AArch64"

    step "the aarch64 archive: the C example cross-built (pkg-config, CMake) and run under qemu-user"
    command -v aarch64-linux-gnu-gcc >/dev/null || { not_run "aarch64 example: no aarch64-linux-gnu-gcc"; return; }
    # shellcheck disable=SC2046
    aarch64-linux-gnu-gcc -std=c99 -Wall -Wextra -Werror -pedantic examples/solve.c \
        $(PKG_CONFIG_PATH=$lib/pkgconfig pkg-config --cflags --libs sudoku) "-Wl,-rpath,$lib" -o "$work/solve-aarch64"
    local b=$work/cmake-aarch64
    cmake -S examples/cmake-package -B "$b" -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_SYSTEM_NAME=Linux \
        -DCMAKE_SYSTEM_PROCESSOR=aarch64 -DCMAKE_C_COMPILER=aarch64-linux-gnu-gcc >"$b.log" 2>&1 \
        && cmake --build "$b" >>"$b.log" 2>&1 || { cat "$b.log"; die "cmake cross-build for aarch64"; }
    for exe in "$work/solve-aarch64" "$b/solve" "$b/solve-static"; do
        readelf -h "$exe" | grep -qE 'Machine: +AArch64' || die "$exe was not built for aarch64"
    done
    if ! command -v qemu-aarch64 >/dev/null; then
        not_run "aarch64 example under qemu-user: qemu-aarch64 not installed"
        return
    fi
    check_run solve-aarch64-pc "${QEMU_AARCH64[@]}" "$work/solve-aarch64"
    check_run solve-aarch64-cmake "${QEMU_AARCH64[@]}" "$b/solve"
    check_run solve-aarch64-cmake-static "${QEMU_AARCH64[@]}" "$b/solve-static"
}

cmd_ci() {
    step "prerequisites"
    apt_install cmake pkg-config binutils file python3 || die "apt-get could not install cmake, pkg-config, binutils, file"
    local cross=1
    if ! rustup target add "$AARCH64" >/dev/null 2>&1; then
        not_run "aarch64 archive: rustup target add $AARCH64 failed"
        cross=
    elif ! apt_install gcc-aarch64-linux-gnu libc6-dev-arm64-cross; then
        not_run "aarch64 archive: the cross compiler could not be installed"
        cross=
    fi
    [ -z "$cross" ] || apt_install qemu-user || true # checked where it is used
    cmake --version | head -n1

    step "make dist: the archives"
    local targets=("$host")
    [ -z "$cross" ] || targets+=("$AARCH64")
    cmd_build "${targets[@]}"
    timed "host archive checks" check_host
    [ -z "$cross" ] || timed "aarch64 archive checks" check_aarch64

    step "release archives: summary"
    printf '%s\n' "${TIMES[@]}"
    if ((${#NOT_RUN[@]})); then
        printf 'NOT RUN: %s\n' "${NOT_RUN[@]}"
        [ "${SUDOKU_CI_STRICT:-0}" = 0 ] || die "steps not run with SUDOKU_CI_STRICT=1"
    else
        echo "release archive checks passed"
    fi
}

case ${1:-} in
build) shift; cmd_build "$@"; printf '%s\n' "${TIMES[@]}" ;;
ci) cmd_ci ;;
*) die "usage: .ci/dist.sh build [TARGET...] | .ci/dist.sh ci" ;;
esac
