// The JavaScript <-> WebAssembly boundary: traps become InternalError and the object goes on
// working, the memory region stays JavaScript's, memory growth, and every way of loading.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

import * as lib from '../src/index.js';
import { Status, Sudoku } from '../src/index.js';
import { Runtime } from '../src/runtime.js';
import { ANSWER, PUZZLE, sudoku } from './common.js';
import { ROOT, corpus, isSolution } from './reference.js';

const WASM = path.join(ROOT, 'js', 'sudoku.wasm');
const BYTES = readFileSync(WASM);
const HARD = corpus('puzzles6_forum_hardest_1106.txt', 20);

function runtime() {
  const module = new WebAssembly.Module(BYTES);
  return new Runtime(module, null, { slots: [['board', 81, 1]], version: lib.VERSION });
}

function solveAt(rt, puzzle) {
  const at = rt.at('board');
  rt.u8.set(Buffer.from(puzzle, 'ascii'), at);
  const status = rt.fn.sudoku_solve(at);
  return [status, rt.ascii(at, 81)];
}

test('a trap becomes InternalError, and the next call runs on a fresh instance', () => {
  const rt = runtime();
  assert.deepEqual(solveAt(rt, PUZZLE), [Status.OK, ANSWER]);
  const before = rt.u8.buffer;
  // A board address past the end of memory: the load traps, as a panic (`unreachable`) does.
  assert.throws(
    () => rt.fn.sudoku_solve(0xffffff00),
    (e) => {
      assert.ok(e instanceof lib.InternalError && e instanceof lib.SudokuError);
      assert.equal(e.status, Status.INTERNAL);
      assert.equal(e.message, 'internal error in libsudoku (please report it)');
      assert.ok(e.cause instanceof WebAssembly.RuntimeError, String(e.cause));
      return true;
    },
  );
  assert.notEqual(rt.u8.buffer, before, 'the instance (and its memory) was replaced');
  for (const puzzle of HARD) {
    const [status, solution] = solveAt(rt, puzzle);
    assert.equal(status, Status.OK);
    assert.ok(isSolution(puzzle, solution));
  }
});

test('every export is guarded', () => {
  const rt = runtime();
  // For each export that takes a pointer, arguments that make it read out of bounds (the other
  // arguments valid, so that it gets that far).
  const bad = 0xfffffff0;
  const calls = {
    sudoku_solve: [bad],
    sudoku_count_solutions: [bad, 2, bad, bad],
    sudoku_enumerate: [bad, 2, bad, 0, bad],
    sudoku_validate: [bad, bad],
    sudoku_candidates: [bad, bad],
    sudoku_candidates_singles: [bad, bad],
    sudoku_solve_batch: [bad, 1, 1, 0],
    sudoku_generate_options_init: [bad, 28],
    sudoku_generate: [0n, bad, bad, bad],
    sudoku_rate: [bad, bad],
    sudoku_rate_ex: [bad, bad, bad],
    sudoku_hint: [bad, bad],
    sudoku_hint_ex: [bad, bad, bad, bad],
    sudoku_parse: [bad, 10, bad, bad],
    sudoku_format: [bad, 0, bad, 339, bad],
    sudoku_parse_marks: [bad, 10, bad, bad, bad, bad],
    sudoku_format_marks: [bad, bad, 0, bad, 1275, bad],
    sudoku_next_puzzle: [bad, 10, bad, bad, bad, bad, bad, bad],
    sudoku_parse_sudokuwiki: [bad, 10, bad, bad, bad, bad],
    sudoku_format_sudokuwiki: [bad, bad, bad, bad, 204, bad],
    sudoku_parse_ss: [bad, 10, bad, bad, bad, bad],
    sudoku_format_ss: [bad, bad, bad, bad, 1641, bad],
  };
  const scalar = ['sudoku_status_str', 'sudoku_version', 'sudoku_technique_name', 'sudoku_technique_score', 'sudoku_level_name'];
  assert.deepEqual(Object.keys(rt.fn).sort(), [...Object.keys(calls), ...scalar].sort());
  for (const [name, args] of Object.entries(calls)) {
    assert.throws(
      () => rt.fn[name](...args),
      (e) => e instanceof lib.InternalError && e.cause instanceof WebAssembly.RuntimeError,
      name,
    );
    assert.deepEqual(solveAt(rt, PUZZLE), [Status.OK, ANSWER], name);
  }
});

