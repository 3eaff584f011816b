// The formats: parseMarks / formatMarks, readPuzzles, parseSudokuwiki / formatSudokuwiki and
// parseSs / formatSs (test_formats.py's behaviours, for JavaScript). Round trips on corpus puzzles
// and random positions, the layouts other programs write (built here independently of the
// library), bad input rejected with the offset of the first problem, outputs untouched and
// arguments unchanged on failure.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';

import * as lib from '../src/index.js';
import { MarksStyle, ParseError, Status } from '../src/index.js';
import { Runtime } from '../src/runtime.js';
import { ANSWER, PUZZLE, bytes, sudoku } from './common.js';
import * as reference from './reference.js';

const URL_PREFIX = 'https://www.sudokuwiki.org/sudoku.htm?bd=';
const NONE = () => Array.from({ length: 81 }, () => []);
const sorted = (digits) => [...digits].sort((a, b) => a - b);

/** What a cell shows: its digit alone when filled, else its candidates. */
function shown(board, candidates, cell) {
  return '.0'.includes(board[cell]) ? sorted(candidates[cell]) : [Number(board[cell])];
}

/** What a reader without values makes of a position: a lone digit is a filled cell. */
function singlesFilled(board, candidates) {
  const cells = [...board].map((c) => (c === '0' ? '.' : c));
  const marks = cells.map((c, i) => (c === '.' ? sorted(candidates[i]) : []));
  for (let i = 0; i < 81; i++) {
    if (cells[i] === '.' && marks[i].length === 1) {
      cells[i] = String(marks[i][0]);
      marks[i] = [];
    }
  }
  return { board: cells.join(''), candidates: marks };
}

/** The candidates of the empty cells of `board`, [] for filled ones (what readers give back). */
function emptyOnly(board, candidates) {
  return [...board].map((c, i) => (c === '.' ? sorted(candidates[i]) : []));
}

/**
 * { givens, board, candidates } from the LeetCode solution relabelled: `blanks` cells empty in
 * the givens, some of them entered on the board, the others with random candidates that hold the
 * solution's digit (sometimes alone).
 */
function randomPosition(rng, blanks) {
  const labels = rng.sample([...'123456789'], 9);
  const solution = [...ANSWER].map((c) => labels[Number(c) - 1]).join('');
  const givens = [...solution];
  const board = [...solution];
  const marks = NONE();
  for (const cell of rng.sample([...Array(81).keys()], blanks)) {
    givens[cell] = '.';
    if (rng.range(0, 100) < 25) continue;
    board[cell] = '.';
    const set = new Set([Number(solution[cell])]);
    if (rng.range(0, 100) < 70) {
      for (const d of rng.sample([1, 2, 3, 4, 5, 6, 7, 8, 9], rng.range(1, 9))) set.add(d);
    }
    marks[cell] = sorted(set);
  }
  return { givens: givens.join(''), board: board.join(''), candidates: marks };
}

/** The 729-character candidate string, built here. */
function candidateString(board, candidates) {
  let text = '';
  for (let i = 0; i < 81; i++) {
    const digits = shown(board, candidates, i);
    for (let d = 1; d <= 9; d++) text += digits.includes(d) ? String(d) : '.';
  }
  return text;
}

/** A candidate grid as HoDoKu frames it, with two spaces between cells. */
function hodokuGrid(board, candidates) {
  const tokens = [...Array(81).keys()].map((i) => shown(board, candidates, i).join('') || '.');
  const width = [...Array(9).keys()].map((c) => Math.max(...[...Array(9).keys()].map((r) => tokens[r * 9 + c].length)));
  const seg = [0, 3, 6].map((k) => width[k] + width[k + 1] + width[k + 2] + 8);
  const lines = [];
  for (let r = 0; r < 9; r++) {
    if (r % 3 === 0) {
      const end = r === 0 ? '.' : ':';
      lines.push(end + seg.map((n) => '-'.repeat(n)).join(end) + end);
    }
    const cells = [...Array(9).keys()].map((c) => tokens[r * 9 + c].padEnd(width[c]));
    const stacks = [0, 3, 6].map((k) => `  ${cells.slice(k, k + 3).join('  ')}  `);
    lines.push(`|${stacks.join('|')}|`);
  }
  lines.push(`'${seg.map((n) => '-'.repeat(n)).join("'")}'`);
  return `${lines.join('\n')}\n`;
}

