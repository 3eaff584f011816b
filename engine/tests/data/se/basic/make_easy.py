#!/usr/bin/env python3
"""Makes easy puzzles (SE 1.0-3.0) for tracing the simple rules: the puzzle bank has nothing
below 2.5, so take bank puzzles and add some of their solution's digits as givens (the puzzle
stays unique). A development aid: no test reads it.

  make_easy.py BANK.tsv N SEED [MAX_RATING] [COUNTS] > easy.txt
  .ci/se_trace.sh easy.txt > easy.trace          (then make_sample.py, examples/se_trace)

BANK.tsv: puzzle<TAB>SE rating lines. COUNTS: comma-separated numbers of digits to add, one
picked at random per puzzle (default 1,2,3,4,5,6,8,10,12; larger counts give more 1.0-1.5).
The easy traces behind steps.txt were made this way from bank puzzles outside strat12: 500
rated up to 4.6 with 0 to 45 digits added, and 3000 rated up to 3.0 with the default counts.
"""
import random
import sys


def solve(p):
    """The solution of puzzle `p` (81 characters), by depth-first search."""
    g = [int(c) if c.isdigit() else 0 for c in p]
    rows, cols, boxes = [0] * 9, [0] * 9, [0] * 9

    def box(i):
        return (i // 27) * 3 + (i % 9) // 3

    for i, v in enumerate(g):
        if v:
            rows[i // 9] |= 1 << v
            cols[i % 9] |= 1 << v
            boxes[box(i)] |= 1 << v

    def rec():
        best, best_mask, best_count = None, 0, 10
        for i in range(81):
            if g[i] == 0:
                m = ~(rows[i // 9] | cols[i % 9] | boxes[box(i)]) & 0x3FE
                c = bin(m).count("1")
                if c == 0:
                    return False
                if c < best_count:
                    best, best_mask, best_count = i, m, c
        if best is None:
            return True
        i = best
        for v in range(1, 10):
            if best_mask >> v & 1:
                b = 1 << v
                g[i] = v
                rows[i // 9] |= b
                cols[i % 9] |= b
                boxes[box(i)] |= b
                if rec():
                    return True
                g[i] = 0
                rows[i // 9] ^= b
                cols[i % 9] ^= b
                boxes[box(i)] ^= b
        return False

    rec()
    return g


def main():
    bank_path, n, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    max_rating = float(sys.argv[4]) if len(sys.argv) > 4 else 3.0
    default = [1, 2, 3, 4, 5, 6, 8, 10, 12]
    counts = [int(x) for x in sys.argv[5].split(",")] if len(sys.argv) > 5 else default
    rng = random.Random(seed)
    bank = [l.rstrip("\n").split("\t") for l in open(bank_path) if not l.startswith("#")]
    bank = [b for b in bank if float(b[1]) <= max_rating]
    rng.shuffle(bank)
    for p, _ in bank[:n]:
        s = solve(p)
        empties = [i for i, c in enumerate(p) if not c.isdigit() or c == "0"]
        k = min(rng.choice(counts), len(empties) - 1)
        q = list(p)
        for i in rng.sample(empties, k):
            q[i] = str(s[i])
        print("".join(q))


if __name__ == "__main__":
    main()
