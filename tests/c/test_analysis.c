/*
 * C-side tests of the analysis API (count, enumerate, validate, candidates, batch, parse,
 * format), built and run by tests/c_api.rs against both the shared and the static library.
 * Boards live in exactly-81-byte heap blocks so that memory checkers catch any access past
 * them (test_common.h). Expected values come from the known answer there or from the small
 * checkers here.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sudoku.h"
#include "test_common.h"

static const char EMPTY[] =
    ".................................................................................";

static int same_box(int a, int b) {
    return a / 27 == b / 27 && (a % 9) / 3 == (b % 9) / 3;
}

static int peers(int a, int b) {
    return a != b && (a / 9 == b / 9 || a % 9 == b % 9 || same_box(a, b));
}

/* A complete grid obeying the rules that keeps every given of `puzzle`. */
static int is_solution_of(const char *s, const char *puzzle) {
    for (int i = 0; i < 81; i++) {
        if (s[i] < '1' || s[i] > '9') {
            return 0;
        }
        if (puzzle[i] >= '1' && puzzle[i] <= '9' && puzzle[i] != s[i]) {
            return 0;
        }
        for (int j = 0; j < i; j++) {
            if (peers(i, j) && s[i] == s[j]) {
                return 0;
            }
        }
    }
    return 1;
}

/* Digits (bit d-1) that no given peer of `cell` holds. */
static uint16_t free_digits(const char *board, int cell) {
    uint16_t mask = 0x1ff;
    for (int p = 0; p < 81; p++) {
        if (peers(cell, p) && board[p] >= '1' && board[p] <= '9') {
            mask &= (uint16_t)~(1u << (board[p] - '1'));
        }
    }
    return mask;
}

/* ---- count -------------------------------------------------------------------------- */

static void test_count(void) {
    char *b = board_from(PUZZLE);
    char *first = board_from(EMPTY);
    size_t count = 99;
    CHECK(sudoku_count_solutions(b, 2, &count, first) == SUDOKU_OK);
    CHECK(count == 1);
    CHECK(memcmp(first, ANSWER, 81) == 0);
    CHECK(memcmp(b, PUZZLE, 81) == 0); /* only read */

    char *e = board_from(EMPTY);
    CHECK(sudoku_count_solutions(e, 5, &count, NULL) == SUDOKU_OK && count == 5);

    /* Clash: a count of 0, out_first untouched. */
    memcpy(first, EMPTY, 81);
    b[1] = '5';
    CHECK(sudoku_count_solutions(b, 2, &count, first) == SUDOKU_OK && count == 0);
    CHECK(memcmp(first, EMPTY, 81) == 0);

    /* Errors leave the outputs alone. */
    count = 99;
    CHECK(sudoku_count_solutions(e, 0, &count, first) == SUDOKU_ERR_INVALID_ARGUMENT);
    CHECK(sudoku_count_solutions(NULL, 2, &count, first) == SUDOKU_ERR_NULL_POINTER);
    CHECK(sudoku_count_solutions(e, 2, NULL, first) == SUDOKU_ERR_NULL_POINTER);
    b[1] = 'x';
    CHECK(sudoku_count_solutions(b, 2, &count, first) == SUDOKU_ERR_INVALID_CHARACTER);
    CHECK(count == 99 && memcmp(first, EMPTY, 81) == 0);
    free(b);
    free(e);
    free(first);
}

/* ---- enumerate ---------------------------------------------------------------------- */

struct collect {
    const char *puzzle;
    char solutions[64][81];
    int n;
    int stop_at; /* return non-zero on this call (1-based); 0 = never */
    int bad;     /* solutions that were invalid, repeated or not NUL-terminated */
};

static int collect_cb(const char *solution, void *user) {
    struct collect *c = user;
    if (strlen(solution) != 81 || !is_solution_of(solution, c->puzzle)) {
        c->bad++;
    }
    for (int k = 0; k < c->n; k++) {
        if (memcmp(c->solutions[k], solution, 81) == 0) {
            c->bad++;
        }
    }
    if (c->n < 64) {
        memcpy(c->solutions[c->n], solution, 81);
    }
    c->n++;
    /* Re-enter the library: every solution is complete and unique. */
    size_t count = 0;
    if (sudoku_count_solutions(solution, 2, &count, NULL) != SUDOKU_OK || count != 1) {
        c->bad++;
    }
    /* Misbehave: scribble over the buffer the library lent us. */
    memset((char *)solution, 'x', 82);
    return c->n == c->stop_at;
}

