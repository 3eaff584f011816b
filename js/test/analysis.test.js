// countSolutions, isUnique, validate, candidates, candidatesSingles, solveBatch, parse and
// format, checked against the plain-JavaScript reference and the corpus, with bad input and
// untouched arguments: test_analysis.py's behaviours.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';

import * as lib from '../src/index.js';
import { FormatStyle, Status } from '../src/index.js';
import { ANSWER, BAD_CHAR, CONFLICT, NO_SOLUTION, PUZZLE, bytes, put, sudoku } from './common.js';
import * as reference from './reference.js';

/** `solution` with `blanks` random cells blanked: a board with one or more solutions. */
function blanked(solution, blanks, rng) {
  const board = [...solution];
  for (const c of rng.sample([...Array(81).keys()], blanks)) board[c] = '.';
  return board.join('');
}

/** `solution` with `blanks` random cells blanked and a wrong but clash-free digit put in one of
 * them: a board that often has no solution, sometimes several. */
function misplaced(solution, blanks, rng) {
  const board = [...blanked(solution, blanks, rng)];
  for (const cell of rng.sample([...Array(81).keys()], 81)) {
    const wrong = reference.candidates(board.join(''))[cell].filter((d) => d !== Number(solution[cell]));
    if (wrong.length) {
      board[cell] = String(rng.choice(wrong));
      break;
    }
  }
  return board.join('');
}

/** A random board with a few clash-free givens: often many solutions, sometimes none. */
function randomPartial(rng) {
  const board = Array(81).fill('.');
  const n = rng.range(8, 30);
  for (let i = 0; i < n; i++) {
    const cell = rng.range(0, 81);
    const digit = String(rng.range(1, 10));
    if ([...reference.PEERS[cell]].every((p) => board[p] !== digit)) board[cell] = digit;
  }
  return board.join('');
}

// countSolutions and isUnique

test('counts match the tdoku test file', () => {
  const file = path.join(reference.puzzleDir(), 'tdoku_test_puzzles_with_counts.txt');
  const lines = readFileSync(file, 'latin1').split('\n').filter((l) => l && !l.startsWith('#'));
  assert.ok(lines.length > 40);
  for (const line of lines) {
    const [puzzle, text] = line.split(':');
    const count = Number(text);
    const found = sudoku.countSolutions(puzzle, count + 1);
    assert.equal(found.count, count, puzzle);
    if (count) assert.ok(reference.isSolution(puzzle, found.first));
    else assert.equal(found.first, null);
    assert.equal(sudoku.isUnique(puzzle), count === 1);
    assert.equal(sudoku.countSolutions(puzzle, 1).count, Math.min(count, 1));
  }
});

test('counts agree with brute force on random boards', () => {
  const rng = reference.rng(6);
  const solution = sudoku.solve('.'.repeat(81));
  const boards = [];
  for (let i = 0; i < 20; i++) boards.push(blanked(solution, rng.range(20, 64), rng));
  for (let i = 0; i < 20; i++) boards.push(misplaced(solution, rng.range(20, 50), rng));
  const counts = new Set();
  for (const board of boards) {
    const expected = reference.solutions(board, 5);
    const { count, first } = sudoku.countSolutions(board, 5);
    assert.equal(count, expected.length, board);
    assert.equal(first === null, count === 0);
    if (first !== null) assert.ok(reference.isSolution(board, first));
    counts.add(count);
  }
  for (const c of [0, 1, 5]) assert.ok(counts.has(c), 'the random boards should cover none, one and many');
});

test('the count of clashing givens is zero', () => {
  assert.deepEqual(sudoku.countSolutions(CONFLICT), { count: 0, first: null });
  assert.deepEqual(sudoku.countSolutions(NO_SOLUTION), { count: 0, first: null });
  assert.equal(sudoku.isUnique(CONFLICT), false);
});

for (const limit of [0, -1, 2 ** 32, 2 ** 64]) {
  test(`count limit out of range: ${limit}`, () => {
    assert.throws(
      () => sudoku.countSolutions(PUZZLE, limit),
      (e) => e instanceof lib.InvalidArgumentError && e.status === Status.INVALID_ARGUMENT,
    );
  });
}

