"""Finding and loading the C library, and the prototypes of the functions this package calls."""

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

# name: (restype, argtypes). A function added to the C API gets one line here.
_PROTOTYPES = {
    "sudoku_solve": (ctypes.c_int, [ctypes.POINTER(ctypes.c_char)]),
    "sudoku_status_str": (ctypes.c_char_p, [ctypes.c_int]),
    "sudoku_version": (ctypes.c_char_p, []),
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
    for name, (restype, argtypes) in _PROTOTYPES.items():
        function = getattr(lib, name)
        function.restype = restype
        function.argtypes = argtypes
    return lib
