"""The binding against include/sudoku.h: every enum, every function's prototype, and the C
structs' layouts as the C compiler lays them out (a small C program is compiled and run here, so
a drift between the header and the ctypes declarations fails loudly)."""

from __future__ import annotations

import ctypes
import os
import re
import subprocess

import libsudoku
import pytest
from libsudoku import _native
from reference import ROOT

HEADER = (ROOT / "include" / "sudoku.h").read_text()

# C enum -> (Python enum, prefixes stripped from the C names).
ENUMS = {
    "sudoku_status": (libsudoku.Status, ("SUDOKU_ERR_", "SUDOKU_")),
    "sudoku_format_style": (libsudoku.FormatStyle, ("SUDOKU_FORMAT_",)),
    "sudoku_technique": (libsudoku.Technique, ("SUDOKU_TECHNIQUE_",)),
    "sudoku_level": (libsudoku.Level, ("SUDOKU_LEVEL_",)),
    "sudoku_symmetry": (libsudoku.Symmetry, ("SUDOKU_SYMMETRY_",)),
    "sudoku_hint_kind": (libsudoku.HintKind, ("SUDOKU_HINT_",)),
    "sudoku_marks_style": (libsudoku.MarksStyle, ("SUDOKU_MARKS_",)),
}

# Macros other than the version and the include guard -> the package's value.
MACROS = {
    "SUDOKU_TECHNIQUE_SLOTS": _native.TECHNIQUE_SLOTS,
    "SUDOKU_FORMAT_MAX_SIZE": _native.FORMAT_MAX_SIZE,
    "SUDOKU_MARKS_MAX_SIZE": _native.MARKS_MAX_SIZE,
    "SUDOKU_SUDOKUWIKI_MAX_SIZE": _native.SUDOKUWIKI_MAX_SIZE,
    "SUDOKU_SS_MAX_SIZE": _native.SS_MAX_SIZE,
    "SUDOKU_SE_NAME_SIZE": _native.SE_NAME_SIZE,
    "SUDOKU_HINT_MAX_NODES": _native.HINT_MAX_NODES,
}


def header_enums() -> dict[str, dict[str, int]]:
    found = re.findall(r"typedef enum (sudoku_\w+) \{(.*?)\} \1;", HEADER, re.S)
    return {
        name: {m[0]: int(m[1]) for m in re.findall(r"(SUDOKU_\w+) = (-?\d+),", body)}
        for name, body in found
    }


def header_structs() -> dict[str, list[str]]:
    """Struct name -> its field names, in order, from the header's declarations."""
    found = re.findall(r"typedef struct (sudoku_\w+) \{(.*?)\} \1;", HEADER, re.S)
    structs = {}
    for name, body in found:
        code = re.sub(r"/\*.*?\*/", "", body, flags=re.S)
        structs[name] = re.findall(r"(\w+)(?:\[\w+\])?;", code)
    return structs


def test_every_enum_matches_the_header():
    enums = header_enums()
    assert set(enums) == set(ENUMS), "an enum was added to sudoku.h: bind it"
    for c_name, (py_enum, prefixes) in ENUMS.items():
        expected = {}
        for name, value in enums[c_name].items():
            prefix = next(p for p in prefixes if name.startswith(p))
            expected[name[len(prefix) :]] = value
        assert {e.name: e.value for e in py_enum} == expected, c_name


def test_every_status_has_its_exception_class():
    for status in libsudoku.Status:
        if status == libsudoku.Status.OK:
            continue
        error = libsudoku._ERRORS[status](status)
        assert type(error) is not libsudoku.SudokuError
        assert isinstance(error, libsudoku.SudokuError)
        assert error.status is status
        assert str(error) == libsudoku.status_message(status)
        assert not str(error).startswith("unknown")


def c_type(text: str) -> type:
    """The ctypes type the binding must declare for a C type of the header."""
    pointers = {
        "char *": ctypes.POINTER(ctypes.c_char),
        "size_t *": ctypes.POINTER(ctypes.c_size_t),
        "uint16_t *": ctypes.POINTER(ctypes.c_uint16),
        "int *": ctypes.POINTER(ctypes.c_int),
    }
    plain = {
        "int": ctypes.c_int,
        "size_t": ctypes.c_size_t,
        "uint64_t": ctypes.c_uint64,
        "void *": ctypes.c_void_p,
        "sudoku_solution_cb": _native.sudoku_solution_cb,
    }
    text = text.removeprefix("const ")
    if text in pointers:
        return pointers[text]
    if text in plain:
        return plain[text]
    struct = re.fullmatch(r"struct (sudoku_\w+) \*", text)
    assert struct, f"no ctypes mapping for the C type {text!r}: extend this test"
    return ctypes.POINTER(getattr(_native, struct[1]))


