"""libsudoku: a fast, safe Sudoku engine, through its C library (ctypes; nothing to compile).

>>> import libsudoku
>>> libsudoku.solve("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
'534678912672195348198342567859761423426853791713924856961537284287419635345286179'

A puzzle is 81 characters, row by row: ``'1'``-``'9'`` for givens, ``'.'`` or ``'0'`` for blanks,
as ``str`` or ``bytes``. Cells are numbered 0 to 80, row by row; digits are the ints 1 to 9.
Failures the library reports raise a :class:`SudokuError` subclass that carries the C status;
input that is not a puzzle at all raises ``ValueError`` or ``TypeError``. No function modifies
its arguments.

Every function is thread-safe: the library keeps no global state, and ctypes releases the GIL
during each call. The shared library is taken from ``$LIBSUDOKU_PATH``, else from a copy bundled
next to this package, else from the system (see the README); :func:`library_path` tells which.
"""

from __future__ import annotations

import ctypes
import enum
import operator
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import NamedTuple, Union

from . import _native

__all__ = [
    "CELLS",
    "AttemptsExhaustedError",
    "BudgetExhaustedError",
    "BufferTooSmallError",
    "ChainNode",
    "ConflictError",
    "FormatStyle",
    "Generated",
    "Hint",
    "HintKind",
    "InternalError",
    "InvalidArgumentError",
    "InvalidCharacterError",
    "Level",
    "Marks",
    "MarksStyle",
    "MultipleSolutionsError",
    "NoSolutionError",
    "NullPointerError",
    "ParseError",
    "Position",
    "Puzzle",
    "PuzzleRecord",
    "Rating",
    "Status",
    "SudokuError",
    "Symmetry",
    "Technique",
    "TooHardError",
    "candidates",
    "candidates_singles",
    "count_solutions",
    "enumerate_solutions",
    "for_each_solution",
    "format_marks",
    "format_ss",
    "format_sudokuwiki",
    # not "format": `from libsudoku import *` would hide the built-in
    "generate",
    "hint",
    "is_unique",
    "level_name",
    "library_path",
    "parse",
    "parse_marks",
    "parse_ss",
    "parse_sudokuwiki",
    "rate",
    "read_puzzles",
    "solve",
    "solve_batch",
    "status_message",
    "technique_name",
    "technique_score",
    "validate",
    "version",
]

#: Version of this package; the same as the C library's it was written for.
__version__ = "0.1.0"

#: Number of cells on a board.
CELLS = 81

#: What the functions take as a puzzle.
Puzzle = Union[str, bytes, bytearray]

_PATH = _native.locate()
_lib = _native.load(_PATH, __version__)

_INT32 = (-(2**31), 2**31 - 1)
_UINT32 = (0, 2**32 - 1)
_UINT64 = (0, 2**64 - 1)
_SIZE = (0, 2 ** (8 * ctypes.sizeof(ctypes.c_size_t)) - 1)


# The C enums (a test compares each with sudoku.h). The numbers never change.


class Status(enum.IntEnum):
    """The C library's status codes (``sudoku_status``)."""

    OK = 0
    NULL_POINTER = 1
    INVALID_CHARACTER = 2
    CONFLICT = 3
    NO_SOLUTION = 4
    INTERNAL = 5
    INVALID_ARGUMENT = 6
    BUFFER_TOO_SMALL = 7
    PARSE = 8
    MULTIPLE_SOLUTIONS = 9
    ATTEMPTS_EXHAUSTED = 10
    BUDGET_EXHAUSTED = 11
    TOO_HARD = 12


class FormatStyle(enum.IntEnum):
    """Layouts for :func:`format` (``sudoku_format_style``)."""

    #: The 81 cells on one line.
    LINE = 0
    #: Nine lines of cells separated by spaces, ``|`` between boxes, rules between bands.
    GRID = 1
    #: The grid framed by ``+-------+...`` rules and ``|`` at both ends of each row.
    BORDERED = 2


class Technique(enum.IntEnum):
    """Solving techniques that ratings count and hints name: Sudoku Explainer's rules
    (``sudoku_technique``). :func:`technique_name` gives the English name, :func:`technique_score`
    SE's score of the simplest form. W_WING, SIMPLE_COLOURING, X_CHAIN, XY_CHAIN and AIC are the
    first grader's, retired: never produced."""

    HIDDEN_SINGLE_BOX = 0
    HIDDEN_SINGLE_LINE = 1
    NAKED_SINGLE = 2
    POINTING = 3
    CLAIMING = 4
    NAKED_PAIR = 5
    X_WING = 6
    HIDDEN_PAIR = 7
    NAKED_TRIPLE = 8
    SWORDFISH = 9
    HIDDEN_TRIPLE = 10
    XY_WING = 11
    XYZ_WING = 12
    UNIQUE_RECTANGLE = 13
    W_WING = 14
    NAKED_QUAD = 15
    JELLYFISH = 16
    HIDDEN_QUAD = 17
    SIMPLE_COLOURING = 18
    BUG_PLUS_ONE = 19
    X_CHAIN = 20
    XY_CHAIN = 21
    AIC = 22
    FULL_HOUSE = 23
    DIRECT_POINTING = 24
    DIRECT_CLAIMING = 25
    DIRECT_HIDDEN_PAIR = 26
    DIRECT_HIDDEN_TRIPLE = 27
    SKYSCRAPER = 28
    TWO_STRING_KITE = 29
    TURBOT_CRANE = 30
    GROUPED_TURBOT = 31
    THREE_STRONG_LINKS = 32
    WXYZ_WING = 33
    VWXYZ_WING = 34
    UNIQUE_LOOP = 35
    BUG_TYPE2 = 36
    BUG_TYPE3 = 37
    BUG_TYPE4 = 38
    ALIGNED_PAIR_EXCLUSION = 39
    ALIGNED_TRIPLE_EXCLUSION = 40
    BIDIRECTIONAL_X_CYCLE = 41
    BIDIRECTIONAL_Y_CYCLE = 42
    BIDIRECTIONAL_CYCLE = 43
    FORCING_X_CHAIN = 44
    FORCING_Y_CHAIN = 45
    FORCING_CHAIN = 46
    NISHIO_FORCING_CHAIN = 47
    CELL_FORCING_CHAIN = 48
    REGION_FORCING_CHAIN = 49
    DYNAMIC_FORCING_CHAIN = 50
    DYNAMIC_FORCING_CHAIN_PLUS = 51
    NESTED_FORCING_CHAIN = 52


