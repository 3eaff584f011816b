#!/usr/bin/env python3
"""Writes the seed corpus in fuzz/seeds/:

* board/: a few 81-byte boards per status class (bad byte, clash, no solution, solvable:
  unique and with several solutions), exactly 81 bytes, no newline;
* text/: pasted layouts of those boards for sudoku_parse, accepted and rejected;
* format/: boards with a style and buffer size for sudoku_format;
* hint/: positions with the original puzzle and pencil marks for sudoku_hint_ex;
* generate/: seeds and option structs for sudoku_generate;
* marks/ and marks_format/: pencil-mark texts for sudoku_parse_marks (flags, values, text) and
  positions for sudoku_format_marks;
* records/: files of puzzles for sudoku_next_puzzle;
* sudokuwiki/ and ss/: links and .ss texts for the position readers (first byte even) and
  positions for the writers (first byte odd).

Every board is made here from random complete grids (a fixed seed, so the output is the same
on every run), then cut down or edited; nothing is copied from a puzzle collection. The byte
layouts of format/, hint/ and generate/ are those the fuzz targets read (fuzz/fuzz_targets/
and tests/common/contract.rs).

    python3 fuzz/make_seeds.py      # rewrites fuzz/seeds/
"""
import os
import random

SEEDS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "seeds")


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

    for name, board in seeds.items():
        assert len(board.encode("latin-1")) == 81, name
    write("board", {k: v.encode("latin-1") for k, v in seeds.items()})
    write("text", text_seeds(u1, u2, g1))
    write("format", format_seeds(u1, g3))
    write("hint", hint_seeds(u1, g1))
    write("generate", generate_seeds())
    write("marks", marks_seeds(u1, g1))
    write("marks_format", marks_format_seeds(u1, g1))
    write("records", records_seeds(u1, u2, g1))
    write("sudokuwiki", sudokuwiki_seeds(u1, g1))
    write("ss", ss_seeds(u1, g1))


def write(kind, seeds):
    out = os.path.join(SEEDS, kind)
    os.makedirs(out, exist_ok=True)
    for name in os.listdir(out):
        os.remove(os.path.join(out, name))
    for name, data in sorted(seeds.items()):
        with open(os.path.join(out, name), "wb") as f:
            f.write(data)
    print(f"wrote {len(seeds)} seeds to {out}")


def grid_text(p, bordered=False, eol="\n"):
    """The layouts sudoku_format writes (GRID and BORDERED)."""
    rule = "+-------+-------+-------+" if bordered else "------+-------+------"
    lines = [rule] if bordered else []
    for r in range(9):
        if r and r % 3 == 0:
            lines.append(rule)
        row = text(p[r * 9:r * 9 + 9])
        cells = " | ".join(" ".join(row[k:k + 3]) for k in (0, 3, 6))
        lines.append(f"| {cells} |" if bordered else cells)
    if bordered:
        lines.append(rule)
    return "".join(line + eol for line in lines)


def text_seeds(u1, u2, g1):
    line = text(u1)
    rows = [text(u2, blank="_")[r * 9:r * 9 + 9] for r in range(9)]
    simple = ["*-----------*"]
    for r in range(9):
        if r and r % 3 == 0:
            simple.append("|---+---+---|")
        row = text(u1[r * 9:r * 9 + 9])
        simple.append(f"|{row[0:3]}|{row[3:6]}|{row[6:9]}|")
    simple.append("*-----------*")
    seeds = {
        "ok-line": line,
        "ok-line-comment": line + "  # a comment\n",
        "ok-nine-lines": "\n".join(rows) + "\n",
        "ok-grid-crlf": grid_text(u1, eol="\r\n"),
        "ok-bordered": grid_text(u2, bordered=True),
        "ok-simple-sudoku": "\n".join(simple) + "\n",
        "ok-blanks-x-star": text(g1[:40] + [0] * 41, blank="x").replace("x", "*", 20),
        "bad-stray-byte": line[:40] + "?" + line[41:],
        "bad-ten-in-a-row": "\n".join([rows[0] + "1"] + rows[1:]) + "\n",
        "bad-two-puzzles": line + "\n" + line + "\n",
        "bad-missing-cells": line[:80],
        "bad-line-length": "\n".join(rows[:4] + [rows[4][:8]] + rows[5:]) + "\n",
        "bad-lone-cr": line + "  # comment\r" + line,
        "bad-rule-with-digit": grid_text(u1).replace("------+", "---1--+", 1),
    }
    return {k: v.encode("latin-1") for k, v in seeds.items()}


