// The package against include/sudoku.h: every enum, every struct's fields and layout (as the C
// compiler lays them out: a small C program is compiled and run here), the macros, and the
// functions the module exports (test_header.py's behaviours, for JavaScript).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import * as lib from '../src/index.js';
import * as enums from '../src/enums.js';
import { ERRORS } from '../src/errors.js';
import { STRUCTS, VERSIONED } from '../src/structs.js';
import { sudoku } from './common.js';
import { ROOT } from './reference.js';

const HEADER = readFileSync(path.join(ROOT, 'include', 'sudoku.h'), 'utf8');

// C enum -> [the package's enum, prefixes stripped from the C names].
const ENUMS = {
  sudoku_status: [lib.Status, ['SUDOKU_ERR_', 'SUDOKU_']],
  sudoku_format_style: [lib.FormatStyle, ['SUDOKU_FORMAT_']],
  sudoku_technique: [lib.Technique, ['SUDOKU_TECHNIQUE_']],
  sudoku_level: [lib.Level, ['SUDOKU_LEVEL_']],
  sudoku_symmetry: [lib.Symmetry, ['SUDOKU_SYMMETRY_']],
  sudoku_hint_kind: [lib.HintKind, ['SUDOKU_HINT_']],
  sudoku_marks_style: [lib.MarksStyle, ['SUDOKU_MARKS_']],
};

// Macros other than the version and the include guard -> the package's value.
const MACROS = {
  SUDOKU_TECHNIQUE_SLOTS: enums.TECHNIQUE_SLOTS,
  SUDOKU_FORMAT_MAX_SIZE: enums.FORMAT_MAX_SIZE,
  SUDOKU_MARKS_MAX_SIZE: enums.MARKS_MAX_SIZE,
  SUDOKU_SUDOKUWIKI_MAX_SIZE: enums.SUDOKUWIKI_MAX_SIZE,
  SUDOKU_SS_MAX_SIZE: enums.SS_MAX_SIZE,
  SUDOKU_SE_NAME_SIZE: enums.SE_NAME_SIZE,
  SUDOKU_HINT_MAX_NODES: enums.HINT_MAX_NODES,
};

// Functions of the header the package does not call, and why.
const UNBOUND = {
  sudoku_enumerate:
    'takes a C function pointer: the module exports no function table to put a JavaScript ' +
    'callback in; countSolutions covers counting',
};

function headerEnums() {
  const found = {};
  for (const [, name, body] of HEADER.matchAll(/typedef enum (sudoku_\w+) \{(.*?)\} \1;/gs)) {
    found[name] = Object.fromEntries([...body.matchAll(/(SUDOKU_\w+) = (-?\d+),/g)].map((m) => [m[1], Number(m[2])]));
  }
  return found;
}

