# Convenience targets around cargo for C users. Everything is plain cargo + cc underneath.
#
#   make example     build the library (release) and run the C example on the sample puzzles
#   make tool        build examples/sudoku_tool.c (generate, rate, hint) as target/release/sudoku_tool
#   make test        run every test (Rust, C, header and corpus checks)
#   make header      regenerate include/sudoku.h after changing the C API in src/
#   make check       what must pass before a commit: fmt, clippy, every test
#   make install     install library, headers, sudoku.pc and the CMake package under PREFIX (see docs/install.md); honours CARGO_TARGET_DIR
#   make uninstall   remove what make install put there
#   make dist        release archives target/dist/libsudoku-VERSION-TARGET.tar.gz for the host and aarch64 (.ci/dist.sh)
#
# Build outputs are read where cargo writes them: $(CARGO_TARGET_DIR)/release when CARGO_TARGET_DIR
# is set (in the environment or on the command line), target/release otherwise (a target-dir set
# in a .cargo/config.toml is not seen: set CARGO_TARGET_DIR instead).

CC      ?= cc
CARGO   ?= cargo
CFLAGS  ?= -O2 -std=c99 -Wall -Wextra -Werror -pedantic
# A relative CARGO_TARGET_DIR is taken from this directory, as cargo (run from here) takes it.
RELEASE := $(or $(CARGO_TARGET_DIR),target)/release

.PHONY: all lib example tool test check header clean install uninstall dist

all: lib

# The soname (build.rs sets it) as recorded in an ELF shared library; empty if it has none.
soname = $$(readelf -d $(1) | sed -n 's/.*Library soname: \[\(.*\)\]$$/\1/p')

# Programs linked against $(RELEASE)/libsudoku.so load it by its soname: link that name.
lib:
	$(CARGO) build --release
	so=$(call soname,$(RELEASE)/libsudoku.so); test -z "$$so" || ln -sfn libsudoku.so $(RELEASE)/$$so

$(RELEASE)/solve: examples/solve.c include/sudoku.h lib
	$(CC) $(CFLAGS) -Iinclude examples/solve.c -L$(RELEASE) -lsudoku \
		-Wl,-rpath,'$$ORIGIN' -o $@

example: $(RELEASE)/solve
	$(RELEASE)/solve examples/puzzles.txt

$(RELEASE)/sudoku_tool: examples/sudoku_tool.c include/sudoku.h lib
	$(CC) $(CFLAGS) -Iinclude examples/sudoku_tool.c -L$(RELEASE) -lsudoku \
		-Wl,-rpath,'$$ORIGIN' -o $@

tool: $(RELEASE)/sudoku_tool

test:
	$(CARGO) test

check:
	$(CARGO) fmt --all -- --check
	$(CARGO) clippy --all-targets -- -D warnings
	$(CARGO) test

header:
	SUDOKU_UPDATE_HEADER=1 $(CARGO) build

clean:
	$(CARGO) clean

# Installation. GNU-style directories; DESTDIR stages the tree elsewhere (for packaging).
# Lays the files out as cargo-c's `cargo cinstall` does: the library named with the full version,
# and its soname and libsudoku.so linked to it.
PREFIX       ?= /usr/local
LIBDIR       ?= $(PREFIX)/lib
INCLUDEDIR   ?= $(PREFIX)/include
PKGCONFIGDIR ?= $(LIBDIR)/pkgconfig
CMAKEDIR     ?= $(LIBDIR)/cmake/sudoku
VERSION      := $(shell sed -n 's/^version = "\(.*\)"$$/\1/p' Cargo.toml | head -n 1)
# sudoku.pc names directories under the prefix relative to it, so the file can be relocated.
PC_LIBDIR     = $(patsubst $(PREFIX)/%,$${prefix}/%,$(LIBDIR))
PC_INCLUDEDIR = $(patsubst $(PREFIX)/%,$${prefix}/%,$(INCLUDEDIR))
LIB_DEST      = $(DESTDIR)$(LIBDIR)
# The CMake package finds the libraries and headers relative to its own directory (relocatable).
CMAKE_TO_LIBDIR     = $(shell realpath -m -s --relative-to=$(CMAKEDIR) $(LIBDIR))
CMAKE_TO_INCLUDEDIR = $(shell realpath -m -s --relative-to=$(CMAKEDIR) $(INCLUDEDIR))
# sudoku.pc's Libs.private as a CMake list, for the static target: gcc_s;util;...
STATIC_LIBS         = $(shell sed -n 's/^Libs.private: *//p' sudoku.pc.in | sed -e 's/-l//g' -e 's/  */;/g')
CMAKE_FILES         = sudokuConfig sudokuConfigVersion sudokuTargets