def format_seeds(u1, g3):
    """Board, style byte, buffer size (2 bytes, little-endian), written flag."""
    def seed(p, style, size, written=0):
        return text(p).encode() + bytes([style]) + size.to_bytes(2, "little") + bytes([written])
    return {
        "ok-line": seed(u1, 0, 82),
        "ok-grid": seed(u1, 1, 243),
        "ok-bordered": seed(g3, 2, 339),
        "ok-bordered-no-length": seed(u1, 2, 341, written=1),
        "small-line-exact-text": seed(u1, 0, 81),
        "small-grid": seed(u1, 1, 100),
        "small-size-query": seed(u1, 1, 0),
        "invalid-style": seed(u1, 3, 339),
        "invalid-style-negative": seed(u1, 0xff, 339),
    }


def candidates(p, cell):
    return sum(1 << (v - 1) for v in allowed(p, cell))


def hint_seeds(u1, g1):
    """Position (81), flags (bit 0 puzzle, bit 1 marks, bit 2 raw marks), struct size byte,
    11 bytes of puzzle cells kept, 162 bytes of marks."""
    def seed(board, flags=0, size=0, keep=None, marks=None):
        keep = keep if keep is not None else [False] * 81
        bits = bytes(sum(1 << k for k in range(8) if i * 8 + k < 81 and keep[i * 8 + k])
                     for i in range(11))
        data = text(board).encode() + bytes([flags, size]) + bits
        if marks is not None:
            data += b"".join(m.to_bytes(2, "little") for m in marks)
        return data
    givens = [v != 0 for v in u1]
    blanks = [i for i in range(81) if u1[i] == 0]
    entered = list(u1)
    for i in blanks[:6]:
        entered[i] = g1[i]
    wrong = list(entered)
    w = blanks[6]
    wrong[w] = next(v for v in range(1, 10) if v != g1[w])
    marks = [candidates(entered, i) if entered[i] == 0 else 0 for i in range(81)]
    bad_marks = list(marks)
    m = blanks[7]
    bad_marks[m] &= ~(1 << (g1[m] - 1))
    high = list(marks)
    high[m] |= 0x200
    return {
        "step-puzzle-marks": seed(entered, 3, keep=givens, marks=marks),
        "step-bigger-struct": seed(entered, 1, size=6, keep=givens),
        "wrongdigit-puzzle": seed(wrong, 1, keep=givens),
        "wrongdigit-suspects": seed(wrong),
        "wrongmark": seed(entered, 3, keep=givens, marks=bad_marks),
        "solved-puzzle": seed(g1, 1, keep=givens),
        "invalid-high-mark-bits": seed(entered, 7, keep=givens, marks=high),
        "invalid-short-struct": seed(entered, 0, size=5),
    }


