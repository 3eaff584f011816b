// A plain-JavaScript Sudoku reference, independent of libsudoku, for the tests to check the
// package's answers against (a port of python/tests/reference.py): the rules, candidates,
// singles propagation, counting by brute force, the first clash, the text layouts.

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DIGITS = [1, 2, 3, 4, 5, 6, 7, 8, 9];
const range = (n) => [...Array(n).keys()];

/** The 27 units, numbered as the C API numbers them: rows 0-8, columns 9-17, boxes 18-26. */
export const UNITS = [
  ...range(9).map((r) => range(9).map((c) => r * 9 + c)),
  ...range(9).map((c) => range(9).map((r) => r * 9 + c)),
  ...range(9).map((b) => range(9).map((i) => (Math.floor(b / 3) * 3 + Math.floor(i / 3)) * 9 + (b % 3) * 3 + (i % 3))),
];
/** The units of each cell: its row, its column and its box. */
export const UNITS_OF = range(81).map((c) => range(27).filter((u) => UNITS[u].includes(c)));
/** The 20 peers of each cell. */
export const PEERS = range(81).map((c) => {
  const peers = new Set(UNITS_OF[c].flatMap((u) => UNITS[u]));
  peers.delete(c);
  return peers;
});

export function puzzleDir() {
  return process.env.SUDOKU_PUZZLES ?? path.join(ROOT, 'data', 'puzzles');
}

/** The first `count` puzzles of a corpus file (failing if it has fewer). */
export function corpus(name, count) {
  const text = readFileSync(path.join(puzzleDir(), name), 'latin1');
  const puzzles = text.split('\n').filter((l) => l && !l.startsWith('#')).map((l) => l.slice(0, 81));
  if (puzzles.length < count) throw new Error(`${name} has ${puzzles.length} puzzles`);
  return puzzles.slice(0, count);
}

/** 0 for a blank, else the digit; throws on anything else. */
export function digits(board) {
  return [...board].map((ch) => {
    if (ch === '.' || ch === '0') return 0;
    if (ch >= '1' && ch <= '9') return Number(ch);
    throw new Error(`not a cell: ${ch}`);
  });
}

/** `solution` is complete, obeys the rules and keeps every given of `puzzle`. */
export function isSolution(puzzle, solution) {
  if (typeof solution !== 'string' || !/^[1-9]{81}$/.test(solution)) return false;
  if ([...puzzle].some((g, i) => g !== '.' && g !== '0' && g !== solution[i])) return false;
  return UNITS.every((unit) => new Set(unit.map((i) => solution[i])).size === 9);
}

/** For each blank cell, the digits no peer holds (sorted); [] for filled cells. */
export function candidates(board) {
  const values = digits(board);
  return range(81).map((c) => {
    if (values[c]) return [];
    const taken = new Set([...PEERS[c]].map((p) => values[p]));
    return DIGITS.filter((d) => !taken.has(d));
  });
}

/**
 * Candidates after naked and hidden singles to a fixed point (a cell the propagation fills keeps
 * its one digit; givens []), or null on a contradiction.
 */
export function singles(board) {
  const values = digits(board);
  const marks = candidates(board).map((m) => new Set(m));
  const placed = [...values];
  const place = (cell, digit) => {
    placed[cell] = digit;
    marks[cell] = new Set([digit]);
    for (const p of PEERS[cell]) if (!placed[p]) marks[p].delete(digit);
  };
  let changed = true;
  while (changed) {
    changed = false;
    for (let c = 0; c < 81; c++) {
      if (placed[c]) continue;
      if (marks[c].size === 0) return null;
      if (marks[c].size === 1) {
        place(c, [...marks[c]][0]);
        changed = true;
      }
    }
    for (const unit of UNITS) {
      for (const d of DIGITS) {
        if (unit.some((c) => placed[c] === d)) continue;
        const spots = unit.filter((c) => !placed[c] && marks[c].has(d));
        if (spots.length === 0) return null;
        if (spots.length === 1) {
          place(spots[0], d);
          changed = true;
        }
      }
    }
  }
  return range(81).map((c) => (values[c] ? [] : [...marks[c]].sort((a, b) => a - b)));
}

