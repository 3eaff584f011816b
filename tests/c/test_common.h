/*
 * Shared by the C test programs (tests/c/test_api.c, tests/c/test_analysis.c): the check
 * counters and CHECK, LeetCode 37's puzzle and its answer, and exactly-81-byte heap boards so
 * that memory checkers catch any access past them. Each program is one translation unit, so
 * everything here is static.
 */
#ifndef SUDOKU_TEST_COMMON_H
#define SUDOKU_TEST_COMMON_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures = 0;
static int checks = 0;

#define CHECK(cond)                                                                    \
    do {                                                                               \
        checks++;                                                                      \
        if (!(cond)) {                                                                 \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond); \
            failures++;                                                                \
        }                                                                              \
    } while (0)

static const char PUZZLE[] =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
static const char ANSWER[] =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

/* An exactly-81-byte heap copy of `text` (no terminator). */
static char *board_from(const char *text) {
    char *b = malloc(81);
    if (b == NULL) {
        perror("malloc");
        exit(2);
    }
    memcpy(b, text, 81);
    return b;
}

#endif
