"""libsudoku: a fast, safe Sudoku engine, through its C library (ctypes; nothing to compile).

>>> import libsudoku
>>> libsudoku.solve("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
'534678912672195348198342567859761423426853791713924856961537284287419635345286179'

A puzzle is 81 characters, row by row: ``'1'``-``'9'`` for givens, ``'.'`` or ``'0'`` for blanks,
as ``str`` or ``bytes``. Failures the library reports raise a :class:`SudokuError` subclass that
carries the C status; input that is not a puzzle at all raises ``ValueError`` or ``TypeError``.

Every function is thread-safe: the library keeps no global state, and ctypes releases the GIL
during each call. The shared library is taken from ``$LIBSUDOKU_PATH``, else from a copy bundled
next to this package, else from the system (see the README); :func:`library_path` tells which.
"""

from __future__ import annotations

import ctypes
import enum
from typing import Union

from . import _native

__all__ = [
    "CELLS",
    "ConflictError",
    "InternalError",
    "InvalidCharacterError",
    "NoSolutionError",
    "Puzzle",
    "Status",
    "SudokuError",
    "library_path",
    "solve",
    "status_message",
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


class Status(enum.IntEnum):
    """The C library's status codes (``sudoku_status`` in sudoku.h); the numbers never change."""

    OK = 0
    NULL_POINTER = 1
    INVALID_CHARACTER = 2
    CONFLICT = 3
    NO_SOLUTION = 4
    INTERNAL = 5


def status_message(status: int) -> str:
    """The library's description of a status code; any int is accepted."""
    return _lib.sudoku_status_str(status).decode("ascii")


class SudokuError(Exception):
    """A failure the library reported. ``status`` is its code: a :class:`Status`, or a plain int
    for a code that a newer library added."""

    status: Status | int

    def __init__(self, status: int, message: str | None = None) -> None:
        try:
            self.status = Status(status)
        except ValueError:
            self.status = status
        super().__init__(message if message is not None else status_message(status))


class InvalidCharacterError(SudokuError, ValueError):
    """A cell holds something other than ``'1'``-``'9'``, ``'.'`` or ``'0'``."""


class ConflictError(SudokuError, ValueError):
    """Two givens with the same digit share a row, column or box."""


class NoSolutionError(SudokuError):
    """The givens do not clash, but the puzzle has no solution."""


class InternalError(SudokuError):
    """A bug in the library (please report it); nothing was changed."""


_ERRORS: dict[int, type[SudokuError]] = {
    Status.INVALID_CHARACTER: InvalidCharacterError,
    Status.CONFLICT: ConflictError,
    Status.NO_SOLUTION: NoSolutionError,
    Status.INTERNAL: InternalError,
}


def _check(status: int) -> None:
    if status != Status.OK:
        raise _ERRORS.get(status, SudokuError)(status)


def _board(puzzle: Puzzle) -> ctypes.Array[ctypes.c_char]:
    """An 81-byte C buffer holding the puzzle."""
    if not isinstance(puzzle, (str, bytes, bytearray)):
        raise TypeError(f"a puzzle is a str or bytes, not {type(puzzle).__name__}")
    if len(puzzle) != CELLS:
        raise ValueError(f"a puzzle has {CELLS} cells, got {len(puzzle)} characters")
    if isinstance(puzzle, str):
        try:
            data = puzzle.encode("ascii")
        except UnicodeEncodeError as e:
            message = f"{status_message(Status.INVALID_CHARACTER)} (index {e.start})"
            raise InvalidCharacterError(Status.INVALID_CHARACTER, message) from None
    else:
        data = bytes(puzzle)
    return (ctypes.c_char * CELLS).from_buffer_copy(data)


def solve(puzzle: Puzzle) -> str:
    """A solution of ``puzzle`` as an 81-character ``str`` (one of them if it has several).

    Raises InvalidCharacterError, ConflictError (both also ValueError) or NoSolutionError, and
    ValueError if ``puzzle`` is not 81 characters long, TypeError if it is not str or bytes.
    """
    board = _board(puzzle)
    _check(_lib.sudoku_solve(board))
    return board.raw.decode("ascii")


def version() -> str:
    """The loaded library's version, ``"MAJOR.MINOR.PATCH"``."""
    return _lib.sudoku_version().decode("ascii")


def library_path() -> str:
    """The file (or, for the system's library, the soname) this package loaded."""
    return _PATH
