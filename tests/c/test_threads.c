/*
 * Many threads calling the library at once, every answer checked by an independent checker in
 * this file. Built and run by tests/c_api.rs (shared and static library) and, in CI, under
 * valgrind's helgrind and the sanitizers (.ci/reliability.sh).
 *
 *   test_threads [CALLS_PER_THREAD [PUZZLE_FILE]]
 *
 * Each of the THREADS threads makes CALLS_PER_THREAD (default 2000) rounds on its own
 * exactly-sized heap buffers. A round takes a random transformation (digit relabelling, row,
 * column, band and stack permutations, transposition) of a puzzle with exactly one solution, of
 * an unsolvable one, or of a unique one with a clash or a bad byte added, with '.' or '0'
 * blanks, and checks on it:
 *
 *   every round     sudoku_solve, sudoku_count_solutions (limit 2: 1 for the unique puzzles,
 *                   0 otherwise, the first solution equal to the solve's), sudoku_validate (the
 *                   first problem and its cell), sudoku_candidates (masks recomputed here);
 *   every 4th       sudoku_enumerate (limit 3, per-thread callback state);
 *   every 8th       sudoku_candidates_singles (the solution's digits survive), sudoku_format in
 *                   one of the three styles and sudoku_parse of that text (the same board);
 *   every 16th      on a unique puzzle: sudoku_format_marks in both styles and
 *                   sudoku_parse_marks (the board as values: the same masks),
 *                   sudoku_format_sudokuwiki / sudoku_parse_sudokuwiki (candidates link) and
 *                   sudoku_format_ss / sudoku_parse_ss (givens and candidate grids), and
 *                   sudoku_next_puzzle over a two-line text with a comment and a rating;
 *   every 64th      sudoku_solve_batch of four boards (one of each kind) against single solves;
 *   every 128th     sudoku_generate_options_init and sudoku_generate (a per-thread seed and
 *                   symmetry; the puzzle re-checked for uniqueness and symmetry), sudoku_rate
 *                   of the generated puzzle and sudoku_rate_ex (a small budget) of the round's
 *                   (fields consistent, level bands, names from sudoku_technique_name,
 *                   sudoku_technique_score and sudoku_level_name), and
 *                   sudoku_hint / sudoku_hint_ex (a wrong entry named, placements matching
 *                   the solution).
 *
 * Unique puzzles come from PUZZLE_FILE (81-character lines, each with exactly one solution)
 * when given, else from the few below.
 *
 * Why helgrind and not ThreadSanitizer: TSan sees only instrumented code, and the Rust library
 * (with its std) is built without it, so TSan would miss any race inside the library and, on
 * the Rust std's own synchronisation, can report false positives. Helgrind instruments the
 * whole process, library included, so it is the check that can actually see the library's
 * memory accesses. The other side of that: helgrind understands pthreads, not the atomics and
 * futexes of Rust's std, so sudoku_solve_batch runs here on the calling thread (threads = 1):
 * with worker threads, every hand-over through std's Mutex, Arc and thread join is reported as
 * a race (about 150 reports in 8 x 130 rounds). Its worker threads run in tests/batch.rs and in
 * tests/c/test_analysis.c, which CI runs under memcheck and the sanitizers.
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

/* The same cell, row, column or box. */
static int same_unit(int a, int b) {
    return a / 9 == b / 9 || a % 9 == b % 9 || (a / 27 == b / 27 && a % 9 / 3 == b % 9 / 3);
}

static int bad_byte(char c) { return !(c == '.' || (c >= '0' && c <= '9')); }

/* The first problem in row-major order, as sudoku_validate documents it: the status, and the
 * cell in *cell (the first bad byte, or the first cell repeating a digit given earlier in one
 * of its units). */
static int first_problem(const char *b, size_t *cell) {
    for (int i = 0; i < 81; i++) {
        int bad = bad_byte(b[i]);
        for (int j = 0; j < i && !bad; j++) {
            if (digit(b[i]) && digit(b[j]) == digit(b[i]) && same_unit(i, j)) {
                *cell = (size_t)i;
                return SUDOKU_ERR_CONFLICT;
            }
        }
        if (bad) {
            *cell = (size_t)i;
            return SUDOKU_ERR_INVALID_CHARACTER;
        }
    }
    return SUDOKU_OK;
}

