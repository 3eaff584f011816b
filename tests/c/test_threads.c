/*
 * Many threads calling the library at once, every answer checked by an independent checker in
 * this file. Built and run by tests/c_api.rs (shared and static library) and, in CI, under
 * valgrind's helgrind and the sanitizers (.ci/reliability.sh).
 *
 *   test_threads [CALLS_PER_THREAD [PUZZLE_FILE]]
 *
 * Each of the THREADS threads makes CALLS_PER_THREAD (default 2000) calls of sudoku_solve on
 * its own exactly-81-byte heap board: a random transformation (digit relabelling, row, column,
 * band and stack permutations, transposition) of a solvable puzzle, of an unsolvable one, or of
 * a solvable one with a clash or a bad byte added, with '.' or '0' blanks. Solvable puzzles come
 * from PUZZLE_FILE (81-character lines, all solvable) when given, else from the few below.
 *
 * Why helgrind and not ThreadSanitizer: TSan sees only instrumented code, and the Rust library
 * (with its std) is built without it, so TSan would miss any race inside the library and, on
 * the Rust std's own synchronisation, can report false positives. Helgrind instruments the
 * whole process, library included, so it is the check that can actually see the library's
 * memory accesses.
 */
#define _POSIX_C_SOURCE 200809L

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sudoku.h"

#define THREADS 8
#define MAX_PUZZLES 4096

/* Two unique puzzles made by fuzz/make_seeds.py (seeds ok-unique-*) and Arto Inkala's
 * "world's hardest Sudoku" (2012). */
static const char *BUILTIN[] = {
    ".3........421.8.7...9..2.14..1....5..7.6.9.8.9....5......9..34.5....3..2........7",
    "800000000670290380001800650307409100090060000080300000060080570000040016000050093",
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
};

/* No clash, no solution: the last cell of row 0 can only be 9, and column 8 has a 9 (cell 17). */
static const char UNSOLVABLE[] =
    "12345678" "........." "9" "...............................................................";

static char puzzles[MAX_PUZZLES][81];
static int n_puzzles = 0;
static long calls_per_thread = 2000;

/* xorshift64*: a per-thread generator. */
static uint64_t next(uint64_t *s) {
    *s ^= *s >> 12;
    *s ^= *s << 25;
    *s ^= *s >> 27;
    return *s * 2685821657736338717ULL;
}

static int below(uint64_t *s, int n) { return (int)(next(s) % (uint64_t)n); }

