"""count_solutions, is_unique, enumerate_solutions / for_each_solution, validate, candidates,
candidates_singles, solve_batch, parse and format: checked against the plain-Python reference
(tests/reference.py) and the corpus, with bad input, untouched arguments and threads."""

from __future__ import annotations

import random
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import libsudoku
import pytest
import reference
from libsudoku import FormatStyle, Status

PUZZLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
ANSWER = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
CONFLICT = "55" + PUZZLE[2:]
BAD_CHAR = PUZZLE[:40] + "x" + PUZZLE[41:]
NO_SOLUTION = "12345678." + "........9" + "." * 63  # clash-free; cell 8 has no candidate


def blanked(solution: str, blanks: int, rng: random.Random) -> str:
    """``solution`` with ``blanks`` random cells blanked: a board with one or more solutions."""
    cells = rng.sample(range(81), blanks)
    board = list(solution)
    for c in cells:
        board[c] = "."
    return "".join(board)


def misplaced(solution: str, blanks: int, rng: random.Random) -> str:
    """``solution`` with ``blanks`` random cells blanked and a wrong but clash-free digit put in
    one of them: a board that often has no solution, sometimes several."""
    board = list(blanked(solution, blanks, rng))
    for cell in rng.sample(range(81), 81):
        wrong = reference.candidates("".join(board))[cell] - {int(solution[cell])}
        if wrong:
            board[cell] = str(rng.choice(sorted(wrong)))
            break
    return "".join(board)


def random_partial(rng: random.Random) -> str:
    """A random board with a few clash-free givens: often many solutions, sometimes none."""
    board = ["."] * 81
    for _ in range(rng.randrange(8, 30)):
        cell = rng.randrange(81)
        digit = str(rng.randrange(1, 10))
        if all(board[p] != digit for p in reference.PEERS[cell]):
            board[cell] = digit
    return "".join(board)


# count_solutions and is_unique


def test_counts_match_the_tdoku_test_file():
    text = (reference.puzzle_dir() / "tdoku_test_puzzles_with_counts.txt").read_text()
    lines = [line for line in text.splitlines() if line and not line.startswith("#")]
    assert len(lines) > 40
    for line in lines:
        puzzle, count = line.split(":")[:2]
        count = int(count)
        found, first = libsudoku.count_solutions(puzzle, count + 1)
        assert found == count, puzzle
        assert reference.is_solution(puzzle, first) if count else first is None
        assert libsudoku.is_unique(puzzle) == (count == 1)
        # Stopping at the limit.
        assert libsudoku.count_solutions(puzzle, 1)[0] == min(count, 1)


def test_counts_agree_with_brute_force_on_random_boards():
    rng = random.Random(6)
    solution = libsudoku.solve("." * 81)
    boards = [blanked(solution, rng.randrange(20, 64), rng) for _ in range(20)]
    boards += [misplaced(solution, rng.randrange(20, 50), rng) for _ in range(20)]
    counts = set()
    for board in boards:
        expected = reference.solutions(board, 5)
        count, first = libsudoku.count_solutions(board, 5)
        assert count == len(expected), board
        assert (first is None) == (count == 0)
        if first is not None:
            assert reference.is_solution(board, first)
        counts.add(count)
    assert {0, 1, 5} <= counts, "the random boards should cover none, one and many"


def test_count_of_clashing_givens_is_zero():
    assert libsudoku.count_solutions(CONFLICT) == (0, None)
    assert libsudoku.count_solutions(NO_SOLUTION) == (0, None)
    assert not libsudoku.is_unique(CONFLICT)


@pytest.mark.parametrize("limit", [0, -1, 2**64])
def test_count_limit_out_of_range(limit):
    with pytest.raises(libsudoku.InvalidArgumentError) as caught:
        libsudoku.count_solutions(PUZZLE, limit)
    assert caught.value.status is Status.INVALID_ARGUMENT
    assert isinstance(caught.value, ValueError)


def test_count_bad_input():
    with pytest.raises(libsudoku.InvalidCharacterError):
        libsudoku.count_solutions(BAD_CHAR)
    with pytest.raises(libsudoku.InvalidCharacterError):
        libsudoku.is_unique(BAD_CHAR)
    with pytest.raises(ValueError, match="81 cells"):
        libsudoku.count_solutions(PUZZLE[:80])
    with pytest.raises(TypeError):
        libsudoku.count_solutions(PUZZLE, "2")
    with pytest.raises(TypeError):
        libsudoku.count_solutions(None)


# enumerate_solutions and for_each_solution