static void test_enumerate(void) {
    /* A few givens of ANSWER: many solutions. */
    char *b = board_from(EMPTY);
    for (int i = 0; i < 81; i += 4) {
        b[i] = ANSWER[i];
    }
    struct collect c;
    memset(&c, 0, sizeof c);
    c.puzzle = b;
    size_t delivered = 0;
    CHECK(sudoku_enumerate(b, 40, collect_cb, &c, &delivered) == SUDOKU_OK);
    CHECK(c.n == 40 && delivered == 40 && c.bad == 0);
    /* The enumeration's first solution is the count's. */
    char *first = board_from(EMPTY);
    size_t count = 0;
    CHECK(sudoku_count_solutions(b, 40, &count, first) == SUDOKU_OK && count == 40);
    CHECK(memcmp(first, c.solutions[0], 81) == 0);

    /* Early stop by the callback. */
    memset(&c, 0, sizeof c);
    c.puzzle = b;
    c.stop_at = 7;
    CHECK(sudoku_enumerate(b, 40, collect_cb, &c, &delivered) == SUDOKU_OK);
    CHECK(c.n == 7 && delivered == 7 && c.bad == 0);

    /* A unique puzzle: one call, out_count may be NULL. */
    char *p = board_from(PUZZLE);
    memset(&c, 0, sizeof c);
    c.puzzle = p;
    CHECK(sudoku_enumerate(p, 10, collect_cb, &c, NULL) == SUDOKU_OK);
    CHECK(c.n == 1 && c.bad == 0);

    /* Errors: no call, nothing written. */
    memset(&c, 0, sizeof c);
    c.puzzle = p;
    delivered = 99;
    CHECK(sudoku_enumerate(p, 10, NULL, &c, &delivered) == SUDOKU_ERR_NULL_POINTER);
    CHECK(sudoku_enumerate(NULL, 10, collect_cb, &c, &delivered) == SUDOKU_ERR_NULL_POINTER);
    CHECK(sudoku_enumerate(p, 0, collect_cb, &c, &delivered) == SUDOKU_ERR_INVALID_ARGUMENT);
    p[3] = '#';
    CHECK(sudoku_enumerate(p, 10, collect_cb, &c, &delivered) == SUDOKU_ERR_INVALID_CHARACTER);
    CHECK(c.n == 0 && delivered == 99);
    /* Clashing givens: OK, nothing delivered. */
    p[3] = '5';
    CHECK(sudoku_enumerate(p, 10, collect_cb, &c, &delivered) == SUDOKU_OK);
    CHECK(c.n == 0 && delivered == 0);
    free(b);
    free(p);
    free(first);
}

/* ---- validate ----------------------------------------------------------------------- */

static void test_validate(void) {
    char *b = board_from(PUZZLE);
    size_t cell = 1234;
    CHECK(sudoku_validate(b, &cell) == SUDOKU_OK && cell == 1234);
    /* Cell 40 set to 5; the first clash, if any, found by brute force. */
    b[40] = '5';
    int expected = -1;
    for (int j = 0; j < 81 && expected < 0; j++) {
        for (int i = 0; i < j; i++) {
            if (b[j] != '.' && peers(i, j) && b[i] == b[j]) {
                expected = j;
                break;
            }
        }
    }
    CHECK(sudoku_validate(b, &cell) == (expected < 0 ? SUDOKU_OK : SUDOKU_ERR_CONFLICT));
    CHECK(expected < 0 || cell == (size_t)expected);
    memcpy(b, PUZZLE, 81);
    b[80] = '5'; /* cell 71 (same column and box) holds a 5: cell 80 is the later one */
    CHECK(sudoku_validate(b, &cell) == SUDOKU_ERR_CONFLICT && cell == 80);
    b[10] = 'q'; /* a bad byte before the clash comes first */
    CHECK(sudoku_validate(b, &cell) == SUDOKU_ERR_INVALID_CHARACTER && cell == 10);
    CHECK(sudoku_validate(b, NULL) == SUDOKU_ERR_INVALID_CHARACTER);
    CHECK(sudoku_validate(NULL, &cell) == SUDOKU_ERR_NULL_POINTER && cell == 10);
    free(b);
}