test('count: bad input', () => {
  assert.throws(() => sudoku.countSolutions(BAD_CHAR), lib.InvalidCharacterError);
  assert.throws(() => sudoku.isUnique(BAD_CHAR), lib.InvalidCharacterError);
  assert.throws(() => sudoku.countSolutions(PUZZLE.slice(0, 80)), RangeError);
  assert.throws(() => sudoku.countSolutions(PUZZLE, '2'), TypeError);
  assert.throws(() => sudoku.countSolutions(PUZZLE, 1.5), TypeError);
  assert.throws(() => sudoku.countSolutions(null), TypeError);
});

// validate

test('validate accepts legal boards, even without a solution', () => {
  assert.equal(sudoku.validate(PUZZLE), undefined);
  assert.equal(sudoku.validate(ANSWER), undefined);
  assert.equal(sudoku.validate('.'.repeat(81)), undefined);
  assert.equal(sudoku.validate(NO_SOLUTION.replaceAll('.', '0')), undefined);
});

test('validate names the cell of random clashes', () => {
  const rng = reference.rng(9);
  const kinds = new Set();
  for (let i = 0; i < 300; i++) {
    const board = [...blanked(ANSWER, rng.range(20, 70), rng)];
    const cell = rng.range(0, 81);
    const unit = rng.choice(reference.UNITS_OF[cell]);
    const other = rng.choice(reference.UNITS[unit].filter((p) => p !== cell));
    board[other] = board[cell] = ANSWER[cell];
    const text = board.join('');
    assert.throws(
      () => sudoku.validate(text),
      (e) => {
        assert.ok(e instanceof lib.ConflictError);
        assert.equal(e.cell, reference.firstClash(text));
        assert.equal(e.status, Status.CONFLICT);
        assert.ok(e.message.startsWith(sudoku.statusMessage(Status.CONFLICT)));
        return true;
      },
    );
    kinds.add(Math.floor(unit / 9));
  }
  assert.deepEqual([...kinds].sort(), [0, 1, 2]); // rows, columns and boxes
});

test('validate names the cell of a bad character', () => {
  for (const [cell, ch] of [[0, 'x'], [40, '\0'], [80, ' '], [17, 'a']]) {
    assert.throws(() => sudoku.validate(bytes(put(PUZZLE, cell, ch))), (e) => {
      assert.ok(e instanceof lib.InvalidCharacterError);
      assert.equal(e.cell, cell);
      return true;
    });
  }
  // A non-ASCII character in a string.
  assert.throws(() => sudoku.validate(put(PUZZLE, 30, 'é')), { name: 'InvalidCharacterError', cell: 30 });
  // The first problem wins, in row-major order.
  assert.throws(() => sudoku.validate(put(CONFLICT, 80, 'x')), { name: 'ConflictError', cell: 1 });
});

// candidates and candidatesSingles

test('candidates agree with the reference on the corpus', () => {
  const puzzles = [
    ...reference.corpus('puzzles1_unbiased_first1000.txt', 150),
    ...reference.corpus('puzzles2_17_clue.txt', 150),
  ];
  for (const puzzle of puzzles) {
    assert.deepEqual(sudoku.candidates(puzzle), reference.candidates(puzzle));
    assert.deepEqual(sudoku.candidatesSingles(puzzle), reference.singles(puzzle));
  }
});

test('candidatesSingles of an easy puzzle is its solution', () => {
  sudoku.candidatesSingles(PUZZLE).forEach((digits, c) => {
    assert.deepEqual(digits, PUZZLE[c] !== '.' ? [] : [Number(ANSWER[c])]);
  });
});