/** The first cell in row-major order that holds a bad character or repeats a digit given earlier
 * in its row, column or box; null if there is none. */
export function firstClash(board) {
  for (let c = 0; c < 81; c++) {
    const ch = board[c];
    if (ch === '.' || ch === '0') continue;
    if (!(ch >= '1' && ch <= '9')) return c;
    for (const p of PEERS[c]) if (p < c && board[p] === ch) return c;
  }
  return null;
}

/** Up to `limit` solutions, by brute force (fewest candidates first); [] if givens clash. */
export function solutions(board, limit) {
  if (firstClash(board) !== null) return [];
  const values = digits(board);
  const found = [];
  const search = () => {
    let best = -1;
    let bestOptions = null;
    for (let c = 0; c < 81; c++) {
      if (values[c]) continue;
      const taken = new Set([...PEERS[c]].map((p) => values[p]));
      const options = DIGITS.filter((d) => !taken.has(d));
      if (bestOptions === null || options.length < bestOptions.length) {
        best = c;
        bestOptions = options;
      }
    }
    if (bestOptions === null) {
      found.push(values.join(''));
      return found.length >= limit;
    }
    for (const d of bestOptions) {
      values[best] = d;
      if (search()) return true;
    }
    values[best] = 0;
    return false;
  };
  search();
  return found;
}

/** The documented text grids (see sudoku.h): GRID, or BORDERED when `bordered`. */
export function render(board, bordered) {
  const cells = [...board].map((ch) => (ch >= '1' && ch <= '9' ? ch : '.'));
  const lines = [];
  const rule = bordered ? '+-------+-------+-------+' : '------+-------+------';
  if (bordered) lines.push(rule);
  for (let r = 0; r < 9; r++) {
    const boxes = range(3).map((b) => cells.slice(r * 9 + b * 3, r * 9 + b * 3 + 3).join(' '));
    const row = boxes.join(' | ');
    lines.push(bordered ? `| ${row} |` : row);
    if (r === 2 || r === 5 || (bordered && r === 8)) lines.push(rule);
  }
  return lines.map((l) => `${l}\n`).join('');
}

/** The cells that must match `cell` (given or blank) under a `sudoku_symmetry`. */
export function symmetricCells(cell, symmetry) {
  const r = Math.floor(cell / 9);
  const c = cell % 9;
  const images = {
    0: [[r, c]],
    1: [[r, c], [8 - r, 8 - c]],
    2: [[r, c], [c, 8 - r], [8 - r, 8 - c], [8 - c, r]],
    3: [[r, c], [c, r]],
    4: [[r, c], [8 - c, 8 - r]],
    5: [[r, c], [r, 8 - c]],
  }[symmetry];
  return new Set(images.map(([rr, cc]) => rr * 9 + cc));
}

/** The level the README's table gives a score: easy 1 up to 2.3, medium 2 up to 3.4, hard 3 up
 * to 4.6, expert 4 up to 7.5, extreme 5 above. */
export function levelOfScore(scoreTenths) {
  for (const [level, top] of [[1, 23], [2, 34], [3, 46], [4, 75], [5, 84], [6, 89]]) if (scoreTenths <= top) return level;
  return 7;
}

/** A seeded pseudo-random generator (mulberry32), for repeatable random boards. */
export function rng(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const below = (n) => Math.floor(next() * n);
  return {
    /** An integer in [low, high). */
    range: (low, high) => low + below(high - low),
    choice: (items) => items[below(items.length)],
    /** `k` distinct items of `items`, in random order. */
    sample(items, k) {
      const pool = [...items];
      for (let i = 0; i < k; i++) {
        const j = i + below(pool.length - i);
        [pool[i], pool[j]] = [pool[j], pool[i]];
      }
      return pool.slice(0, k);
    },
  };
}