def generate_seeds():
    """Seed (8 bytes), flags (bit 0 options NULL, bit 1 solution NULL, bits 2-4 struct size),
    symmetry, min level, max level, minimal, min givens, attempts, tail byte, init size (2), ER
    bounds (one byte each: 4, 5, 6 are 2.4, 3.5, 4.7; 7 is 20.1, above the scale)."""
    def seed(n, flags=0, sym=0, lo=0, hi=0, minimal=1, floor=0, attempts=3, tail=0, init=36,
             er_lo=0, er_hi=0):
        return (n.to_bytes(8, "little") + bytes([flags, sym, lo, hi, minimal, floor, attempts,
                tail]) + init.to_bytes(2, "little") + bytes([er_lo, er_hi]))
    return {
        "ok-null-options": seed(1, flags=1),
        "ok-defaults": seed(2),
        "ok-no-solution-out": seed(3, flags=2),
        "ok-rotate180": seed(4, sym=1),
        "ok-rotate90": seed(5, sym=2),
        "ok-diagonal": seed(6, sym=3),
        "ok-anti-diagonal": seed(7, sym=4),
        "ok-mirror": seed(8, sym=5),
        "ok-easy": seed(9, lo=1, hi=1),
        "ok-floor-not-minimal": seed(10, minimal=0, floor=40),
        "ok-newer-struct": seed(11, flags=6 << 2, init=40),
        "ok-first-version-struct": seed(19, flags=3 << 2, init=28, er_lo=6, er_hi=4),
        "ok-er-range": seed(20, er_lo=4, er_hi=6),
        "exhausted-minimal-floor": seed(12, floor=60, attempts=0),
        "invalid-symmetry": seed(13, sym=6),
        "invalid-level-order": seed(14, lo=4, hi=2),
        "invalid-min-givens": seed(15, floor=90),
        "invalid-short-struct": seed(16, flags=4 << 2, init=27),
        "invalid-huge-struct": seed(17, flags=7 << 2, init=4097),
        "invalid-tail": seed(18, flags=6 << 2, tail=1),
        "invalid-er-order": seed(21, er_lo=6, er_hi=4),
        "invalid-er-above-scale": seed(22, er_hi=7),
        "invalid-er-outside-level": seed(23, lo=5, er_hi=6),
    }


def masks_of(p):
    """The candidates the digits of `p` leave each empty cell (0 for filled cells)."""
    return [0 if p[i] else candidates(p, i) for i in range(81)]


def shown(p, masks, i):
    return 1 << (p[i] - 1) if p[i] else masks[i]


def pm_string(p, masks):
    return "".join(str(d) if shown(p, masks, i) >> (d - 1) & 1 else "."
                   for i in range(81) for d in range(1, 10))


def pm_grid(p, masks, corners=("+", "+", "+"), sep="|"):
    """A candidate grid; `corners` are the top, middle and bottom rule ends (HoDoKu: . : ')."""
    def token(i):
        t = "".join(str(d) for d in range(1, 10) if shown(p, masks, i) >> (d - 1) & 1)
        return t or "."
    width = [max(len(token(r * 9 + c)) for r in range(9)) for c in range(9)]
    def rule(end):
        return end + end.join("-" * (sum(width[k:k + 3]) + 4) for k in (0, 3, 6)) + end
    lines = []
    for r in range(9):
        if r % 3 == 0:
            lines.append(rule(corners[0] if r == 0 else corners[1]))
        cells = [token(r * 9 + c).ljust(width[c]) for c in range(9)]
        lines.append(sep + sep.join(" " + " ".join(cells[k:k + 3]) + " " for k in (0, 3, 6)) + sep)
    lines.append(rule(corners[2]))
    return "\n".join(lines) + "\n"


def entered(u1, g1, n):
    """`u1` with its first `n` empty cells filled from the solution `g1`."""
    e = list(u1)
    for i in [i for i in range(81) if u1[i] == 0][:n]:
        e[i] = g1[i]
    return e


def marks_seeds(u1, g1):
    """Flags byte (bit 0 values follow, bit 1 values cleaned, bit 2 no board, bit 3 no
    offset), the 81 values when bit 0 is set, then the text."""
    e = entered(u1, g1, 5)
    m = masks_of(e)
    single = next(i for i in range(81) if e[i] == 0)
    m1 = list(m)
    m1[single] = 1 << (g1[single] - 1)
    string, grid = pm_string(e, m), pm_grid(e, m)
    def seed(t, values=None, flags=0):
        head = bytes([flags | (1 if values is not None else 0)])
        return head + (text(values).encode() if values is not None else b"") + t.encode("latin-1")
    return {
        "ok-string": seed(string),
        "ok-string-values": seed(pm_string(e, m1), e),
        "ok-string-crlf-around": seed("\r\n  " + string + "\r\n"),
        "ok-grid": seed(grid),
        "ok-grid-values-single": seed(pm_grid(e, m1), e),
        "ok-grid-hodoku-corners": seed(pm_grid(e, m, (".", ":", "'"))),
        "ok-grid-no-board-out": seed(grid, flags=4),
        "ok-bordered-board": seed(grid_text(u1, bordered=True)),
        "bad-string-digit-out-of-place": seed(string[:100] + "1" + string[101:]),
        "bad-string-short": seed(string[:700]),
        "bad-string-trailing": seed(string + " x"),
        "bad-grid-repeated-digit": seed(grid.replace("| 1", "| 11", 1)),
        "bad-grid-short-line": seed("\n".join(grid.split("\n")[:2]) + "\n"),
        "bad-values-mismatch": seed(string, [v if v else 0 for v in g1]),
        "bad-values-byte": seed(string, [0] * 80 + [0], flags=0).replace(b".", b"?", 1),
        "bad-grid-no-offset": seed(grid.replace("|", "!", 5), flags=8),
    }