class Level(enum.IntEnum):
    """Difficulty levels (``sudoku_level``), bands of Sudoku Explainer's ER: easy up to 2.3,
    medium 2.4-3.4, hard 3.5-4.6, expert 4.7-7.5, extreme 7.6-8.4, diabolical 8.5-8.9, nightmare
    9.0 and above; ``ANY`` only as a :func:`generate` bound."""

    ANY = 0
    EASY = 1
    MEDIUM = 2
    HARD = 3
    EXPERT = 4
    EXTREME = 5
    DIABOLICAL = 6
    NIGHTMARE = 7


class Symmetry(enum.IntEnum):
    """Symmetry of a generated puzzle's givens (``sudoku_symmetry``)."""

    NONE = 0
    ROTATE_180 = 1
    ROTATE_90 = 2
    DIAGONAL = 3
    ANTI_DIAGONAL = 4
    MIRROR = 5


class HintKind(enum.IntEnum):
    """What a :class:`Hint` describes (``sudoku_hint_kind``)."""

    #: A logical step, Sudoku Explainer's next one: technique, SE's name and rating,
    #: placements, eliminations, pattern, units and chains.
    STEP = 0
    #: The board is complete and correct.
    SOLVED = 1
    #: Entered digits contradict the solution: see ``wrong``.
    WRONG_DIGIT = 2
    #: The pencil marks exclude the solution's digit from some cells: see ``wrong``.
    WRONG_MARK = 3
    #: No step found within the default budget: ``cell`` gets ``digit``, the solution's.
    REVEAL = 4


def _known(enum_type: type[enum.IntEnum], value: int) -> int:
    """``value`` as a member of ``enum_type``, or the plain int if a newer library added it."""
    try:
        return enum_type(value)
    except ValueError:
        return value


# Errors.


def status_message(status: int) -> str:
    """The library's description of a status code; any int is accepted."""
    return _lib.sudoku_status_str(_int(status, "status", _INT32)).decode("ascii")


class SudokuError(Exception):
    """A failure the library reported. ``status`` is its code: a :class:`Status`, or a plain int
    for a code that a newer library added. ``cell`` is the index (0-80) of the cell at fault
    when the call names one (:func:`validate` does), else None."""

    status: Status | int
    cell: int | None

    def __init__(self, status: int, message: str | None = None, *, cell: int | None = None):
        self.status = _known(Status, status)
        self.cell = cell
        super().__init__(message if message is not None else status_message(status))

    def __reduce__(self) -> tuple[object, ...]:
        # For pickle (multiprocessing): the arguments, then the attributes (cell, offset).
        return (type(self), (int(self.status), str(self)), self.__dict__)


class NullPointerError(SudokuError):
    """A required pointer was NULL (a bug in this package if it ever happens)."""


class InvalidCharacterError(SudokuError, ValueError):
    """A cell holds something other than ``'1'``-``'9'``, ``'.'`` or ``'0'``."""


class ConflictError(SudokuError, ValueError):
    """Two givens with the same digit share a row, column or box."""


class NoSolutionError(SudokuError):
    """The givens do not clash, but the puzzle has no solution."""


class InternalError(SudokuError):
    """A bug in the library (please report it); nothing was changed."""


class InvalidArgumentError(SudokuError, ValueError):
    """An argument is out of range: a ``limit`` of 0, an unknown style, symmetry or level,
    inconsistent generator options, a hint position that changed a given, a number too large
    for its C type."""


class BufferTooSmallError(SudokuError):
    """An output buffer was too small (a bug in this package if it ever happens)."""


class ParseError(SudokuError, ValueError):
    """:func:`parse` could not read the text as one puzzle. ``offset`` is the index in the text
    of the first problem (in characters for a ``str``, in bytes for ``bytes``)."""

    offset: int

    def __init__(self, status: int, message: str | None = None, *, offset: int = 0):
        super().__init__(status, message)
        self.offset = offset


class MultipleSolutionsError(SudokuError):
    """The puzzle has more than one solution (rating and hints need exactly one)."""


class AttemptsExhaustedError(SudokuError):
    """:func:`generate` tried ``max_attempts`` grids without meeting every requirement."""


class BudgetExhaustedError(SudokuError):
    """:func:`rate` needed more work than its budget (``max_effort``) allows."""


class TooHardError(SudokuError):
    """The puzzle needs techniques beyond the rater's: more of Sudoku Explainer's nested forcing
    chains (rated 9.5 and above) than it has."""


_ERRORS: dict[int, type[SudokuError]] = {
    Status.NULL_POINTER: NullPointerError,
    Status.INVALID_CHARACTER: InvalidCharacterError,
    Status.CONFLICT: ConflictError,
    Status.NO_SOLUTION: NoSolutionError,
    Status.INTERNAL: InternalError,
    Status.INVALID_ARGUMENT: InvalidArgumentError,
    Status.BUFFER_TOO_SMALL: BufferTooSmallError,
    Status.PARSE: ParseError,
    Status.MULTIPLE_SOLUTIONS: MultipleSolutionsError,
    Status.ATTEMPTS_EXHAUSTED: AttemptsExhaustedError,
    Status.BUDGET_EXHAUSTED: BudgetExhaustedError,
    Status.TOO_HARD: TooHardError,
}


