#!/usr/bin/env python3
"""Writes the seed corpus in fuzz/seeds/board/: a few 81-byte boards per status class.

Every board is made here from random complete grids (a fixed seed, so the output is the same
on every run), then cut down or edited; nothing is copied from a puzzle collection. The
classes are the ones the fuzz targets check: bad byte, clash, no solution, solvable (unique
and with several solutions). Files hold exactly 81 bytes, no newline.

    python3 fuzz/make_seeds.py      # rewrites fuzz/seeds/board/
"""
import os
import random

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "seeds", "board")


def peers(cell):
    r, c = divmod(cell, 9)
    br, bc = r // 3 * 3, c // 3 * 3
    out = {r * 9 + k for k in range(9)} | {k * 9 + c for k in range(9)}
    out |= {(br + k // 3) * 9 + bc + k % 3 for k in range(9)}
    out.discard(cell)
    return out


PEERS = [peers(i) for i in range(81)]


def allowed(grid, cell):
    return set(range(1, 10)) - {grid[p] for p in PEERS[cell]}


def count(grid, limit):
    """Solutions of `grid` (0 = blank), up to `limit`; plain backtracking."""
    grid = list(grid)
    best, options = None, None
    for i in range(81):
        if grid[i] == 0:
            a = allowed(grid, i)
            if options is None or len(a) < len(options):
                best, options = i, a
    if best is None:
        return 1
    n = 0
    for v in sorted(options):
        grid[best] = v
        n += count(grid, limit - n)
        if n >= limit:
            break
    return n


def full_grid(rng):
    grid = [0] * 81

    def fill(i):
        if i == 81:
            return True
        digits = list(range(1, 10))
        rng.shuffle(digits)
        for v in digits:
            if v in allowed(grid, i):
                grid[i] = v
                if fill(i + 1):
                    return True
        grid[i] = 0
        return False

    assert fill(0)
    return grid


def unique_puzzle(rng, grid, stop_at=0):
    """Removes givens in random order while the solution stays unique (down to `stop_at`)."""
    p = list(grid)
    cells = list(range(81))
    rng.shuffle(cells)
    for i in cells:
        if sum(v != 0 for v in p) <= stop_at:
            break
        v, p[i] = p[i], 0
        if count(p, 2) != 1:
            p[i] = v
    return p


def text(p, blank="."):
    return "".join(str(v) if v else blank for v in p)


def main():
    rng = random.Random(20241130)
    seeds = {}

    g1, g2, g3 = full_grid(rng), full_grid(rng), full_grid(rng)
    seeds["ok-full-grid"] = text(g1)
    seeds["ok-empty"] = "." * 81
    seeds["ok-empty-zeros"] = "0" * 81
    u1 = unique_puzzle(rng, g1)
    u2 = unique_puzzle(rng, g2, stop_at=30)
    seeds["ok-unique-minimal"] = text(u1)
    seeds["ok-unique-zeros"] = text(u2, blank="0")
    # Several solutions: a unique puzzle with givens dropped until it is no longer unique.
    m = list(u1)
    for i in range(81):
        if m[i] and count(m, 2) == 1:
            m[i] = 0
    assert count(m, 2) == 2
    seeds["ok-multi"] = text(m)
    seeds["ok-sparse"] = text([v if i % 10 == 0 else 0 for i, v in enumerate(g3)])

    # No solution without a clash: change one given of a unique puzzle to a digit that fits.
    for i in range(81):
        if u2[i]:
            for v in range(1, 10):
                q = list(u2)
                q[i] = 0
                if v != u2[i] and v in allowed(q, i):
                    q[i] = v
                    if count(q, 1) == 0:
                        seeds["nosolution-changed-given"] = text(q)
                        break
            if "nosolution-changed-given" in seeds:
                break
    # A row that leaves one cell only a digit its column already has.
    q = [0] * 81
    q[0:8] = g1[0:8]
    q[9 + 8] = g1[8]
    assert count(q, 1) == 0
    seeds["nosolution-blocked-cell"] = text(q)

    # Clashes in a row, a column and a box.
    for name, (a, b) in {"clash-row": (3, 7), "clash-column": (4, 76), "clash-box": (30, 50)}.items():
        q = list(u1)
        q[a] = q[b] = 1 + (a * 7 + b) % 9
        seeds[name] = text(q)
    # Bad bytes: a NUL, a space, a high byte, a letter, at different places.
    for name, pos, byte in [("badbyte-nul-last", 80, "\0"), ("badbyte-space-first", 0, " "),
                            ("badbyte-high", 40, "\xff"), ("badbyte-letter", 13, "x")]:
        q = list(text(u2))
        q[pos] = byte
        seeds[name] = "".join(q)

    os.makedirs(OUT, exist_ok=True)
    for name, board in sorted(seeds.items()):
        data = board.encode("latin-1")
        assert len(data) == 81, name
        with open(os.path.join(OUT, name), "wb") as f:
            f.write(data)
    print(f"wrote {len(seeds)} seeds to {OUT}")


if __name__ == "__main__":
    main()