install: lib
	@so=$(call soname,$(RELEASE)/libsudoku.so); \
	test -n "$$so" || { echo "$(RELEASE)/libsudoku.so has no soname: ELF targets only" >&2; exit 1; }; \
	set -ex; \
	install -d $(LIB_DEST) $(DESTDIR)$(INCLUDEDIR) $(DESTDIR)$(PKGCONFIGDIR); \
	install -m 755 $(RELEASE)/libsudoku.so $(LIB_DEST)/libsudoku.so.$(VERSION); \
	test "$$so" = libsudoku.so.$(VERSION) || ln -sfn libsudoku.so.$(VERSION) $(LIB_DEST)/$$so; \
	ln -sfn libsudoku.so.$(VERSION) $(LIB_DEST)/libsudoku.so; \
	install -m 644 $(RELEASE)/libsudoku.a $(LIB_DEST)/libsudoku.a; \
	install -m 644 include/sudoku.h include/sudoku.hpp $(DESTDIR)$(INCLUDEDIR)/; \
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@LIBDIR@|$(PC_LIBDIR)|' \
	    -e 's|@INCLUDEDIR@|$(PC_INCLUDEDIR)|' -e 's|@VERSION@|$(VERSION)|' \
	    sudoku.pc.in > $(DESTDIR)$(PKGCONFIGDIR)/sudoku.pc; \
	install -d $(DESTDIR)$(CMAKEDIR); \
	bits=$$(readelf -h $(RELEASE)/libsudoku.so | sed -n 's/^ *Class: *ELF\([0-9]*\)$$/\1/p'); \
	for f in $(CMAKE_FILES); do \
	    sed -e 's|@VERSION@|$(VERSION)|g' -e "s|@SONAME@|$$so|g" -e "s|@SIZEOF_VOID_P@|$$((bits / 8))|g" \
	        -e 's|@CMAKE_TO_LIBDIR@|$(CMAKE_TO_LIBDIR)|g' -e 's|@CMAKE_TO_INCLUDEDIR@|$(CMAKE_TO_INCLUDEDIR)|g' \
	        -e 's|@STATIC_LIBS@|$(STATIC_LIBS)|g' cmake/$$f.cmake.in > $(DESTDIR)$(CMAKEDIR)/$$f.cmake; \
	done

# Removes this version's files only; the soname link is read from the installed library.
uninstall:
	@so=; test ! -f $(LIB_DEST)/libsudoku.so.$(VERSION) || so=$(call soname,$(LIB_DEST)/libsudoku.so.$(VERSION)); \
	set -ex; \
	test -z "$$so" || test "$$(readlink $(LIB_DEST)/$$so)" != libsudoku.so.$(VERSION) || rm -f $(LIB_DEST)/$$so; \
	test "$$(readlink $(LIB_DEST)/libsudoku.so)" != libsudoku.so.$(VERSION) || rm -f $(LIB_DEST)/libsudoku.so; \
	rm -f $(LIB_DEST)/libsudoku.so.$(VERSION) $(LIB_DEST)/libsudoku.a \
	    $(DESTDIR)$(INCLUDEDIR)/sudoku.h $(DESTDIR)$(INCLUDEDIR)/sudoku.hpp \
	    $(DESTDIR)$(PKGCONFIGDIR)/sudoku.pc $(CMAKE_FILES:%=$(DESTDIR)$(CMAKEDIR)/%.cmake)

# Release archives: libsudoku-VERSION-TARGET.tar.gz in $(or $(CARGO_TARGET_DIR),target)/dist, each
# a `make install` staged with DESTDIR, for DIST_TARGETS (default: the host and
# aarch64-unknown-linux-gnu). See docs/install.md.
DIST_TARGETS ?=
dist:
	$(if $(CARGO_TARGET_DIR),CARGO_TARGET_DIR=$(CARGO_TARGET_DIR)) bash .ci/dist.sh build $(DIST_TARGETS)
