/*
 * sudoku_tool: generate, rate and get hints with libsudoku.
 *
 *   sudoku_tool generate [-s SEED] [-n COUNT] [-l LEVEL] [-y SYMMETRY] [-S]
 *       Prints COUNT puzzles (default 1) for seeds SEED, SEED+1, ... (default 1), one per line;
 *       with -S, each followed by a space and its solution. LEVEL: easy, medium, hard, expert or
 *       extreme. SYMMETRY: none, 180, 90, diagonal, antidiagonal or mirror.
 *
 *   sudoku_tool rate [FILE]
 *       Rates each puzzle of FILE (or standard input; one 81-character line each, '#' comments
 *       and empty lines skipped) and prints: puzzle, level, score, guesses, hardest technique.
 *
 *   sudoku_tool hint PUZZLE [BOARD]
 *       Prints the next hint for BOARD (default: PUZZLE itself), where BOARD is PUZZLE plus the
 *       digits a player entered.
 *
 * Exit status: 0 on success, 1 if a puzzle failed, 2 on a usage or I/O error.
 *
 * Build:  cc -Iinclude examples/sudoku_tool.c -Ltarget/release -lsudoku -o sudoku_tool
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sudoku.h"

static int usage(void) {
    fputs("usage: sudoku_tool generate [-s SEED] [-n COUNT] [-l LEVEL] [-y SYMMETRY] [-S]\n"
          "       sudoku_tool rate [FILE]\n"
          "       sudoku_tool hint PUZZLE [BOARD]\n",
          stderr);
    return 2;
}

/* Index of `name` in `names` (NULL-terminated), or -1. */
static int lookup(const char *name, const char *const *names) {
    for (int i = 0; names[i] != NULL; i++) {
        if (strcmp(name, names[i]) == 0) {
            return i;
        }
    }
    return -1;
}

static int generate(int argc, char **argv) {
    static const char *const levels[] = {"any", "easy", "medium", "hard", "expert", "extreme",
                                         NULL};
    static const char *const symmetries[] = {"none",     "180",          "90",
                                             "diagonal", "antidiagonal", "mirror", NULL};
    sudoku_generate_options options;
    if (sudoku_generate_options_init(&options, sizeof options) != SUDOKU_OK) {
        return 2;
    }
    unsigned long long seed = 1;
    unsigned long count = 1;
    int with_solution = 0;
    for (int i = 0; i < argc; i++) {
        const char *arg = argv[i];
        const char *value = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(arg, "-S") == 0) {
            with_solution = 1;
            continue;
        }
        if (value == NULL) {
            return usage();
        }
        i++;
        if (strcmp(arg, "-s") == 0) {
            seed = strtoull(value, NULL, 10);
        } else if (strcmp(arg, "-n") == 0) {
            count = strtoul(value, NULL, 10);
        } else if (strcmp(arg, "-l") == 0) {
            int level = lookup(value, levels);
            if (level < 0) {
                return usage();
            }
            options.min_level = level;
            options.max_level = level;
        } else if (strcmp(arg, "-y") == 0) {
            int symmetry = lookup(value, symmetries);
            if (symmetry < 0) {
                return usage();
            }
            options.symmetry = symmetry;
        } else {
            return usage();
        }
    }
    for (unsigned long k = 0; k < count; k++) {
        char puzzle[81];
        char solution[81];
        int status = sudoku_generate((uint64_t)(seed + k), &options, puzzle, solution);
        if (status != SUDOKU_OK) {
            fprintf(stderr, "seed %llu: %s\n", seed + k, sudoku_status_str(status));
            return 1;
        }
        if (with_solution) {
            printf("%.81s %.81s\n", puzzle, solution);
        } else {
            printf("%.81s\n", puzzle);
        }
    }
    return 0;
}