def marks_format_seeds(u1, g1):
    """Board, 162 bytes of masks, mask flags (bit 0 cut to 9 bits), style, size (2), written."""
    e = entered(u1, g1, 5)
    m = masks_of(e)
    def seed(p, masks, style, size, cut=1, written=0):
        return (text(p).encode() + b"".join(x.to_bytes(2, "little") for x in masks)
                + bytes([cut, style]) + size.to_bytes(2, "little") + bytes([written]))
    return {
        "ok-string": seed(e, m, 0, 730),
        "ok-grid": seed(e, m, 1, 1275),
        "ok-grid-no-length": seed(e, m, 1, 1275, written=1),
        "small-string": seed(e, m, 0, 729),
        "small-size-query": seed(e, m, 1, 0),
        "invalid-style": seed(e, m, 2, 1275),
        "invalid-high-mask": seed(e, [x | 0x400 for x in m], 1, 1275, cut=0),
        "ok-high-mask-on-filled-cells": seed(e, [x | 0x400 if e[i] else x for i, x in enumerate(m)],
                                             1, 1275, cut=0),
    }


def records_seeds(u1, u2, g1):
    a, b, c = text(u1), text(u2, blank="0"), text(g1)
    return {k: v.encode("latin-1") for k, v in {
        "ok-sdm": a + "\n" + b + "\n" + c + "\n",
        "ok-comments-ratings": "# a list\n\n" + a + " # 7.1\n" + b + "\t8.3\tED\n" + c + ",x\n",
        "ok-bom-crlf": "\ufeff".encode("utf-8").decode("latin-1") + a + "\r\n" + b + ";s\r\n",
        "ok-indented-no-final-newline": "  " + a + "\n\t" + b,
        "bad-csv-header": "quizzes,solutions\n" + a + "," + c + "\n",
        "bad-short-line": a[:80] + "\n" + b + "\n",
        "bad-long-line": a + "1\n" + b + "\n",
        "bad-lone-cr": a + " x\r" + b + "\n",
        "bad-stray-byte": a[:30] + "?" + a[31:] + "\n",
        "empty-comments-only": "# nothing\n\n   \n",
    }.items()}


