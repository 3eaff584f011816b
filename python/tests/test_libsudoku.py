"""Tests of the Python binding against a real libsudoku (found as libsudoku.library_path() says:
CI runs them once with LIBSUDOKU_PATH=target/release/libsudoku.so and once from an installed
wheel that bundles the library)."""

from __future__ import annotations

import doctest
import os
import pickle
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import libsudoku
import pytest
from libsudoku import _native

ROOT = Path(__file__).resolve().parents[2]
PUZZLE = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
ANSWER = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
CONFLICT = "55" + PUZZLE[2:]
NO_SOLUTION = "12345678." + "........9" + "." * 63


def puzzle_dir() -> Path:
    return Path(os.environ.get("SUDOKU_PUZZLES", ROOT / "data" / "puzzles"))


def assert_solves(puzzle: str, solution: str) -> None:
    """``solution`` is a complete grid that obeys the rules and keeps every given."""
    assert len(solution) == 81 and set(solution) <= set("123456789")
    for given, cell in zip(puzzle, solution):
        assert given in ".0" or given == cell
    units = [range(r * 9, r * 9 + 9) for r in range(9)]
    units += [range(c, 81, 9) for c in range(9)]
    units += [
        [(b // 3 * 3 + r) * 9 + b % 3 * 3 + c for r in range(3) for c in range(3)] for b in range(9)
    ]
    for unit in units:
        assert sorted(solution[i] for i in unit) == list("123456789")


def test_solves_a_puzzle():
    assert libsudoku.solve(PUZZLE) == ANSWER


def test_takes_bytes_bytearray_and_zero_blanks():
    assert libsudoku.solve(PUZZLE.encode()) == ANSWER
    assert libsudoku.solve(bytearray(PUZZLE.replace(".", "0"), "ascii")) == ANSWER


def test_the_input_is_not_modified():
    data = bytearray(PUZZLE, "ascii")
    libsudoku.solve(data)
    assert data == bytearray(PUZZLE, "ascii")


@pytest.mark.parametrize(
    "puzzle, error, status",
    [
        (PUZZLE[:-1] + "x", libsudoku.InvalidCharacterError, libsudoku.Status.INVALID_CHARACTER),
        (PUZZLE[:-1] + "\0", libsudoku.InvalidCharacterError, libsudoku.Status.INVALID_CHARACTER),
        (PUZZLE[:-1] + "é", libsudoku.InvalidCharacterError, libsudoku.Status.INVALID_CHARACTER),
        (CONFLICT, libsudoku.ConflictError, libsudoku.Status.CONFLICT),
        (NO_SOLUTION, libsudoku.NoSolutionError, libsudoku.Status.NO_SOLUTION),
    ],
)
def test_library_failures_raise_sudoku_errors_with_the_status(puzzle, error, status):
    with pytest.raises(error) as caught:
        libsudoku.solve(puzzle)
    assert isinstance(caught.value, libsudoku.SudokuError)
    assert caught.value.status is status
    assert str(caught.value).startswith(libsudoku.status_message(status))
    # Bad givens are bad values; an unsolvable puzzle is not.
    assert isinstance(caught.value, ValueError) == (status != libsudoku.Status.NO_SOLUTION)


@pytest.mark.parametrize("puzzle", ["", PUZZLE[:80], PUZZLE + ".", PUZZLE.encode() + b"."])
def test_wrong_length_is_a_value_error(puzzle):
    with pytest.raises(ValueError, match="81 cells") as caught:
        libsudoku.solve(puzzle)
    assert not isinstance(caught.value, libsudoku.SudokuError)


@pytest.mark.parametrize("puzzle", [None, 81, list(PUZZLE), memoryview(PUZZLE.encode())])
def test_other_types_are_a_type_error(puzzle):
    with pytest.raises(TypeError):
        libsudoku.solve(puzzle)


def test_status_messages():
    assert libsudoku.status_message(0) == "success"
    assert libsudoku.status_message(libsudoku.Status.CONFLICT).startswith("two givens")
    assert libsudoku.status_message(-7) == "unknown status code"
    # A code this package does not know yet keeps its number.
    assert libsudoku.SudokuError(99).status == 99


def test_errors_survive_pickling():
    # As they must to come back from a multiprocessing worker.
    errors = [libsudoku.SudokuError(99, "from a newer library")]
    for call in (
        lambda: libsudoku.validate(CONFLICT),
        lambda: libsudoku.parse(PUZZLE + "?"),
        lambda: libsudoku.rate("." * 81),
    ):
        with pytest.raises(libsudoku.SudokuError) as caught:
            call()
        errors.append(caught.value)
    for error in errors:
        copy = pickle.loads(pickle.dumps(error))
        assert type(copy) is type(error)
        assert (copy.status, str(copy), copy.cell) == (error.status, str(error), error.cell)
        assert getattr(copy, "offset", None) == getattr(error, "offset", None)
    assert errors[1].cell == 1 and errors[2].offset == 81


def test_versions_agree():
    cargo = re.search(r'^version = "(.+)"', (ROOT / "Cargo.toml").read_text(), re.MULTILINE)[1]
    pyproject = (ROOT / "python" / "pyproject.toml").read_text()
    assert re.search(r'^version = "(.+)"', pyproject, re.MULTILINE)[1] == cargo
    assert libsudoku.__version__ == cargo
    assert libsudoku.version() == cargo


def test_abi_version_follows_the_soname_rule():
    abi = _native.abi_version
    assert abi("0.1.0") == abi("0.1.7") == "0.1"
    assert abi("0.2.0") == "0.2"
    assert abi("0.0.3") == "0.0.3" != abi("0.0.4")
    assert abi("1.0.0") == abi("1.4.2") == "1"
    assert abi("2.0.0-rc.1") == "2"


def test_a_library_with_another_abi_is_refused():
    path = libsudoku.library_path()
    with pytest.raises(
        OSError, match=f"is libsudoku {libsudoku.version()}, but this package needs 0.99"
    ):
        _native.load(path, "0.99.0")


def test_docstring_example():
    assert doctest.testmod(libsudoku).failed == 0


def test_threads_solve_the_corpus_in_parallel():
    text = (puzzle_dir() / "puzzles2_17_clue.txt").read_text()
    puzzles = [line[:81] for line in text.splitlines() if line and not line.startswith("#")]
    puzzles = puzzles[:4000]
    assert len(puzzles) == 4000
    with ThreadPoolExecutor(max_workers=8) as pool:
        solutions = list(pool.map(libsudoku.solve, puzzles, chunksize=50))
    for puzzle, solution in zip(puzzles, solutions):
        assert_solves(puzzle, solution)
    # Failures raised in threads are the right ones too.
    with ThreadPoolExecutor(max_workers=4) as pool:
        failures = list(pool.map(failure_status, [CONFLICT, NO_SOLUTION] * 200))
    assert failures == [libsudoku.Status.CONFLICT, libsudoku.Status.NO_SOLUTION] * 200


def failure_status(puzzle: str) -> libsudoku.Status:
    try:
        libsudoku.solve(puzzle)
    except libsudoku.SudokuError as e:
        return e.status
    raise AssertionError("no error")


# Library lookup: the order, on fake files, without loading them.


def test_lookup_prefers_the_environment_then_the_bundled_copy(tmp_path, monkeypatch):
    monkeypatch.setattr(_native.ctypes.util, "find_library", lambda name: "libsudoku.so.9")
    bundled = tmp_path / "package"
    bundled.mkdir()
    assert _native.locate({}, bundled) == "libsudoku.so.9"
    (bundled / "libsudoku.so").touch()
    assert _native.locate({}, bundled) == str(bundled / "libsudoku.so")

    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "libsudoku.so").touch()
    env_file = {"LIBSUDOKU_PATH": str(elsewhere / "libsudoku.so")}
    assert _native.locate(env_file, bundled) == str(elsewhere / "libsudoku.so")
    env_dir = {"LIBSUDOKU_PATH": str(elsewhere)}
    assert _native.locate(env_dir, bundled) == str(elsewhere / "libsudoku.so")


def test_lookup_failures_say_what_was_tried(tmp_path, monkeypatch):
    monkeypatch.setattr(_native.ctypes.util, "find_library", lambda name: None)
    with pytest.raises(OSError, match="LIBSUDOKU_PATH is not set"):
        _native.locate({}, tmp_path)
    # A wrong explicit path is an error, even with a bundled copy to fall back on.
    (tmp_path / "libsudoku.so").touch()
    with pytest.raises(OSError, match="is not a file"):
        _native.locate({"LIBSUDOKU_PATH": str(tmp_path / "missing.so")}, tmp_path)


def test_a_wrong_library_path_fails_the_import():
    env = dict(os.environ, LIBSUDOKU_PATH="/nonexistent/libsudoku.so")
    result = subprocess.run(
        [sys.executable, "-c", "import libsudoku"],
        env=env,
        capture_output=True,
        check=False,
        text=True,
    )
    assert result.returncode != 0
    assert "LIBSUDOKU_PATH='/nonexistent/libsudoku.so'" in result.stderr


def readme_python_section() -> str:
    return (ROOT / "python" / "README.md").read_text()


def test_the_readme_examples_run(capsys):
    blocks = re.findall(r"```python\n(.*?)```", readme_python_section(), re.S)
    assert len(blocks) >= 2
    for block in blocks:
        exec(compile(block, "python/README.md", "exec"), {})
    out = capsys.readouterr().out
    assert "clash at cell 18" in out and "two givens" in out


def test_the_readme_lists_every_function():
    section = readme_python_section()
    functions = [name for name in dir(libsudoku) if callable(getattr(libsudoku, name))]
    functions = [f for f in functions if f[0].islower()]
    functions = [f for f in functions if getattr(libsudoku, f).__module__ == "libsudoku"]
    assert len(functions) > 15
    assert [f for f in functions if f"`{f}(" not in section] == []