/* ---- candidates --------------------------------------------------------------------- */

static void test_candidates(void) {
    char *b = board_from(PUZZLE);
    uint16_t masks[81], singles[81];
    CHECK(sudoku_candidates(b, masks) == SUDOKU_OK);
    int agree = 1;
    for (int i = 0; i < 81; i++) {
        uint16_t expected = PUZZLE[i] == '.' ? free_digits(PUZZLE, i) : 0;
        agree &= masks[i] == expected;
    }
    CHECK(agree);
    /* Singles: subsets of the basic masks that keep the answer's digit. */
    CHECK(sudoku_candidates_singles(b, singles) == SUDOKU_OK);
    int sound = 1;
    for (int i = 0; i < 81; i++) {
        uint16_t answer = (uint16_t)(1u << (ANSWER[i] - '1'));
        if (PUZZLE[i] == '.') {
            sound &= (singles[i] & ~masks[i]) == 0 && (singles[i] & answer) != 0;
        } else {
            sound &= singles[i] == 0;
        }
    }
    CHECK(sound);
    /* Errors leave the masks alone. */
    uint16_t before[81];
    memcpy(before, masks, sizeof masks);
    b[1] = '5';
    CHECK(sudoku_candidates(b, masks) == SUDOKU_ERR_CONFLICT);
    CHECK(sudoku_candidates_singles(b, masks) == SUDOKU_ERR_CONFLICT);
    b[1] = 'z';
    CHECK(sudoku_candidates(b, masks) == SUDOKU_ERR_INVALID_CHARACTER);
    CHECK(sudoku_candidates(NULL, masks) == SUDOKU_ERR_NULL_POINTER);
    CHECK(sudoku_candidates_singles(b, NULL) == SUDOKU_ERR_NULL_POINTER);
    /* A dead cell: row 0 holds 1-8 and column 8 holds 9. */
    memcpy(b, EMPTY, 81);
    memcpy(b, "12345678", 8);
    b[17] = '9';
    CHECK(sudoku_candidates(b, masks) == SUDOKU_ERR_NO_SOLUTION);
    CHECK(memcmp(before, masks, sizeof masks) == 0);
    free(b);
}

/* ---- batch -------------------------------------------------------------------------- */

static void test_batch(void) {
    enum { N = 5 };
    char *boards = malloc(81 * N);
    int statuses[N];
    if (boards == NULL) {
        exit(2);
    }
    for (int threads = 0; threads <= N + 1; threads++) {
        for (int k = 0; k < N; k++) {
            memcpy(boards + 81 * k, PUZZLE, 81);
        }
        boards[81 * 2 + 5] = '!'; /* the middle board fails */
        boards[81 * 3 + 2] = '5'; /* and the next one clashes */
        CHECK(sudoku_solve_batch(boards, N, (size_t)threads, statuses) == SUDOKU_OK);
        CHECK(statuses[0] == SUDOKU_OK && statuses[1] == SUDOKU_OK && statuses[4] == SUDOKU_OK);
        CHECK(statuses[2] == SUDOKU_ERR_INVALID_CHARACTER);
        CHECK(statuses[3] == SUDOKU_ERR_CONFLICT);
        CHECK(memcmp(boards, ANSWER, 81) == 0 && memcmp(boards + 81 * 4, ANSWER, 81) == 0);
        CHECK(boards[81 * 2 + 5] == '!' && memcmp(boards + 81 * 2, PUZZLE, 5) == 0);
        CHECK(boards[81 * 3 + 2] == '5');
    }
    CHECK(sudoku_solve_batch(NULL, 0, 0, NULL) == SUDOKU_OK);
    CHECK(sudoku_solve_batch(NULL, 1, 0, NULL) == SUDOKU_ERR_NULL_POINTER);
    CHECK(sudoku_solve_batch(boards, SIZE_MAX, 1, NULL) == SUDOKU_ERR_INVALID_ARGUMENT);
    free(boards);
}

