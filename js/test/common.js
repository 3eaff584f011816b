// What every test file shares: one loaded instance and the sample boards of the Python tests.

import { Sudoku } from '../src/index.js';

export const sudoku = await Sudoku.load();

export const PUZZLE = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79';
export const ANSWER = '534678912672195348198342567859761423426853791713924856961537284287419635345286179';
export const CONFLICT = `55${PUZZLE.slice(2)}`;
export const BAD_CHAR = `${PUZZLE.slice(0, 40)}x${PUZZLE.slice(41)}`;
/** Clash-free; cell 8 has no candidate. */
export const NO_SOLUTION = `12345678.........9${'.'.repeat(63)}`;
export const SEVERAL = '.'.repeat(81);

/** `text` with the character at `index` replaced by `ch`. */
export const put = (text, index, ch) => text.slice(0, index) + ch + text.slice(index + 1);

/** The ASCII bytes of a string. */
export const bytes = (text) => Uint8Array.from(text, (ch) => ch.charCodeAt(0));