def _check(status: int) -> None:
    if status != Status.OK:
        raise _ERRORS.get(status, SudokuError)(status)


# Arguments.


def _int(value: int, name: str, bounds: tuple[int, int]) -> int:
    """``value`` as an int within ``bounds`` (ctypes would silently truncate it otherwise)."""
    number = operator.index(value)
    low, high = bounds
    if not low <= number <= high:
        message = f"{name} must be in {low}..{high}, got {number}"
        raise InvalidArgumentError(Status.INVALID_ARGUMENT, message)
    return number


def _bytes(puzzle: Puzzle) -> bytes:
    """The 81 bytes of a puzzle; a non-ASCII character raises InvalidCharacterError."""
    if not isinstance(puzzle, (str, bytes, bytearray)):
        raise TypeError(f"a puzzle is a str or bytes, not {type(puzzle).__name__}")
    if len(puzzle) != CELLS:
        raise ValueError(f"a puzzle has {CELLS} cells, got {len(puzzle)} characters")
    if isinstance(puzzle, str):
        try:
            return puzzle.encode("ascii")
        except UnicodeEncodeError as e:
            message = f"{status_message(Status.INVALID_CHARACTER)} (cell {e.start})"
            raise InvalidCharacterError(Status.INVALID_CHARACTER, message, cell=e.start) from None
    return bytes(puzzle)


def _board(puzzle: Puzzle) -> ctypes.Array[ctypes.c_char]:
    """An 81-byte C buffer holding a copy of the puzzle."""
    return (ctypes.c_char * CELLS).from_buffer_copy(_bytes(puzzle))


def _text(board: ctypes.Array[ctypes.c_char]) -> str:
    return board.raw.decode("ascii")


def _digits(mask: int) -> frozenset[int]:
    """The digits of a candidate mask (bit ``d - 1`` for digit ``d``)."""
    return frozenset(d for d in range(1, 10) if mask >> (d - 1) & 1)


def _mask(digits: Iterable[int], cell: int) -> int:
    mask = 0
    for digit in digits:
        d = operator.index(digit)
        if not 1 <= d <= 9:
            message = f"marks of cell {cell}: digits are 1..9, got {d}"
            raise InvalidArgumentError(Status.INVALID_ARGUMENT, message)
        mask |= 1 << (d - 1)
    return mask


def _per_cell(masks: Sequence[int]) -> dict[int, frozenset[int]]:
    """The non-zero masks, by cell, as sets of digits."""
    return {cell: _digits(mask) for cell, mask in enumerate(masks) if mask}


# Solving and analysis.


def solve(puzzle: Puzzle) -> str:
    """A solution of ``puzzle`` as an 81-character ``str`` (one of them if it has several).

    Raises InvalidCharacterError, ConflictError (both also ValueError) or NoSolutionError, and
    ValueError if ``puzzle`` is not 81 characters long, TypeError if it is not str or bytes.
    """
    board = _board(puzzle)
    _check(_lib.sudoku_solve(board))
    return _text(board)


def count_solutions(puzzle: Puzzle, limit: int = 2) -> tuple[int, str | None]:
    """Counts the solutions of ``puzzle``, stopping at ``limit`` (at least 1).

    Returns ``(count, first)``: the number of distinct solutions found, at most ``limit``, and
    one of them (None when the count is 0). With the default ``limit`` of 2 the count says
    whether the puzzle is proper: 0 (no solution), 1 (unique) or 2 (several). Givens that clash
    are not an error here: they count 0.

    Raises InvalidCharacterError, and InvalidArgumentError for a ``limit`` below 1.
    """
    board = _board(puzzle)
    count = ctypes.c_size_t()
    first = (ctypes.c_char * CELLS)()
    _check(_lib.sudoku_count_solutions(board, _int(limit, "limit", _SIZE), count, first))
    return count.value, (_text(first) if count.value else None)


def is_unique(puzzle: Puzzle) -> bool:
    """True when ``puzzle`` has exactly one solution (``count_solutions(puzzle, 2)``)."""
    return count_solutions(puzzle, 2)[0] == 1


def for_each_solution(puzzle: Puzzle, callback: Callable[[str], object], limit: int) -> int:
    """Calls ``callback(solution)`` with each solution of ``puzzle``, up to ``limit`` (at least
    1), in the solver's order; a true return value stops the enumeration. Returns the number of
    calls made.

    The callback runs on the calling thread, from inside the C library; it may call this
    package again. An exception it raises stops the enumeration and is re-raised here once the
    library has returned (it never propagates through C).

    Raises InvalidCharacterError, and InvalidArgumentError for a ``limit`` below 1. Clashing
    givens have no solution: no call, 0.
    """
    board = _board(puzzle)
    raised: list[BaseException] = []

    def trampoline(solution: ctypes._Pointer[ctypes.c_char], _user: object) -> int:
        try:
            return 1 if callback(ctypes.string_at(solution, CELLS).decode("ascii")) else 0
        except BaseException as e:  # anything, KeyboardInterrupt too, must stop here
            raised.append(e)
            return 1

    count = ctypes.c_size_t()
    status = _lib.sudoku_enumerate(
        board, _int(limit, "limit", _SIZE), _native.sudoku_solution_cb(trampoline), None, count
    )
    if raised:
        raise raised[0]
    _check(status)
    return count.value


def enumerate_solutions(puzzle: Puzzle, limit: int) -> list[str]:
    """The solutions of ``puzzle``, up to ``limit`` (at least 1), all distinct, in the solver's
    order. Raises as :func:`for_each_solution`."""
    solutions: list[str] = []
    for_each_solution(puzzle, solutions.append, limit)
    return solutions


