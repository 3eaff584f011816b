// generate, rate, hint and the technique and level names, checked against countSolutions, the
// plain-JavaScript reference and the README's tables, with bad input and untouched arguments:
// test_generate.py's behaviours.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';

import * as lib from '../src/index.js';
import { HintKind, Level, Status, Symmetry, Technique } from '../src/index.js';
import { ANSWER, CONFLICT, NO_SOLUTION, PUZZLE, SEVERAL, bytes, put, sudoku } from './common.js';
import * as reference from './reference.js';

const LEVELS = [Level.EASY, Level.MEDIUM, Level.HARD, Level.EXPERT, Level.EXTREME];

// generate

test('generated puzzles are unique and minimal, with their solution', () => {
  for (let seed = 0; seed < 12; seed++) {
    const { puzzle, solution } = sudoku.generate(seed);
    assert.match(puzzle, /^[.1-9]{81}$/);
    assert.deepEqual(sudoku.countSolutions(puzzle), { count: 1, first: solution });
    assert.ok(reference.isSolution(puzzle, solution));
    // Minimal: without any one of its givens the puzzle has several solutions.
    for (let cell = 0; cell < 81; cell++) {
      if (puzzle[cell] !== '.') assert.equal(sudoku.countSolutions(put(puzzle, cell, '.')).count, 2);
    }
  }
});

test('generation is deterministic and seeds differ', () => {
  const seeds = [0, 1, 2n ** 64n - 1n];
  const first = seeds.map((s) => sudoku.generate(s));
  assert.deepEqual(seeds.map((s) => sudoku.generate(s)), first);
  assert.equal(new Set(first.map((g) => g.puzzle)).size, 3);
  // A number and the same bigint are the same seed.
  assert.deepEqual(sudoku.generate(12345), sudoku.generate(12345n));
});

test('instances do not share state', async () => {
  const other = await lib.Sudoku.load();
  const seeds = [...Array(20).keys()];
  const expected = seeds.map((s) => sudoku.generate(s, { symmetry: Symmetry.ROTATE_180 }));
  // Interleaved calls on two instances give what each gives alone.
  const got = seeds.flatMap((s) => [other.generate(s, { symmetry: Symmetry.ROTATE_180 }), sudoku.generate(s, { symmetry: Symmetry.ROTATE_180 })]);
  assert.deepEqual(got, expected.flatMap((g) => [g, g]));
});

for (const [name, symmetry] of Object.entries(Symmetry)) {
  test(`generated puzzles have the symmetry asked for: ${name}`, () => {
    for (let seed = 0; seed < 3; seed++) {
      const { puzzle } = sudoku.generate(seed, { symmetry });
      assert.ok(sudoku.isUnique(puzzle));
      for (let cell = 0; cell < 81; cell++) {
        const given = puzzle[cell] !== '.';
        for (const c of reference.symmetricCells(cell, symmetry)) assert.equal(puzzle[c] !== '.', given);
      }
    }
  });
}

for (const level of LEVELS) {
  test(`generated puzzles are within the level asked for: ${level}`, () => {
    for (let seed = 0; seed < 3; seed++) {
      const { puzzle } = sudoku.generate(seed, { minLevel: level, maxLevel: level });
      assert.equal(sudoku.rate(puzzle).level, level);
    }
  });
}

test('an ER range', () => {
  for (let seed = 0; seed < 3; seed++) {
    const { puzzle } = sudoku.generate(seed, { minErTenths: 40, maxErTenths: 45 });
    const { erTenths } = sudoku.rate(puzzle);
    assert.ok(erTenths >= 40 && erTenths <= 45, `${puzzle}: ${erTenths}`);
  }
  assert.deepEqual(sudoku.generate(5, { minErTenths: 0, maxErTenths: null }), sudoku.generate(5));
});

test('a level range', () => {
  const { puzzle } = sudoku.generate(7, { minLevel: Level.MEDIUM, maxLevel: Level.HARD });
  assert.ok([Level.MEDIUM, Level.HARD].includes(sudoku.rate(puzzle).level));
});

