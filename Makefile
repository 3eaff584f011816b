# Convenience targets around cargo for C users. Everything is plain cargo + cc underneath.
#
#   make example     build the library (release) and run the C example on the sample puzzles
#   make tool        build examples/sudoku_tool.c (generate, rate, hint) as target/release/sudoku_tool
#   make test        run every test (Rust, C, header and corpus checks)
#   make header      regenerate include/sudoku.h after changing src/ffi
#   make check       what must pass before a commit: fmt, clippy, every test

CC      ?= cc
CARGO   ?= cargo
CFLAGS  ?= -O2 -std=c99 -Wall -Wextra -Werror -pedantic
RELEASE := target/release

.PHONY: all lib example tool test check header clean

all: lib

lib:
	$(CARGO) build --release

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
