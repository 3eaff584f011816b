"""generate, rate, hint and the technique and level names: checked against count_solutions, the
plain-Python reference (tests/reference.py) and docs/grading.md's tables, with bad input,
untouched arguments and threads."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import libsudoku
import pytest
import reference
from libsudoku import HintKind, Level, Status, Symmetry, Technique

PUZZLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
ANSWER = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
CONFLICT = "55" + PUZZLE[2:]
NO_SOLUTION = "12345678." + "........9" + "." * 63
SEVERAL = "." * 81


# generate


def test_generated_puzzles_are_unique_and_minimal_with_their_solution():
    for seed in range(12):
        puzzle, solution = libsudoku.generate(seed)
        assert set(puzzle) <= set(".123456789")
        assert libsudoku.count_solutions(puzzle) == (1, solution)
        assert reference.is_solution(puzzle, solution)
        # Minimal: without any one of its givens the puzzle has several solutions.
        for cell in (c for c, ch in enumerate(puzzle) if ch != "."):
            fewer = puzzle[:cell] + "." + puzzle[cell + 1 :]
            assert libsudoku.count_solutions(fewer)[0] == 2


def test_generation_is_deterministic_and_seeds_differ():
    first = [libsudoku.generate(seed) for seed in (0, 1, 2**64 - 1)]
    assert [libsudoku.generate(seed) for seed in (0, 1, 2**64 - 1)] == first
    assert len({g.puzzle for g in first}) == 3
    # On threads too: no shared state between calls.
    seeds = list(range(40))
    expected = [libsudoku.generate(s, symmetry=Symmetry.ROTATE_180) for s in seeds]
    with ThreadPoolExecutor(max_workers=4) as pool:
        got = list(pool.map(lambda s: libsudoku.generate(s, symmetry=Symmetry.ROTATE_180), seeds))
    assert got == expected


@pytest.mark.parametrize("symmetry", list(Symmetry))
def test_generated_puzzles_have_the_symmetry_asked_for(symmetry):
    for seed in range(3):
        puzzle, solution = libsudoku.generate(seed, symmetry=symmetry)
        assert libsudoku.is_unique(puzzle)
        for cell in range(81):
            given = puzzle[cell] != "."
            assert all(
                (puzzle[c] != ".") == given for c in reference.symmetric_cells(cell, symmetry)
            )


@pytest.mark.parametrize(
    "level", [Level.EASY, Level.MEDIUM, Level.HARD, Level.EXPERT, Level.EXTREME]
)
def test_generated_puzzles_are_within_the_level_asked_for(level):
    for seed in range(3):
        puzzle, _ = libsudoku.generate(seed, min_level=level, max_level=level)
        assert libsudoku.rate(puzzle).level is level
    puzzle, _ = libsudoku.generate(7, min_level=Level.MEDIUM, max_level=Level.HARD)
    assert libsudoku.rate(puzzle).level in (Level.MEDIUM, Level.HARD)


def test_generated_puzzles_are_within_the_er_asked_for():
    for seed in range(3):
        puzzle, _ = libsudoku.generate(seed, min_er_tenths=40, max_er_tenths=45)
        assert 40 <= libsudoku.rate(puzzle).er_tenths <= 45
    # 0 and None are no bound.
    assert libsudoku.generate(5, min_er_tenths=0, max_er_tenths=None) == libsudoku.generate(5)


def test_a_floor_of_givens():
    puzzle, solution = libsudoku.generate(3, min_givens=30, minimal=False)
    assert 81 - puzzle.count(".") == 30
    assert libsudoku.count_solutions(puzzle) == (1, solution)
    # All 81: nothing may be removed. Not minimal: the full grid; minimal: no grid qualifies.
    puzzle, solution = libsudoku.generate(3, min_givens=81, minimal=False)
    assert puzzle == solution
    with pytest.raises(libsudoku.AttemptsExhaustedError) as caught:
        libsudoku.generate(3, min_givens=81, max_attempts=2)
    assert caught.value.status is Status.ATTEMPTS_EXHAUSTED


@pytest.mark.parametrize(
    "options",
    [
        {"symmetry": 6},
        {"symmetry": -1},
        {"min_level": 8},
        {"max_level": -1},
        {"min_level": Level.HARD, "max_level": Level.EASY},
        {"min_er_tenths": 50, "max_er_tenths": 40},
        {"max_er_tenths": 201},
        {"min_level": Level.EXPERT, "max_er_tenths": 46},
        {"min_er_tenths": -1},
        {"min_givens": 82},
        {"min_givens": -1},
        {"max_attempts": 2**32},
        {"symmetry": 2**40},  # would wrap to 0 in a C int
    ],
)
def test_generate_rejects_bad_options(options):
    with pytest.raises(libsudoku.InvalidArgumentError) as caught:
        libsudoku.generate(1, **options)
    assert caught.value.status is Status.INVALID_ARGUMENT


def test_generate_rejects_bad_seeds():
    for seed in (-1, 2**64):
        with pytest.raises(libsudoku.InvalidArgumentError):
            libsudoku.generate(seed)
    with pytest.raises(TypeError):
        libsudoku.generate("1")
    with pytest.raises(TypeError):
        libsudoku.generate(1, Symmetry.NONE)  # options are keyword-only


def test_max_attempts_none_and_zero_mean_the_default():
    assert libsudoku.generate(4, max_attempts=None) == libsudoku.generate(4)
    assert libsudoku.generate(4, max_attempts=0) == libsudoku.generate(4)


# rate


def check_rating(rating: libsudoku.Rating) -> None:
    """What docs/grading.md says of every rating."""
    assert rating.steps == sum(rating.technique_steps.values())
    assert all(n > 0 for n in rating.technique_steps.values())
    assert (rating.needs_search, rating.guesses) == (False, 0)
    assert rating.score_tenths == rating.er_tenths
    assert rating.ed_tenths <= rating.ep_tenths <= rating.er_tenths
    assert rating.level == reference.level_of_score(rating.er_tenths)
    if rating.hardest is None:
        assert rating.er_tenths == 0 and rating.steps == 0 and rating.hardest_name is None
        assert rating.ep_technique is None and rating.ed_technique is None
    else:
        for t in (rating.hardest, rating.ep_technique, rating.ed_technique):
            assert t in rating.technique_steps
        assert libsudoku.technique_score(rating.hardest) <= rating.er_tenths
        assert rating.hardest_name
    assert rating.score == rating.score_tenths / 10


def test_ratings_of_the_corpus_obey_the_tables():
    levels = set()
    for puzzle in reference.corpus("puzzles1_unbiased_first1000.txt", 150):
        rating = libsudoku.rate(puzzle)
        check_rating(rating)
        levels.add(rating.level)
    assert {Level.EASY, Level.MEDIUM, Level.HARD, Level.EXPERT} <= levels


def test_the_sample_of_sudoku_explainer_ratings():
    # A few of data/ratings/se_sample.tsv: SE's own ER/EP/ED (tests/grade.rs checks them all).
    lines = (reference.ROOT / "data" / "ratings" / "se_sample.tsv").read_text().splitlines()
    rows = [line.split("\t") for line in lines if not line.startswith("#")][::40]
    for puzzle, ratings, rule in rows:
        rating = libsudoku.rate(puzzle)
        check_rating(rating)
        er, ep, ed = (round(float(x) * 10) for x in ratings.split("/"))
        assert (rating.er_tenths, rating.ep_tenths, rating.ed_tenths) == (er, ep, ed), puzzle
        assert rating.hardest_name == rule


def test_a_budget_bounds_the_rating():
    lines = (reference.ROOT / "data" / "ratings" / "se_sample.tsv").read_text().splitlines()
    rows = [line.split("\t") for line in lines if not line.startswith("#")]
    hard = next(puzzle for puzzle, ratings, _ in rows if float(ratings.split("/")[0]) >= 9.0)
    with pytest.raises(libsudoku.BudgetExhaustedError) as caught:
        libsudoku.rate(hard, max_effort=1000)
    assert caught.value.status is Status.BUDGET_EXHAUSTED
    assert libsudoku.rate(hard, max_effort=0) == libsudoku.rate(hard)
    with pytest.raises(libsudoku.InvalidArgumentError):
        libsudoku.rate(hard, max_effort=-1)


def test_a_singles_puzzle_and_a_full_board():
    rating = libsudoku.rate(PUZZLE)
    check_rating(rating)
    assert rating.level is Level.EASY
    assert set(rating.technique_steps) <= {
        Technique.FULL_HOUSE,
        Technique.HIDDEN_SINGLE_BOX,
        Technique.HIDDEN_SINGLE_LINE,
        Technique.NAKED_SINGLE,
    }
    assert rating.steps == PUZZLE.count(".")  # one placement per blank
    full = libsudoku.rate(ANSWER)
    check_rating(full)
    assert (full.hardest, full.hardest_name, full.steps) == (None, None, 0)


@pytest.mark.parametrize(
    "puzzle, error",
    [
        (SEVERAL, libsudoku.MultipleSolutionsError),
        (NO_SOLUTION, libsudoku.NoSolutionError),
        (CONFLICT, libsudoku.ConflictError),
        (PUZZLE[:80] + "x", libsudoku.InvalidCharacterError),
    ],
)
def test_rate_failures(puzzle, error):
    data = bytearray(puzzle, "ascii")
    with pytest.raises(error):
        libsudoku.rate(data)
    assert data == bytearray(puzzle, "ascii")


def test_rating_on_threads():
    puzzles = reference.corpus("puzzles3_magictour_top1465.txt", 60)
    expected = [libsudoku.rate(p) for p in puzzles]
    with ThreadPoolExecutor(max_workers=4) as pool:
        assert list(pool.map(libsudoku.rate, puzzles * 3)) == expected * 3


def test_names_and_scores():
    assert libsudoku.technique_name(Technique.X_WING) == "X-Wing"
    assert libsudoku.technique_name(99) == libsudoku.technique_name(-1) == "unknown technique"
    assert libsudoku.technique_score(99) is None
    assert libsudoku.level_name(Level.MEDIUM) == "medium"
    assert libsudoku.level_name(Level.ANY) == "any"
    assert libsudoku.level_name(99) == "unknown level"
    names = [libsudoku.technique_name(t) for t in Technique]
    assert len(set(names)) == len(names) and "unknown technique" not in names
    # Every score is on Sudoku Explainer's scale (1.0 to 12.0); X-Wing's is SE's 3.2.
    scores = [libsudoku.technique_score(t) for t in Technique]
    assert all(10 <= s <= 120 for s in scores)
    assert libsudoku.technique_score(Technique.X_WING) == 32
    with pytest.raises(libsudoku.InvalidArgumentError):
        libsudoku.technique_name(2**32 + 6)


# hint


def check_step(hint: libsudoku.Hint, solution: str) -> None:
    """A step places only solution digits and never removes one."""
    assert hint.kind in (HintKind.STEP, HintKind.REVEAL)
    if hint.kind is HintKind.STEP:
        assert hint.se_name and hint.difficulty_tenths >= libsudoku.technique_score(hint.technique)
        for chain in hint.chains:
            assert chain[0].link == 0 and all(n.link in (1, 2) for n in chain[1:])
            assert all(0 <= n.cell < 81 and 1 <= n.digit <= 9 for n in chain)
    else:
        assert (hint.se_name, hint.difficulty_tenths, hint.chains) == (None, 0, ())
    for cell, digit in hint.placements.items():
        assert str(digit) == solution[cell]
    for cell, removed in hint.eliminations.items():
        assert int(solution[cell]) not in removed and removed
    assert all(0 <= u < 27 for u in hint.units)
    if hint.kind is HintKind.STEP:
        assert hint.technique is not None and hint.technique_name is not None
        assert hint.placements or hint.eliminations
        assert hint.pattern
    else:
        assert hint.technique is None and list(hint.placements) == [hint.cell]
    if hint.placements:
        assert hint.cell == min(hint.placements)
        assert hint.digit == hint.placements[hint.cell]


def play(puzzle: str, solution: str) -> int:
    """Applies hints with pencil marks until the board is solved; returns the steps taken. The
    hardest is the rating's ER."""
    board = list(puzzle)
    marks = libsudoku.candidates(puzzle)
    hardest = 0
    for steps in range(1000):
        hint = libsudoku.hint("".join(board), puzzle, marks)
        if hint.kind is HintKind.SOLVED:
            assert "".join(board) == solution
            assert hardest == libsudoku.rate(puzzle).er_tenths
            return steps
        check_step(hint, solution)
        hardest = max(hardest, hint.difficulty_tenths)
        for cell, digit in hint.placements.items():
            board[cell] = str(digit)
        for cell, removed in hint.eliminations.items():
            marks[cell] -= removed
    raise AssertionError("no end to the hints")