def test_enumeration_gives_distinct_valid_solutions_as_many_as_counted():
    rng = random.Random(7)
    solution = libsudoku.solve("." * 81)
    limit = 1000
    several = 0
    for _ in range(10):
        board = blanked(solution, rng.randrange(45, 56), rng)
        count, _ = libsudoku.count_solutions(board, limit)
        found = libsudoku.enumerate_solutions(board, limit)
        assert len(found) == count == len(set(found))
        assert all(reference.is_solution(board, s) for s in found)
        if count < limit:
            assert set(found) == set(reference.solutions(board, limit))
        several += count > 1
    assert several >= 3
    assert (
        libsudoku.enumerate_solutions("." * 81, 7)
        == libsudoku.enumerate_solutions("." * 81, 10)[:7]
    )
    assert libsudoku.enumerate_solutions(CONFLICT, 5) == []
    assert libsudoku.enumerate_solutions(PUZZLE, 5) == [ANSWER]


def test_a_callback_returning_true_stops():
    seen = []
    calls = libsudoku.for_each_solution("." * 81, lambda s: seen.append(s) or len(seen) == 3, 100)
    assert calls == len(seen) == 3


def test_a_callback_may_call_the_library():
    board = "." * 81
    checked = []
    libsudoku.for_each_solution(board, lambda s: checked.append(libsudoku.is_unique(s)), 4)
    assert checked == [True] * 4


@pytest.mark.parametrize("error", [ZeroDivisionError("boom"), KeyboardInterrupt()])
def test_a_callback_exception_stops_the_enumeration_and_is_raised_after_it(error, capfd):
    calls = []

    def callback(solution: str) -> None:
        calls.append(solution)
        raise error

    with pytest.raises(type(error)) as caught:
        libsudoku.for_each_solution("." * 81, callback, 100)
    assert caught.value is error
    assert len(calls) == 1, "the enumeration went on after the exception"
    # ctypes prints "Exception ignored on calling ctypes callback function" when an exception
    # reaches it: none did.
    assert capfd.readouterr().err == ""


def test_enumeration_bad_input():
    for limit in (0, -3):
        with pytest.raises(libsudoku.InvalidArgumentError):
            libsudoku.enumerate_solutions(PUZZLE, limit)
    with pytest.raises(libsudoku.InvalidCharacterError):
        libsudoku.for_each_solution(BAD_CHAR, lambda s: None, 3)


def test_enumerations_on_threads_do_not_mix():
    rng = random.Random(8)
    solution = libsudoku.solve("." * 81)
    boards = [blanked(solution, 56, rng) for _ in range(16)]
    expected = [libsudoku.enumerate_solutions(b, 300) for b in boards]
    with ThreadPoolExecutor(max_workers=4) as pool:
        got = list(pool.map(lambda b: libsudoku.enumerate_solutions(b, 300), boards * 4))
    assert got == expected * 4


# validate


def test_validate_accepts_legal_boards_even_without_solution():
    assert libsudoku.validate(PUZZLE) is None
    assert libsudoku.validate(ANSWER) is None
    assert libsudoku.validate("." * 81) is None
    assert libsudoku.validate(NO_SOLUTION.replace(".", "0")) is None


