/*
 * solve: solve Sudoku puzzles with libsudoku.
 *
 *   solve [-g] [FILE]
 *
 * Reads puzzles from FILE (or standard input), one per line: 81 characters, row by row,
 * '1'-'9' for givens and '.' or '0' for blanks. Empty lines and lines starting with '#' are
 * skipped. Prints each solution on its own line (with -g, as a 9x9 grid). A line that cannot be
 * solved is reported on standard error with its line number and the library's message; the exit
 * status is 1 if any line failed, 2 on a usage or I/O error.
 *
 * Build:  cc -Iinclude examples/solve.c -Ltarget/release -lsudoku -o solve
 */
#include <stdio.h>
#include <string.h>

#include "sudoku.h"

/* Prints a solved board as a 9x9 grid with box separators, then an empty line. */
static int print_grid(const char *board) {
    char text[SUDOKU_FORMAT_MAX_SIZE];
    int status = sudoku_format(board, SUDOKU_FORMAT_GRID, text, sizeof text, NULL);
    if (status != SUDOKU_OK) {
        return status;
    }
    fputs(text, stdout);
    putchar('\n');
    return SUDOKU_OK;
}

static int usage(const char *argv0) {
    fprintf(stderr, "usage: %s [-g] [FILE]\n", argv0);
    fprintf(stderr, "  -g    print each solution as a 9x9 grid\n");
    return 2;
}

int main(int argc, char **argv) {
    int grid = 0;
    const char *path = NULL;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-g") == 0) {
            grid = 1;
        } else if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
            usage(argv[0]);
            return 0;
        } else if (argv[i][0] == '-' && argv[i][1] != '\0') {
            return usage(argv[0]);
        } else if (path == NULL) {
            path = argv[i];
        } else {
            return usage(argv[0]);
        }
    }

    FILE *in = stdin;
    if (path != NULL && strcmp(path, "-") != 0) {
        in = fopen(path, "r");
        if (in == NULL) {
            perror(path);
            return 2;
        }
    }

    if (strcmp(sudoku_version(), SUDOKU_VERSION_STRING) != 0) {
        fprintf(stderr, "warning: header is %s but the library is %s\n", SUDOKU_VERSION_STRING,
                sudoku_version());
    }

    char line[256];
    unsigned long lineno = 0;
    int failed = 0;
    while (fgets(line, sizeof line, in) != NULL) {
        lineno++;
        size_t len = strlen(line);
        int complete = len > 0 && line[len - 1] == '\n';
        if (!complete && !feof(in)) {
            /* Longer than the buffer: certainly not a puzzle. Skip the rest of the line. */
            int ch;
            while ((ch = fgetc(in)) != EOF && ch != '\n') {
            }
            fprintf(stderr, "line %lu: line too long (expected 81 characters)\n", lineno);
            failed = 1;
            continue;
        }
        while (len > 0 && (line[len - 1] == '\n' || line[len - 1] == '\r')) {
            line[--len] = '\0';
        }
        if (len == 0 || line[0] == '#') {
            continue;
        }
        if (len != 81) {
            fprintf(stderr, "line %lu: expected 81 characters, got %zu\n", lineno, len);
            failed = 1;
            continue;
        }

        int status = sudoku_solve(line);
        if (status != SUDOKU_OK) {
            fprintf(stderr, "line %lu: %s\n", lineno, sudoku_status_str(status));
            failed = 1;
            continue;
        }
        if (grid) {
            status = print_grid(line);
            if (status != SUDOKU_OK) {
                fprintf(stderr, "line %lu: %s\n", lineno, sudoku_status_str(status));
                failed = 1;
            }
        } else {
            printf("%s\n", line);
        }
    }
    if (ferror(in)) {
        perror(path != NULL ? path : "stdin");
        return 2;
    }
    if (in != stdin) {
        fclose(in);
    }
    return failed;
}