def validate(puzzle: Puzzle) -> None:
    """Checks ``puzzle`` without solving it: every character legal and no two givens clashing.

    Returns None when it passes (the puzzle may still have no solution). Otherwise raises, for
    the first problem in row-major order, InvalidCharacterError or ConflictError with ``cell``
    set to the cell at fault (the later of two clashing givens).
    """
    board = _board(puzzle)
    cell = ctypes.c_size_t()
    status = _lib.sudoku_validate(board, cell)
    if status in (Status.INVALID_CHARACTER, Status.CONFLICT):
        message = f"{status_message(status)} (cell {cell.value})"
        raise _ERRORS[status](status, message, cell=cell.value)
    _check(status)


def _candidates(function: Callable[..., int], puzzle: Puzzle) -> list[set[int]]:
    board = _board(puzzle)
    masks = (ctypes.c_uint16 * CELLS)()
    _check(function(board, masks))
    return [{d for d in range(1, 10) if mask >> (d - 1) & 1} for mask in masks]


def candidates(puzzle: Puzzle) -> list[set[int]]:
    """For each of the 81 cells, the digits its row, column and box leave: a set of ints 1-9 for
    a blank cell, an empty set for a given. Nothing else is deduced.

    Raises InvalidCharacterError, ConflictError, or NoSolutionError when a blank cell has no
    candidate.
    """
    return _candidates(_lib.sudoku_candidates, puzzle)


def candidates_singles(puzzle: Puzzle) -> list[set[int]]:
    """As :func:`candidates`, after placing naked and hidden singles to a fixed point: cells the
    propagation filled hold their one digit, givens an empty set.

    Raises as :func:`candidates`, and NoSolutionError when the propagation meets a
    contradiction.
    """
    return _candidates(_lib.sudoku_candidates_singles, puzzle)


def solve_batch(
    puzzles: Sequence[Puzzle], threads: int = 0
) -> list[tuple[Status | int, str | None]]:
    """Solves many puzzles on ``threads`` threads (0: one per core), in one library call.

    Returns, in order, ``(status, solution)`` per puzzle: ``(Status.OK, solution)``, or the
    failure's status (INVALID_CHARACTER, CONFLICT, NO_SOLUTION) and None. Failing puzzles do not
    raise. The GIL is released for the whole call, so other Python threads run meanwhile.

    Raises ValueError or TypeError before any solving if an item is not an 81-character str or
    bytes (a non-ASCII character is just an invalid character: its status says so).
    """
    data = bytearray()
    for index, puzzle in enumerate(puzzles):
        if isinstance(puzzle, str) and len(puzzle) == CELLS:
            puzzle = puzzle.encode("ascii", errors="replace")  # '?' is an invalid character
        try:
            data += _bytes(puzzle)
        except (TypeError, ValueError) as e:
            raise type(e)(f"puzzle {index}: {e}") from None
    count = len(data) // CELLS
    boards = (ctypes.c_char * len(data)).from_buffer(data)
    statuses = (ctypes.c_int * count)()
    _check(_lib.sudoku_solve_batch(boards, count, _int(threads, "threads", _SIZE), statuses))
    results: list[tuple[Status | int, str | None]] = []
    for i, status in enumerate(statuses):
        solution = data[i * CELLS : (i + 1) * CELLS].decode("ascii") if status == 0 else None
        results.append((_known(Status, status), solution))
    return results


# Text.


def parse(text: str | bytes) -> str:
    """Reads one puzzle as people paste it: an 81-character line (a comment may follow), nine
    lines of nine, or a grid with ``|``, ``-``, ``+`` and space separators, blanks written
    ``.``, ``0``, ``_``, ``*`` or ``x`` (the grammar is in the README). Returns the 81-character
    board, blanks as ``'.'``; clashing givens are not checked (see :func:`validate`).

    Raises ParseError with ``offset``, the index of the first problem in ``text``.
    """
    if isinstance(text, str):
        data = text.encode("utf-8")
    elif isinstance(text, (bytes, bytearray)):
        data = bytes(text)
    else:
        raise TypeError(f"text is a str or bytes, not {type(text).__name__}")
    buffer = (ctypes.c_char * len(data)).from_buffer_copy(data)
    board = (ctypes.c_char * CELLS)()
    offset = ctypes.c_size_t()
    status = _lib.sudoku_parse(buffer, len(data), board, offset)
    if status == Status.PARSE:
        where = offset.value
        if isinstance(text, str):  # the byte offset as an index into the str
            where = len(data[:where].decode("utf-8", errors="ignore"))
        message = f"{status_message(status)} (offset {where})"
        raise ParseError(status, message, offset=where)
    _check(status)
    return _text(board)


def format(puzzle: Puzzle, style: FormatStyle | int = FormatStyle.LINE) -> str:
    """``puzzle`` as text: one line of 81 cells (``FormatStyle.LINE``), or a 9x9 grid
    (``GRID``, ``BORDERED``) whose every line ends with a newline. Blanks are written ``'.'``.
    :func:`parse` reads every style back.

    Raises InvalidCharacterError, and InvalidArgumentError for an unknown style.
    """
    board = _board(puzzle)
    out = ctypes.create_string_buffer(_native.FORMAT_MAX_SIZE)
    written = ctypes.c_size_t()
    _check(_lib.sudoku_format(board, _int(style, "style", _INT32), out, len(out), written))
    return out.raw[: written.value].decode("ascii")


# Formats: pencil marks, files of puzzles, SudokuWiki links, Simple Sudoku's .ss.


class MarksStyle(enum.IntEnum):
    """Layouts for :func:`format_marks` (``sudoku_marks_style``)."""

    #: The 729-character candidate string: nine characters per cell (the digit or ``.``), cell
    #: after cell; a filled cell shows its digit alone.
    LINE = 0
    #: The 9x9 candidate grid with ``|`` and ``+---+`` rules, each column as wide as its widest
    #: cell; every line ends with a newline.
    GRID = 1


