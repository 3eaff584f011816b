/*
 * C-side tests of the public API, built and run by tests/c_api.rs against both the shared and
 * the static library (and under valgrind / sanitizers by .ci/run). Boards live in exactly-81-byte
 * heap blocks so that memory checkers catch any access past them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sudoku.h"
#include "test_common.h"

/* Status numbers are ABI: they must never change. */
typedef char ok_is_0[SUDOKU_OK == 0 ? 1 : -1];
typedef char null_is_1[SUDOKU_ERR_NULL_POINTER == 1 ? 1 : -1];
typedef char char_is_2[SUDOKU_ERR_INVALID_CHARACTER == 2 ? 1 : -1];
typedef char conflict_is_3[SUDOKU_ERR_CONFLICT == 3 ? 1 : -1];
typedef char nosol_is_4[SUDOKU_ERR_NO_SOLUTION == 4 ? 1 : -1];
typedef char internal_is_5[SUDOKU_ERR_INTERNAL == 5 ? 1 : -1];
typedef char invalid_argument_is_6[SUDOKU_ERR_INVALID_ARGUMENT == 6 ? 1 : -1];
typedef char buffer_too_small_is_7[SUDOKU_ERR_BUFFER_TOO_SMALL == 7 ? 1 : -1];
typedef char parse_is_8[SUDOKU_ERR_PARSE == 8 ? 1 : -1];
typedef char multiple_is_9[SUDOKU_ERR_MULTIPLE_SOLUTIONS == 9 ? 1 : -1];
typedef char exhausted_is_10[SUDOKU_ERR_ATTEMPTS_EXHAUSTED == 10 ? 1 : -1];
typedef char budget_is_11[SUDOKU_ERR_BUDGET_EXHAUSTED == 11 ? 1 : -1];
typedef char too_hard_is_12[SUDOKU_ERR_TOO_HARD == 12 ? 1 : -1];
/* Generator, grader and hint enums are ABI too (examples/sudoku_tool.c exercises the calls). */
typedef char level_any_is_0[SUDOKU_LEVEL_ANY == 0 ? 1 : -1];
typedef char level_extreme_is_5[SUDOKU_LEVEL_EXTREME == 5 ? 1 : -1];
typedef char level_nightmare_is_7[SUDOKU_LEVEL_NIGHTMARE == 7 ? 1 : -1];
typedef char symmetry_mirror_is_5[SUDOKU_SYMMETRY_MIRROR == 5 ? 1 : -1];
typedef char aic_is_22[SUDOKU_TECHNIQUE_AIC == 22 ? 1 : -1];
typedef char reveal_is_4[SUDOKU_HINT_REVEAL == 4 ? 1 : -1];
typedef char slots_fit[SUDOKU_TECHNIQUE_SLOTS >= 23 ? 1 : -1];


/* Solves `text` with one byte changed and checks the status and that nothing changed. */
static void expect_rejected(const char *text, int pos, char byte, int status) {
    char *b = board_from(text);
    if (pos >= 0) {
        b[pos] = byte;
    }
    char before[81];
    memcpy(before, b, 81);
    CHECK(sudoku_solve(b) == status);
    CHECK(memcmp(before, b, 81) == 0);
    free(b);
}

int main(void) {
    /* Solving. */
    char *b = board_from(PUZZLE);
    CHECK(sudoku_solve(b) == SUDOKU_OK);
    CHECK(memcmp(b, ANSWER, 81) == 0);
    free(b);

    char zeros[82];
    memcpy(zeros, PUZZLE, 82);
    for (int i = 0; i < 81; i++) {
        if (zeros[i] == '.') {
            zeros[i] = '0';
        }
    }
    b = board_from(zeros);
    CHECK(sudoku_solve(b) == SUDOKU_OK);
    CHECK(memcmp(b, ANSWER, 81) == 0);
    free(b);

    /* Failures leave the board alone. */
    CHECK(sudoku_solve(NULL) == SUDOKU_ERR_NULL_POINTER);
    expect_rejected(PUZZLE, 5, 'x', SUDOKU_ERR_INVALID_CHARACTER);
    expect_rejected(PUZZLE, 80, '\0', SUDOKU_ERR_INVALID_CHARACTER);
    expect_rejected(PUZZLE, 0, ' ', SUDOKU_ERR_INVALID_CHARACTER);
    expect_rejected(PUZZLE, 2, '5', SUDOKU_ERR_CONFLICT);  /* row 0 has a 5 */
    expect_rejected(PUZZLE, 9, '5', SUDOKU_ERR_CONFLICT);  /* column 0 has a 5 */
    expect_rejected(PUZZLE, 10, '9', SUDOKU_ERR_CONFLICT); /* box 0 has a 9 */
    expect_rejected("12345678..................9......................................................",
                    -1, 0, SUDOKU_ERR_NO_SOLUTION);

    /* Messages: never NULL, specific for known statuses, generic otherwise. */
    for (int s = -3; s < 40; s++) {
        const char *msg = sudoku_status_str(s);
        CHECK(msg != NULL && msg[0] != '\0');
    }
    CHECK(strstr(sudoku_status_str(SUDOKU_ERR_CONFLICT), "unknown") == NULL);
    CHECK(strstr(sudoku_status_str(-1), "unknown") != NULL);

    /* Version: the macros and the library agree. */
    char version[64];
    snprintf(version, sizeof version, "%d.%d.%d", SUDOKU_VERSION_MAJOR, SUDOKU_VERSION_MINOR,
             SUDOKU_VERSION_PATCH);
    CHECK(strcmp(version, SUDOKU_VERSION_STRING) == 0);
    CHECK(strcmp(sudoku_version(), SUDOKU_VERSION_STRING) == 0);

    if (failures != 0) {
        fprintf(stderr, "%d of %d checks failed\n", failures, checks);
        return 1;
    }
    printf("all %d checks passed\n", checks);
    return 0;
}
