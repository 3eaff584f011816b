#!/usr/bin/env python3
"""check_solutions.py PUZZLES OUTPUT: OUTPUT must hold, line for line, a valid solution of each
puzzle in PUZZLES (empty lines and '#' comments skipped): complete, obeying the rules and keeping
every given. Independent of libsudoku, so it can judge any of the examples' output."""

import sys


def valid(puzzle: str, solution: str) -> bool:
    if len(solution) != 81 or not set(solution) <= set("123456789"):
        return False
    if any(g not in ".0" and g != s for g, s in zip(puzzle, solution)):
        return False
    units = [[r * 9 + c for c in range(9)] for r in range(9)]
    units += [[r * 9 + c for r in range(9)] for c in range(9)]
    units += [[(b // 3 * 3 + i // 3) * 9 + b % 3 * 3 + i % 3 for i in range(9)] for b in range(9)]
    return all(len({solution[i] for i in unit}) == 9 for unit in units)


def main() -> int:
    with open(sys.argv[1]) as f:
        puzzles = [l.rstrip("\r\n") for l in f if l.strip() and not l.startswith("#")]
    with open(sys.argv[2]) as f:
        solutions = [l.rstrip("\n") for l in f]
    if len(solutions) != len(puzzles):
        print(f"{len(puzzles)} puzzles but {len(solutions)} output lines", file=sys.stderr)
        return 1
    bad = [i for i, (p, s) in enumerate(zip(puzzles, solutions)) if not valid(p, s)]
    for i in bad:
        print(f"puzzle {i + 1}: not a solution: {solutions[i]!r}", file=sys.stderr)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