test('candidates: failures', () => {
  for (const f of [sudoku.candidates, sudoku.candidatesSingles]) {
    assert.throws(() => f(CONFLICT), lib.ConflictError);
    assert.throws(() => f(BAD_CHAR), lib.InvalidCharacterError);
    assert.throws(() => f(NO_SOLUTION), lib.NoSolutionError);
  }
  // Singles reach a contradiction that plain elimination cannot see.
  const rng = reference.rng(10);
  let found = 0;
  for (let i = 0; i < 300; i++) {
    const board = randomPartial(rng);
    const expected = reference.singles(board);
    if (expected === null) {
      found++;
      assert.throws(() => sudoku.candidatesSingles(board), lib.NoSolutionError);
    } else {
      assert.deepEqual(sudoku.candidatesSingles(board), expected);
    }
  }
  assert.ok(found > 0);
});

// solveBatch

test('a batch equals one by one, with failures in the middle', () => {
  const puzzles = reference.corpus('puzzles1_unbiased_first1000.txt', 1000);
  puzzles[10] = CONFLICT;
  puzzles[150] = BAD_CHAR;
  puzzles[151] = NO_SOLUTION;
  puzzles[200] = put(PUZZLE, 5, 'é');
  const expected = puzzles.map((p) => {
    try {
      return { status: Status.OK, solution: sudoku.solve(p) };
    } catch (e) {
      return { status: e.status, solution: null };
    }
  });
  const original = [...puzzles];
  // 1000 boards take more than one chunk of the memory region.
  assert.deepEqual(sudoku.solveBatch(puzzles), expected);
  assert.deepEqual(puzzles, original);
  assert.equal(expected[10].status, Status.CONFLICT);
  assert.equal(expected[150].status, Status.INVALID_CHARACTER);
  assert.equal(expected[200].status, Status.INVALID_CHARACTER);
  assert.equal(expected[151].status, Status.NO_SOLUTION);
});

test('a batch takes bytes and leaves them alone', () => {
  const data = [bytes(PUZZLE), Buffer.from(PUZZLE), PUZZLE];
  assert.deepEqual(sudoku.solveBatch(data), Array(3).fill({ status: Status.OK, solution: ANSWER }));
  assert.deepEqual(data[0], bytes(PUZZLE));
  assert.deepEqual(sudoku.solveBatch([]), []);
});

test('a batch with bad items throws before solving', () => {
  assert.throws(() => sudoku.solveBatch([PUZZLE, PUZZLE.slice(1)]), (e) => e instanceof RangeError && /^puzzle 1: a puzzle has 81 cells/.test(e.message));
  assert.throws(() => sudoku.solveBatch([PUZZLE, PUZZLE, null]), (e) => e instanceof TypeError && /^puzzle 2/.test(e.message));
  assert.throws(() => sudoku.solveBatch(PUZZLE), TypeError);
});

// parse and format

test('format styles match the documented layouts', () => {
  for (const puzzle of [PUZZLE, PUZZLE.replaceAll('.', '0'), ANSWER, '.'.repeat(81)]) {
    const line = puzzle.replaceAll('0', '.');
    assert.equal(sudoku.format(puzzle), line);
    assert.equal(sudoku.format(puzzle, FormatStyle.LINE), line);
    assert.equal(sudoku.format(puzzle, FormatStyle.GRID), reference.render(puzzle, false));
    assert.equal(sudoku.format(puzzle, FormatStyle.BORDERED), reference.render(puzzle, true));
    assert.equal(sudoku.format(bytes(puzzle), 2), reference.render(puzzle, true));
  }
});

test('format: failures', () => {
  for (const style of [3, -1]) assert.throws(() => sudoku.format(PUZZLE, style), lib.InvalidArgumentError);
  // Would wrap to 0 in a C int.
  assert.throws(() => sudoku.format(PUZZLE, 2 ** 32), lib.InvalidArgumentError);
  assert.throws(() => sudoku.format(PUZZLE, 'grid'), TypeError);
  assert.throws(() => sudoku.format(BAD_CHAR), lib.InvalidCharacterError);
  // Clashes are not checked: it is only text.
  assert.ok(sudoku.format(CONFLICT).startsWith('55'));
});