test('a floor of givens', () => {
  let { puzzle, solution } = sudoku.generate(3, { minGivens: 30, minimal: false });
  assert.equal(81 - puzzle.split('.').length + 1, 30);
  assert.deepEqual(sudoku.countSolutions(puzzle), { count: 1, first: solution });
  // All 81: nothing may be removed. Not minimal: the full grid; minimal: no grid qualifies.
  ({ puzzle, solution } = sudoku.generate(3, { minGivens: 81, minimal: false }));
  assert.equal(puzzle, solution);
  assert.throws(
    () => sudoku.generate(3, { minGivens: 81, maxAttempts: 2 }),
    (e) => e instanceof lib.AttemptsExhaustedError && e.status === Status.ATTEMPTS_EXHAUSTED,
  );
});

for (const options of [
  { symmetry: 6 },
  { symmetry: -1 },
  { minLevel: 8 },
  { maxLevel: -1 },
  { minLevel: Level.HARD, maxLevel: Level.EASY },
  { minErTenths: 50, maxErTenths: 40 },
  { maxErTenths: 201 },
  { minLevel: Level.EXPERT, maxErTenths: 46 },
  { minGivens: 82 },
  { minGivens: -1 },
  { maxAttempts: 2 ** 32 },
  { symmetry: 2 ** 40 }, // would wrap to 0 in a C int
]) {
  test(`generate rejects bad options: ${JSON.stringify(options)}`, () => {
    assert.throws(
      () => sudoku.generate(1, options),
      (e) => e instanceof lib.InvalidArgumentError && e.status === Status.INVALID_ARGUMENT,
    );
  });
}

test('generate rejects bad seeds and arguments', () => {
  for (const seed of [-1, 2 ** 64, -1n, 2n ** 64n]) assert.throws(() => sudoku.generate(seed), lib.InvalidArgumentError);
  assert.throws(() => sudoku.generate('1'), TypeError);
  assert.throws(() => sudoku.generate(1.5), TypeError);
  assert.throws(() => sudoku.generate(1, Symmetry.NONE), TypeError); // options are an object
  assert.throws(() => sudoku.generate(1, { min_level: 2 }), /unknown option min_level/);
  assert.throws(() => sudoku.generate(1, { symmetry: '1' }), TypeError);
});

test('maxAttempts null and 0 mean the default', () => {
  assert.deepEqual(sudoku.generate(4, { maxAttempts: null }), sudoku.generate(4));
  assert.deepEqual(sudoku.generate(4, { maxAttempts: 0 }), sudoku.generate(4));
});

// rate

/** What docs/grading.md says of every rating. */
function checkRating(rating) {
  const counts = [...rating.techniqueSteps.values()];
  assert.equal(rating.steps, counts.reduce((a, b) => a + b, 0));
  assert.ok(counts.every((n) => n > 0));
  assert.deepEqual([rating.needsSearch, rating.guesses], [false, 0]);
  assert.equal(rating.scoreTenths, rating.erTenths);
  assert.ok(rating.edTenths <= rating.epTenths && rating.epTenths <= rating.erTenths);
  assert.equal(rating.level, reference.levelOfScore(rating.erTenths));
  if (rating.hardest === null) {
    assert.deepEqual([rating.erTenths, rating.steps, rating.hardestName], [0, 0, null]);
    assert.deepEqual([rating.epTechnique, rating.edTechnique], [null, null]);
  } else {
    for (const t of [rating.hardest, rating.epTechnique, rating.edTechnique]) assert.ok(rating.techniqueSteps.has(t));
    assert.ok(sudoku.techniqueScore(rating.hardest) <= rating.erTenths);
    assert.equal(typeof rating.hardestName, 'string');
  }
  assert.equal(rating.score, rating.scoreTenths / 10);
  assert.equal(rating.levelName, sudoku.levelName(rating.level));
}

test('ratings of the corpus obey the tables', () => {
  const levels = new Set();
  for (const puzzle of reference.corpus('puzzles1_unbiased_first1000.txt', 150)) {
    const rating = sudoku.rate(puzzle);
    checkRating(rating);
    levels.add(rating.level);
  }
  for (const level of LEVELS.slice(0, 4)) assert.ok(levels.has(level), `level ${level}`);
});

