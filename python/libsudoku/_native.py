"""Finding and loading the C library; the C structs and the prototypes of its functions."""

from __future__ import annotations

import ctypes
import ctypes.util
import os
from collections.abc import Mapping
from pathlib import Path

#: Environment variable naming the library file (or a directory holding it) to load.
ENV_VAR = "LIBSUDOKU_PATH"
#: File name of the shared library, in a directory or bundled next to this package.
LIB_FILE = "libsudoku.so"

_PACKAGE_DIR = Path(__file__).resolve().parent

#: Entries in sudoku_rating::technique_steps (SUDOKU_TECHNIQUE_SLOTS).
TECHNIQUE_SLOTS = 64
#: Size of sudoku_rating::hardest_name and sudoku_hint_result::se_name (SUDOKU_SE_NAME_SIZE).
SE_NAME_SIZE = 96
#: Entries in sudoku_hint_result::nodes (SUDOKU_HINT_MAX_NODES).
HINT_MAX_NODES = 256
#: Buffer size, NUL included, that sudoku_format() needs for every style (SUDOKU_FORMAT_MAX_SIZE).
FORMAT_MAX_SIZE = 339
#: Buffer size, NUL included, enough for sudoku_format_marks() (SUDOKU_MARKS_MAX_SIZE).
MARKS_MAX_SIZE = 1275
#: Buffer size, NUL included, enough for sudoku_format_sudokuwiki() (SUDOKU_SUDOKUWIKI_MAX_SIZE).
SUDOKUWIKI_MAX_SIZE = 204
#: Buffer size, NUL included, enough for sudoku_format_ss() (SUDOKU_SS_MAX_SIZE).
SS_MAX_SIZE = 1641


# The C structs, field for field as in sudoku.h (a test compiles a C program that checks every
# size and offset). Named as in C. The versioned ones start with `size`: set it with
# ctypes.sizeof, as C code sets it with sizeof.
class sudoku_generate_options(ctypes.Structure):
    _fields_ = [
        ("size", ctypes.c_uint32),
        ("symmetry", ctypes.c_int32),
        ("min_level", ctypes.c_int32),
        ("max_level", ctypes.c_int32),
        ("minimal", ctypes.c_int32),
        ("min_givens", ctypes.c_uint32),
        ("max_attempts", ctypes.c_uint32),
        ("min_er_tenths", ctypes.c_uint32),
        ("max_er_tenths", ctypes.c_uint32),
    ]


class sudoku_rating(ctypes.Structure):
    _fields_ = [
        ("size", ctypes.c_uint32),
        ("level", ctypes.c_int32),
        ("score_tenths", ctypes.c_int32),
        ("hardest_technique", ctypes.c_int32),
        ("needs_search", ctypes.c_int32),
        ("guesses", ctypes.c_uint32),
        ("steps", ctypes.c_uint32),
        ("technique_steps", ctypes.c_uint32 * TECHNIQUE_SLOTS),
        ("er_tenths", ctypes.c_int32),
        ("ep_tenths", ctypes.c_int32),
        ("ed_tenths", ctypes.c_int32),
        ("ep_technique", ctypes.c_int32),
        ("ed_technique", ctypes.c_int32),
        ("hardest_name", ctypes.c_char * SE_NAME_SIZE),
    ]


class sudoku_rate_options(ctypes.Structure):
    _fields_ = [
        ("size", ctypes.c_uint32),
        ("max_effort", ctypes.c_uint64),
    ]


class sudoku_chain_node(ctypes.Structure):
    _fields_ = [
        ("cell", ctypes.c_uint8),
        ("digit", ctypes.c_uint8),
        ("on", ctypes.c_uint8),
        ("link", ctypes.c_uint8),
    ]


class sudoku_hint_result(ctypes.Structure):
    _fields_ = [
        ("size", ctypes.c_uint32),
        ("kind", ctypes.c_int32),
        ("technique", ctypes.c_int32),
        ("cell", ctypes.c_int32),
        ("digit", ctypes.c_int32),
        ("units", ctypes.c_uint32),
        ("placements", ctypes.c_uint8 * 81),
        ("eliminations", ctypes.c_uint16 * 81),
        ("pattern", ctypes.c_uint16 * 81),
        ("wrong", ctypes.c_uint16 * 81),
        ("difficulty_tenths", ctypes.c_int32),
        ("se_name", ctypes.c_char * SE_NAME_SIZE),
        ("node_count", ctypes.c_uint32),
        ("truncated", ctypes.c_uint32),
        ("nodes", sudoku_chain_node * HINT_MAX_NODES),
    ]


#: The structs that start with their size (all but the chain node).
VERSIONED = (sudoku_generate_options, sudoku_rating, sudoku_rate_options, sudoku_hint_result)

#: Every struct above, for the layout test.
STRUCTS = (
    sudoku_generate_options,
    sudoku_rating,
    sudoku_rate_options,
    sudoku_chain_node,
    sudoku_hint_result,
)

#: int (*sudoku_solution_cb)(const char *solution, void *user)
sudoku_solution_cb = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.POINTER(ctypes.c_char), ctypes.c_void_p)

_char_p = ctypes.POINTER(ctypes.c_char)
_size_p = ctypes.POINTER(ctypes.c_size_t)
_u16_p = ctypes.POINTER(ctypes.c_uint16)
_int = ctypes.c_int