def test_validate_names_the_cell_of_random_clashes():
    rng = random.Random(9)
    kinds = set()
    for _ in range(300):
        board = list(blanked(ANSWER, rng.randrange(20, 70), rng))
        cell = rng.randrange(81)
        unit = rng.choice(reference.UNITS_OF[cell])
        other = rng.choice([p for p in reference.UNITS[unit] if p != cell])
        board[other] = board[cell] = ANSWER[cell]
        board = "".join(board)
        with pytest.raises(libsudoku.ConflictError) as caught:
            libsudoku.validate(board)
        assert caught.value.cell == reference.first_clash(board)
        assert caught.value.status is Status.CONFLICT
        assert str(caught.value).startswith(libsudoku.status_message(Status.CONFLICT))
        kinds.add(unit // 9)
    assert kinds == {0, 1, 2}  # rows, columns and boxes


def test_validate_names_the_cell_of_a_bad_character():
    for cell, ch in [(0, "x"), (40, "\0"), (80, " "), (17, "a")]:
        board = PUZZLE[:cell] + ch + PUZZLE[cell + 1 :]
        with pytest.raises(libsudoku.InvalidCharacterError) as caught:
            libsudoku.validate(board.encode("ascii"))
        assert caught.value.cell == cell
    # A non-ASCII character in a str.
    with pytest.raises(libsudoku.InvalidCharacterError) as caught:
        libsudoku.validate(PUZZLE[:30] + "é" + PUZZLE[31:])
    assert caught.value.cell == 30
    # The first problem wins, in row-major order.
    with pytest.raises(libsudoku.ConflictError) as caught:
        libsudoku.validate(CONFLICT[:80] + "x")
    assert caught.value.cell == 1


# candidates and candidates_singles


def test_candidates_agree_with_the_reference_on_the_corpus():
    puzzles = reference.corpus("puzzles1_unbiased_first1000.txt", 150)
    puzzles += reference.corpus("puzzles2_17_clue.txt", 150)
    for puzzle in puzzles:
        assert libsudoku.candidates(puzzle) == reference.candidates(puzzle)
        assert libsudoku.candidates_singles(puzzle) == reference.singles(puzzle)


def test_candidates_singles_of_an_easy_puzzle_is_its_solution():
    # The sample puzzle falls to singles: every blank cell ends with the solution's digit.
    singles = libsudoku.candidates_singles(PUZZLE)
    for c, digits in enumerate(singles):
        assert digits == (set() if PUZZLE[c] != "." else {int(ANSWER[c])})


def test_candidates_failures():
    for function in (libsudoku.candidates, libsudoku.candidates_singles):
        with pytest.raises(libsudoku.ConflictError):
            function(CONFLICT)
        with pytest.raises(libsudoku.InvalidCharacterError):
            function(BAD_CHAR)
        with pytest.raises(libsudoku.NoSolutionError):
            function(NO_SOLUTION)
    # Singles reach a contradiction that plain elimination cannot see.
    rng = random.Random(10)
    found = 0
    for _ in range(300):
        board = random_partial(rng)
        if reference.singles(board) is None:
            found += 1
            with pytest.raises(libsudoku.NoSolutionError):
                libsudoku.candidates_singles(board)
        else:
            assert libsudoku.candidates_singles(board) == reference.singles(board)
    assert found > 0


# solve_batch


def test_batch_equals_one_by_one_with_failures_in_the_middle():
    puzzles = reference.corpus("puzzles1_unbiased_first1000.txt", 300)
    puzzles[10] = CONFLICT
    puzzles[150] = BAD_CHAR
    puzzles[151] = NO_SOLUTION
    puzzles[200] = PUZZLE[:5] + "é" + PUZZLE[6:]
    expected = []
    for p in puzzles:
        try:
            expected.append((Status.OK, libsudoku.solve(p)))
        except libsudoku.SudokuError as e:
            expected.append((e.status, None))
    original = list(puzzles)
    for threads in (0, 1, 2, 7):
        assert libsudoku.solve_batch(puzzles, threads) == expected
    assert puzzles == original
    statuses = [status for status, _ in expected]
    assert statuses[10] is Status.CONFLICT
    assert statuses[150] is statuses[200] is Status.INVALID_CHARACTER
    assert statuses[151] is Status.NO_SOLUTION


def test_batch_takes_bytes_and_leaves_them_alone():
    data = [bytearray(PUZZLE, "ascii"), PUZZLE.encode(), PUZZLE]
    assert libsudoku.solve_batch(data, 2) == [(Status.OK, ANSWER)] * 3
    assert data[0] == bytearray(PUZZLE, "ascii")
    assert libsudoku.solve_batch([]) == []


def test_batch_bad_input_raises_before_solving():
    with pytest.raises(ValueError, match="puzzle 1: a puzzle has 81 cells"):
        libsudoku.solve_batch([PUZZLE, PUZZLE[:-1]])
    with pytest.raises(TypeError, match="puzzle 2"):
        libsudoku.solve_batch([PUZZLE, PUZZLE, None])
    with pytest.raises(libsudoku.InvalidArgumentError):
        libsudoku.solve_batch([PUZZLE], threads=-1)


def batch_beside_a_spinning_thread(puzzles: list[str]) -> tuple[float, float]:
    """Runs ``solve_batch(puzzles, 1)`` on another thread while this one loops; returns how long
    the call took and the longest pause between two steps of this thread's loop meanwhile."""
    done = threading.Event()
    span = []

    def batch() -> None:
        start = time.perf_counter()
        libsudoku.solve_batch(puzzles, 1)
        span.append(time.perf_counter() - start)
        done.set()

    worker = threading.Thread(target=batch)
    last = time.perf_counter()
    longest = 0.0
    worker.start()
    while not done.is_set():
        now = time.perf_counter()
        longest = max(longest, now - last)
        last = now
    worker.join()
    return span[0], longest


def test_batch_releases_the_gil():
    # While one thread is inside the library, this one keeps running: the longest pause between
    # its steps is far below the call's duration (with the GIL held, it would be the whole call).
    # Hard puzzles: the time goes into the C call, not into preparing its arguments. The batch
    # is sized to this machine and library: doubled until the call lasts 40 of the interpreter's
    # thread-switch intervals (0.2 s by default), so that neither the interpreter's switching
    # nor the system's scheduling can account for a pause of half of it. Nothing here depends
    # on how fast the machine or the solver is.
    puzzles = reference.corpus("puzzles5_forum_hardest_1905_11+.txt", 1000)
    long_enough = 40 * sys.getswitchinterval()
    batch = puzzles
    while True:
        span, longest = batch_beside_a_spinning_thread(batch)
        if span >= long_enough:
            break
        # A guard against a runaway loop only: 2**20 puzzles is ~100 MB of boards and results.
        assert len(batch) < 2**20, f"{len(batch)} puzzles took only {span:.3f} s"
        batch = batch * 2
    assert longest < span / 2, (len(batch), longest, span)


# parse and format


def test_format_styles_match_the_documented_layouts():
    for puzzle in [PUZZLE, PUZZLE.replace(".", "0"), ANSWER, "." * 81]:
        line = puzzle.replace("0", ".")
        assert libsudoku.format(puzzle) == line
        assert libsudoku.format(puzzle, FormatStyle.LINE) == line
        assert libsudoku.format(puzzle, FormatStyle.GRID) == reference.render(puzzle, False)
        assert libsudoku.format(puzzle, FormatStyle.BORDERED) == reference.render(puzzle, True)
        assert libsudoku.format(puzzle.encode(), 2) == reference.render(puzzle, True)


def test_format_failures():
    for style in (3, -1, 2**40):
        with pytest.raises(libsudoku.InvalidArgumentError):
            libsudoku.format(PUZZLE, style)
    with pytest.raises(libsudoku.InvalidCharacterError):
        libsudoku.format(BAD_CHAR)
    # Clashes are not checked: it is only text.
    assert libsudoku.format(CONFLICT).startswith("55")


def test_parse_reads_every_format_back():
    puzzles = reference.corpus("puzzles3_magictour_top1465.txt", 100)
    for puzzle in puzzles:
        for style in FormatStyle:
            text = libsudoku.format(puzzle, style)
            assert libsudoku.parse(text) == puzzle.replace("0", ".")
            assert libsudoku.parse(text.replace("\n", "\r\n").encode()) == puzzle.replace("0", ".")


def test_parse_reads_pasted_layouts():
    expected = PUZZLE
    rows = [PUZZLE[r * 9 : r * 9 + 9] for r in range(9)]
    assert libsudoku.parse(PUZZLE + "  # LeetCode 37, für alle") == expected
    assert libsudoku.parse("\n".join(rows) + "\n") == expected
    assert libsudoku.parse("\n\n" + "\n".join(r.replace(".", "_") for r in rows)) == expected
    assert libsudoku.parse(PUZZLE.replace(".", "x")) == expected
    assert libsudoku.parse(bytearray(PUZZLE.replace(".", "*"), "ascii")) == expected


@pytest.mark.parametrize(
    "text, offset",
    [
        (PUZZLE[:80], 80),  # a cell missing: the end of the text
        (PUZZLE[:20] + "?" + PUZZLE[21:], 20),  # a stray byte
        (PUZZLE + "5", 81),  # the cell one too many
        (PUZZLE + "\n" + PUZZLE, 82),  # a second puzzle
        ("", 0),
        ("é" + PUZZLE, 0),
        ("ä" * 3 + PUZZLE, 0),
        (PUZZLE + " # für\n5", 88),  # an index into the str (the "5"), not into its UTF-8
    ],
)
def test_parse_errors_give_the_offset(text, offset):
    with pytest.raises(libsudoku.ParseError) as caught:
        libsudoku.parse(text)
    assert caught.value.offset == offset
    assert caught.value.status is Status.PARSE
    assert isinstance(caught.value, ValueError)
    assert str(caught.value).startswith(libsudoku.status_message(Status.PARSE))


def test_parse_offsets_in_bytes_are_byte_offsets():
    head = PUZZLE + " # für\n"
    with pytest.raises(libsudoku.ParseError) as caught:
        libsudoku.parse((head + "5").encode())
    assert caught.value.offset == len(head.encode()) == len(head) + 1


def test_parse_rejects_other_types():
    with pytest.raises(TypeError):
        libsudoku.parse(None)
    with pytest.raises(TypeError):
        libsudoku.parse(list(PUZZLE))


# Nothing is modified, whatever the call.


@pytest.mark.parametrize(
    "call",
    [
        lambda b: libsudoku.count_solutions(b, 3),
        lambda b: libsudoku.enumerate_solutions(b, 3),
        libsudoku.is_unique,
        libsudoku.candidates,
        libsudoku.candidates_singles,
        libsudoku.format,
        libsudoku.validate,
        libsudoku.solve,
        lambda b: libsudoku.solve_batch([b, b]),
    ],
)
def test_arguments_are_never_modified(call):
    for text in (PUZZLE, CONFLICT):
        data = bytearray(text, "ascii")
        try:
            call(data)
        except libsudoku.SudokuError:
            pass
        assert data == bytearray(text, "ascii")
