// solve (C++): solve Sudoku puzzles with libsudoku through include/sudoku.hpp.
//
//   solve-cpp [FILE]
//
// Reads puzzles from FILE (or standard input), one per line: 81 characters, '1'-'9' for givens
// and '.' or '0' for blanks; empty lines and lines starting with '#' are skipped. Prints each
// solution on its own line; a line that cannot be solved is reported on standard error with its
// line number and the reason, and the exit status is 1 (2 if FILE cannot be read). Uses no
// exceptions, so it also builds with -fno-exceptions.
//
// Build:  c++ -std=c++17 -Iinclude examples/solve.cpp -Ltarget/release -lsudoku -o solve-cpp
//    or:  c++ -std=c++17 examples/solve.cpp $(pkg-config --cflags --libs sudoku) -o solve-cpp
#include <fstream>
#include <iostream>
#include <string>

#include "sudoku.hpp"

int main(int argc, char **argv) {
    if (argc > 2) {
        std::cerr << "usage: " << argv[0] << " [FILE]\n";
        return 2;
    }
    std::ifstream file;
    if (argc == 2) {
        file.open(argv[1]);
        if (!file) {
            std::cerr << argv[1] << ": cannot open\n";
            return 2;
        }
    }
    std::istream &in = argc == 2 ? file : std::cin;

    int failed = 0;
    unsigned long lineno = 0;
    for (std::string line; std::getline(in, line);) {
        lineno++;
        if (!line.empty() && line.back() == '\r') {
            line.pop_back();
        }
        if (line.empty() || line[0] == '#') {
            continue;
        }
        sudoku::Result<sudoku::Board> solved = sudoku::solve(line);
        if (!solved) {
            std::cerr << "line " << lineno << ": " << solved.message() << '\n';
            failed = 1;
            continue;
        }
        std::cout << sudoku::to_string(*solved) << '\n';
    }
    return failed;
}