# name: (restype, argtypes), one line per function of sudoku.h (a test compares them with the
# header's prototypes). Pointers to `char` are POINTER(c_char) arguments (the boards are not
# NUL-terminated) and c_char_p results (static NUL-terminated strings).
PROTOTYPES = {
    "sudoku_solve": (_int, [_char_p]),
    "sudoku_status_str": (ctypes.c_char_p, [_int]),
    "sudoku_version": (ctypes.c_char_p, []),
    "sudoku_count_solutions": (_int, [_char_p, ctypes.c_size_t, _size_p, _char_p]),
    "sudoku_enumerate": (
        _int,
        [_char_p, ctypes.c_size_t, sudoku_solution_cb, ctypes.c_void_p, _size_p],
    ),
    "sudoku_validate": (_int, [_char_p, _size_p]),
    "sudoku_candidates": (_int, [_char_p, _u16_p]),
    "sudoku_candidates_singles": (_int, [_char_p, _u16_p]),
    "sudoku_solve_batch": (_int, [_char_p, ctypes.c_size_t, ctypes.c_size_t, ctypes.POINTER(_int)]),
    "sudoku_generate_options_init": (
        _int,
        [ctypes.POINTER(sudoku_generate_options), ctypes.c_size_t],
    ),
    "sudoku_generate": (
        _int,
        [ctypes.c_uint64, ctypes.POINTER(sudoku_generate_options), _char_p, _char_p],
    ),
    "sudoku_rate": (_int, [_char_p, ctypes.POINTER(sudoku_rating)]),
    "sudoku_rate_ex": (
        _int,
        [_char_p, ctypes.POINTER(sudoku_rate_options), ctypes.POINTER(sudoku_rating)],
    ),
    "sudoku_technique_name": (ctypes.c_char_p, [_int]),
    "sudoku_technique_score": (_int, [_int]),
    "sudoku_level_name": (ctypes.c_char_p, [_int]),
    "sudoku_hint": (_int, [_char_p, ctypes.POINTER(sudoku_hint_result)]),
    "sudoku_hint_ex": (
        _int,
        [_char_p, _char_p, _u16_p, ctypes.POINTER(sudoku_hint_result)],
    ),
    "sudoku_parse": (_int, [_char_p, ctypes.c_size_t, _char_p, _size_p]),
    "sudoku_format": (_int, [_char_p, _int, _char_p, ctypes.c_size_t, _size_p]),
    "sudoku_parse_marks": (_int, [_char_p, ctypes.c_size_t, _char_p, _char_p, _u16_p, _size_p]),
    "sudoku_format_marks": (_int, [_char_p, _u16_p, _int, _char_p, ctypes.c_size_t, _size_p]),
    "sudoku_next_puzzle": (
        _int,
        [_char_p, ctypes.c_size_t, _size_p, _char_p, _size_p, _size_p, _size_p, _size_p],
    ),
    "sudoku_parse_sudokuwiki": (
        _int,
        [_char_p, ctypes.c_size_t, _char_p, _char_p, _u16_p, _size_p],
    ),
    "sudoku_format_sudokuwiki": (
        _int,
        [_char_p, _char_p, _u16_p, _char_p, ctypes.c_size_t, _size_p],
    ),
    "sudoku_parse_ss": (_int, [_char_p, ctypes.c_size_t, _char_p, _char_p, _u16_p, _size_p]),
    "sudoku_format_ss": (_int, [_char_p, _char_p, _u16_p, _char_p, ctypes.c_size_t, _size_p]),
}


def locate(env: Mapping[str, str] = os.environ, package_dir: Path = _PACKAGE_DIR) -> str:
    """Where to load libsudoku from, in this order:

    1. ``$LIBSUDOKU_PATH``: the library file, or a directory holding ``libsudoku.so``. An explicit
       choice wins over the defaults, and naming a missing file is an error, not a fallback.
    2. ``libsudoku.so`` bundled next to this package (as a wheel built per the README has it).
    3. The system's library, found by ``ctypes.util.find_library("sudoku")`` (``make install``
       into a directory the dynamic loader searches), loaded by its soname.

    Raises OSError, naming what was tried, if none applies.
    """
    explicit = env.get(ENV_VAR)
    if explicit:
        path = Path(explicit)
        if path.is_dir():
            path = path / LIB_FILE
        if not path.is_file():
            raise OSError(f"{ENV_VAR}={explicit!r}, but {str(path)!r} is not a file")
        return str(path)
    bundled = package_dir / LIB_FILE
    if bundled.is_file():
        return str(bundled)
    system = ctypes.util.find_library("sudoku")
    if system:
        return system
    raise OSError(
        f"libsudoku not found: {ENV_VAR} is not set, {str(bundled)!r} does not exist and the "
        "system has no libsudoku (install it with `make install`, or set "
        f"{ENV_VAR} to target/release/libsudoku.so)"
    )


def abi_version(version: str) -> str:
    """The part of a version that must match for binary compatibility, by the soname rule:
    ``0.0.<patch>`` for 0.0.x, ``0.<minor>`` for other 0.x, the major from 1.0 on."""
    major, minor, patch = (version.split("+")[0].split("-")[0].split(".") + ["0", "0"])[:3]
    if major == "0":
        return f"0.0.{patch}" if minor == "0" else f"0.{minor}"
    return major


def load(path: str, expected_version: str) -> ctypes.CDLL:
    """Loads the library, checks that its ABI is the one this package was written for and
    declares the prototypes. ``CDLL`` releases the GIL during each call."""
    lib = ctypes.CDLL(path)
    lib.sudoku_version.restype = ctypes.c_char_p
    found = lib.sudoku_version().decode("ascii")
    if abi_version(found) != abi_version(expected_version):
        raise OSError(
            f"{path} is libsudoku {found}, but this package needs "
            f"{abi_version(expected_version)}.x (the ABI may change between these versions)"
        )
    for name, (restype, argtypes) in PROTOTYPES.items():
        function = getattr(lib, name)
        function.restype = restype
        function.argtypes = argtypes
    return lib