/* Bit d-1 for each digit d that no given among the cell's peers holds. */
static unsigned free_digits(const char *b, int cell) {
    unsigned mask = 0x1ff;
    for (int p = 0; p < 81; p++) {
        if (p != cell && same_unit(p, cell) && digit(b[p])) {
            mask &= ~(1u << (digit(b[p]) - 1));
        }
    }
    return mask;
}

/* sudoku_symmetry's description, from the header: the cells matching (r, c). */
static int symmetric_cells(int symmetry, int cell, int out[3]) {
    int r = cell / 9, c = cell % 9;
    switch (symmetry) {
    case SUDOKU_SYMMETRY_ROTATE_180: out[0] = (8 - r) * 9 + 8 - c; return 1;
    case SUDOKU_SYMMETRY_ROTATE_90:
        out[0] = c * 9 + 8 - r;
        out[1] = (8 - r) * 9 + 8 - c;
        out[2] = (8 - c) * 9 + r;
        return 3;
    case SUDOKU_SYMMETRY_DIAGONAL: out[0] = c * 9 + r; return 1;
    case SUDOKU_SYMMETRY_ANTI_DIAGONAL: out[0] = (8 - c) * 9 + 8 - r; return 1;
    case SUDOKU_SYMMETRY_MIRROR: out[0] = r * 9 + 8 - c; return 1;
    default: return 0;
    }
}

struct result {
    long checks;
    long failures;
};

/* What the enumeration callback saw, per thread: passed through `user`. */
struct seen {
    const char *puzzle;
    int calls;
    int bad;
};

static int on_solution(const char *solution, void *user) {
    struct seen *seen = user;
    seen->calls++;
    if (solution[81] != '\0' || !is_solution_of(solution, seen->puzzle)) {
        seen->bad++;
    }
    return 0;
}

static void fail(struct result *res, int thread, long call, const char *what, const char *board) {
    res->failures++;
    if (res->failures <= 5) {
        fprintf(stderr, "thread %d call %ld: %s: %.81s\n", thread, call, what, board);
    }
}

#define CHECK(cond, what, b)                                                                     \
    do {                                                                                         \
        res->checks++;                                                                           \
        if (!(cond)) {                                                                           \
            fail(res, id, call, what, b);                                                        \
        }                                                                                        \
    } while (0)

/* The checks of every round on `puzzle`, whose sudoku_solve status is `expected` and whose
 * solution (unique when expected is SUDOKU_OK) is `solved`. */