def b32(n):
    digits = "0123456789abcdefghijklmnopqrstuv"
    return digits[n // 32] + digits[n % 32]


def b36(n):
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    return digits[n // 36] + digits[n % 36]


def position_seed(givens, board, masks, flags, size):
    """A writer input: givens, board, 162 bytes of masks, flags, size (2)."""
    return (text(givens).encode() + text(board).encode()
            + b"".join(x.to_bytes(2, "little") for x in masks) + bytes([flags])
            + size.to_bytes(2, "little"))


def sudokuwiki_seeds(u1, g1):
    e = entered(u1, g1, 5)
    m = masks_of(e)
    url = "https://www.sudokuwiki.org/sudoku.htm?bd="
    digits = text(u1, blank="0")
    def pair32(i):
        if e[i]:
            return b32((1 << (e[i] - 1)) * 2 + (1 if u1[i] else 0))
        return b32(m[i] * 2)
    def pair36(i):
        return b36(u1[i] if u1[i] else e[i] + 9 if e[i] else m[i] + 18)
    cands = "".join(pair32(i) for i in range(81))
    s9b = "S9B" + "".join(pair36(i) for i in range(81))
    def read(t, flags=0):
        return bytes([flags << 1]) + t.encode("latin-1")
    def write(board, masks, flags, size=204):
        return b"\x01" + position_seed(u1, board, masks, flags, size)
    return {
        "ok-digits-link": read(url + digits),
        "ok-digits-bare-dots": read(text(u1)),
        "ok-query-more-params": read("?bd=" + digits + "&solve=1"),
        "ok-candidates-link": read(url + cands + "#top"),
        "ok-candidates-upper": read("bd=" + cands.upper()),
        "ok-s9b": read(url + s9b, flags=3),
        "bad-digits-short": read(url + digits[:80]),
        "bad-digits-letter": read(url + digits[:9] + "a" + digits[10:]),
        "bad-candidates-byte": read(url + cands[:20] + "w" + cands[21:]),
        "bad-candidates-given-two-digits": read(url + "07" + cands[2:]),
        "bad-s9b-long": read(url + s9b + "00"),
        "bad-no-offset": read("bd=" + digits + "x", flags=4),
        "write-ok-digits": write(e, m, 0b1_1011),
        "write-ok-candidates": write(e, m, 0b1_1000),
        "write-small": write(e, m, 0b1_1000, size=100),
        "write-null-masks": write(e, m, 0b1_1010),
        "write-changed-given": write([v % 9 + 1 if v else 0 for v in g1], m, 0b1_0000),
        "write-high-mask": write(e, [x | 0x200 for x in m], 0b0_1000),
    }


def ss_grid(p):
    lines = ["*-----------*"]
    for r in range(9):
        if r in (3, 6):
            lines.append("|---+---+---|")
        row = text(p[r * 9:r * 9 + 9])
        lines.append(f"|{row[0:3]}|{row[3:6]}|{row[6:9]}|")
    lines.append("*-----------*")
    return "\n".join(lines) + "\n"


def ss_seeds(u1, g1):
    e = entered(u1, g1, 5)
    m = masks_of(e)
    plain = "\n-----------\n".join(
        "\n".join(f"{r[0:3]}|{r[3:6]}|{r[6:9]}" for r in
                  (text(u1[k * 9:k * 9 + 9]) for k in range(b * 3, b * 3 + 3)))
        for b in range(3)) + "\n"
    def read(t, flags=0):
        return bytes([flags << 1]) + t.encode("latin-1")
    def write(board, masks, flags, size=1641):
        return b"\x01" + position_seed(u1, board, masks, flags, size)
    givens, values, cands = ss_grid(u1), ss_grid(e), pm_grid(e, m, ("*", "|", "*"))
    return {
        "ok-givens": read(givens),
        "ok-givens-unframed": read(plain),
        "ok-one-line": read(text(u1) + "\n"),
        "ok-givens-values": read(givens + "\n" + values),
        "ok-givens-candidates": read(givens + "\n" + pm_grid(u1, masks_of(u1)), flags=1),
        "ok-three-grids": read(givens + "\n" + values + "\n" + cands),
        "bad-values-break-given": read(givens + "\n" + ss_grid([v % 9 + 1 if v else 0 for v in g1])),
        "bad-candidates-break-value": read(givens + "\n" + values + "\n" + pm_grid(u1, masks_of(u1))),
        "bad-four-grids": read(givens * 4),
        "bad-short-grid": read(givens + "\n" + values[:60]),
        "bad-stray-byte": read(givens.replace(".", "?", 1), flags=4),
        "write-ok-givens": write(e, m, 0b1_1011),
        "write-ok-all": write(e, m, 0b1_1000),
        "write-ok-candidates-only": write(e, m, 0b1_1001),
        "write-small": write(e, m, 0b1_1000, size=300),
        "write-changed-given": write([v % 9 + 1 if v else 0 for v in g1], m, 0b1_0010),
        "write-bad-byte": (lambda b: b[:85] + b"?" + b[86:])(write(e, m, 0b1_1010)),
    }


if __name__ == "__main__":
    main()
