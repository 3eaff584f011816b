// The demo page in a real browser: Debian's Chromium, headless, driven by playwright-core. The
// page is served on 127.0.0.1 by demo/serve.js and loads the package as any page would (ES
// modules, sudoku.wasm through fetch and instantiateStreaming). The test types a puzzle, clicks,
// and checks what the page shows against the package run in Node.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';

import { chromium } from 'playwright-core';

import { serve } from '../demo/serve.js';
import { Sudoku } from '../src/index.js';
import { isSolution } from '../test/reference.js';

const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];
const PUZZLE = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79';

let server;
let browser;
let page;
let url;
const problems = [];
const sudoku = await Sudoku.load();

before(async () => {
  server = await serve(0);
  url = `http://127.0.0.1:${server.address().port}/demo/`;
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    // Playwright starts it with a new, empty profile directory of its own.
    args: FLAGS,
  });
  page = await browser.newPage();
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('console', (m) => m.type() === 'error' && problems.push(`console: ${m.text()}`));
  page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()}`));
});

after(async () => {
  await browser?.close();
  server?.close();
});

async function open() {
  await page.goto(url);
  await page.waitForSelector('body[data-ready="true"]', { timeout: 20000 });
}

const grid = () => page.$$eval('#grid input', (cells) => cells.map((c) => c.value || '.').join(''));
const text = (selector) => page.textContent(selector);

test('the page loads the module by streaming it', async () => {
  const wasm = page.waitForResponse((r) => r.url().endsWith('/sudoku.wasm'));
  await open();
  const response = await wasm;
  assert.equal(response.headers()['content-type'], 'application/wasm');
  assert.match(await text('#status'), /^Ready \(libsudoku 0\.1\.0\)/);
});

test('type a puzzle, solve it', async () => {
  await open();
  for (const [cell, ch] of [...PUZZLE].entries()) {
    if (ch !== '.') await page.type(`#c${cell}`, ch);
  }
  assert.equal(await grid(), PUZZLE, 'the typed puzzle is on the page');
  await page.click('#solve');
  assert.equal(await text('#status'), 'Solved.');
  const shown = await grid();
  assert.ok(isSolution(PUZZLE, shown), shown);
  assert.equal(shown, sudoku.solve(PUZZLE));
  // The cells the solver filled are marked, the givens are not.
  const solved = await page.$$eval('#grid input', (cells) => cells.map((c) => c.classList.contains('solved')));
  assert.deepEqual(solved, [...PUZZLE].map((ch) => ch === '.'));
});

test('rate and hint', async () => {
  await open();
  await page.fill('#paste', PUZZLE);
  await page.click('#load');
  assert.equal(await grid(), PUZZLE);
  await page.click('#rate');
  const rating = sudoku.rate(PUZZLE);
  assert.equal(
    await text('#rating'),
    `Rating ${rating.score.toFixed(1)} (${rating.levelName}): hardest step: ${rating.hardestName}, ${rating.steps} steps.`,
  );
  await page.click('#hint');
  const hint = sudoku.hint(PUZZLE);
  const cell = `r${Math.floor(hint.cell / 9) + 1}c${(hint.cell % 9) + 1}`;
  assert.equal(await text('#hint-text'), `${hint.techniqueName}: ${cell} = ${hint.digit}`);
  assert.ok(await page.$eval(`#c${hint.cell}`, (c) => c.classList.contains('target')));
});

test('a clash is reported with its cell', async () => {
  await open();
  await page.fill('#paste', PUZZLE);
  await page.click('#load');
  await page.type('#c2', '5'); // a second 5 in row 1
  await page.click('#solve');
  assert.equal(await text('#status'), `Error: ${sudoku.statusMessage(3)} (cell 2)`);
  assert.ok(await page.$eval('#c2', (c) => c.classList.contains('error')));
  assert.equal((await grid()).slice(0, 3), '535', 'the grid is left as it was');
});

test('a paste that is not a puzzle says where', async () => {
  await open();
  await page.fill('#paste', `${PUZZLE.slice(0, 20)}?${PUZZLE.slice(21)}`);
  await page.click('#load');
  assert.equal(await text('#status'), `Error: ${sudoku.statusMessage(8)} (offset 20)`);
});

test('in the browser too, a trap becomes InternalError and the next call works', async () => {
  await open();
  const outcome = await page.evaluate(async () => {
    const { Runtime } = await import('/src/runtime.js');
    const module = await WebAssembly.compileStreaming(fetch('/sudoku.wasm'));
    const rt = new Runtime(module, null, { slots: [['board', 81, 1]], version: '0.1.0' });
    let error = null;
    try {
      rt.fn.sudoku_solve(0xffffff00);
    } catch (e) {
      error = { name: e.name, status: e.status, cause: e.cause?.constructor?.name };
    }
    const puzzle = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79';
    const at = rt.at('board');
    for (let i = 0; i < 81; i++) rt.u8[at + i] = puzzle.charCodeAt(i);
    return { error, status: rt.fn.sudoku_solve(at), solution: rt.ascii(at, 81) };
  });
  assert.deepEqual(outcome.error, { name: 'InternalError', status: 5, cause: 'RuntimeError' });
  assert.equal(outcome.status, 0);
  assert.equal(outcome.solution, sudoku.solve(PUZZLE));
});

test('no page errors, console errors or failed requests', async () => {
  if (process.env.SUDOKU_SCREENSHOT) {
    await open();
    await page.fill('#paste', PUZZLE);
    await page.click('#load');
    await page.click('#rate');
    await page.click('#hint');
    await page.screenshot({ path: process.env.SUDOKU_SCREENSHOT });
  }
  assert.deepEqual(problems, []);
});