static void check_round(struct result *res, int id, long call, const char *puzzle, int expected,
                        const char *solved, char *first, uint16_t *masks, char *text) {
    size_t count = 12345, cell = 12345, want_cell = 0;
    memset(first, '#', 81);
    int status = sudoku_count_solutions(puzzle, 2, &count, first);
    if (expected == SUDOKU_ERR_INVALID_CHARACTER) {
        CHECK(status == expected && count == 12345 && first[0] == '#', "count: bad byte", puzzle);
    } else if (expected == SUDOKU_OK) {
        CHECK(status == SUDOKU_OK && count == 1 && solved != NULL &&
                  memcmp(first, solved, 81) == 0,
              "count: not unique, or another solution", puzzle);
    } else {
        CHECK(status == SUDOKU_OK && count == 0 && first[0] == '#', "count: not 0", puzzle);
    }

    int want = first_problem(puzzle, &want_cell);
    status = sudoku_validate(puzzle, &cell);
    CHECK(status == want && cell == (want == SUDOKU_OK ? 12345 : want_cell), "validate", puzzle);

    /* Candidates by elimination, recomputed here. */
    int dead = 0;
    for (int i = 0; i < 81; i++) {
        masks[i] = 0xa5a5;
        dead |= !digit(puzzle[i]) && free_digits(puzzle, i) == 0;
    }
    int want_masks = want != SUDOKU_OK ? want : dead ? SUDOKU_ERR_NO_SOLUTION : SUDOKU_OK;
    status = sudoku_candidates(puzzle, masks);
    int same = status == want_masks;
    for (int i = 0; i < 81 && same; i++) {
        unsigned m = want_masks != SUDOKU_OK ? 0xa5a5 : digit(puzzle[i]) ? 0 : free_digits(puzzle, i);
        same = masks[i] == m;
    }
    CHECK(same, "candidates", puzzle);

    if (call % 4 == 0) {
        struct seen seen = {puzzle, 0, 0};
        size_t delivered = 12345;
        status = sudoku_enumerate(puzzle, 3, on_solution, &seen, &delivered);
        int calls = expected == SUDOKU_OK ? 1 : 0;
        if (expected == SUDOKU_ERR_INVALID_CHARACTER) {
            CHECK(status == expected && seen.calls == 0 && delivered == 12345, "enumerate", puzzle);
        } else {
            CHECK(status == SUDOKU_OK && seen.calls == calls && seen.bad == 0 &&
                      delivered == (size_t)calls,
                  "enumerate", puzzle);
        }
    }

    if (call % 8 == 0) {
        /* Singles are sound: on a puzzle with a solution every mask keeps its digit. */
        status = sudoku_candidates_singles(puzzle, masks);
        if (expected == SUDOKU_OK) {
            int sound = status == SUDOKU_OK;
            for (int i = 0; i < 81 && sound; i++) {
                sound = digit(puzzle[i]) ? masks[i] == 0
                                         : (masks[i] & (1u << (digit(solved[i]) - 1))) != 0;
            }
            CHECK(sound, "candidates_singles", puzzle);
        } else {
            CHECK(status == want_masks, "candidates_singles accepted a bad puzzle", puzzle);
        }

        /* Format in one style, parse the text back: the same board, blanks as '.'. */
        size_t written = 0, offset = 12345;
        int style = (int)(call / 8 % 3);
        char parsed[81];
        status = sudoku_format(puzzle, style, text, SUDOKU_FORMAT_MAX_SIZE, &written);
        if (expected == SUDOKU_ERR_INVALID_CHARACTER) {
            CHECK(status == expected, "format: bad byte", puzzle);
        } else {
            int round_trip = status == SUDOKU_OK && strlen(text) == written &&
                             sudoku_parse(text, written, parsed, &offset) == SUDOKU_OK &&
                             offset == 12345;
            for (int i = 0; i < 81 && round_trip; i++) {
                round_trip = parsed[i] == (digit(puzzle[i]) ? puzzle[i] : '.');
            }
            CHECK(round_trip, "format and parse", puzzle);
        }
    }
}

/* The format round trips on a unique puzzle and its candidates (sudoku_candidates'), on the
 * thread's heap buffers: `text` holds SUDOKU_SS_MAX_SIZE bytes, `masks` and `read_masks` 81
 * masks, `board` and `givens` 81 bytes. */