/** Asserts that `call` throws ParseError (status PARSE) with `offset`. */
function throwsAt(call, offset, label) {
  assert.throws(
    call,
    (e) => {
      assert.ok(e instanceof ParseError && e instanceof lib.SudokuError, String(e));
      assert.equal(e.status, Status.PARSE);
      assert.equal(e.offset, offset, label);
      assert.ok(e.message.endsWith(`(offset ${offset})`), e.message);
      return true;
    },
    label,
  );
}

// Pencil marks

for (const [name, style] of Object.entries(MarksStyle)) {
  test(`marks round trip on corpus puzzles: ${name}`, () => {
    for (const puzzle of reference.corpus('puzzles2_17_clue.txt', 30)) {
      const marks = sudoku.candidates(puzzle);
      const text = sudoku.formatMarks(puzzle, marks, style);
      assert.deepEqual(sudoku.parseMarks(text, { values: puzzle }), { board: puzzle, candidates: marks });
      assert.deepEqual(sudoku.parseMarks(text), singlesFilled(puzzle, marks));
      assert.deepEqual(sudoku.parseMarks(bytes(text), { values: bytes(puzzle) }), { board: puzzle, candidates: marks });
    }
  });
}

test('marks round trip on random positions', () => {
  const rng = reference.rng(5);
  for (let i = 0; i < 200; i++) {
    const { board, candidates } = randomPosition(rng, rng.range(20, 70));
    for (const style of Object.values(MarksStyle)) {
      // Sets, as well as arrays, are iterables of digits.
      const text = sudoku.formatMarks(board, candidates.map((m) => new Set(m)), style);
      assert.deepEqual(sudoku.parseMarks(text, { values: board }), { board, candidates });
      assert.deepEqual(sudoku.parseMarks(text), singlesFilled(board, candidates));
    }
  }
});

test('the candidate string is written cell-major; the grid is the default style', () => {
  const { board, candidates } = randomPosition(reference.rng(6), 50);
  assert.equal(sudoku.formatMarks(board, candidates, MarksStyle.LINE), candidateString(board, candidates));
  const grid = sudoku.formatMarks(board, candidates);
  assert.equal(grid, sudoku.formatMarks(board, candidates, MarksStyle.GRID));
  assert.ok(grid.startsWith('+-') && grid.endsWith('+\n'), grid);
});

test('grids from other programs are read', () => {
  const { board, candidates } = randomPosition(reference.rng(7), 50);
  const grid = hodokuGrid(board, candidates);
  assert.deepEqual(sudoku.parseMarks(grid, { values: board }), { board, candidates });
  const crlf = new TextEncoder().encode(grid.replaceAll('\n', '\r\n'));
  assert.deepEqual(sudoku.parseMarks(crlf), singlesFilled(board, candidates));
  // The candidate string, spread with spaces and line ends around it.
  const text = `\n  ${candidateString(board, candidates).replaceAll('.', '0')}  \n`;
  assert.deepEqual(sudoku.parseMarks(text, { values: board }), { board, candidates });
});

test('bad marks are rejected at the first problem', () => {
  const marks = sudoku.candidates(PUZZLE);
  const string = sudoku.formatMarks(PUZZLE, marks, MarksStyle.LINE);
  // Cell 2's byte for digit 3 (offset 20) becomes a 7; a short string ends at its length.
  for (const [text, offset] of [
    [`${string.slice(0, 20)}7${string.slice(21)}`, 20],
    [string.slice(0, 500), 500],
    [`${string} x`, 730],
  ]) {
    throwsAt(() => sudoku.parseMarks(text), offset, text.slice(-8));
    throwsAt(() => sudoku.parseMarks(bytes(text)), offset, text.slice(-8));
  }
  const grid = sudoku.formatMarks(PUZZLE, marks, MarksStyle.GRID);
  const at = grid.indexOf('124');
  throwsAt(() => sudoku.parseMarks(`${grid.slice(0, at)}121${grid.slice(at + 3)}`), at + 2);
  const short = `${['  ', ...grid.split('\n').slice(0, 5)].join('\n')}\n`;
  throwsAt(() => sudoku.parseMarks(short), short.length);
  // A character that is not ASCII is out of place, at its first byte.
  throwsAt(() => sudoku.parseMarks(`${grid.slice(0, at)}1é4${grid.slice(at + 3)}`), at + 1);
  // Values that disagree with the text; a bad character in the values.
  throwsAt(() => sudoku.parseMarks(string, { values: `3${PUZZLE.slice(1)}` }), 4); // cell 0 shows its 5
  assert.throws(() => sudoku.parseMarks(string, { values: `?${PUZZLE.slice(1)}` }), lib.InvalidCharacterError);
  assert.throws(() => sudoku.parseMarks(string, { values: `é${PUZZLE.slice(1)}` }), (e) => e instanceof lib.InvalidCharacterError && e.cell === 0);
  assert.throws(() => sudoku.parseMarks(string, { values: PUZZLE.slice(1) }), RangeError);
  assert.throws(() => sudoku.parseMarks(string, { value: PUZZLE }), TypeError);
  assert.throws(() => sudoku.parseMarks([...string]), TypeError);
});

