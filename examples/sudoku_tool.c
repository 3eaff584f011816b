/*
 * sudoku_tool: generate, rate and get hints with libsudoku.
 *
 *   sudoku_tool generate [-s SEED] [-n COUNT] [-l LEVEL] [-y SYMMETRY] [-S]
 *       Prints COUNT puzzles (default 1) for seeds SEED, SEED+1, ... (default 1), one per line;
 *       with -S, each followed by a space and its solution. LEVEL: easy, medium, hard, expert,
 *       extreme, diabolical or nightmare. SYMMETRY: none, 180, 90, diagonal, antidiagonal or
 *       mirror.
 *
 *   sudoku_tool rate [-e MAX_EFFORT] [FILE]
 *       Rates each puzzle of FILE (or standard input) as Sudoku Explainer does and prints:
 *       puzzle, level, ER/EP/ED, the hardest rule as SE names it ("-" for a full board), then
 *       the puzzle's columns if its line has any. MAX_EFFORT is the budget of each rating
 *       (sudoku_rate_options; default 0, the library's, about a second). The file
 *       holds one 81-character puzzle per line (SDM), optionally followed by a separator and
 *       columns (a comment, a rating: "puzzle # 7.1", "puzzle<TAB>7.1", "puzzle,solution");
 *       '#' comment lines and blank lines are skipped (sudoku_next_puzzle()). The file is read
 *       in blocks, never whole.
 *
 *   sudoku_tool hint PUZZLE [BOARD]
 *       Prints the next hint for BOARD (default: PUZZLE itself), where BOARD is PUZZLE plus the
 *       digits a player entered: Sudoku Explainer's next step, its rating, what it places and
 *       removes, and its chains.
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
          "       sudoku_tool rate [-e MAX_EFFORT] [FILE]\n"
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
    static const char *const levels[] = {"any",     "easy",       "medium",    "hard", "expert",
                                         "extreme", "diabolical", "nightmare", NULL};
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

/* Rates one puzzle read from line `line` within `options`' budget; its columns (`len` bytes)
 * are printed after it. */
static int rate_one(const char *puzzle, const char *columns, size_t len, unsigned long line,
                    const sudoku_rate_options *options) {
    sudoku_rating rating;
    memset(&rating, 0, sizeof rating);
    rating.size = sizeof rating;
    int status = sudoku_rate_ex(puzzle, options, &rating);
    if (status != SUDOKU_OK) {
        fprintf(stderr, "line %lu: %s\n", line, sudoku_status_str(status));
        return 1;
    }
    printf("%.81s %s %d.%d/%d.%d/%d.%d %s", puzzle, sudoku_level_name(rating.level),
           rating.er_tenths / 10, rating.er_tenths % 10, rating.ep_tenths / 10,
           rating.ep_tenths % 10, rating.ed_tenths / 10, rating.ed_tenths % 10,
           rating.hardest_name[0] != '\0' ? rating.hardest_name : "-");
    if (len > 0) {
        printf(" %.*s", (int)len, columns);
    }
    putchar('\n');
    return 0;
}

/* Counts the line ends in text[from, to): how the tool numbers lines for its messages. */
static unsigned long newlines(const char *text, size_t from, size_t to) {
    unsigned long n = 0;
    for (size_t i = from; i < to; i++) {
        n += text[i] == '\n';
    }
    return n;
}

static int rate(int argc, char **argv) {
    sudoku_rate_options options;
    memset(&options, 0, sizeof options);
    options.size = sizeof options;
    if (argc >= 2 && strcmp(argv[0], "-e") == 0) {
        options.max_effort = strtoull(argv[1], NULL, 10);
        argc -= 2;
        argv += 2;
    }
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
    /* The file goes through this block: whole lines are handed to sudoku_next_puzzle(), the
     * last, unfinished one is kept for the next read. */
    static char block[1 << 16];
    size_t filled = 0;
    unsigned long line = 1; /* the line number at block[0] */
    int failed = 0, eof = 0;
    while (!eof) {
        size_t got = fread(block + filled, 1, sizeof block - filled, in);
        filled += got;
        eof = got == 0;
        /* Read up to the last line end, or everything at the end of the file. */
        size_t end = filled;
        while (!eof && end > 0 && block[end - 1] != '\n') {
            end--;
        }
        if (end == 0 && !eof) {
            if (filled == sizeof block) {
                fprintf(stderr, "line %lu: longer than %zu bytes\n", line, sizeof block);
                failed = 2;
                break;
            }
            continue;
        }
        size_t offset = 0, counted = 0;
        for (;;) {
            char puzzle[81];
            size_t found = 0, columns = 0, columns_len = 0, error = 0;
            int status = sudoku_next_puzzle(block, end, &offset, puzzle, &found, &columns,
                                            &columns_len, &error);
            if (status == SUDOKU_ERR_PARSE) {
                line += newlines(block, counted, error);
                counted = error;
                size_t start = error;
                while (start > 0 && block[start - 1] != '\n') {
                    start--;
                }
                fprintf(stderr, "line %lu, column %zu: not a puzzle\n", line, error - start + 1);
                failed = 1;
                /* Go on after the line, as sudoku_next_puzzle() documents. */
                const char *lf = memchr(block + error, '\n', end - error);
                offset = lf != NULL ? (size_t)(lf - block) + 1 : end;
                continue;
            }
            if (status != SUDOKU_OK) {
                fprintf(stderr, "%s\n", sudoku_status_str(status));
                failed = 2;
                break;
            }
            if (!found) {
                break;
            }
            line += newlines(block, counted, columns);
            counted = columns;
            failed |= rate_one(puzzle, block + columns, columns_len, line, &options);
        }
        line += newlines(block, counted, end);
        memmove(block, block + end, filled - end);
        filled -= end;
        if (failed == 2) {
            break;
        }
    }
    if (ferror(in)) {
        perror(argc == 1 ? argv[0] : "stdin");
        failed = 2;
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
    printf("%s %d.%d:", h.se_name, h.difficulty_tenths / 10, h.difficulty_tenths % 10);
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
    /* The chains, node by node: "r1c2 is 5" or "r1c2 not 5", each following from the one
     * before it. */
    for (uint32_t i = 0; i < h.node_count; i++) {
        const sudoku_chain_node *n = &h.nodes[i];
        fputs(n->link == 0 ? "; chain: " : " -> ", stdout);
        print_cell(n->cell);
        printf(" %s %d", n->on ? "is" : "not", n->digit);
    }
    if (h.truncated != 0) {
        printf(" (%u more nodes)", h.truncated);
    }
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