static void check_formats(struct result *res, int id, long call, const char *puzzle,
                          char *text, uint16_t *masks, uint16_t *read_masks, char *board,
                          char *givens) {
    size_t written = 0, offset = 12345;
    int ok = sudoku_candidates(puzzle, masks) == SUDOKU_OK;
    for (int style = 0; style < 2 && ok; style++) {
        ok = sudoku_format_marks(puzzle, masks, style, text, SUDOKU_MARKS_MAX_SIZE, &written) ==
                 SUDOKU_OK &&
             strlen(text) == written && (style == 1 || written == 729) &&
             sudoku_parse_marks(text, written, puzzle, board, read_masks, &offset) == SUDOKU_OK &&
             memcmp(masks, read_masks, 81 * sizeof *masks) == 0 && offset == 12345;
        for (int i = 0; i < 81 && ok; i++) {
            ok = board[i] == (digit(puzzle[i]) ? puzzle[i] : '.');
        }
    }
    CHECK(ok, "format_marks and parse_marks", puzzle);

    /* SudokuWiki's candidates link: the givens come back, and every cell with two or more
     * candidates keeps them (one candidate comes back as an entered digit). */
    ok = sudoku_format_sudokuwiki(puzzle, puzzle, masks, text, SUDOKU_SUDOKUWIKI_MAX_SIZE,
                                  &written) == SUDOKU_OK &&
         strncmp(text, "https://www.sudokuwiki.org/sudoku.htm?bd=", 41) == 0 &&
         sudoku_parse_sudokuwiki(text, written, givens, board, read_masks, NULL) == SUDOKU_OK;
    for (int i = 0; i < 81 && ok; i++) {
        int several = masks[i] & (masks[i] - 1);
        ok = givens[i] == (digit(puzzle[i]) ? puzzle[i] : '.') &&
             (!several || (read_masks[i] == masks[i] && board[i] == '.'));
    }
    CHECK(ok, "format_sudokuwiki and parse_sudokuwiki", puzzle);

    /* The .ss layout with the candidate grid: the givens come back. */
    ok = sudoku_format_ss(puzzle, NULL, masks, text, SUDOKU_SS_MAX_SIZE, &written) ==
             SUDOKU_OK &&
         sudoku_parse_ss(text, written, givens, board, NULL, NULL) == SUDOKU_OK;
    for (int i = 0; i < 81 && ok; i++) {
        ok = givens[i] == (digit(puzzle[i]) ? puzzle[i] : '.');
    }
    CHECK(ok, "format_ss and parse_ss", puzzle);

    /* A file of one puzzle with a comment line and a rating column. */
    memcpy(text, "# list\n", 7);
    memcpy(text + 7, puzzle, 81);
    memcpy(text + 88, " # 7.1\n", 7);
    size_t at = 0, found = 9, columns = 0, columns_len = 0;
    ok = sudoku_next_puzzle(text, 95, &at, board, &found, &columns, &columns_len, NULL) ==
             SUDOKU_OK &&
         found == 1 && at == 95 && columns == 89 && columns_len == 5 &&
         sudoku_next_puzzle(text, 95, &at, board, &found, NULL, NULL, NULL) == SUDOKU_OK &&
         found == 0;
    for (int i = 0; i < 81 && ok; i++) {
        ok = board[i] == (digit(puzzle[i]) ? puzzle[i] : '.');
    }
    CHECK(ok, "next_puzzle", puzzle);
}

/* A batch of four boards, one of each kind, on the calling thread: each board and status as
 * one sudoku_solve gives. */
static void check_batch(struct result *res, int id, long call, const char *puzzle, int expected,
                        char *batch, int *statuses, uint64_t *state, char blank) {
    char single[81];
    transform(state, UNSOLVABLE, batch + 81, blank);
    memcpy(batch, puzzle, 81);
    transform(state, puzzles[below(state, n_puzzles)], batch + 162, blank);
    memcpy(batch + 243, batch + 162, 81);
    batch[243 + below(state, 81)] = 'x';
    char copy[4 * 81];
    memcpy(copy, batch, sizeof copy);
    int ok = sudoku_solve_batch(batch, 4, 1, statuses) == SUDOKU_OK;
    int want[4] = {expected, SUDOKU_ERR_NO_SOLUTION, SUDOKU_OK, SUDOKU_ERR_INVALID_CHARACTER};
    for (int i = 0; i < 4 && ok; i++) {
        memcpy(single, copy + 81 * i, 81);
        ok = sudoku_solve(single) == want[i] && statuses[i] == want[i] &&
             memcmp(single, batch + 81 * i, 81) == 0;
    }
    CHECK(ok, "solve_batch", puzzle);
}

/* The budget of the round puzzles' ratings (sudoku_rate_ex): some milliseconds of work,
 * so that the hardest corpus puzzles keep the test short; some stop over it. */
#define ROUND_MAX_EFFORT UINT64_C(500000)

/* The rating of a unique puzzle, by sudoku_rate (max_effort 0) or sudoku_rate_ex: fields
 * consistent with each other, with the level bands and with the lookups; or, over the budget or
 * beyond the rater, nothing written. */
