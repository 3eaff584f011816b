"""The formats: parse_marks / format_marks, read_puzzles, parse_sudokuwiki / format_sudokuwiki
and parse_ss / format_ss. Round trips on corpus puzzles and random positions, the layouts other
programs write (built here independently of the library), and bad input rejected with the
offset of the first problem."""

from __future__ import annotations

import random

import libsudoku
import pytest
import reference
from libsudoku import MarksStyle, ParseError

PUZZLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
ANSWER = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
URL = "https://www.sudokuwiki.org/sudoku.htm?bd="


def shown(board: str, candidates: list[set[int]], cell: int) -> set[int]:
    return {int(board[cell])} if board[cell] not in ".0" else set(candidates[cell])


def singles_filled(board: str, candidates: list[set[int]]) -> tuple[str, list[set[int]]]:
    """What a reader without values makes of a position: a lone digit is a filled cell."""
    cells = [c if c not in "0" else "." for c in board]
    marks = [set() if cells[i] != "." else set(candidates[i]) for i in range(81)]
    for i in range(81):
        if cells[i] == "." and len(marks[i]) == 1:
            cells[i] = str(marks[i].pop())
    return "".join(cells), marks


def random_position(rng: random.Random, blanks: int) -> tuple[str, str, list[set[int]]]:
    """(givens, board, candidates) from the LeetCode solution relabelled: `blanks` cells empty
    in the givens, some of them entered on the board, the others with random candidates that
    hold the solution's digit (sometimes alone)."""
    relabel = dict(zip("123456789", rng.sample("123456789", 9)))
    solution = "".join(relabel[c] for c in ANSWER)
    givens, board = list(solution), list(solution)
    marks: list[set[int]] = [set() for _ in range(81)]
    for cell in rng.sample(range(81), blanks):
        givens[cell] = "."
        if rng.random() < 0.25:
            continue
        board[cell] = "."
        marks[cell] = {int(solution[cell])}
        if rng.random() < 0.7:
            marks[cell] |= set(rng.sample(range(1, 10), rng.randrange(1, 9)))
    return "".join(givens), "".join(board), marks


def candidate_string(board: str, candidates: list[set[int]]) -> str:
    return "".join(
        str(d) if d in shown(board, candidates, i) else "." for i in range(81) for d in range(1, 10)
    )


def hodoku_grid(board: str, candidates: list[set[int]]) -> str:
    """A candidate grid as HoDoKu frames it, with two spaces between cells."""
    tokens = ["".join(map(str, sorted(shown(board, candidates, i)))) or "." for i in range(81)]
    width = [max(len(tokens[r * 9 + c]) for r in range(9)) for c in range(9)]
    seg = [sum(width[k : k + 3]) + 8 for k in (0, 3, 6)]
    lines = []
    for r in range(9):
        if r % 3 == 0:
            end = "." if r == 0 else ":"
            lines.append(end + end.join("-" * n for n in seg) + end)
        cells = [tokens[r * 9 + c].ljust(width[c]) for c in range(9)]
        stacks = ("  " + "  ".join(cells[k : k + 3]) + "  " for k in (0, 3, 6))
        lines.append("|" + "|".join(stacks) + "|")
    lines.append("'" + "'".join("-" * n for n in seg) + "'")
    return "\n".join(lines) + "\n"


# Pencil marks


@pytest.mark.parametrize("style", list(MarksStyle))
def test_marks_round_trip_on_corpus_puzzles(style):
    for puzzle in reference.corpus("puzzles2_17_clue.txt", 30):
        marks = libsudoku.candidates(puzzle)
        text = libsudoku.format_marks(puzzle, marks, style)
        assert libsudoku.parse_marks(text, values=puzzle) == (puzzle, marks)
        assert libsudoku.parse_marks(text) == singles_filled(puzzle, marks)


def test_marks_round_trip_on_random_positions():
    rng = random.Random(5)
    for _ in range(200):
        _, board, marks = random_position(rng, rng.randrange(20, 70))
        for style in MarksStyle:
            text = libsudoku.format_marks(board, marks, style)
            assert libsudoku.parse_marks(text, values=board) == (board, marks)
            assert libsudoku.parse_marks(text) == singles_filled(board, marks)


def test_the_candidate_string_is_written_cell_major():
    rng = random.Random(6)
    _, board, marks = random_position(rng, 50)
    assert libsudoku.format_marks(board, marks, MarksStyle.LINE) == candidate_string(board, marks)


