// solve, the errors and their statuses, versions and instances: test_libsudoku.py's behaviours.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';

import * as lib from '../src/index.js';
import { Status, Sudoku, SudokuError } from '../src/index.js';
import { ANSWER, CONFLICT, NO_SOLUTION, PUZZLE, bytes, put, sudoku } from './common.js';
import { ROOT, corpus, isSolution } from './reference.js';

test('solves a puzzle', () => {
  assert.equal(sudoku.solve(PUZZLE), ANSWER);
});

test('takes bytes and zero blanks', () => {
  assert.equal(sudoku.solve(bytes(PUZZLE)), ANSWER);
  assert.equal(sudoku.solve(PUZZLE.replaceAll('.', '0')), ANSWER);
  assert.equal(sudoku.solve(Buffer.from(PUZZLE.replaceAll('.', '0'), 'ascii')), ANSWER);
});

test('the input is not modified', () => {
  const data = bytes(PUZZLE);
  sudoku.solve(data);
  assert.deepEqual(data, bytes(PUZZLE));
});

for (const [name, puzzle, Error, status] of [
  ['x', put(PUZZLE, 80, 'x'), lib.InvalidCharacterError, Status.INVALID_CHARACTER],
  ['NUL', put(PUZZLE, 80, '\0'), lib.InvalidCharacterError, Status.INVALID_CHARACTER],
  ['é', put(PUZZLE, 80, 'é'), lib.InvalidCharacterError, Status.INVALID_CHARACTER],
  ['a clash', CONFLICT, lib.ConflictError, Status.CONFLICT],
  ['no solution', NO_SOLUTION, lib.NoSolutionError, Status.NO_SOLUTION],
]) {
  test(`library failures throw SudokuErrors with the status: ${name}`, () => {
    assert.throws(
      () => sudoku.solve(puzzle),
      (e) => {
        assert.ok(e instanceof Error && e instanceof SudokuError && e instanceof globalThis.Error);
        assert.equal(e.status, status);
        assert.equal(e.name, Error.name);
        assert.ok(e.message.startsWith(sudoku.statusMessage(status)), e.message);
        return true;
      },
    );
  });
}

test('a non-ASCII character names its cell', () => {
  assert.throws(() => sudoku.solve(put(PUZZLE, 80, 'é')), { cell: 80, message: /\(cell 80\)$/ });
});

for (const puzzle of ['', PUZZLE.slice(0, 80), `${PUZZLE}.`, bytes(`${PUZZLE}.`)]) {
  test(`wrong length is a RangeError (${puzzle.length})`, () => {
    assert.throws(() => sudoku.solve(puzzle), (e) => e instanceof RangeError && /81 cells/.test(e.message));
  });
}

for (const puzzle of [null, undefined, 81, [...PUZZLE], new Uint16Array(81), new DataView(new ArrayBuffer(81))]) {
  test(`other types are a TypeError (${Object.prototype.toString.call(puzzle)})`, () => {
    assert.throws(() => sudoku.solve(puzzle), TypeError);
  });
}

test('status messages', () => {
  assert.equal(sudoku.statusMessage(0), 'success');
  assert.match(sudoku.statusMessage(Status.CONFLICT), /^two givens/);
  assert.equal(sudoku.statusMessage(-7), 'unknown status code');
  assert.throws(() => sudoku.statusMessage(2 ** 31), lib.InvalidArgumentError);
  assert.throws(() => sudoku.statusMessage('1'), TypeError);
  // A code this package does not know yet keeps its number.
  const e = new SudokuError(99);
  assert.equal(e.status, 99);
  assert.equal(e.cell, null);
});

test('versions agree', () => {
  const cargo = readFileSync(path.join(ROOT, 'Cargo.toml'), 'utf8').match(/^version = "(.+)"/m)[1];
  const pkg = JSON.parse(readFileSync(path.join(ROOT, 'js', 'package.json'), 'utf8'));
  assert.equal(pkg.version, cargo);
  assert.equal(lib.VERSION, cargo);
  assert.equal(sudoku.version(), cargo);
});

test('a module with another ABI is refused', async () => {
  const module = await WebAssembly.compile(readFileSync(path.join(ROOT, 'js', 'sudoku.wasm')));
  assert.throws(() => new Sudoku(module, null, '0.99.0'), /is libsudoku 0\.1\.0, but this package needs 0\.99\.x/);
  assert.throws(() => new Sudoku('sudoku.wasm'), TypeError);
});

test('methods work detached from their object', () => {
  const { solve, rate } = sudoku;
  assert.equal(solve(PUZZLE), ANSWER);
  assert.equal(rate(PUZZLE).steps, 51);
});

test('solves the 17-clue corpus', () => {
  const puzzles = corpus('puzzles2_17_clue.txt', 4000);
  for (const puzzle of puzzles) assert.ok(isSolution(puzzle, sudoku.solve(puzzle)), puzzle);
});

test('the hardest puzzles too', () => {
  for (const puzzle of corpus('puzzles6_forum_hardest_1106.txt', 375)) {
    assert.ok(isSolution(puzzle, sudoku.solve(puzzle)), puzzle);
  }
});