static void shuffle(uint64_t *s, int *a, int n) {
    for (int i = n - 1; i > 0; i--) {
        int j = below(s, i + 1), t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
}

static int digit(char c) { return c >= '1' && c <= '9' ? c - '0' : 0; }

/* A random validity-preserving transformation of `in`, blanks written as `blank`. */
static void transform(uint64_t *s, const char *in, char *out, char blank) {
    int digits[9] = {1, 2, 3, 4, 5, 6, 7, 8, 9};
    int row_of[9], col_of[9];
    shuffle(s, digits, 9);
    for (int m = 0; m < 2; m++) {
        int *map = m == 0 ? row_of : col_of;
        int outer[3] = {0, 1, 2};
        shuffle(s, outer, 3);
        for (int b = 0; b < 3; b++) {
            int inner[3] = {0, 1, 2};
            shuffle(s, inner, 3);
            for (int k = 0; k < 3; k++) {
                map[b * 3 + k] = outer[b] * 3 + inner[k];
            }
        }
    }
    int flip = below(s, 2);
    for (int r = 0; r < 9; r++) {
        for (int c = 0; c < 9; c++) {
            int sr = flip ? c : r, sc = flip ? r : c;
            int v = digit(in[row_of[sr] * 9 + col_of[sc]]);
            out[r * 9 + c] = v ? (char)('0' + digits[v - 1]) : blank;
        }
    }
}

/* The independent checker: is `sol` a complete valid grid that keeps every given of `puzzle`? */
static int is_solution_of(const char *sol, const char *puzzle) {
    for (int i = 0; i < 81; i++) {
        if (digit(sol[i]) == 0 || (digit(puzzle[i]) && digit(puzzle[i]) != digit(sol[i]))) {
            return 0;
        }
    }
    for (int u = 0; u < 9; u++) {
        unsigned row = 0, col = 0, box = 0;
        for (int k = 0; k < 9; k++) {
            row |= 1u << digit(sol[u * 9 + k]);
            col |= 1u << digit(sol[k * 9 + u]);
            box |= 1u << digit(sol[(u / 3 * 3 + k / 3) * 9 + u % 3 * 3 + k % 3]);
        }
        if (row != 0x3fe || col != 0x3fe || box != 0x3fe) {
            return 0;
        }
    }
    return 1;
}

struct result {
    long checks;
    long failures;
};

static void fail(struct result *res, int thread, long call, const char *what, const char *board) {
    res->failures++;
    if (res->failures <= 5) {
        fprintf(stderr, "thread %d call %ld: %s: %.81s\n", thread, call, what, board);
    }
}

static void *worker(void *arg) {
    int id = (int)(intptr_t)arg;
    struct result *res = calloc(1, sizeof *res);
    char *board = malloc(81); /* exactly 81 bytes: memory checkers see any access past them */
    char puzzle[81];
    uint64_t state = 0x9e3779b97f4a7c15ULL * (uint64_t)(id + 1);
    if (res == NULL || board == NULL) {
        perror("malloc");
        exit(2);
    }
    for (long call = 0; call < calls_per_thread; call++) {
        char blank = below(&state, 2) ? '.' : '0';
        int kind = (int)(call % 8), expected = SUDOKU_OK;
        if (kind == 6) {
            transform(&state, UNSOLVABLE, puzzle, blank);
            expected = SUDOKU_ERR_NO_SOLUTION;
        } else {
            transform(&state, puzzles[below(&state, n_puzzles)], puzzle, blank);
        }
        if (kind == 7) {
            /* Copy a given into an empty cell of its row (a clash), or write a bad byte. */
            if (below(&state, 2)) {
                int from, to;
                do {
                    from = below(&state, 81);
                    to = from / 9 * 9 + below(&state, 9);
                } while (!digit(puzzle[from]) || digit(puzzle[to]));
                puzzle[to] = puzzle[from];
                expected = SUDOKU_ERR_CONFLICT;
            } else {
                puzzle[below(&state, 81)] = (char)(below(&state, 2) ? 'x' : '\0');
                expected = SUDOKU_ERR_INVALID_CHARACTER;
            }
        }
        memcpy(board, puzzle, 81);
        int status = sudoku_solve(board);
        res->checks++;
        if (status != expected) {
            fail(res, id, call, sudoku_status_str(status), puzzle);
        } else if (status == SUDOKU_OK ? !is_solution_of(board, puzzle)
                                       : memcmp(board, puzzle, 81) != 0) {
            fail(res, id, call, status == SUDOKU_OK ? "wrong solution" : "board changed", puzzle);
        }
        /* EXTEND(sudoku_count_solutions): once it lands, count the same `puzzle` here (limit 2)
         * and check it: 0 exactly when expected is SUDOKU_ERR_NO_SOLUTION, 1 or 2 otherwise,
         * and its first solution passes is_solution_of. */
        if (call % 256 == 0) {
            res->checks += 2;
            if (strcmp(sudoku_version(), SUDOKU_VERSION_STRING) != 0 ||
                strstr(sudoku_status_str(expected), "unknown") != NULL) {
                fail(res, id, call, "version or message", puzzle);
            }
        }
    }
    free(board);
    return res;
}

static void load(const char *path) {
    FILE *f = fopen(path, "r");
    char line[256];
    if (f == NULL) {
        perror(path);
        exit(2);
    }
    while (n_puzzles < MAX_PUZZLES && fgets(line, sizeof line, f) != NULL) {
        if (strlen(line) >= 81 && line[0] != '#') {
            memcpy(puzzles[n_puzzles++], line, 81);
        }
    }
    fclose(f);
}

int main(int argc, char **argv) {
    if (argc > 1) {
        calls_per_thread = strtol(argv[1], NULL, 10);
    }
    if (argc > 2) {
        load(argv[2]);
    } else {
        for (size_t i = 0; i < sizeof BUILTIN / sizeof *BUILTIN; i++) {
            memcpy(puzzles[n_puzzles++], BUILTIN[i], 81);
        }
    }
    if (calls_per_thread <= 0 || n_puzzles == 0) {
        fprintf(stderr, "usage: %s [CALLS_PER_THREAD [PUZZLE_FILE]]\n", argv[0]);
        return 2;
    }

    pthread_t threads[THREADS];
    for (int t = 0; t < THREADS; t++) {
        if (pthread_create(&threads[t], NULL, worker, (void *)(intptr_t)t) != 0) {
            fprintf(stderr, "pthread_create failed\n");
            return 2;
        }
    }
    long checks = 0, failures = 0;
    for (int t = 0; t < THREADS; t++) {
        void *out;
        pthread_join(threads[t], &out);
        struct result *res = out;
        checks += res->checks;
        failures += res->failures;
        free(res);
    }
    if (failures != 0) {
        fprintf(stderr, "%ld of %ld checks failed\n", failures, checks);
        return 1;
    }
    printf("%d threads x %ld solves: all %ld checks passed\n", THREADS, calls_per_thread, checks);
    return 0;
}
