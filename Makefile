# Convenience targets around cargo for C users. Everything is plain cargo + cc underneath.
#
#   make example     build the library (release) and run the C example on the sample puzzles
#   make test        run every test (Rust, C, header and corpus checks)
#   make header      regenerate include/sudoku.h after changing src/ffi
#   make check       what must pass before a commit: fmt, clippy, every test

CC      ?= cc
CARGO   ?= cargo
CFLAGS  ?= -O2 -std=c99 -Wall -Wextra -Werror -pedantic
RELEASE := target/release

.PHONY: all lib example test check header clean

all: lib

# The soname (build.rs sets it) as recorded in an ELF shared library; empty if it has none.
soname = $$(readelf -d $(1) | sed -n 's/.*Library soname: \[\(.*\)\]$$/\1/p')

# Programs linked against target/release/libsudoku.so load it by its soname: link that name.
lib:
	$(CARGO) build --release
	so=$(call soname,$(RELEASE)/libsudoku.so); test -z "$$so" || ln -sfn libsudoku.so $(RELEASE)/$$so

$(RELEASE)/solve: examples/solve.c include/sudoku.h lib
	$(CC) $(CFLAGS) -Iinclude examples/solve.c -L$(RELEASE) -lsudoku \
		-Wl,-rpath,'$$ORIGIN' -o $@

example: $(RELEASE)/solve
	$(RELEASE)/solve examples/puzzles.txt

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