@pytest.mark.parametrize(
    "level", [Level.EASY, Level.MEDIUM, Level.HARD, Level.EXPERT, Level.EXTREME]
)
def test_following_the_hints_solves_generated_puzzles(level):
    techniques = set()
    for seed in range(2):
        puzzle, solution = libsudoku.generate(seed, min_level=level, max_level=level)
        assert play(puzzle, solution) > 0
        techniques |= set(libsudoku.rate(puzzle).technique_steps)
    assert techniques


def test_a_hint_without_the_puzzle():
    hint = libsudoku.hint(PUZZLE)
    check_step(hint, ANSWER)
    assert hint.kind is HintKind.STEP and hint.cell is not None
    # The same as with the puzzle and no marks, and through sudoku_hint_ex with NULLs.
    assert libsudoku.hint(PUZZLE, PUZZLE) == hint
    assert libsudoku.hint(PUZZLE, marks=[set()] * 81) == hint
    assert libsudoku.hint(ANSWER).kind is HintKind.SOLVED


def test_wrong_digits_are_named():
    puzzle, solution = libsudoku.generate(11)
    blanks = [c for c, ch in enumerate(puzzle) if ch == "."]
    # Entries that are right, then one that is wrong.
    board = list(puzzle)
    for c in blanks[:10]:
        board[c] = solution[c]
    wrong_cell = blanks[20]
    wrong_digit = int(solution[wrong_cell]) % 9 + 1
    board[wrong_cell] = str(wrong_digit)
    hint = libsudoku.hint("".join(board), puzzle)
    assert hint.kind is HintKind.WRONG_DIGIT
    assert (hint.cell, hint.digit) == (wrong_cell, wrong_digit)
    assert hint.wrong == {wrong_cell: wrong_digit}
    assert hint.technique is None and not hint.placements
    # Without the puzzle, the wrong cell is among the suspects (if the position has no solution).
    try:
        suspects = libsudoku.hint("".join(board))
    except libsudoku.MultipleSolutionsError:
        pass
    else:
        if suspects.kind is HintKind.WRONG_DIGIT:
            assert wrong_cell in suspects.wrong