/** data/ratings/se_sample.tsv: puzzle, Sudoku Explainer's ER/EP/ED and rule. */
function seSample() {
  const text = readFileSync(path.join(reference.ROOT, 'data', 'ratings', 'se_sample.tsv'), 'utf8');
  return text.trim().split('\n').filter((l) => !l.startsWith('#')).map((l) => l.split('\t'));
}

test("a few of Sudoku Explainer's own ratings", () => {
  const tenths = (r) => `${Math.trunc(r / 10)}.${r % 10}`;
  for (const [puzzle, ratings, rule] of seSample().filter((_, i) => i % 40 === 0)) {
    const rating = sudoku.rate(puzzle);
    checkRating(rating);
    assert.equal([rating.erTenths, rating.epTenths, rating.edTenths].map(tenths).join('/'), ratings, puzzle);
    assert.equal(rating.hardestName, rule);
  }
});

test('a budget bounds the rating', () => {
  const [hard] = seSample().find(([, ratings]) => Number(ratings.split('/')[0]) >= 9);
  assert.throws(() => sudoku.rate(hard, { maxEffort: 1000 }), lib.BudgetExhaustedError);
  assert.throws(() => sudoku.rate(hard, { maxEffort: 1000n }), (e) => e.status === Status.BUDGET_EXHAUSTED);
  assert.deepEqual(sudoku.rate(hard, { maxEffort: 0 }), sudoku.rate(hard));
  assert.equal(sudoku.rate(hard, { maxEffort: null }).level, Level.NIGHTMARE);
  assert.throws(() => sudoku.rate(hard, { maxEffort: -1 }), lib.InvalidArgumentError);
  assert.throws(() => sudoku.rate(hard, { budget: 1 }), /unknown option budget/);
});

test('a singles puzzle and a full board', () => {
  const rating = sudoku.rate(PUZZLE);
  checkRating(rating);
  assert.equal(rating.level, Level.EASY);
  const singles = [Technique.FULL_HOUSE, Technique.HIDDEN_SINGLE_BOX, Technique.HIDDEN_SINGLE_LINE, Technique.NAKED_SINGLE];
  assert.ok([...rating.techniqueSteps.keys()].every((t) => singles.includes(t)));
  assert.equal(rating.steps, PUZZLE.split('.').length - 1); // one placement per blank
  const full = sudoku.rate(ANSWER);
  checkRating(full);
  assert.deepEqual([full.hardest, full.hardestName, full.steps], [null, null, 0]);
});

for (const [name, puzzle, Error] of [
  ['several solutions', SEVERAL, lib.MultipleSolutionsError],
  ['no solution', NO_SOLUTION, lib.NoSolutionError],
  ['a clash', CONFLICT, lib.ConflictError],
  ['a bad character', put(PUZZLE, 80, 'x'), lib.InvalidCharacterError],
]) {
  test(`rate: failures: ${name}`, () => {
    const data = bytes(puzzle);
    assert.throws(() => sudoku.rate(data), Error);
    assert.deepEqual(data, bytes(puzzle));
  });
}

test('names and scores', () => {
  assert.equal(sudoku.techniqueName(Technique.X_WING), 'X-Wing');
  assert.equal(sudoku.techniqueName(99), 'unknown technique');
  assert.equal(sudoku.techniqueName(-1), 'unknown technique');
  assert.equal(sudoku.techniqueScore(99), null);
  assert.equal(sudoku.levelName(Level.MEDIUM), 'medium');
  assert.equal(sudoku.levelName(Level.ANY), 'any');
  assert.equal(sudoku.levelName(99), 'unknown level');
  const techniques = Object.values(Technique);
  const names = techniques.map((t) => sudoku.techniqueName(t));
  assert.equal(new Set(names).size, names.length);
  assert.ok(!names.includes('unknown technique'));
  // Every score is on Sudoku Explainer's scale (1.0 to 12.0); X-Wing's is SE's 3.2.
  const scores = techniques.map((t) => sudoku.techniqueScore(t));
  assert.ok(scores.every((s) => s >= 10 && s <= 120));
  assert.equal(sudoku.techniqueScore(Technique.X_WING), 32);
  assert.throws(() => sudoku.techniqueName(2 ** 32 + 6), lib.InvalidArgumentError);
});

// hint