class Marks(NamedTuple):
    """A pencil-mark position (:func:`parse_marks`)."""

    #: The digits on the board, 81 characters, ``'.'`` for empty cells.
    board: str
    #: For each cell, its candidates: an empty set for filled cells and for empty cells
    #: without candidates.
    candidates: list[set[int]]


class Position(NamedTuple):
    """A position with its origin (:func:`parse_sudokuwiki`, :func:`parse_ss`)."""

    #: The givens, 81 characters, ``'.'`` for blanks.
    givens: str
    #: The digits on the board now: the givens and the entered digits.
    board: str
    #: For each cell, its candidates (empty for filled cells, and when the text has none).
    candidates: list[set[int]]


class PuzzleRecord(NamedTuple):
    """One puzzle of a file (:func:`read_puzzles`)."""

    #: The puzzle, 81 characters, blanks as ``'.'``.
    puzzle: str
    #: The rest of its line after the separator: a rating, a comment, a solution ('' if none).
    columns: str
    #: Where the puzzle starts in the text (characters for a ``str``, bytes for ``bytes``).
    offset: int


def _text_data(text: str | bytes) -> tuple[bytes, ctypes.Array[ctypes.c_char]]:
    """The UTF-8 bytes of ``text`` and a C copy of them."""
    if isinstance(text, str):
        data = text.encode("utf-8")
    elif isinstance(text, (bytes, bytearray)):
        data = bytes(text)
    else:
        raise TypeError(f"text is a str or bytes, not {type(text).__name__}")
    return data, (ctypes.c_char * len(data)).from_buffer_copy(data)


def _text_offset(text: str | bytes, data: bytes, where: int) -> int:
    """A byte offset of ``data`` as an index into ``text`` (characters for a ``str``)."""
    if isinstance(text, str):
        return len(data[:where].decode("utf-8", errors="ignore"))
    return where


def _parse_error(text: str | bytes, data: bytes, offset: int) -> ParseError:
    where = _text_offset(text, data, offset)
    message = f"{status_message(Status.PARSE)} (offset {where})"
    return ParseError(Status.PARSE, message, offset=where)


def _masks(candidates: Sequence[Iterable[int]]) -> ctypes.Array[ctypes.c_uint16]:
    if len(candidates) != CELLS:
        raise ValueError(f"candidates has one entry per cell, {CELLS}, got {len(candidates)}")
    return (ctypes.c_uint16 * CELLS)(*(_mask(m, c) for c, m in enumerate(candidates)))


def _candidate_sets(masks: ctypes.Array[ctypes.c_uint16]) -> list[set[int]]:
    return [set(_digits(mask)) for mask in masks]


def parse_marks(text: str | bytes, values: Puzzle | None = None) -> Marks:
    """Reads a pencil-mark position: the 729-character candidate string (nine characters per
    cell, cell after cell, each the digit or ``.``) or a 9x9 candidate grid as HoDoKu, Simple
    Sudoku, SudokuWiki and the forums print it (any frame and spacing).

    Both show a filled cell as its digit alone, like a cell with one candidate left. ``values``
    (81 characters) says which cells are filled: each of its digits must be the only one its
    cell shows, and every other cell keeps what it shows as candidates. Without it, a cell
    showing one digit is taken as filled.

    Raises ParseError with ``offset`` at the first problem, InvalidCharacterError for a bad
    character in ``values``.
    """
    data, buffer = _text_data(text)
    given = None if values is None else _board(values)
    board = (ctypes.c_char * CELLS)()
    masks = (ctypes.c_uint16 * CELLS)()
    offset = ctypes.c_size_t()
    status = _lib.sudoku_parse_marks(buffer, len(data), given, board, masks, offset)
    if status == Status.PARSE:
        raise _parse_error(text, data, offset.value)
    _check(status)
    return Marks(_text(board), _candidate_sets(masks))


def format_marks(
    board: Puzzle,
    candidates: Sequence[Iterable[int]],
    style: MarksStyle | int = MarksStyle.GRID,
) -> str:
    """A pencil-mark position as text: the candidate grid (``MarksStyle.GRID``) or the
    729-character string (``LINE``). ``candidates`` holds 81 collections of digits, e.g. what
    :func:`candidates` returns; those of filled cells are ignored. :func:`parse_marks` reads it
    back (pass ``board`` as ``values`` to keep an empty cell with one candidate empty).

    Raises InvalidCharacterError, InvalidArgumentError for an unknown style or a digit outside
    1-9, ValueError unless there are 81 entries.
    """
    cells = _board(board)
    masks = _masks(candidates)
    out = ctypes.create_string_buffer(_native.MARKS_MAX_SIZE)
    written = ctypes.c_size_t()
    style = _int(style, "style", _INT32)
    _check(_lib.sudoku_format_marks(cells, masks, style, out, len(out), written))
    return out.raw[: written.value].decode("ascii")


def read_puzzles(text: str | bytes, *, skip_errors: bool = False) -> Iterator[PuzzleRecord]:
    """The puzzles of a file with one per line (SDM, or lines like ``puzzle # 7.1``,
    ``puzzle<TAB>7.1``, ``puzzle,solution``), in order: blank lines and ``#`` comment lines are
    skipped, a byte order mark at the start too. Each puzzle is 81 cells (``1``-``9``, and
    ``.`` ``0`` ``_`` ``*`` ``x`` for blanks) after optional spaces, then the end of the line or
    a separator (space, tab, ``,``, ``;`` or ``:``) and its columns.

    A line that is neither raises ParseError with ``offset`` at its first problem (after the
    records before it were yielded), unless ``skip_errors``, which skips it.
    """
    data, buffer = _text_data(text)
    offset = ctypes.c_size_t(0)
    board = (ctypes.c_char * CELLS)()
    found, columns, columns_len, error = (ctypes.c_size_t() for _ in range(4))
    while True:
        status = _lib.sudoku_next_puzzle(
            buffer, len(data), offset, board, found, columns, columns_len, error
        )
        if status == Status.PARSE:
            if not skip_errors:
                raise _parse_error(text, data, error.value)
            end = data.find(b"\n", error.value)
            offset.value = len(data) if end < 0 else end + 1
            continue
        _check(status)
        if not found.value:
            return
        rest = data[columns.value : columns.value + columns_len.value]
        # The puzzle's line starts after the last LF before its columns.
        start = _puzzle_start(data, data.rfind(b"\n", 0, columns.value) + 1)
        yield PuzzleRecord(
            _text(board), rest.decode("utf-8", errors="replace"), _text_offset(text, data, start)
        )