/* ---- parse and format --------------------------------------------------------------- */

static void test_text(void) {
    char *b = board_from(PUZZLE);
    char text[SUDOKU_FORMAT_MAX_SIZE];
    size_t written = 0;
    char *out = board_from(EMPTY);
    size_t offset = 1234;
    const int styles[] = {SUDOKU_FORMAT_LINE, SUDOKU_FORMAT_GRID, SUDOKU_FORMAT_BORDERED};
    for (int s = 0; s < 3; s++) {
        CHECK(sudoku_format(b, styles[s], text, sizeof text, &written) == SUDOKU_OK);
        CHECK(strlen(text) == written);
        memset(out, '?', 81);
        CHECK(sudoku_parse(text, written, out, &offset) == SUDOKU_OK);
        CHECK(memcmp(out, PUZZLE, 81) == 0 && offset == 1234);
        /* Size query, then a buffer one byte short. */
        size_t needed = 0;
        CHECK(sudoku_format(b, styles[s], NULL, 0, &needed) == SUDOKU_ERR_BUFFER_TOO_SMALL);
        CHECK(needed == written + 1);
        char small[SUDOKU_FORMAT_MAX_SIZE];
        memset(small, '#', sizeof small);
        CHECK(sudoku_format(b, styles[s], small, needed - 1, NULL) ==
              SUDOKU_ERR_BUFFER_TOO_SMALL);
        CHECK(small[0] == '#' && small[needed - 2] == '#');
    }
    CHECK(sudoku_format(b, 3, text, sizeof text, NULL) == SUDOKU_ERR_INVALID_ARGUMENT);
    CHECK(sudoku_format(b, -1, text, sizeof text, NULL) == SUDOKU_ERR_INVALID_ARGUMENT);

    /* A pasted grid with CR LF, '0' blanks and a comment. */
    const char *pasted =
        "+-------+-------+-------+\r\n"
        "| 5 3 0 | 0 7 0 | 0 0 0 |\r\n| 6 0 0 | 1 9 5 | 0 0 0 |\r\n| 0 9 8 | 0 0 0 | 0 6 0 |\r\n"
        "+-------+-------+-------+\r\n"
        "| 8 0 0 | 0 6 0 | 0 0 3 |\r\n| 4 0 0 | 8 0 3 | 0 0 1 |\r\n| 7 0 0 | 0 2 0 | 0 0 6 |\r\n"
        "+-------+-------+-------+\r\n"
        "| 0 6 0 | 0 0 0 | 2 8 0 |\r\n| 0 0 0 | 4 1 9 | 0 0 5 |\r\n| 0 0 0 | 0 8 0 | 0 7 9 |\r\n"
        "+-------+-------+-------+   # LeetCode 37\r\n";
    memset(out, '?', 81);
    CHECK(sudoku_parse(pasted, strlen(pasted), out, &offset) == SUDOKU_OK);
    CHECK(memcmp(out, PUZZLE, 81) == 0);

    /* Passing the NUL too is a mistake the parser reports, at the NUL. */
    char line[82];
    memcpy(line, PUZZLE, 81);
    line[81] = '\0';
    memset(out, '?', 81);
    CHECK(sudoku_parse(line, sizeof line, out, &offset) == SUDOKU_ERR_PARSE && offset == 81);
    CHECK(out[0] == '?');
    /* Too few cells: the error is at the end of the text. */
    CHECK(sudoku_parse(line, 80, out, &offset) == SUDOKU_ERR_PARSE && offset == 80);
    CHECK(sudoku_parse(NULL, 0, out, &offset) == SUDOKU_ERR_NULL_POINTER);
    CHECK(sudoku_parse(line, 81, NULL, &offset) == SUDOKU_ERR_NULL_POINTER && offset == 80);
    free(b);
    free(out);
}

int main(void) {
    test_count();
    test_enumerate();
    test_validate();
    test_candidates();
    test_batch();
    test_text();
    if (failures != 0) {
        fprintf(stderr, "%d of %d checks failed\n", failures, checks);
        return 1;
    }
    printf("all %d checks passed\n", checks);
    return 0;
}
