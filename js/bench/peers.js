// The solvers and generators the benchmark compares, each behind one interface:
//   solve(puzzle: 81-character string) -> 81-character string, or null when it gives up;
//   generate(i) -> { puzzle, solution? } with '.' for blanks.
// Each peer's own board format is converted here, outside what is timed... except that the
// conversion is part of each call: it costs microseconds against the peers' milliseconds.

import { createRequire } from 'node:module';

import { Sudoku } from '../src/index.js';

const require = createRequire(import.meta.url);
const version = (name) => require(`${name}/package.json`).version;

/** Loads every peer; `name -> { label, solve?, generate? }`. */
export async function peers() {
  const sudoku = await Sudoku.load();
  const dachev = require('sudoku');
  const core = require('sudoku-core');
  const gen = require('sudoku-gen');
  const cells = (puzzle, offset) => Array.from(puzzle, (ch) => (ch === '.' || ch === '0' ? null : ch.charCodeAt(0) - 48 - offset));
  const text = (board, offset) => board.map((v) => (v === null ? '.' : String(v + offset))).join('');
  const levels = ['easy', 'medium', 'hard', 'expert'];
  return {
    libsudoku: {
      label: `libsudoku ${version('libsudoku')} (wasm), solve`,
      solve: (p) => sudoku.solve(p),
      generate: (i) => sudoku.generate(i),
    },
    libsudokuBatch: {
      label: `libsudoku ${version('libsudoku')} (wasm), solveBatch (1,000 a call)`,
      solveMany: (ps) => sudoku.solveBatch(ps).map((r) => r.solution),
    },
    sudoku: {
      label: `sudoku ${version('sudoku')}`,
      // Digits are 0-8 and blanks null; solvepuzzle returns null when it finds nothing.
      solve: (p) => {
        const answer = dachev.solvepuzzle(cells(p, 1));
        return answer === null ? null : text(answer, 1);
      },
      generate: () => ({ puzzle: text(dachev.makepuzzle(), 1) }),
    },
    'sudoku-core': {
      label: `sudoku-core ${version('sudoku-core')}`,
      // Digits 1-9 and blanks null; { solved: false } when its strategies run out.
      solve: (p) => {
        const result = core.solve(cells(p, 0));
        return result.solved ? text(result.board, 0) : null;
      },
      generate: (i) => ({ puzzle: text(core.generate(levels[i % 4]), 0) }),
    },
    'sudoku-gen': {
      label: `sudoku-gen ${version('sudoku-gen')}`,
      // Blanks are '-'; every difficulty in turn.
      generate: (i) => {
        const { puzzle, solution } = gen.getSudoku(levels[i % 4]);
        return { puzzle: puzzle.replaceAll('-', '.'), solution };
      },
    },
  };
}