static void check_rating(struct result *res, int id, long call, const char *puzzle,
                         sudoku_rating *r, uint64_t max_effort) {
    static const int low[8] = {0, 0, 24, 35, 47, 76, 85, 90};
    static const int high[8] = {0, 23, 34, 46, 75, 84, 89, 1000};
    memset(r, 0xa5, sizeof *r);
    r->size = sizeof *r;
    int status;
    if (max_effort == 0) {
        status = sudoku_rate(puzzle, r);
    } else {
        sudoku_rate_options o;
        memset(&o, 0, sizeof o);
        o.size = sizeof o;
        o.max_effort = max_effort;
        status = sudoku_rate_ex(puzzle, &o, r);
    }
    if (status == SUDOKU_ERR_BUDGET_EXHAUSTED || status == SUDOKU_ERR_TOO_HARD) {
        const unsigned char *bytes = (const unsigned char *)r;
        int ok = r->size == sizeof *r;
        for (size_t i = sizeof r->size; i < sizeof *r && ok; i++) {
            ok = bytes[i] == 0xa5;
        }
        CHECK(ok, "rate: written on failure", puzzle);
        return;
    }
    int ok = status == SUDOKU_OK && r->size == sizeof *r && r->level >= 1 && r->level <= 7 &&
             r->needs_search == 0 && r->guesses == 0 && r->score_tenths == r->er_tenths &&
             r->er_tenths >= low[r->level] && r->er_tenths <= high[r->level] &&
             r->ed_tenths <= r->ep_tenths && r->ep_tenths <= r->er_tenths &&
             memchr(r->hardest_name, '\0', sizeof r->hardest_name) != NULL &&
             strcmp(sudoku_level_name(r->level), "unknown level") != 0;
    unsigned sum = 0;
    for (int t = 0; t < SUDOKU_TECHNIQUE_SLOTS && ok; t++) {
        sum += r->technique_steps[t];
        if (r->technique_steps[t] != 0) {
            ok = sudoku_technique_score(t) > 0 &&
                 strcmp(sudoku_technique_name(t), "unknown technique") != 0;
        }
    }
    if (ok && sum == 0) {
        ok = r->steps == 0 && r->hardest_technique == -1 && r->hardest_name[0] == '\0';
    } else if (ok) {
        int techniques[3] = {r->hardest_technique, r->ep_technique, r->ed_technique};
        for (int k = 0; k < 3 && ok; k++) {
            ok = techniques[k] >= 0 && techniques[k] < SUDOKU_TECHNIQUE_SLOTS &&
                 r->technique_steps[techniques[k]] > 0;
        }
        ok = ok && sum == r->steps && r->hardest_name[0] != '\0' &&
             sudoku_technique_score(r->hardest_technique) <= r->er_tenths;
    }
    CHECK(ok, "rate", puzzle);
}

/* A generated puzzle (a per-thread seed and symmetry), re-checked: unique with the solution
 * written, symmetric, rated; then hints on it, with and without a wrong entry. */
static void check_generated(struct result *res, int id, long call, uint64_t seed,
                            sudoku_generate_options *o, char *puzzle, char *solution,
                            sudoku_rating *rating, sudoku_hint_result *h) {
    char first[81], entered[81];
    int pair[3];
    size_t count = 0;
    int ok = sudoku_generate_options_init(o, sizeof *o) == SUDOKU_OK && o->size == sizeof *o &&
             o->minimal == 1 && o->max_attempts == 1000;
    CHECK(ok, "generate_options_init", "-");
    o->symmetry = id % 6;
    int status = sudoku_generate(seed, o, puzzle, solution);
    ok = status == SUDOKU_OK && sudoku_count_solutions(puzzle, 2, &count, first) == SUDOKU_OK &&
         count == 1 && memcmp(first, solution, 81) == 0 && is_solution_of(solution, puzzle);
    for (int c = 0; c < 81 && ok; c++) {
        int n = symmetric_cells(o->symmetry, c, pair);
        for (int k = 0; k < n; k++) {
            ok = ok && (digit(puzzle[c]) != 0) == (digit(puzzle[pair[k]]) != 0);
        }
    }
    CHECK(ok, "generate: not unique, or not symmetric", puzzle);
    if (!ok) {
        return;
    }
    check_rating(res, id, call, puzzle, rating, 0);

    /* The next step: a placement (or a reveal) of the solution's digit, or eliminations. */
    h->size = sizeof *h;
    ok = sudoku_hint(puzzle, h) == SUDOKU_OK &&
         (h->kind == SUDOKU_HINT_STEP || h->kind == SUDOKU_HINT_REVEAL);
    for (int c = 0; c < 81 && ok; c++) {
        ok = h->placements[c] == 0 ||
             (!digit(puzzle[c]) && h->placements[c] == digit(solution[c]));
        ok = ok && (h->eliminations[c] & (1u << (digit(solution[c]) - 1))) == 0;
    }
    CHECK(ok, "hint", puzzle);

    /* A wrong entry in the first blank cell is named. */
    int blank = 0;
    while (digit(puzzle[blank])) {
        blank++;
    }
    memcpy(entered, puzzle, 81);
    entered[blank] = (char)('1' + digit(solution[blank]) % 9);
    ok = sudoku_hint_ex(puzzle, entered, NULL, h) == SUDOKU_OK &&
         h->kind == SUDOKU_HINT_WRONG_DIGIT && h->cell == blank &&
         h->digit == digit(entered[blank]) && h->wrong[blank] == 1u << (h->digit - 1);
    CHECK(ok, "hint_ex: wrong entry", entered);
}