test('formatMarks checks its arguments', () => {
  const marks = sudoku.candidates(PUZZLE);
  assert.throws(() => sudoku.formatMarks(PUZZLE, marks, 2), lib.InvalidArgumentError);
  assert.throws(() => sudoku.formatMarks(PUZZLE, marks, 2 ** 31), lib.InvalidArgumentError);
  assert.throws(() => sudoku.formatMarks(PUZZLE, marks, 'grid'), TypeError);
  assert.throws(() => sudoku.formatMarks(PUZZLE, [[10], ...marks.slice(1)]), lib.InvalidArgumentError);
  assert.throws(() => sudoku.formatMarks(PUZZLE, [[0], ...marks.slice(1)]), lib.InvalidArgumentError);
  assert.throws(() => sudoku.formatMarks(PUZZLE, [[1.5], ...marks.slice(1)]), TypeError);
  assert.throws(() => sudoku.formatMarks(PUZZLE, [null, ...marks.slice(1)]), TypeError);
  assert.throws(() => sudoku.formatMarks(PUZZLE, marks.slice(0, 80)), RangeError);
  assert.throws(() => sudoku.formatMarks(PUZZLE, 'marks'), TypeError);
  assert.throws(() => sudoku.formatMarks(`x${PUZZLE.slice(1)}`, marks), lib.InvalidCharacterError);
  // A filled cell's candidates are ignored.
  assert.equal(sudoku.formatMarks(PUZZLE, [[1, 2], ...marks.slice(1)]), sudoku.formatMarks(PUZZLE, marks));
});

// Files of puzzles

test('readPuzzles skips comments and keeps columns', () => {
  const [a, b, c] = reference.corpus('puzzles3_magictour_top1465.txt', 3);
  const text = `\ufeff# three puzzles\n\n${a} # 7.1\r\n  ${b}\t8.3\tSE\n${c},${ANSWER}\n# end\n`;
  const records = [...sudoku.readPuzzles(text)];
  assert.deepEqual(records.map((r) => r.puzzle), [a, b, c]);
  assert.deepEqual(records.map((r) => r.columns), ['# 7.1', '8.3\tSE', ANSWER]);
  assert.deepEqual(records.map((r) => text.slice(r.offset, r.offset + 81)), [a, b, c]);
  // Bytes give byte offsets.
  const data = new TextEncoder().encode(text);
  const fromBytes = [...sudoku.readPuzzles(data)];
  assert.deepEqual(fromBytes.map((r) => r.columns), ['# 7.1', '8.3\tSE', ANSWER]);
  assert.deepEqual(fromBytes.map((r) => new TextDecoder().decode(data.subarray(r.offset, r.offset + 81))), [a, b, c]);
  assert.ok(fromBytes[0].offset > records[0].offset, 'the BOM is three bytes, one UTF-16 unit');
  // Columns that are not ASCII come back as text.
  assert.deepEqual([...sudoku.readPuzzles(`${a} # café 😀\n`)].map((r) => r.columns), ['# café 😀']);
  assert.deepEqual([...sudoku.readPuzzles(new TextEncoder().encode(`${a} # café 😀`))].map((r) => r.columns), ['# café 😀']);
  assert.deepEqual([...sudoku.readPuzzles('')], []);
  assert.deepEqual([...sudoku.readPuzzles('# nothing\n\n')], []);
});