test('the library never touches the region, and its heap lives elsewhere', () => {
  const rt = runtime();
  const start = rt.at('board') + 81;
  const end = rt.base + rt.fixedSize + rt.extraCapacity;
  const pattern = (i) => (i * 131 + 7) & 0xff;
  for (let i = start; i < end; i++) rt.u8[i] = pattern(i);
  const pages = rt.u8.buffer.byteLength;
  const at = rt.at('board');
  for (const puzzle of HARD) {
    rt.u8.set(Buffer.from(puzzle, 'ascii'), at);
    assert.equal(rt.fn.sudoku_solve(at), Status.OK);
  }
  // The generator allocates; its options are NULL (the defaults), its puzzle goes to the slot.
  for (let seed = 0n; seed < 10n; seed++) assert.equal(rt.fn.sudoku_generate(seed, 0, at, 0), Status.OK);
  assert.ok(rt.u8.buffer.byteLength > pages, 'the library grew the memory for its heap');
  for (let i = start; i < end; i++) {
    if (rt.u8[i] !== pattern(i)) assert.fail(`byte ${i - rt.base} of the region changed`);
  }
});

test('views follow the memory when it grows', () => {
  // A long text takes a new, larger region; the library's heap grows in between.
  const long = `${PUZZLE} # ${'x'.repeat(300000)}`;
  for (let i = 0; i < 3; i++) {
    assert.equal(sudoku.parse(long), PUZZLE);
    assert.equal(sudoku.generate(i).puzzle.length, 81);
    assert.equal(sudoku.solve(PUZZLE), ANSWER);
  }
});

test('load takes a URL, a path, bytes, a Response and a compiled module', async () => {
  const sources = [
    undefined,
    pathToFileURL(WASM),
    pathToFileURL(WASM).href,
    WASM,
    path.relative(process.cwd(), WASM),
    BYTES,
    new Uint8Array(BYTES).buffer,
    new WebAssembly.Module(BYTES),
    new Response(BYTES, { headers: { 'Content-Type': 'application/wasm' } }),
    // Served with another content type: compiled from the whole body instead of streaming.
    new Response(BYTES, { headers: { 'Content-Type': 'application/octet-stream' } }),
  ];
  for (const wasm of sources) {
    const s = await Sudoku.load(wasm === undefined ? undefined : { wasm });
    assert.equal(s.solve(PUZZLE), ANSWER, String(wasm?.constructor?.name ?? wasm));
  }
  await assert.rejects(Sudoku.load({ wasm: 42 }), TypeError);
  await assert.rejects(Sudoku.load({ wasm: path.join(ROOT, 'js', 'missing.wasm') }), { code: 'ENOENT' });
  await assert.rejects(Sudoku.load({ wasm: new Uint8Array([0, 97, 115, 109]) }), WebAssembly.CompileError);
});

test('load fetches an http URL, streaming', async () => {
  const server = createServer((req, res) => {
    if (req.url === '/sudoku.wasm') {
      res.writeHead(200, { 'Content-Type': 'application/wasm' });
      res.end(BYTES);
    } else {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${server.address().port}`;
  try {
    const s = await Sudoku.load({ wasm: `${base}/sudoku.wasm` });
    assert.equal(s.solve(PUZZLE), ANSWER);
    await assert.rejects(Sudoku.load({ wasm: new URL('/nothing.wasm', base) }), /HTTP 404/);
  } finally {
    server.close();
  }
});

test('each worker thread has its own instance', async () => {
  const puzzles = corpus('puzzles3_magictour_top1465.txt', 200);
  const code = `
    import { parentPort, workerData } from 'node:worker_threads';
    import { Sudoku } from ${JSON.stringify(pathToFileURL(path.join(ROOT, 'js', 'src', 'index.js')).href)};
    const sudoku = await Sudoku.load();
    parentPort.postMessage(workerData.map((p) => sudoku.solve(p)));
  `;
  const run = () =>
    new Promise((resolve, reject) => {
      const worker = new Worker(new URL(`data:text/javascript,${encodeURIComponent(code)}`), { workerData: puzzles });
      worker.once('message', resolve);
      worker.once('error', reject);
    });
  const results = await Promise.all([run(), run(), run()]);
  const expected = puzzles.map((p) => sudoku.solve(p));
  for (const got of results) assert.deepEqual(got, expected);
});