def _puzzle_start(data: bytes, line: int) -> int:
    """Where the puzzle of the line starting at ``line`` begins: after its spaces and tabs (and
    the byte order mark on the first line)."""
    if line == 0 and data.startswith(b"\xef\xbb\xbf"):
        line = 3
    while data[line : line + 1] in (b" ", b"\t"):
        line += 1
    return line


def parse_sudokuwiki(text: str | bytes) -> Position:
    """Reads a SudokuWiki link (``https://www.sudokuwiki.org/sudoku.htm?bd=...``), its query,
    ``bd=...`` or the value alone: 81 digits (the puzzle), the documented 162-character
    candidates form, or the ``S9B`` form SudokuWiki's pages link to. An empty cell with one
    candidate in the candidates forms is an entered digit, as SudokuWiki reads it.

    Raises ParseError with ``offset`` at the first problem.
    """
    return _parse_position(_lib.sudoku_parse_sudokuwiki, text)


def parse_ss(text: str | bytes) -> Position:
    """Reads Simple Sudoku's ``.ss`` layout (as HoDoKu reads and writes it): the givens grid,
    optionally followed by the grid of the digits on the board and by a candidate grid.

    Raises ParseError with ``offset`` at the first problem.
    """
    return _parse_position(_lib.sudoku_parse_ss, text)


def _parse_position(function: Callable[..., int], text: str | bytes) -> Position:
    data, buffer = _text_data(text)
    givens = (ctypes.c_char * CELLS)()
    board = (ctypes.c_char * CELLS)()
    masks = (ctypes.c_uint16 * CELLS)()
    offset = ctypes.c_size_t()
    status = function(buffer, len(data), givens, board, masks, offset)
    if status == Status.PARSE:
        raise _parse_error(text, data, offset.value)
    _check(status)
    return Position(_text(givens), _text(board), _candidate_sets(masks))


def _format_position(
    function: Callable[..., int],
    size: int,
    givens: Puzzle,
    board: Puzzle | None,
    candidates: Sequence[Iterable[int]] | None,
) -> str:
    out = ctypes.create_string_buffer(size)
    written = ctypes.c_size_t()
    position = None if board is None else _board(board)
    masks = None if candidates is None else _masks(candidates)
    _check(function(_board(givens), position, masks, out, len(out), written))
    return out.raw[: written.value].decode("ascii")


def format_sudokuwiki(
    givens: Puzzle,
    board: Puzzle | None = None,
    candidates: Sequence[Iterable[int]] | None = None,
) -> str:
    """A SudokuWiki link: of the puzzle ``givens`` alone, or, with ``board`` (the position, which
    keeps every given) and ``candidates`` (81 collections of digits for its empty cells), the
    candidates link of the whole position. :func:`parse_sudokuwiki` reads both back.

    Raises InvalidCharacterError, InvalidArgumentError when ``board`` changed a given or a
    candidate is not 1-9, ValueError when only one of ``board`` and ``candidates`` is given.
    """
    if (board is None) != (candidates is None):
        raise ValueError("give both board and candidates, or neither")
    return _format_position(
        _lib.sudoku_format_sudokuwiki, _native.SUDOKUWIKI_MAX_SIZE, givens, board, candidates
    )


def format_ss(
    givens: Puzzle,
    board: Puzzle | None = None,
    candidates: Sequence[Iterable[int]] | None = None,
) -> str:
    """The position in Simple Sudoku's ``.ss`` layout: the givens grid, then the grid of
    ``board`` if given (it keeps every given), then the candidate grid if ``candidates`` (81
    collections of digits) is given. :func:`parse_ss` reads it back.

    Raises InvalidCharacterError, InvalidArgumentError when ``board`` changed a given or a
    candidate is not 1-9, ValueError unless ``candidates`` has 81 entries.
    """
    return _format_position(_lib.sudoku_format_ss, _native.SS_MAX_SIZE, givens, board, candidates)


# Generator, grader and hints.


class Generated(NamedTuple):
    """What :func:`generate` returns: a puzzle and its unique solution."""

    puzzle: str
    solution: str