def test_grids_from_other_programs_are_read():
    rng = random.Random(7)
    _, board, marks = random_position(rng, 50)
    grid = hodoku_grid(board, marks)
    assert libsudoku.parse_marks(grid, values=board) == (board, marks)
    crlf = grid.replace("\n", "\r\n").encode()
    assert libsudoku.parse_marks(crlf) == singles_filled(board, marks)
    # The candidate string, spread with spaces and line ends around it.
    text = "\n  " + candidate_string(board, marks).replace(".", "0") + "  \n"
    assert libsudoku.parse_marks(text, values=board) == (board, marks)


def test_bad_marks_are_rejected_at_the_first_problem():
    marks = libsudoku.candidates(PUZZLE)
    string = libsudoku.format_marks(PUZZLE, marks, MarksStyle.LINE)
    # Cell 2's byte for digit 3 (offset 20) becomes a 7; a short string ends at its length.
    for text, offset in [
        (string[:20] + "7" + string[21:], 20),
        (string[:500], 500),
        (string + " x", 730),
    ]:
        with pytest.raises(ParseError) as e:
            libsudoku.parse_marks(text)
        assert e.value.offset == offset
        assert e.value.status == libsudoku.Status.PARSE
    grid = libsudoku.format_marks(PUZZLE, marks, MarksStyle.GRID)
    at = grid.index("124")
    with pytest.raises(ParseError) as e:
        libsudoku.parse_marks(grid[:at] + "121" + grid[at + 3 :])
    assert e.value.offset == at + 2
    with pytest.raises(ParseError) as e:
        libsudoku.parse_marks("\n".join(["  "] + grid.splitlines()[:5]) + "\n")
    assert e.value.offset == len("\n".join(["  "] + grid.splitlines()[:5]) + "\n")
    # Values that disagree with the text; a bad character in the values.
    with pytest.raises(ParseError) as e:
        libsudoku.parse_marks(string, values="3" + PUZZLE[1:])
    assert e.value.offset == 4  # cell 0 shows its 5
    with pytest.raises(libsudoku.InvalidCharacterError):
        libsudoku.parse_marks(string, values="?" + PUZZLE[1:])


def test_format_marks_checks_its_arguments():
    marks = libsudoku.candidates(PUZZLE)
    with pytest.raises(libsudoku.InvalidArgumentError):
        libsudoku.format_marks(PUZZLE, marks, 2)
    with pytest.raises(libsudoku.InvalidArgumentError):
        libsudoku.format_marks(PUZZLE, [{10}] + marks[1:])
    with pytest.raises(ValueError):
        libsudoku.format_marks(PUZZLE, marks[:80])
    with pytest.raises(libsudoku.InvalidCharacterError):
        libsudoku.format_marks("x" + PUZZLE[1:], marks)
    # A filled cell's candidates are ignored.
    with_ignored = libsudoku.format_marks(PUZZLE, [{1, 2}] + marks[1:])
    assert with_ignored == libsudoku.format_marks(PUZZLE, marks)


# Files of puzzles


def test_read_puzzles_skips_comments_and_keeps_columns():
    a, b, c = reference.corpus("puzzles3_magictour_top1465.txt", 3)
    text = f"\ufeff# three puzzles\n\n{a} # 7.1\r\n  {b}\t8.3\tSE\n{c},{ANSWER}\n# end\n"
    records = list(libsudoku.read_puzzles(text))
    assert [r.puzzle for r in records] == [a, b, c]
    assert [r.columns for r in records] == ["# 7.1", "8.3\tSE", ANSWER]
    assert [text[r.offset : r.offset + 81] for r in records] == [a, b, c]
    # bytes give byte offsets.
    data = text.encode()
    starts = [r.offset for r in libsudoku.read_puzzles(data)]
    assert [data[o : o + 81].decode() for o in starts] == [a, b, c]


def test_read_puzzles_raises_at_a_bad_line_or_skips_it():
    a, b = reference.corpus("puzzles3_magictour_top1465.txt", 2)
    text = f"{a}\n{b[:40]}?{b[41:]}\n{b}\n"
    with pytest.raises(ParseError) as e:
        list(libsudoku.read_puzzles(text))
    assert e.value.offset == 82 + 40
    assert [r.puzzle for r in libsudoku.read_puzzles(text, skip_errors=True)] == [a, b]
    # Offsets count characters in a str, bytes in bytes: a two-byte character before the line.
    text = f"# café\n{a}x\n"
    for data, offset in [(text, 7 + 81), (text.encode(), 8 + 81)]:
        with pytest.raises(ParseError) as e:
            list(libsudoku.read_puzzles(data))
        assert e.value.offset == offset
    for bad, offset in [(a[:80], 80), (a + "1", 81), (a + "#x", 81), ("quizzes,solutions", 0)]:
        with pytest.raises(ParseError) as e:
            list(libsudoku.read_puzzles(bad + "\n" + a))
        assert e.value.offset == offset