test('readPuzzles throws at a bad line, after the records before it, or skips it', () => {
  const [a, b] = reference.corpus('puzzles3_magictour_top1465.txt', 2);
  const text = `${a}\n${b.slice(0, 40)}?${b.slice(41)}\n${b}\n`;
  const records = sudoku.readPuzzles(text);
  assert.equal(records.next().value.puzzle, a);
  throwsAt(() => records.next(), 82 + 40);
  assert.deepEqual([...sudoku.readPuzzles(text, { skipErrors: true })].map((r) => r.puzzle), [a, b]);
  // A bad last line without LF is skipped to the end.
  assert.deepEqual([...sudoku.readPuzzles(`${a}\n${a}1`, { skipErrors: true })].map((r) => r.puzzle), [a]);
  // Offsets count UTF-16 units in a string, bytes in bytes: a two-byte character before the line.
  const accented = `# café\n${a}x\n`;
  throwsAt(() => [...sudoku.readPuzzles(accented)], 7 + 81);
  throwsAt(() => [...sudoku.readPuzzles(new TextEncoder().encode(accented))], 8 + 81);
  for (const [bad, offset] of [[a.slice(0, 80), 80], [`${a}1`, 81], [`${a}#x`, 81], ['quizzes,solutions', 0]]) {
    throwsAt(() => [...sudoku.readPuzzles(`${bad}\n${a}`)], offset, bad);
  }
});

test('readPuzzles checks its arguments at the call', () => {
  assert.throws(() => sudoku.readPuzzles(42), TypeError);
  assert.throws(() => sudoku.readPuzzles([PUZZLE]), TypeError);
  assert.throws(() => sudoku.readPuzzles(PUZZLE, { skip_errors: true }), TypeError);
  assert.throws(() => sudoku.readPuzzles(PUZZLE, 'skip'), TypeError);
});

test('readPuzzles reads a whole corpus file', () => {
  const file = path.join(reference.puzzleDir(), 'puzzles1_unbiased_first1000.txt');
  const puzzles = [...sudoku.readPuzzles(readFileSync(file))].map((r) => r.puzzle);
  assert.deepEqual(puzzles, reference.corpus('puzzles1_unbiased_first1000.txt', 1000));
});

test('readPuzzles survives other calls between records', () => {
  const puzzles = reference.corpus('puzzles3_magictour_top1465.txt', 40);
  const text = `${puzzles.map((p, i) => `${p} # ${i} é`).join('\n')}\n`;
  const data = new TextEncoder().encode(text);
  const long = `${PUZZLE} # ${'x'.repeat(200000)}`;
  for (const input of [text, data]) {
    const seen = [];
    for (const record of sudoku.readPuzzles(input)) {
      seen.push([record.puzzle, record.columns]);
      // Calls that put their own text where the file's is, or grow the memory.
      assert.equal(sudoku.parse(long), PUZZLE);
      assert.equal(sudoku.solveBatch([record.puzzle])[0].status, Status.OK);
      assert.equal([...sudoku.readPuzzles(`${PUZZLE}\n`)].length, 1);
      sudoku.formatSs(record.puzzle);
    }
    assert.deepEqual(seen, puzzles.map((p, i) => [p, `# ${i} é`]));
  }
  // Two walks over different files, interleaved.
  const first = sudoku.readPuzzles(text);
  const second = sudoku.readPuzzles(`${puzzles[39]}\n${puzzles[38]}\n`);
  assert.deepEqual(
    [first.next().value.puzzle, second.next().value.puzzle, first.next().value.puzzle, second.next().value.puzzle],
    [puzzles[0], puzzles[39], puzzles[1], puzzles[38]],
  );
  assert.equal(second.next().done, true);
  assert.equal([...first].length, 38);
});

// SudokuWiki links

test('SudokuWiki links round trip', () => {
  const rng = reference.rng(8);
  for (let i = 0; i < 100; i++) {
    const { givens, board, candidates } = randomPosition(rng, 55);
    let link = sudoku.formatSudokuwiki(givens);
    assert.equal(link, URL_PREFIX + givens.replaceAll('.', '0'));
    assert.deepEqual(sudoku.parseSudokuwiki(link), { givens, board: givens, candidates: NONE() });
    link = sudoku.formatSudokuwiki(givens, { board, candidates });
    assert.equal(link.length, URL_PREFIX.length + 162);
    const filled = singlesFilled(board, candidates);
    const expected = { givens, board: filled.board, candidates: filled.candidates };
    assert.deepEqual(sudoku.parseSudokuwiki(link), expected);
    const value = link.slice(URL_PREFIX.length);
    assert.deepEqual(sudoku.parseSudokuwiki(`?a=1&bd=${value}#x`), expected);
    assert.deepEqual(sudoku.parseSudokuwiki(bytes(value)), expected);
  }
});