def test_every_function_of_the_header_is_declared_with_its_prototype():
    # Every declaration at the start of a line: "<type> sudoku_name(<params>);".
    found = re.findall(r"^((?:const )?\w+(?: \*)?)\s*(sudoku_\w+)\(([^)]*)\);", HEADER, re.M)
    assert len(found) == len(re.findall(r"^[^ /*#\n].*\bsudoku_\w+\(", HEADER, re.M)) > 10
    assert {name for _, name, _ in found} == set(_native.PROTOTYPES)
    returns = {"int": ctypes.c_int, "const char *": ctypes.c_char_p}
    for restype, name, params in found:
        declared_restype, declared_argtypes = _native.PROTOTYPES[name]
        assert declared_restype is returns[restype], name
        types = []
        for param in " ".join(params.split()).split(","):
            param = param.strip()
            if param == "void":
                continue
            # Drop the parameter's name: what is left is its type ("const char *", "int").
            types.append(c_type(re.sub(r"\s*\b\w+$", "", param).strip()))
        assert declared_argtypes == types, name
        # The loaded library has the prototype (load() declared it).
        function = getattr(libsudoku._lib, name)
        assert function.argtypes == declared_argtypes, name


SCALARS = {
    ctypes.c_char: "char",
    ctypes.c_int8: "int8",
    ctypes.c_uint8: "uint8",
    ctypes.c_int16: "int16",
    ctypes.c_uint16: "uint16",
    ctypes.c_int32: "int32",
    ctypes.c_uint32: "uint32",
    ctypes.c_int64: "int64",
    ctypes.c_uint64: "uint64",
}


def layout_program() -> str:
    """A C program printing, for each struct the package declares, its size and alignment and
    each field's offset, size, element type and element count, and the macros' values."""
    lines = [
        "#include <stddef.h>",
        "#include <stdint.h>",
        "#include <stdio.h>",
        '#include "sudoku.h"',
        "#define KIND(x) _Generic((x), char: \"char\", "
        + ", ".join(f'{name}_t: "{name}"' for name in SCALARS.values() if name != "char")
        + ', default: "struct")',
        "int main(void) {",
    ]
    for struct in _native.STRUCTS:
        s = struct.__name__
        lines.append(f'printf("{s} %zu %zu\\n", sizeof({s}), _Alignof({s}));')
        for field, ftype in struct._fields_:
            member = f"((({s} *)0)->{field})"
            element = f"{member}[0]" if issubclass(ftype, ctypes.Array) else member
            lines.append(
                f'printf("{s}.{field} %zu %zu %s %zu\\n", offsetof({s}, {field}), '
                f"sizeof {member}, KIND({element}), sizeof {member} / sizeof {element});"
            )
    for macro in MACROS:
        lines.append(f'printf("{macro} %d\\n", (int)({macro}));')
    lines += ["return 0;", "}"]
    return "\n".join(lines) + "\n"


def test_struct_layouts_match_what_the_c_compiler_makes_of_the_header(tmp_path):
    # The header declares exactly these structs, with these fields in this order.
    assert header_structs() == {
        s.__name__: [name for name, _ in s._fields_] for s in _native.STRUCTS
    }

    source = tmp_path / "layout.c"
    source.write_text(layout_program())
    exe = tmp_path / "layout"
    compiler = os.environ.get("CC", "cc")
    flags = ["-std=c11", "-Wall", "-Wextra", "-Werror", "-pedantic"]
    subprocess.run(
        [compiler, *flags, "-I", str(ROOT / "include"), str(source), "-o", str(exe)],
        check=True,
    )
    out = subprocess.run([str(exe)], check=True, capture_output=True, text=True).stdout
    c = {line.split()[0]: line.split()[1:] for line in out.splitlines()}

    expected = {}
    for struct in _native.STRUCTS:
        s = struct.__name__
        expected[s] = [str(ctypes.sizeof(struct)), str(ctypes.alignment(struct))]
        for field, ftype in struct._fields_:
            descriptor = getattr(struct, field)
            element, count = (
                (ftype._type_, ftype._length_) if issubclass(ftype, ctypes.Array) else (ftype, 1)
            )
            kind = "struct" if issubclass(element, ctypes.Structure) else SCALARS[element]
            expected[f"{s}.{field}"] = [
                str(descriptor.offset),
                str(descriptor.size),
                kind,
                str(count),
            ]
    for macro, value in MACROS.items():
        expected[macro] = [str(value)]
    assert c == expected


def test_the_header_has_no_macro_the_package_lacks():
    macros = set(re.findall(r"^#define (SUDOKU_\w+)", HEADER, re.M))
    macros -= {"SUDOKU_H"} | {m for m in macros if m.startswith("SUDOKU_VERSION_")}
    assert macros == set(MACROS)


def test_every_struct_but_the_chain_node_is_versioned():
    assert set(_native.STRUCTS) - set(_native.VERSIONED) == {_native.sudoku_chain_node}


@pytest.mark.parametrize("struct", _native.VERSIONED, ids=lambda s: s.__name__)
def test_versioned_structs_start_with_their_size(struct):
    name, ftype = struct._fields_[0]
    assert (name, ftype) == ("size", ctypes.c_uint32)