static void *worker(void *arg) {
    int id = (int)(intptr_t)arg;
    struct result *res = calloc(1, sizeof *res);
    /* Exactly-sized heap buffers: memory checkers see any access past them. */
    char *board = malloc(81), *first = malloc(81), *text = malloc(SUDOKU_FORMAT_MAX_SIZE);
    char *batch = malloc(4 * 81), *gen = malloc(81), *gen_solution = malloc(81);
    uint16_t *masks = malloc(81 * sizeof *masks);
    int *statuses = malloc(4 * sizeof *statuses);
    char *format_text = malloc(SUDOKU_SS_MAX_SIZE), *format_board = malloc(81);
    char *format_givens = malloc(81);
    uint16_t *read_masks = malloc(81 * sizeof *read_masks);
    sudoku_rating *rating = malloc(sizeof *rating);
    sudoku_hint_result *hint = malloc(sizeof *hint);
    sudoku_generate_options *options = malloc(sizeof *options);
    char puzzle[81], solution[81];
    uint64_t state = 0x9e3779b97f4a7c15ULL * (uint64_t)(id + 1);
    if (res == NULL || board == NULL || first == NULL || text == NULL || batch == NULL ||
        gen == NULL || gen_solution == NULL || masks == NULL || statuses == NULL ||
        rating == NULL || hint == NULL || options == NULL || format_text == NULL ||
        format_board == NULL || format_givens == NULL || read_masks == NULL) {
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
        if (expected == SUDOKU_OK) {
            memcpy(solution, board, 81);
        }
        check_round(res, id, call, puzzle, expected, status == SUDOKU_OK ? board : NULL, first,
                    masks, text);
        if (call % 16 == 0 && expected == SUDOKU_OK) {
            check_formats(res, id, call, puzzle, format_text, masks, read_masks, format_board,
                          format_givens);
        }
        if (call % 64 == 0) {
            check_batch(res, id, call, puzzle, expected, batch, statuses, &state, blank);
        }
        if (call % 128 == 0) {
            uint64_t seed = ((uint64_t)id << 32) | (uint64_t)call;
            check_generated(res, id, call, seed, options, gen, gen_solution, rating, hint);
            if (expected == SUDOKU_OK) {
                check_rating(res, id, call, puzzle, rating, ROUND_MAX_EFFORT);
            }
        }
        if (call % 256 == 0) {
            res->checks += 2;
            if (strcmp(sudoku_version(), SUDOKU_VERSION_STRING) != 0 ||
                strstr(sudoku_status_str(expected), "unknown") != NULL) {
                fail(res, id, call, "version or message", puzzle);
            }
        }
    }
    free(board);
    free(first);
    free(text);
    free(batch);
    free(gen);
    free(gen_solution);
    free(masks);
    free(statuses);
    free(rating);
    free(hint);
    free(options);
    free(format_text);
    free(format_board);
    free(format_givens);
    free(read_masks);
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

    /* The library picks its solver kernel once, on the first call, through a Rust std
     * OnceLock: atomics and a futex, which helgrind cannot see, so a first call racing another
     * thread's reads would be reported although it is correctly synchronised. One call here,
     * before the threads start (pthread_create orders it for helgrind), keeps that initialisation
     * out of the race checks. */
    char warm_up[81];
    memcpy(warm_up, puzzles[0], 81);
    if (sudoku_solve(warm_up) != SUDOKU_OK) {
        fprintf(stderr, "the first puzzle does not solve\n");
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