test('SudokuWiki cells are encoded as documented', () => {
  // A given 5 is (16 << 1) + 1 = 33, "11"; an entered 5 "10"; candidates 1 and 9, 514, "g2".
  const givens = `5${'.'.repeat(80)}`;
  const board = `55${'.'.repeat(79)}`;
  const candidates = [[], [], [1, 9], ...Array(78).fill([1, 2, 3, 4, 5, 6, 7, 8, 9])];
  const link = sudoku.formatSudokuwiki(givens, { board, candidates });
  assert.equal(link.slice(URL_PREFIX.length, URL_PREFIX.length + 8), '1110g2vu');
});

test('bad SudokuWiki links are rejected at the first problem', () => {
  const digits = PUZZLE.replaceAll('.', '0');
  for (const [text, offset] of [
    [URL_PREFIX + digits.slice(0, 80), URL_PREFIX.length + 80],
    [`${URL_PREFIX}${digits.slice(0, 5)}x${digits.slice(6)}`, URL_PREFIX.length + 5],
    [`${URL_PREFIX}${digits}1`, URL_PREFIX.length + 81],
    [`S9B${'01'.repeat(80)}`, 163],
  ]) {
    throwsAt(() => sudoku.parseSudokuwiki(text), offset, text.slice(-8));
  }
  // A string index for a string, a byte offset for bytes.
  const accented = `é${URL_PREFIX}${digits.slice(0, 80)}`;
  throwsAt(() => sudoku.parseSudokuwiki(accented), 1 + URL_PREFIX.length + 80);
  throwsAt(() => sudoku.parseSudokuwiki(new TextEncoder().encode(accented)), 2 + URL_PREFIX.length + 80);
  const marks = sudoku.candidates(PUZZLE);
  assert.throws(() => sudoku.formatSudokuwiki(PUZZLE, { board: PUZZLE }), TypeError);
  assert.throws(() => sudoku.formatSudokuwiki(PUZZLE, { candidates: marks }), TypeError);
  assert.throws(() => sudoku.formatSudokuwiki(PUZZLE, { board: `1${PUZZLE.slice(1)}`, candidates: marks }), lib.InvalidArgumentError);
  assert.throws(() => sudoku.formatSudokuwiki(`x${PUZZLE.slice(1)}`), lib.InvalidCharacterError);
  assert.throws(() => sudoku.formatSudokuwiki(PUZZLE, PUZZLE), TypeError);
  assert.throws(() => sudoku.formatSudokuwiki(PUZZLE, { marks }), TypeError);
});

// Simple Sudoku's .ss

test('.ss round trips with one, two or three grids', () => {
  const rng = reference.rng(9);
  for (let i = 0; i < 100; i++) {
    const { givens, board, candidates } = randomPosition(rng, 50);
    const only = sudoku.formatSs(givens);
    assert.ok(only.startsWith('*-----------*\n|') && only.split('\n').length === 14, only);
    assert.deepEqual(sudoku.parseSs(only), { givens, board: givens, candidates: NONE() });
    assert.equal(sudoku.parse(only), givens);
    assert.deepEqual(sudoku.parseSs(sudoku.formatSs(givens, { board })), { givens, board, candidates: NONE() });
    const filled = singlesFilled(givens, candidates);
    const withMarks = sudoku.formatSs(givens, { candidates });
    assert.deepEqual(sudoku.parseSs(withMarks), { givens, board: filled.board, candidates: filled.candidates });
    const full = sudoku.parseSs(sudoku.formatSs(givens, { board, candidates }));
    assert.deepEqual(full, { givens, board, candidates: emptyOnly(board, candidates) });
    assert.deepEqual(sudoku.parseSs(bytes(sudoku.formatSs(givens, { board, candidates }))), full);
  }
});

test('the unframed Simple Sudoku layout is read', () => {
  const rows = [...Array(9).keys()].map((r) => PUZZLE.slice(r * 9, r * 9 + 9));
  const lines = rows.map((r) => `${r.slice(0, 3)}|${r.slice(3, 6)}|${r.slice(6)}`);
  const text = [...lines.slice(0, 3), '-----------', ...lines.slice(3, 6), '-----------', ...lines.slice(6)].join('\n');
  assert.deepEqual(sudoku.parseSs(text), { givens: PUZZLE, board: PUZZLE, candidates: NONE() });
});