static int rate(int argc, char **argv) {
    if (argc > 1) {
        return usage();
    }
    FILE *in = stdin;
    if (argc == 1 && strcmp(argv[0], "-") != 0) {
        in = fopen(argv[0], "r");
        if (in == NULL) {
            perror(argv[0]);
            return 2;
        }
    }
    char line[256];
    unsigned long lineno = 0;
    int failed = 0;
    while (fgets(line, sizeof line, in) != NULL) {
        lineno++;
        size_t len = strcspn(line, "\r\n");
        line[len] = '\0';
        if (len == 0 || line[0] == '#') {
            continue;
        }
        if (len != 81) {
            fprintf(stderr, "line %lu: expected 81 characters, got %zu\n", lineno, len);
            failed = 1;
            continue;
        }
        sudoku_rating rating;
        memset(&rating, 0, sizeof rating);
        rating.size = sizeof rating;
        int status = sudoku_rate(line, &rating);
        if (status != SUDOKU_OK) {
            fprintf(stderr, "line %lu: %s\n", lineno, sudoku_status_str(status));
            failed = 1;
            continue;
        }
        printf("%s %s %d.%d %u %s\n", line, sudoku_level_name(rating.level),
               rating.score_tenths / 10, rating.score_tenths % 10, rating.guesses,
               rating.needs_search ? "search"
                                   : sudoku_technique_name(rating.hardest_technique));
    }
    if (in != stdin) {
        fclose(in);
    }
    return failed;
}

/* Prints "rRcC" (1-based) for a cell index. */
static void print_cell(int cell) { printf("r%dc%d", cell / 9 + 1, cell % 9 + 1); }

static void print_units(uint32_t units) {
    static const char *const kinds[] = {"row", "column", "box"};
    const char *sep = "; using ";
    for (int u = 0; u < 27; u++) {
        if (units & (UINT32_C(1) << u)) {
            printf("%s%s %d", sep, kinds[u / 9], u % 9 + 1);
            sep = ", ";
        }
    }
}

static int hint(int argc, char **argv) {
    if (argc < 1 || argc > 2 || strlen(argv[0]) != 81 ||
        (argc == 2 && strlen(argv[1]) != 81)) {
        return usage();
    }
    const char *puzzle = argv[0];
    const char *board = argc == 2 ? argv[1] : argv[0];
    sudoku_hint_result h;
    memset(&h, 0, sizeof h);
    h.size = sizeof h;
    int status = sudoku_hint_ex(puzzle, board, NULL, &h);
    if (status != SUDOKU_OK) {
        fprintf(stderr, "%s\n", sudoku_status_str(status));
        return 1;
    }
    switch (h.kind) {
    case SUDOKU_HINT_SOLVED:
        puts("solved");
        return 0;
    case SUDOKU_HINT_WRONG_DIGIT: {
        const char *sep = "wrong: ";
        for (int c = 0; c < 81; c++) {
            for (int d = 1; d <= 9; d++) {
                if (h.wrong[c] & (1u << (d - 1))) {
                    printf("%s%d at ", sep, d);
                    print_cell(c);
                    sep = ", ";
                }
            }
        }
        putchar('\n');
        return 0;
    }
    case SUDOKU_HINT_REVEAL:
        fputs("no technique applies: ", stdout);
        print_cell(h.cell);
        printf(" is %d\n", h.digit);
        return 0;
    case SUDOKU_HINT_STEP:
        break;
    default:
        fprintf(stderr, "unexpected hint kind %d\n", h.kind);
        return 1;
    }
    printf("%s:", sudoku_technique_name(h.technique));
    const char *sep = " place ";
    for (int c = 0; c < 81; c++) {
        if (h.placements[c] != 0) {
            printf("%s%d at ", sep, h.placements[c]);
            print_cell(c);
            sep = ", ";
        }
    }
    sep = sep[0] == ',' ? "; remove " : " remove ";
    for (int c = 0; c < 81; c++) {
        for (int d = 1; d <= 9; d++) {
            if (h.eliminations[c] & (1u << (d - 1))) {
                printf("%s%d from ", sep, d);
                print_cell(c);
                sep = ", ";
            }
        }
    }
    print_units(h.units);
    putchar('\n');
    return 0;
}

int main(int argc, char **argv) {
    if (argc < 2) {
        return usage();
    }
    if (strcmp(sudoku_version(), SUDOKU_VERSION_STRING) != 0) {
        fprintf(stderr, "warning: header is %s but the library is %s\n", SUDOKU_VERSION_STRING,
                sudoku_version());
    }
    if (strcmp(argv[1], "generate") == 0) {
        return generate(argc - 2, argv + 2);
    }
    if (strcmp(argv[1], "rate") == 0) {
        return rate(argc - 2, argv + 2);
    }
    if (strcmp(argv[1], "hint") == 0) {
        return hint(argc - 2, argv + 2);
    }
    return usage();
}