def test_read_puzzles_reads_a_whole_corpus_file():
    path = reference.puzzle_dir() / "puzzles1_unbiased_first1000.txt"
    puzzles = [r.puzzle for r in libsudoku.read_puzzles(path.read_bytes())]
    assert puzzles == reference.corpus("puzzles1_unbiased_first1000.txt", 1000)


# SudokuWiki links


def test_sudokuwiki_links_round_trip():
    rng = random.Random(8)
    for _ in range(100):
        givens, board, marks = random_position(rng, 55)
        link = libsudoku.format_sudokuwiki(givens)
        assert link == URL + givens.replace(".", "0")
        assert libsudoku.parse_sudokuwiki(link) == (givens, givens, [set()] * 81)
        link = libsudoku.format_sudokuwiki(givens, board, marks)
        assert len(link) == len(URL) + 162
        filled, left = singles_filled(board, marks)
        assert libsudoku.parse_sudokuwiki(link) == (givens, filled, left)
        value = link[len(URL) :]
        assert libsudoku.parse_sudokuwiki(f"?a=1&bd={value}#x") == (givens, filled, left)


def test_sudokuwiki_cells_are_encoded_as_documented():
    # A given 5 is (16 << 1) + 1 = 33, "11"; an entered 5 "10"; candidates 1 and 9, 514, "g2".
    givens = "5" + "." * 80
    board = "55" + "." * 79
    marks = [set(), set(), {1, 9}] + [set(range(1, 10))] * 78
    link = libsudoku.format_sudokuwiki(givens, board, marks)
    assert link[len(URL) : len(URL) + 8] == "1110g2vu"


def test_bad_sudokuwiki_links_are_rejected_at_the_first_problem():
    digits = PUZZLE.replace(".", "0")
    for text, offset in [
        (URL + digits[:80], len(URL) + 80),
        (URL + digits[:5] + "x" + digits[6:], len(URL) + 5),
        (URL + digits + "1", len(URL) + 81),
        ("S9B" + "01" * 80, 163),
    ]:
        with pytest.raises(ParseError) as e:
            libsudoku.parse_sudokuwiki(text)
        assert e.value.offset == offset
    with pytest.raises(ValueError):
        libsudoku.format_sudokuwiki(PUZZLE, PUZZLE)
    with pytest.raises(libsudoku.InvalidArgumentError):
        libsudoku.format_sudokuwiki(PUZZLE, "1" + PUZZLE[1:], libsudoku.candidates(PUZZLE))


# Simple Sudoku's .ss


def test_ss_round_trips_with_one_two_or_three_grids():
    rng = random.Random(9)
    for _ in range(100):
        givens, board, marks = random_position(rng, 50)
        none = [set()] * 81
        only = libsudoku.format_ss(givens)
        assert only.startswith("*-----------*\n|") and len(only.splitlines()) == 13
        assert libsudoku.parse_ss(only) == (givens, givens, none)
        assert libsudoku.parse(only) == givens
        assert libsudoku.parse_ss(libsudoku.format_ss(givens, board)) == (givens, board, none)
        filled, left = singles_filled(givens, marks)
        with_marks = libsudoku.format_ss(givens, candidates=marks)
        assert libsudoku.parse_ss(with_marks) == (givens, filled, left)
        full = libsudoku.parse_ss(libsudoku.format_ss(givens, board, marks))
        assert full == (givens, board, [set() if board[i] != "." else marks[i] for i in range(81)])


def test_the_unframed_simple_sudoku_layout_is_read():
    rows = [PUZZLE[r * 9 : r * 9 + 9] for r in range(9)]
    lines = [f"{r[:3]}|{r[3:6]}|{r[6:]}" for r in rows]
    text = "\n".join(lines[:3] + ["-----------"] + lines[3:6] + ["-----------"] + lines[6:])
    assert libsudoku.parse_ss(text) == (PUZZLE, PUZZLE, [set()] * 81)


def test_bad_ss_files_are_rejected_at_the_first_problem():
    text = libsudoku.format_ss(PUZZLE)
    with pytest.raises(ParseError) as e:
        libsudoku.parse_ss(text.replace("5", "?", 1))
    assert e.value.offset == text.index("5")
    with pytest.raises(ParseError) as e:
        libsudoku.parse_ss(text * 4)
    assert e.value.offset == 3 * len(text) + 15
    with pytest.raises(libsudoku.InvalidArgumentError):
        libsudoku.format_ss(PUZZLE, "." + PUZZLE[1:])