test('bad .ss files are rejected at the first problem', () => {
  const text = sudoku.formatSs(PUZZLE);
  throwsAt(() => sudoku.parseSs(text.replace('5', '?')), text.indexOf('5'));
  throwsAt(() => sudoku.parseSs(text.repeat(4)), 3 * text.length + 15);
  // A string index for a string, a byte offset for bytes: the 😀 is two UTF-16 units, four bytes.
  const emoji = text.replace('5', '😀');
  throwsAt(() => sudoku.parseSs(`${emoji}`), text.indexOf('5'));
  throwsAt(() => sudoku.parseSs(`${text.slice(0, 20)}😀`), 20);
  throwsAt(() => sudoku.parseSs(`😀${text.slice(0, 100)}`), 0);
  assert.throws(() => sudoku.formatSs(PUZZLE, { board: `.${PUZZLE.slice(1)}` }), lib.InvalidArgumentError);
  assert.throws(() => sudoku.formatSs(PUZZLE, { board: `x${PUZZLE.slice(1)}` }), lib.InvalidCharacterError);
  assert.throws(() => sudoku.formatSs(PUZZLE, { candidates: [] }), RangeError);
  assert.throws(() => sudoku.parseSs(null), TypeError);
});

// What the library guarantees the package relies on: outputs untouched on failure, the sizes.

const BAD = 0xa5;

test('the readers leave every output untouched on failure', () => {
  const rt = new Runtime(new WebAssembly.Module(readFileSync(path.join(reference.ROOT, 'js', 'sudoku.wasm'))), null, {
    slots: [['text', 4096, 1], ['givens', 81, 1], ['board', 81, 1], ['masks', 162, 2], ['sizes', 20, 4]],
    version: lib.VERSION,
  });
  const outputs = { givens: 81, board: 81, masks: 162, sizes: 20 };
  const fill = () => Object.entries(outputs).forEach(([s, size]) => rt.u8.fill(BAD, rt.at(s), rt.at(s) + size));
  const untouched = (label, skip = []) => {
    for (const [s, size] of Object.entries(outputs)) {
      for (let i = 0; i < size; i++) {
        if (skip.includes(rt.at(s) + i)) continue;
        assert.equal(rt.u8[rt.at(s) + i], BAD, `${label}: byte ${i} of ${s}`);
      }
    }
  };
  const put = (text) => {
    const data = new TextEncoder().encode(text);
    rt.u8.set(data, rt.at('text'));
    return [rt.at('text'), data.length];
  };
  const sizes = rt.at('sizes');
  const error = [sizes, sizes + 1, sizes + 2, sizes + 3];
  const marks = sudoku.formatMarks(PUZZLE, sudoku.candidates(PUZZLE));
  const ss = sudoku.formatSs(PUZZLE);
  const cases = {
    sudoku_parse_marks: [marks.replace('124', '121'), marks.indexOf('124') + 2, (t, n) => [t, n, 0, rt.at('board'), rt.at('masks'), sizes]],
    sudoku_parse_sudokuwiki: [URL_PREFIX + PUZZLE.slice(0, 80), URL_PREFIX.length + 80, (t, n) => [t, n, rt.at('givens'), rt.at('board'), rt.at('masks'), sizes]],
    sudoku_parse_ss: [ss.replace('5', '?'), ss.indexOf('5'), (t, n) => [t, n, rt.at('givens'), rt.at('board'), rt.at('masks'), sizes]],
  };
  for (const [name, [text, offset, args]] of Object.entries(cases)) {
    fill();
    assert.equal(rt.fn[name](...args(...put(text))), Status.PARSE, name);
    untouched(name, error);
    assert.equal(rt.view.getUint32(sizes, true), offset, name);
  }
  // sudoku_next_puzzle: the offset (in and out), the board, found, columns and their length
  // keep their values; only the error offset is written.
  fill();
  const [t, n] = put(`${PUZZLE}\n${PUZZLE.slice(0, 80)}\n`);
  rt.view.setUint32(sizes, 82, true);
  assert.equal(rt.fn.sudoku_next_puzzle(t, n, sizes, rt.at('board'), sizes + 4, sizes + 8, sizes + 12, sizes + 16), Status.PARSE);
  assert.equal(rt.view.getUint32(sizes, true), 82);
  assert.equal(rt.view.getUint32(sizes + 16, true), 82 + 80);
  untouched('sudoku_next_puzzle', [...[0, 1, 2, 3, 16, 17, 18, 19].map((i) => sizes + i)]);
});

