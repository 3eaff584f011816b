"""A plain-Python Sudoku reference, independent of libsudoku, for the binding's tests to check the
library's answers against: the rules, candidates, singles propagation, counting by brute force,
the first clash, and the text layouts."""

from __future__ import annotations

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DIGITS = range(1, 10)

#: The 27 units, numbered as the C API numbers them: rows 0-8, columns 9-17, boxes 18-26.
UNITS: list[list[int]] = (
    [[r * 9 + c for c in range(9)] for r in range(9)]
    + [[r * 9 + c for r in range(9)] for c in range(9)]
    + [[(b // 3 * 3 + i // 3) * 9 + b % 3 * 3 + i % 3 for i in range(9)] for b in range(9)]
)
#: The units of each cell: its row, its column and its box.
UNITS_OF: list[list[int]] = [[u for u, unit in enumerate(UNITS) if c in unit] for c in range(81)]
#: The 20 peers of each cell.
PEERS: list[set[int]] = [{p for u in UNITS_OF[c] for p in UNITS[u]} - {c} for c in range(81)]


def puzzle_dir() -> Path:
    return Path(os.environ.get("SUDOKU_PUZZLES", ROOT / "data" / "puzzles"))


def corpus(name: str, count: int) -> list[str]:
    """The first ``count`` puzzles of a corpus file (failing if it has fewer)."""
    text = (puzzle_dir() / name).read_text()
    puzzles = [line[:81] for line in text.splitlines() if line and not line.startswith("#")]
    assert len(puzzles) >= count, f"{name} has {len(puzzles)} puzzles"
    return puzzles[:count]


def digits(board: str) -> list[int]:
    """0 for a blank, else the digit; raises on anything else."""
    out = []
    for ch in board:
        if ch in ".0":
            out.append(0)
        elif ch in "123456789":
            out.append(int(ch))
        else:
            raise ValueError(ch)
    return out


def is_solution(puzzle: str, solution: str) -> bool:
    """``solution`` is complete, obeys the rules and keeps every given of ``puzzle``."""
    if len(solution) != 81 or not set(solution) <= set("123456789"):
        return False
    if any(g not in ".0" and g != s for g, s in zip(puzzle, solution)):
        return False
    return all(len({solution[i] for i in unit}) == 9 for unit in UNITS)


def candidates(board: str) -> list[set[int]]:
    """For each blank cell, the digits no peer holds; an empty set for filled cells."""
    values = digits(board)
    return [set() if values[c] else set(DIGITS) - {values[p] for p in PEERS[c]} for c in range(81)]


def singles(board: str) -> list[set[int]] | None:
    """Candidates after naked and hidden singles to a fixed point (a cell the propagation fills
    keeps its one digit; givens an empty set), or None on a contradiction."""
    values = digits(board)
    marks = [set() if values[c] else set(DIGITS) - {values[p] for p in PEERS[c]} for c in range(81)]
    placed = list(values)

    def place(cell: int, digit: int) -> None:
        placed[cell] = digit
        marks[cell] = {digit}
        for p in PEERS[cell]:
            if not placed[p]:
                marks[p].discard(digit)

    changed = True
    while changed:
        changed = False
        for c in range(81):
            if placed[c]:
                continue
            if not marks[c]:
                return None
            if len(marks[c]) == 1:
                place(c, next(iter(marks[c])))
                changed = True
        for unit in UNITS:
            for d in DIGITS:
                if any(placed[c] == d for c in unit):
                    continue
                spots = [c for c in unit if not placed[c] and d in marks[c]]
                if not spots:
                    return None
                if len(spots) == 1:
                    place(spots[0], d)
                    changed = True
    return [set() if values[c] else marks[c] for c in range(81)]


def solutions(board: str, limit: int) -> list[str]:
    """Up to ``limit`` solutions, by brute force (fewest candidates first); [] if givens clash."""
    values = digits(board)
    if first_clash(board) is not None:
        return []
    found: list[str] = []

    def search() -> bool:
        best, best_options = -1, None
        for c in range(81):
            if not values[c]:
                options = set(DIGITS) - {values[p] for p in PEERS[c]}
                if best_options is None or len(options) < len(best_options):
                    best, best_options = c, options
        if best_options is None:
            found.append("".join(map(str, values)))
            return len(found) >= limit
        for d in sorted(best_options):
            values[best] = d
            if search():
                return True
        values[best] = 0
        return False

    search()
    return found


def first_clash(board: str) -> int | None:
    """The first cell in row-major order that holds a bad character or repeats a digit given
    earlier in its row, column or box; None if there is none."""
    for c, ch in enumerate(board):
        if ch in ".0":
            continue
        if ch not in "123456789":
            return c
        if any(board[p] == ch for p in PEERS[c] if p < c):
            return c
    return None


def render(board: str, bordered: bool) -> str:
    """The documented text grids: rows of cells separated by spaces with ``|`` between boxes,
    ``------+-------+------`` between bands; bordered: framed by ``+-------+-------+-------+``."""
    cells = [ch if ch in "123456789" else "." for ch in board]
    lines = []
    rule = "+-------+-------+-------+" if bordered else "------+-------+------"
    if bordered:
        lines.append(rule)
    for r in range(9):
        boxes = [" ".join(cells[r * 9 + b * 3 : r * 9 + b * 3 + 3]) for b in range(3)]
        row = " | ".join(boxes)
        lines.append(f"| {row} |" if bordered else row)
        if r in (2, 5) or (bordered and r == 8):
            lines.append(rule)
    return "".join(line + "\n" for line in lines)


def symmetric_cells(cell: int, symmetry: int) -> set[int]:
    """The cells that must match ``cell`` (given or blank) under a ``sudoku_symmetry``."""
    r, c = divmod(cell, 9)
    images = {
        0: [(r, c)],
        1: [(r, c), (8 - r, 8 - c)],
        2: [(r, c), (c, 8 - r), (8 - r, 8 - c), (8 - c, r)],
        3: [(r, c), (c, r)],
        4: [(r, c), (8 - c, 8 - r)],
        5: [(r, c), (r, 8 - c)],
    }[symmetry]
    return {rr * 9 + cc for rr, cc in images}


def level_of_score(score_tenths: int) -> int:
    """The level docs/grading.md's table gives an ER: easy 1 up to 2.3, medium 2 up to 3.4, hard 3
    up to 4.6, expert 4 up to 7.5, extreme 5 up to 8.4, diabolical 6 up to 8.9, nightmare 7
    above."""
    for level, top in ((1, 23), (2, 34), (3, 46), (4, 75), (5, 84), (6, 89)):
        if score_tenths <= top:
            return level
    return 7