def generate(
    seed: int,
    *,
    symmetry: Symmetry | int = Symmetry.NONE,
    min_level: Level | int = Level.ANY,
    max_level: Level | int = Level.ANY,
    min_er_tenths: int | None = None,
    max_er_tenths: int | None = None,
    minimal: bool = True,
    min_givens: int = 0,
    max_attempts: int | None = None,
) -> Generated:
    """Generates a puzzle with exactly one solution from ``seed`` (0 to 2**64 - 1).

    The same seed and options give the same puzzle on every platform. Options:

    * ``symmetry``: the givens' :class:`Symmetry`.
    * ``min_level``, ``max_level``: the acceptable :class:`Level` range; ``Level.ANY`` for no
      bound.
    * ``min_er_tenths``, ``max_er_tenths``: the acceptable ER (Sudoku Explainer's rating) in
      tenths, on top of the levels (``76`` is 7.6; 0 to 200); None (or 0) for no bound.
    * ``minimal``: no clue (or symmetric group) can be removed without losing uniqueness. With a
      ``min_givens`` floor, grids whose removals stop at the floor are rejected; ``False`` lets
      removal stop there. Without a floor every puzzle is minimal anyway.
    * ``min_givens``: never remove clues below this many (0 to 81).
    * ``max_attempts``: how many grids to try before giving up; None (or 0) for the library's
      default, 1000.

    Returns a :class:`Generated` ``(puzzle, solution)``, blanks as ``'.'``. Raises
    AttemptsExhaustedError when no grid within ``max_attempts`` met every requirement, and
    InvalidArgumentError for an unknown symmetry or level, ``min_level`` above ``max_level``,
    an ER bound above 200, ER and level bounds that leave no ER, or ``min_givens`` above 81.
    """
    options = _native.sudoku_generate_options()
    _check(_lib.sudoku_generate_options_init(options, ctypes.sizeof(options)))
    options.symmetry = _int(symmetry, "symmetry", _INT32)
    options.min_level = _int(min_level, "min_level", _INT32)
    options.max_level = _int(max_level, "max_level", _INT32)
    options.min_er_tenths = _int(min_er_tenths or 0, "min_er_tenths", _UINT32)
    options.max_er_tenths = _int(max_er_tenths or 0, "max_er_tenths", _UINT32)
    options.minimal = 1 if minimal else 0
    options.min_givens = _int(min_givens, "min_givens", _UINT32)
    if max_attempts is not None:
        options.max_attempts = _int(max_attempts, "max_attempts", _UINT32)
    puzzle = (ctypes.c_char * CELLS)()
    solution = (ctypes.c_char * CELLS)()
    _check(_lib.sudoku_generate(_int(seed, "seed", _UINT64), options, puzzle, solution))
    return Generated(_text(puzzle), _text(solution))


def technique_name(technique: Technique | int) -> str:
    """The English name of a technique, e.g. ``"X-Wing"``; ``"unknown technique"`` otherwise."""
    return _lib.sudoku_technique_name(_int(technique, "technique", _INT32)).decode("ascii")


def technique_score(technique: Technique | int) -> int | None:
    """Sudoku Explainer's score of a technique's simplest form in tenths (26 means 2.6), or None
    for an unknown one."""
    score = _lib.sudoku_technique_score(_int(technique, "technique", _INT32))
    return None if score < 0 else score


def level_name(level: Level | int) -> str:
    """The English name of a level, e.g. ``"medium"`` (``"any"`` for ``Level.ANY``)."""
    return _lib.sudoku_level_name(_int(level, "level", _INT32)).decode("ascii")


@dataclass(frozen=True)
class Rating:
    """Sudoku Explainer's verdict on a puzzle (:func:`rate`). Ratings are in tenths (73 means
    7.3); a full board has no step (all 0, no technique)."""

    #: The level: ER's band.
    level: Level | int
    #: ER: the hardest step of SE's solution path (the same as ``er_tenths``).
    score_tenths: int
    #: The technique of the hardest step, or None (a full board).
    hardest: Technique | int | None
    #: Always False: SE's rules finish every rated puzzle (the first grader searched).
    needs_search: bool
    #: Always 0 (the first grader's search guesses).
    guesses: int
    #: Steps of the solution path.
    steps: int
    #: Steps per technique, for the techniques used (never a 0 count).
    technique_steps: dict[Technique | int, int]
    #: ER in tenths: the hardest step.
    er_tenths: int
    #: EP in tenths: the hardest step up to the first placement.
    ep_tenths: int
    #: ED in tenths: the first step.
    ed_tenths: int
    #: The technique of the EP step, or None.
    ep_technique: Technique | int | None
    #: The technique of the ED step (the first), or None.
    ed_technique: Technique | int | None
    #: SE's name of the hardest step's rule as SE prints it (e.g. "Nishio Forcing Chains"), or
    #: None for a full board.
    hardest_name: str | None

    @property
    def score(self) -> float:
        """ER on SE's scale, e.g. 7.3."""
        return self.score_tenths / 10


def _technique_or_none(value: int) -> Technique | int | None:
    return None if value < 0 else _known(Technique, value)


def rate(puzzle: Puzzle, *, max_effort: int | None = None) -> Rating:
    """Rates ``puzzle`` as Sudoku Explainer (Sukaku Explainer 1.15.10) does: ER, EP and ED, the
    hardest rule, the steps per technique.

    ``max_effort`` bounds the work, in the rater's units (about one implication a chaining rule
    derives); None (or 0) for the default, about 2 seconds.

    Raises InvalidCharacterError, ConflictError, NoSolutionError or MultipleSolutionsError (only
    puzzles with exactly one solution are rated), BudgetExhaustedError when the rating needs
    more than the budget, and TooHardError for a puzzle beyond the rater's rules.
    """
    board = _board(puzzle)
    out = _native.sudoku_rating(size=ctypes.sizeof(_native.sudoku_rating))
    if max_effort is None:
        _check(_lib.sudoku_rate(board, out))
    else:
        options = _native.sudoku_rate_options(
            size=ctypes.sizeof(_native.sudoku_rate_options),
            max_effort=_int(max_effort, "max_effort", _UINT64),
        )
        _check(_lib.sudoku_rate_ex(board, options, out))
    steps = {_known(Technique, t): n for t, n in enumerate(out.technique_steps) if n}
    return Rating(
        level=_known(Level, out.level),
        score_tenths=out.score_tenths,
        hardest=_technique_or_none(out.hardest_technique),
        needs_search=bool(out.needs_search),
        guesses=out.guesses,
        steps=out.steps,
        technique_steps=steps,
        er_tenths=out.er_tenths,
        ep_tenths=out.ep_tenths,
        ed_tenths=out.ed_tenths,
        ep_technique=_technique_or_none(out.ep_technique),
        ed_technique=_technique_or_none(out.ed_technique),
        hardest_name=out.hardest_name.decode("ascii") or None,
    )