test('the writers leave the buffer untouched on failure, and the max sizes are enough', () => {
  const rt = new Runtime(new WebAssembly.Module(readFileSync(path.join(reference.ROOT, 'js', 'sudoku.wasm'))), null, {
    slots: [['out', 4096, 1], ['givens', 81, 1], ['board', 81, 1], ['masks', 162, 2], ['written', 4, 4]],
    version: lib.VERSION,
  });
  const out = rt.at('out');
  const written = rt.at('written');
  const setBoard = (slot, text) => rt.u8.set(bytes(text), rt.at(slot));
  // The largest texts: every empty cell with all nine candidates.
  const empty = '.'.repeat(81);
  for (let c = 0; c < 81; c++) rt.view.setUint16(rt.at('masks') + 2 * c, 0x1ff, true);
  const writers = {
    sudoku_format_marks: [lib.MARKS_MAX_SIZE, (len) => [rt.at('board'), rt.at('masks'), MarksStyle.GRID, len ? out : 0, len, written]],
    sudoku_format_sudokuwiki: [lib.SUDOKUWIKI_MAX_SIZE, (len) => [rt.at('givens'), rt.at('board'), rt.at('masks'), len ? out : 0, len, written]],
    sudoku_format_ss: [lib.SS_MAX_SIZE, (len) => [rt.at('givens'), rt.at('board'), rt.at('masks'), len ? out : 0, len, written]],
  };
  for (const [name, [max, args]] of Object.entries(writers)) {
    setBoard('givens', empty);
    setBoard('board', empty);
    rt.u8.fill(BAD, out, out + 4096);
    assert.equal(rt.fn[name](...args(0)), Status.BUFFER_TOO_SMALL, name);
    const needed = rt.view.getUint32(written, true);
    assert.ok(needed > 1 && needed <= max, `${name}: ${needed} of ${max}`);
    assert.equal(rt.fn[name](...args(needed - 1)), Status.BUFFER_TOO_SMALL, name);
    assert.ok(rt.u8.subarray(out, out + 4096).every((b) => b === BAD), `${name}: written when too small`);
    assert.equal(rt.fn[name](...args(needed)), Status.OK, name);
    assert.equal(rt.view.getUint32(written, true), needed - 1);
    assert.equal(rt.u8[out + needed - 1], 0, 'NUL-terminated');
    // A bad board: nothing written, `written` kept.
    rt.u8.fill(BAD, out, out + 4096);
    rt.view.setUint32(written, 12345, true);
    setBoard('board', `x${empty.slice(1)}`);
    setBoard('givens', `x${empty.slice(1)}`);
    assert.equal(rt.fn[name](...args(max)), Status.INVALID_CHARACTER, name);
    assert.ok(rt.u8.subarray(out, out + 4096).every((b) => b === BAD), `${name}: written on failure`);
    assert.equal(rt.view.getUint32(written, true), 12345);
  }
});

// Nothing is modified, whatever the call.

const MARKS = sudoku.candidates(PUZZLE);
for (const [name, call] of Object.entries({
  parseMarks: (b) => sudoku.parseMarks(b, { values: b }),
  formatMarks: (b) => sudoku.formatMarks(b, MARKS),
  readPuzzles: (b) => [...sudoku.readPuzzles(b)],
  parseSudokuwiki: (b) => sudoku.parseSudokuwiki(b),
  formatSudokuwiki: (b) => sudoku.formatSudokuwiki(b, { board: b, candidates: MARKS }),
  parseSs: (b) => sudoku.parseSs(b),
  formatSs: (b) => sudoku.formatSs(b, { board: b, candidates: MARKS }),
})) {
  test(`arguments are never modified: ${name}`, () => {
    const copy = MARKS.map((m) => [...m]);
    for (const text of [PUZZLE, `5${PUZZLE}`, `x${PUZZLE.slice(1)}`]) {
      const data = bytes(text);
      try {
        call(data);
      } catch (e) {
        if (!(e instanceof lib.SudokuError) && !(e instanceof RangeError)) throw e;
      }
      assert.deepEqual(data, bytes(text));
    }
    assert.deepEqual(MARKS, copy);
  });
}