def test_wrong_marks_are_named():
    puzzle, solution = libsudoku.generate(12)
    marks = libsudoku.candidates(puzzle)
    cell = next(c for c, ch in enumerate(puzzle) if ch == ".")
    marks[cell].discard(int(solution[cell]))
    hint = libsudoku.hint(puzzle, puzzle, marks)
    assert hint.kind is HintKind.WRONG_MARK
    assert (hint.cell, hint.digit) == (cell, int(solution[cell]))
    assert hint.wrong == {cell: int(solution[cell])}


@pytest.mark.parametrize(
    "call, error",
    [
        (lambda: libsudoku.hint(SEVERAL), libsudoku.MultipleSolutionsError),
        (lambda: libsudoku.hint(PUZZLE, SEVERAL), libsudoku.MultipleSolutionsError),
        (lambda: libsudoku.hint(PUZZLE[:80] + "x"), libsudoku.InvalidCharacterError),
        (lambda: libsudoku.hint(PUZZLE, PUZZLE[:80] + "x"), libsudoku.InvalidCharacterError),
        (lambda: libsudoku.hint(PUZZLE, CONFLICT), libsudoku.ConflictError),
        # The board changed a given of the puzzle.
        (lambda: libsudoku.hint("." + PUZZLE[1:], PUZZLE), libsudoku.InvalidArgumentError),
        (
            lambda: libsudoku.hint(PUZZLE, marks=[{10}] + [set()] * 80),
            libsudoku.InvalidArgumentError,
        ),
        (
            lambda: libsudoku.hint(PUZZLE, marks=[{0}] + [set()] * 80),
            libsudoku.InvalidArgumentError,
        ),
        (lambda: libsudoku.hint(PUZZLE, marks=[set()] * 80), ValueError),
        (lambda: libsudoku.hint(PUZZLE, marks=[None] * 81), TypeError),
        (lambda: libsudoku.hint(PUZZLE[:80]), ValueError),
    ],
)
def test_hint_failures(call, error):
    with pytest.raises(error):
        call()


def test_hint_leaves_its_arguments_alone():
    puzzle, _ = libsudoku.generate(13)
    board = bytearray(puzzle, "ascii")
    given = bytearray(puzzle, "ascii")
    marks = libsudoku.candidates(puzzle)
    copy = [set(m) for m in marks]
    libsudoku.hint(board, given, marks)
    assert board == given == bytearray(puzzle, "ascii")
    assert marks == copy


def test_hints_on_threads():
    games = [
        libsudoku.generate(seed, min_level=Level.MEDIUM, max_level=Level.MEDIUM)
        for seed in range(8)
    ]
    expected = [play(p, s) for p, s in games]
    with ThreadPoolExecutor(max_workers=4) as pool:
        assert list(pool.map(lambda g: play(*g), games * 2)) == expected * 2