/** A step places only solution digits and never removes one. */
function checkStep(hint, solution) {
  assert.ok([HintKind.STEP, HintKind.REVEAL].includes(hint.kind));
  for (const [cell, digit] of hint.placements) assert.equal(String(digit), solution[cell]);
  for (const [cell, removed] of hint.eliminations) {
    assert.ok(removed.length > 0 && !removed.includes(Number(solution[cell])));
  }
  assert.ok(hint.units.every((u) => u >= 0 && u < 27));
  if (hint.kind === HintKind.STEP) {
    assert.notEqual(hint.technique, null);
    assert.equal(hint.techniqueName, sudoku.techniqueName(hint.technique));
    assert.ok(hint.placements.size || hint.eliminations.size);
    assert.ok(hint.pattern.size);
    assert.ok(hint.seName && hint.difficultyTenths >= sudoku.techniqueScore(hint.technique));
    for (const chain of hint.chains) {
      assert.equal(chain[0].link, 0);
      assert.ok(chain.slice(1).every((n) => n.link === 1 || n.link === 2));
      assert.ok(chain.every((n) => n.cell >= 0 && n.cell < 81 && n.digit >= 1 && n.digit <= 9));
    }
  } else {
    assert.equal(hint.technique, null);
    assert.deepEqual([...hint.placements.keys()], [hint.cell]);
    assert.deepEqual([hint.seName, hint.difficultyTenths, hint.chains.length], [null, 0, 0]);
  }
  if (hint.placements.size) {
    assert.equal(hint.cell, Math.min(...hint.placements.keys()));
    assert.equal(hint.digit, hint.placements.get(hint.cell));
  }
}

/** Applies hints with pencil marks until the board is solved; returns the steps taken. The
 * hardest step is the rating's ER. */
function play(puzzle, solution) {
  const board = [...puzzle];
  const marks = sudoku.candidates(puzzle);
  let hardest = 0;
  for (let steps = 0; steps < 1000; steps++) {
    const hint = sudoku.hint(board.join(''), { puzzle, marks });
    if (hint.kind === HintKind.SOLVED) {
      assert.equal(board.join(''), solution);
      assert.equal(hardest, sudoku.rate(puzzle).erTenths);
      return steps;
    }
    checkStep(hint, solution);
    hardest = Math.max(hardest, hint.difficultyTenths);
    for (const [cell, digit] of hint.placements) board[cell] = String(digit);
    for (const [cell, removed] of hint.eliminations) marks[cell] = marks[cell].filter((d) => !removed.includes(d));
  }
  throw new Error('no end to the hints');
}

for (const level of LEVELS) {
  test(`following the hints solves generated puzzles: level ${level}`, () => {
    const techniques = new Set();
    for (let seed = 0; seed < 2; seed++) {
      const { puzzle, solution } = sudoku.generate(seed, { minLevel: level, maxLevel: level });
      assert.ok(play(puzzle, solution) > 0);
      for (const t of sudoku.rate(puzzle).techniqueSteps.keys()) techniques.add(t);
    }
    assert.ok(techniques.size > 0);
  });
}

test('a hint without the puzzle', () => {
  const hint = sudoku.hint(PUZZLE);
  checkStep(hint, ANSWER);
  assert.equal(hint.kind, HintKind.STEP);
  assert.notEqual(hint.cell, null);
  // The same as with the puzzle and no marks, and through sudoku_hint_ex with NULLs.
  assert.deepEqual(sudoku.hint(PUZZLE, { puzzle: PUZZLE }), hint);
  assert.deepEqual(sudoku.hint(PUZZLE, { marks: Array(81).fill([]) }), hint);
  assert.deepEqual(sudoku.hint(PUZZLE, {}), hint);
  assert.equal(sudoku.hint(ANSWER).kind, HintKind.SOLVED);
});

