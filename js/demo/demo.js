// The demo page: an input grid over the package, loaded as a browser loads it.

import { HintKind, Sudoku, SudokuError } from '../src/index.js';

const $ = (id) => document.getElementById(id);
const grid = $('grid');
const cells = [];
for (let i = 0; i < 81; i++) {
  const cell = document.createElement('input');
  cell.id = `c${i}`;
  cell.inputMode = 'numeric';
  cell.maxLength = 1;
  cell.autocomplete = 'off';
  cell.setAttribute('aria-label', `row ${Math.floor(i / 9) + 1} column ${(i % 9) + 1}`);
  grid.append(cell);
  cells.push(cell);
}

const name = (cell) => `r${Math.floor(cell / 9) + 1}c${(cell % 9) + 1}`;
const board = () => cells.map((c) => (/^[1-9]$/.test(c.value) ? c.value : '.')).join('');
const show = (id, text) => {
  $(id).textContent = text;
};
function unmark() {
  for (const c of cells) c.classList.remove('pattern', 'target', 'error');
}
function fill(text, solvedClass) {
  text.split('').forEach((ch, i) => {
    const blank = cells[i].value === '';
    cells[i].value = ch === '.' ? '' : ch;
    cells[i].classList.toggle('solved', solvedClass && blank && ch !== '.');
  });
}

/** Runs an action, showing a library error (and the cell it names) instead of throwing. */
function guarded(action) {
  return () => {
    unmark();
    show('status', '');
    try {
      action();
    } catch (e) {
      if (!(e instanceof SudokuError)) throw e;
      if (e.cell !== null) cells[e.cell].classList.add('error');
      show('status', `Error: ${e.message}`);
    }
  };
}

const sudoku = await Sudoku.load();

for (const [i, cell] of cells.entries()) {
  cell.addEventListener('input', () => {
    cell.value = cell.value.replace(/[^1-9]/g, '').slice(-1);
    cell.classList.remove('solved');
    if (cell.value && i < 80) cells[i + 1].focus();
  });
}

$('load').addEventListener('click', guarded(() => {
  fill(sudoku.parse($('paste').value), false);
  for (const c of cells) c.classList.remove('solved');
  show('status', 'Loaded.');
}));

$('solve').addEventListener('click', guarded(() => {
  const puzzle = board();
  sudoku.validate(puzzle); // names the clashing cell
  const { count } = sudoku.countSolutions(puzzle, 2);
  fill(sudoku.solve(puzzle), true);
  show('status', count === 1 ? 'Solved.' : 'Solved (one of several solutions).');
}));

$('rate').addEventListener('click', guarded(() => {
  const r = sudoku.rate(board());
  const hardest = r.hardestName === null ? 'nothing to do' : `hardest step: ${r.hardestName}`;
  show('rating', `Rating ${r.score.toFixed(1)} (${r.levelName}): ${hardest}, ${r.steps} steps${r.needsSearch ? `, then ${r.guesses} guesses` : ''}.`);
}));

$('hint').addEventListener('click', guarded(() => {
  const h = sudoku.hint(board());
  for (const cell of h.pattern.keys()) cells[cell].classList.add('pattern');
  if (h.cell !== null) cells[h.cell].classList.add(h.kind === HintKind.WRONG_DIGIT ? 'error' : 'target');
  const text = {
    [HintKind.STEP]: () => {
      const removed = [...h.eliminations].map(([c, d]) => `${name(c)} not ${d.join('')}`).join(', ');
      return `${h.techniqueName}: ${h.cell !== null ? `${name(h.cell)} = ${h.digit}` : removed}`;
    },
    [HintKind.SOLVED]: () => 'The board is solved.',
    [HintKind.WRONG_DIGIT]: () => `Wrong digit: ${name(h.cell)} cannot be ${h.digit}.`,
    [HintKind.WRONG_MARK]: () => `A pencil mark is wrong at ${name(h.cell)}.`,
    [HintKind.REVEAL]: () => `No logical step: ${name(h.cell)} = ${h.digit}.`,
  }[h.kind];
  show('hint-text', text ? text() : `Hint of kind ${h.kind}.`);
}));

$('clear').addEventListener('click', () => {
  fill('.'.repeat(81), false);
  unmark();
  for (const id of ['status', 'rating', 'hint-text']) show(id, '');
});

for (const id of ['solve', 'rate', 'hint', 'clear']) $(id).disabled = false;
show('status', `Ready (libsudoku ${sudoku.version()}).`);
document.body.dataset.ready = 'true';