class ChainNode(NamedTuple):
    """One node of a hint's chain: the candidate ``digit`` in ``cell``, said to be true (``on``)
    or false, and how it follows from the node before it (``link``: 0 it starts the chain, 1 a
    strong link, 2 a weak link)."""

    cell: int
    digit: int
    on: bool
    link: int


@dataclass(frozen=True)
class Hint:
    """A hint for a position (:func:`hint`). Cells are 0-80; digits 1-9; units are numbered
    0-26: rows 0-8 (top to bottom), columns 9-17 (left to right), boxes 18-26 (left to right,
    top to bottom)."""

    #: What this hint is.
    kind: HintKind | int
    #: For ``HintKind.STEP``, the technique; otherwise None.
    technique: Technique | int | None
    #: The main cell: a step's first placement, the first wrong cell, the revealed cell; None if
    #: there is none (a step that only eliminates, a solved board).
    cell: int | None
    #: The digit for ``cell``: placed, revealed, wrongly entered, or excluded by the marks.
    digit: int | None
    #: Digits the step (or the reveal) places, by cell.
    placements: dict[int, int]
    #: Candidates the step removes, by cell.
    eliminations: dict[int, frozenset[int]]
    #: The candidates forming the step's pattern, by cell: what to highlight.
    pattern: dict[int, frozenset[int]]
    #: The units the pattern lives in, in increasing order.
    units: tuple[int, ...]
    #: ``WRONG_DIGIT``: the wrong (or, without the puzzle, suspect) entered digit, by cell.
    #: ``WRONG_MARK``: the solution digit the marks exclude, by cell.
    wrong: dict[int, int]
    #: For ``STEP``, Sudoku Explainer's rating of the step in tenths; otherwise 0.
    difficulty_tenths: int
    #: For ``STEP``, SE's name of the step's rule (e.g. "Forcing Chain"); otherwise None.
    se_name: str | None
    #: The chains of a chaining step, each a tuple of :class:`ChainNode` from its start.
    chains: tuple[tuple[ChainNode, ...], ...]
    #: Chain nodes that did not fit in the library's struct (0: the chains are whole).
    truncated: int

    @property
    def technique_name(self) -> str | None:
        """The technique's English name, or None."""
        return None if self.technique is None else technique_name(self.technique)


def hint(
    board: Puzzle,
    puzzle: Puzzle | None = None,
    marks: Sequence[Iterable[int]] | None = None,
) -> Hint:
    """The next hint for a player's position.

    * ``board``: the position, givens plus the player's digits.
    * ``puzzle``: the original givens, if known; ``board`` must keep each of them. Without it,
      givens and entries look alike, and a position with no solution gets a ``WRONG_DIGIT``
      hint with the suspects marked (the cells that, blanked alone, make it solvable).
    * ``marks``: the player's pencil marks, 81 collections of digits (e.g. what
      :func:`candidates` returns, edited); an empty one means "no marks there", and marks on
      filled cells are ignored. Steps are found on these marks.

    In this order: wrong entered digits (``WRONG_DIGIT``), a complete board (``SOLVED``), marks
    that exclude the solution (``WRONG_MARK``), Sudoku Explainer's next step (``STEP``), or a
    revealed cell (``REVEAL``). Following the steps with the marks kept up to date is SE's
    solution path: the hardest step along it is the rating's ER.

    Raises InvalidCharacterError; ConflictError, NoSolutionError or MultipleSolutionsError when
    the puzzle (or, without one, the position) does not have exactly one solution;
    InvalidArgumentError when ``board`` changed a given or a mark is not a digit 1-9; ValueError
    for ``marks`` that are not 81 entries.
    """
    position = _board(board)
    out = _native.sudoku_hint_result(size=ctypes.sizeof(_native.sudoku_hint_result))
    if puzzle is None and marks is None:
        _check(_lib.sudoku_hint(position, out))
    else:
        given = None if puzzle is None else _board(puzzle)
        masks = None
        if marks is not None:
            if len(marks) != CELLS:
                raise ValueError(f"marks has one entry per cell, {CELLS}, got {len(marks)}")
            masks = (ctypes.c_uint16 * CELLS)(*(_mask(m, c) for c, m in enumerate(marks)))
        _check(_lib.sudoku_hint_ex(given, position, masks, out))
    return Hint(
        kind=_known(HintKind, out.kind),
        technique=None if out.technique < 0 else _known(Technique, out.technique),
        cell=None if out.cell < 0 else out.cell,
        digit=out.digit or None,
        placements={cell: digit for cell, digit in enumerate(out.placements) if digit},
        eliminations=_per_cell(out.eliminations),
        pattern=_per_cell(out.pattern),
        units=tuple(u for u in range(27) if out.units >> u & 1),
        wrong={cell: mask.bit_length() for cell, mask in enumerate(out.wrong) if mask},
        difficulty_tenths=out.difficulty_tenths,
        se_name=out.se_name.decode("ascii") or None,
        chains=_chains(out.nodes[: out.node_count]),
        truncated=out.truncated,
    )


def _chains(nodes: Sequence[_native.sudoku_chain_node]) -> tuple[tuple[ChainNode, ...], ...]:
    """The node list split into chains at each starting node."""
    chains: list[list[ChainNode]] = []
    for n in nodes:
        if n.link == 0 or not chains:
            chains.append([])
        chains[-1].append(ChainNode(n.cell, n.digit, bool(n.on), n.link))
    return tuple(tuple(c) for c in chains)


def version() -> str:
    """The loaded library's version, ``"MAJOR.MINOR.PATCH"``."""
    return _lib.sudoku_version().decode("ascii")


def library_path() -> str:
    """The file (or, for the system's library, the soname) this package loaded."""
    return _PATH