test('wrong digits are named', () => {
  const { puzzle, solution } = sudoku.generate(11);
  const blanks = [...puzzle].flatMap((ch, c) => (ch === '.' ? [c] : []));
  // Entries that are right, then one that is wrong.
  const board = [...puzzle];
  for (const c of blanks.slice(0, 10)) board[c] = solution[c];
  const wrongCell = blanks[20];
  const wrongDigit = (Number(solution[wrongCell]) % 9) + 1;
  board[wrongCell] = String(wrongDigit);
  const hint = sudoku.hint(board.join(''), { puzzle });
  assert.equal(hint.kind, HintKind.WRONG_DIGIT);
  assert.deepEqual([hint.cell, hint.digit], [wrongCell, wrongDigit]);
  assert.deepEqual(hint.wrong, new Map([[wrongCell, wrongDigit]]));
  assert.equal(hint.technique, null);
  assert.equal(hint.placements.size, 0);
  // Without the puzzle, the wrong cell is among the suspects (if the position has no solution).
  try {
    const suspects = sudoku.hint(board.join(''));
    if (suspects.kind === HintKind.WRONG_DIGIT) assert.ok(suspects.wrong.has(wrongCell));
  } catch (e) {
    if (!(e instanceof lib.MultipleSolutionsError)) throw e;
  }
});

test('wrong marks are named', () => {
  const { puzzle, solution } = sudoku.generate(12);
  const marks = sudoku.candidates(puzzle);
  const cell = puzzle.indexOf('.');
  marks[cell] = marks[cell].filter((d) => d !== Number(solution[cell]));
  const hint = sudoku.hint(puzzle, { puzzle, marks: marks.map((m) => new Set(m)) });
  assert.equal(hint.kind, HintKind.WRONG_MARK);
  assert.deepEqual([hint.cell, hint.digit], [cell, Number(solution[cell])]);
  assert.deepEqual(hint.wrong, new Map([[cell, Number(solution[cell])]]));
});

const noMarks = (first) => [first, ...Array(80).fill([])];
for (const [name, call, Error] of [
  ['several solutions', () => sudoku.hint(SEVERAL), lib.MultipleSolutionsError],
  ['a puzzle with several solutions', () => sudoku.hint(PUZZLE, { puzzle: SEVERAL }), lib.MultipleSolutionsError],
  ['a bad character', () => sudoku.hint(put(PUZZLE, 80, 'x')), lib.InvalidCharacterError],
  ['a bad character in the puzzle', () => sudoku.hint(PUZZLE, { puzzle: put(PUZZLE, 80, 'x') }), lib.InvalidCharacterError],
  ['a clash in the puzzle', () => sudoku.hint(PUZZLE, { puzzle: CONFLICT }), lib.ConflictError],
  // The board changed a given of the puzzle.
  ['a changed given', () => sudoku.hint(put(PUZZLE, 0, '.'), { puzzle: PUZZLE }), lib.InvalidArgumentError],
  ['a mark 10', () => sudoku.hint(PUZZLE, { marks: noMarks([10]) }), lib.InvalidArgumentError],
  ['a mark 0', () => sudoku.hint(PUZZLE, { marks: noMarks([0]) }), lib.InvalidArgumentError],
  ['a mark 1.5', () => sudoku.hint(PUZZLE, { marks: noMarks([1.5]) }), TypeError],
  ['80 marks', () => sudoku.hint(PUZZLE, { marks: Array(80).fill([]) }), RangeError],
  ['null marks', () => sudoku.hint(PUZZLE, { marks: Array(81).fill(null) }), TypeError],
  ['holes for marks', () => sudoku.hint(PUZZLE, { marks: new Array(81) }), TypeError],
  ['a short board', () => sudoku.hint(PUZZLE.slice(0, 80)), RangeError],
  ['options that are not an object', () => sudoku.hint(PUZZLE, PUZZLE), TypeError],
  ['an unknown option', () => sudoku.hint(PUZZLE, { given: PUZZLE }), TypeError],
]) {
  test(`hint: failures: ${name}`, () => {
    assert.throws(call, Error);
  });
}

test('hint leaves its arguments alone', () => {
  const { puzzle } = sudoku.generate(13);
  const board = bytes(puzzle);
  const given = bytes(puzzle);
  const marks = sudoku.candidates(puzzle);
  const copy = structuredClone(marks);
  sudoku.hint(board, { puzzle: given, marks });
  assert.deepEqual(board, bytes(puzzle));
  assert.deepEqual(given, bytes(puzzle));
  assert.deepEqual(marks, copy);
});