function headerStructs() {
  const found = {};
  for (const [, name, body] of HEADER.matchAll(/typedef struct (sudoku_\w+) \{(.*?)\} \1;/gs)) {
    const code = body.replace(/\/\*.*?\*\//gs, '');
    found[name] = [...code.matchAll(/(\w+)(?:\[\w+\])?;/g)].map((m) => m[1]);
  }
  return found;
}

/** Every function the header declares. */
function headerFunctions() {
  return [...HEADER.matchAll(/^(?:const )?\w+(?: \*)?\s*(sudoku_\w+)\(/gm)].map((m) => m[1]).sort();
}

test('every enum matches the header', () => {
  const found = headerEnums();
  assert.deepEqual(Object.keys(found).sort(), Object.keys(ENUMS).sort(), 'an enum was added to sudoku.h: bind it');
  for (const [cName, [jsEnum, prefixes]] of Object.entries(ENUMS)) {
    const expected = {};
    for (const [name, value] of Object.entries(found[cName])) {
      const prefix = prefixes.find((p) => name.startsWith(p));
      expected[name.slice(prefix.length)] = value;
    }
    assert.deepEqual({ ...jsEnum }, expected, cName);
    assert.ok(Object.isFrozen(jsEnum));
  }
});

test('every failing status has its error class', () => {
  for (const [name, status] of Object.entries(lib.Status)) {
    if (status === lib.Status.OK) continue;
    const Class = ERRORS[status];
    assert.ok(Class && Class !== lib.SudokuError, name);
    const error = new Class(status, sudoku.statusMessage(status));
    assert.ok(error instanceof lib.SudokuError);
    assert.equal(error.status, status);
    assert.equal(error.name, Class.name);
    assert.ok(!error.message.startsWith('unknown'));
    assert.equal(lib[Class.name], Class, 'exported by name');
  }
});

test('the header has no macro the package lacks', () => {
  const macros = [...HEADER.matchAll(/^#define (SUDOKU_\w+)/gm)].map((m) => m[1]);
  const others = macros.filter((m) => m !== 'SUDOKU_H' && !m.startsWith('SUDOKU_VERSION_'));
  assert.deepEqual(others.sort(), Object.keys(MACROS).sort());
});

test('the structs have the header fields, in order, and start with their size', () => {
  assert.deepEqual(
    headerStructs(),
    Object.fromEntries(STRUCTS.map((s) => [s.name, s.fields.map((f) => f.c)])),
  );
  for (const s of VERSIONED) assert.deepEqual([s.fields[0].c, s.fields[0].type], ['size', 'u32']);
  assert.deepEqual(STRUCTS.filter((s) => !VERSIONED.includes(s)).map((s) => s.name), ['sudoku_chain_node']);
});

// The structs hold only fixed-width integers, so their layout is the same for every ABI with
// natural alignment: the host's C compiler stands in for wasm32's.
test('struct layouts match what the C compiler makes of the header', () => {
  const ints = { u8: 'uint8', u16: 'uint16', i32: 'int32', u32: 'uint32', u64: 'uint64' };
  // char is its own C type; a struct element (sudoku_chain_node) is "other".
  const kinds = { ...ints, char: 'char', node: 'other' };
  const lines = [
    '#include <stddef.h>',
    '#include <stdint.h>',
    '#include <stdio.h>',
    '#include "sudoku.h"',
    `#define KIND(x) _Generic((x), char: "char", ${Object.values(ints).map((k) => `${k}_t: "${k}"`).join(', ')}, default: "other")`,
    'int main(void) {',
  ];
  const expected = [];
  for (const s of STRUCTS) {
    lines.push(`printf("${s.name} %zu %zu\\n", sizeof(${s.name}), _Alignof(${s.name}));`);
    expected.push(`${s.name} ${s.size} ${s.align}`);
    for (const f of s.fields) {
      const member = `(((${s.name} *)0)->${f.c})`;
      const element = f.count > 1 ? `${member}[0]` : member;
      lines.push(
        `printf("${s.name}.${f.c} %zu %zu %s %zu\\n", offsetof(${s.name}, ${f.c}), sizeof ${member}, ` +
          `KIND(${element}), sizeof ${member} / sizeof ${element});`,
      );
      expected.push(`${s.name}.${f.c} ${f.offset} ${f.size} ${kinds[f.type]} ${f.count}`);
    }
  }
  for (const [macro, value] of Object.entries(MACROS)) {
    lines.push(`printf("${macro} %d\\n", (int)(${macro}));`);
    expected.push(`${macro} ${value}`);
  }
  lines.push('return 0;', '}');
  const dir = mkdtempSync(path.join(tmpdir(), 'sudoku-layout-'));
  writeFileSync(path.join(dir, 'layout.c'), `${lines.join('\n')}\n`);
  const flags = ['-std=c11', '-Wall', '-Wextra', '-Werror', '-pedantic'];
  execFileSync(process.env.CC ?? 'cc', [...flags, '-I', path.join(ROOT, 'include'), path.join(dir, 'layout.c'), '-o', path.join(dir, 'layout')]);
  const out = execFileSync(path.join(dir, 'layout'), { encoding: 'utf8' });
  assert.deepEqual(out.trim().split('\n'), expected);
});

test('the module exports the header functions and its memory, nothing else', () => {
  const module = new WebAssembly.Module(readFileSync(path.join(ROOT, 'js', 'sudoku.wasm')));
  assert.deepEqual(WebAssembly.Module.imports(module), []);
  const exports = WebAssembly.Module.exports(module);
  const functions = exports.filter((e) => e.kind === 'function').map((e) => e.name).sort();
  assert.deepEqual(functions, headerFunctions());
  assert.ok(functions.length > 15);
  assert.deepEqual(exports.filter((e) => e.kind === 'memory').map((e) => e.name), ['memory']);
  // The linker's own symbols are the only other exports.
  const others = exports.filter((e) => e.kind !== 'function' && e.kind !== 'memory').map((e) => e.name);
  assert.deepEqual(others.sort(), ['__data_end', '__heap_base']);
});

test('the package calls every function of the header, or says why not', () => {
  const source = readdirSync(path.join(ROOT, 'js', 'src'))
    .map((f) => readFileSync(path.join(ROOT, 'js', 'src', f), 'utf8'))
    .join('\n');
  const missing = headerFunctions().filter((f) => !source.includes(`.${f}(`) && !(f in UNBOUND));
  assert.deepEqual(missing, []);
  for (const f of Object.keys(UNBOUND)) assert.ok(headerFunctions().includes(f), f);
  // Every call into the module goes through the runtime's guarded functions.
  const callers = (file) => {
    const text = readFileSync(path.join(ROOT, 'js', 'src', file), 'utf8');
    return [...text.matchAll(/([\w.#]+)\.(sudoku_\w+)\(/g)].map((m) => m[1]);
  };
  const index = callers('index.js');
  const formats = callers('formats.js');
  assert.ok(index.length > 15 && formats.length >= 7);
  assert.deepEqual([...new Set([...index, ...formats])], ['this.#rt.fn']);
});