test('parse reads every format back', () => {
  for (const puzzle of reference.corpus('puzzles3_magictour_top1465.txt', 100)) {
    for (const style of Object.values(FormatStyle)) {
      const text = sudoku.format(puzzle, style);
      const expected = puzzle.replaceAll('0', '.');
      assert.equal(sudoku.parse(text), expected);
      assert.equal(sudoku.parse(new TextEncoder().encode(text.replaceAll('\n', '\r\n'))), expected);
    }
  }
});

test('parse reads pasted layouts', () => {
  const rows = [...Array(9).keys()].map((r) => PUZZLE.slice(r * 9, r * 9 + 9));
  assert.equal(sudoku.parse(`${PUZZLE}  # LeetCode 37, für alle`), PUZZLE);
  assert.equal(sudoku.parse(`${rows.join('\n')}\n`), PUZZLE);
  assert.equal(sudoku.parse(`\n\n${rows.map((r) => r.replaceAll('.', '_')).join('\n')}`), PUZZLE);
  assert.equal(sudoku.parse(PUZZLE.replaceAll('.', 'x')), PUZZLE);
  assert.equal(sudoku.parse(bytes(PUZZLE.replaceAll('.', '*'))), PUZZLE);
  // Longer than the memory region's first part: a larger one is taken.
  assert.equal(sudoku.parse(`${PUZZLE} # ${'a comment '.repeat(20000)}`), PUZZLE);
});

for (const [text, offset] of [
  [PUZZLE.slice(0, 80), 80], // a cell missing: the end of the text
  [put(PUZZLE, 20, '?'), 20], // a stray byte
  [`${PUZZLE}5`, 81], // the cell one too many
  [`${PUZZLE}\n${PUZZLE}`, 82], // a second puzzle
  ['', 0],
  [`é${PUZZLE}`, 0],
  [`${'ä'.repeat(3)}${PUZZLE}`, 0],
  [`${PUZZLE} # für\n5`, 88], // an index into the string (the "5"), not into its UTF-8
  [`${PUZZLE} # 😀\n5`, 87], // a surrogate pair is two string indices and four bytes
]) {
  test(`parse errors give the offset: ${JSON.stringify(text.slice(-12))}`, () => {
    assert.throws(
      () => sudoku.parse(text),
      (e) => {
        assert.ok(e instanceof lib.ParseError);
        assert.equal(e.offset, offset);
        assert.equal(e.status, Status.PARSE);
        assert.equal(text[e.offset] ?? 'end', text[offset] ?? 'end');
        assert.ok(e.message.startsWith(sudoku.statusMessage(Status.PARSE)));
        return true;
      },
    );
  });
}

test('parse offsets into bytes are byte offsets', () => {
  const head = `${PUZZLE} # für\n`;
  const data = new TextEncoder().encode(`${head}5`);
  assert.throws(() => sudoku.parse(data), (e) => e.offset === data.length - 1 && e.offset === head.length + 1);
});

test('parse rejects other types', () => {
  assert.throws(() => sudoku.parse(null), TypeError);
  assert.throws(() => sudoku.parse([...PUZZLE]), TypeError);
});

// Nothing is modified, whatever the call.

for (const [name, call] of Object.entries({
  countSolutions: (b) => sudoku.countSolutions(b, 3),
  isUnique: (b) => sudoku.isUnique(b),
  candidates: (b) => sudoku.candidates(b),
  candidatesSingles: (b) => sudoku.candidatesSingles(b),
  format: (b) => sudoku.format(b),
  validate: (b) => sudoku.validate(b),
  solve: (b) => sudoku.solve(b),
  solveBatch: (b) => sudoku.solveBatch([b, b]),
  parse: (b) => sudoku.parse(b),
  rate: (b) => sudoku.rate(b),
  hint: (b) => sudoku.hint(b, { puzzle: b }),
})) {
  test(`arguments are never modified: ${name}`, () => {
    for (const text of [PUZZLE, CONFLICT]) {
      const data = bytes(text);
      try {
        call(data);
      } catch (e) {
        if (!(e instanceof lib.SudokuError)) throw e;
      }
      assert.deepEqual(data, bytes(text));
    }
  });
}
