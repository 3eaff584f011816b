// libsudoku for JavaScript: the C library compiled to WebAssembly, with the Python binding's
// functions, arguments, results and errors in JavaScript's conventions.
//
//   import { Sudoku } from 'libsudoku';
//   const sudoku = await Sudoku.load();
//   sudoku.solve('53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79');
//
// A puzzle is 81 characters, row by row: '1'-'9' for givens, '.' or '0' for blanks, as a string
// or a Uint8Array. Cells are numbered 0 to 80, row by row; digits are the numbers 1 to 9.
// Failures the library reports throw a SudokuError subclass carrying the C status; input that is
// not a puzzle at all throws TypeError (not a string or bytes) or RangeError (not 81 long).
// No function modifies its arguments. Each loaded object has its own instance of the module and
// nothing is shared between objects.

import { FORMAT_MAX_SIZE, FormatStyle, Status } from './enums.js';
import { errorFor, InvalidArgumentError, InvalidCharacterError } from './errors.js';
import { digitsOf, GENERATE_OPTIONS, HINT, RATE_OPTIONS, RATING, STRUCTS, TYPES } from './structs.js';
import { Runtime } from './runtime.js';
import { Formats, FORMATS_SLOTS } from './formats.js';

export * from './enums.js';
export * from './errors.js';

/** Version of this package; the same as the C library's it was written for. */
export const VERSION = '0.1.0';

/** Number of cells on a board. */
export const CELLS = 81;

const INT32 = [TYPES.i32.min, TYPES.i32.max];
// size_t is 32 bits on wasm32.
const SIZE = [0, 0xffffffff];
const UINT64 = [0n, 0xffffffffffffffffn];

const largestStruct = Math.max(...STRUCTS.map((s) => s.size));

/** The fixed slots of the memory region: [name, size, alignment]. */
const SLOTS = [
  ['board', CELLS, 1],
  ['puzzle', CELLS, 1],
  ['out', CELLS, 1],
  ['size', 4, 4], // a size_t result
  ['masks', 2 * CELLS, 2],
  ['struct', largestStruct, 8],
  ['options', RATE_OPTIONS.size, 8],
  ['format', FORMAT_MAX_SIZE, 1],
  ...FORMATS_SLOTS,
];

/** Where the package's own module is, next to this directory. */
const DEFAULT_WASM = new URL('../sudoku.wasm', import.meta.url);

const isNode = typeof process === 'object' && typeof process.versions?.node === 'string';

/** Compiles and instantiates the module from any of the sources `Sudoku.load` takes. */
async function instantiate(source) {
  if (source instanceof WebAssembly.Module) {
    return { module: source, instance: await WebAssembly.instantiate(source, {}) };
  }
  if (source instanceof ArrayBuffer || ArrayBuffer.isView(source)) {
    return WebAssembly.instantiate(source, {});
  }
  if (typeof Response === 'function' && source instanceof Response) {
    return instantiateResponse(source);
  }
  if (typeof source !== 'string' && !(source instanceof URL)) {
    throw new TypeError('wasm is a URL, a path, bytes, a Response or a WebAssembly.Module');
  }
  let url = null;
  try {
    url = new URL(source);
  } catch {
    // Not an absolute URL: a path in Node, a URL relative to the page in a browser.
  }
  if (isNode && (url === null || url.protocol === 'file:')) {
    const { readFile } = await import(/* webpackIgnore: true */ 'node:fs/promises');
    return WebAssembly.instantiate(await readFile(url ?? source), {});
  }
  const response = await fetch(source);
  if (!response.ok) throw new Error(`cannot load ${source}: HTTP ${response.status}`);
  return instantiateResponse(response);
}

/** instantiateStreaming, or the whole body when the server's content type is not application/wasm. */
async function instantiateResponse(response) {
  if (typeof WebAssembly.instantiateStreaming === 'function') {
    try {
      return await WebAssembly.instantiateStreaming(response.clone(), {});
    } catch (e) {
      if (response.headers.get('Content-Type')?.split(';')[0].trim() === 'application/wasm') throw e;
    }
  }
  return WebAssembly.instantiate(await response.arrayBuffer(), {});
}

function typeName(value) {
  if (value === null) return 'null';
  if (typeof value !== 'object') return typeof value;
  return value.constructor?.name ?? 'object';
}

/** `value` as an integer number within `bounds` (the C type's), or a bigint for 64-bit ones. */
function integer(value, name, [low, high]) {
  const big = typeof low === 'bigint';
  let number = value;
  if (big && typeof value === 'number' && Number.isInteger(value)) number = BigInt(value);
  else if (big ? typeof value !== 'bigint' : !Number.isInteger(value)) {
    throw new TypeError(`${name} must be an integer${big ? ' or a bigint' : ''}, not ${typeName(value)} ${String(value)}`);
  }
  if (number < low || number > high) {
    throw new InvalidArgumentError(Status.INVALID_ARGUMENT, `${name} must be in ${low}..${high}, got ${value}`);
  }
  return number;
}

function options(value, name, known) {
  if (value === undefined) return {};
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new TypeError(`${name} is an object of options, not ${typeName(value)}`);
  }
  for (const key of Object.keys(value)) {
    if (!known.includes(key)) throw new TypeError(`unknown option ${key} (options: ${known.join(', ')})`);
  }
  return value;
}

/** Throws TypeError or RangeError unless `puzzle` is an 81-long string or Uint8Array. */
function checkPuzzle(puzzle, what = 'a puzzle') {
  if (typeof puzzle !== 'string' && !(puzzle instanceof Uint8Array)) {
    throw new TypeError(`${what} is a string or a Uint8Array, not ${typeName(puzzle)}`);
  }
  if (puzzle.length !== CELLS) {
    throw new RangeError(`${what} has ${CELLS} cells, got ${puzzle.length} characters`);
  }
}

/** A loaded instance of libsudoku. Get one with `await Sudoku.load()`. */
export class Sudoku {
  #rt;
  #techniqueNames = new Map();
  #levelNames = new Map();
  #names;
  #formats;

  /**
   * Loads the WebAssembly module and returns an object with its own instance.
   * `wasm`: where the module is (default: `sudoku.wasm` in this package) as a URL, a path (Node),
   * bytes, a fetch Response or a compiled WebAssembly.Module. Browsers fetch it and compile it
   * while it downloads (instantiateStreaming); Node reads the file.
   */
  static async load({ wasm = DEFAULT_WASM } = {}) {
    const { module, instance } = await instantiate(wasm);
    return new Sudoku(module, instance);
  }

  /** Use `Sudoku.load`. */
  constructor(module, instance = null, expectedVersion = VERSION) {
    if (!(module instanceof WebAssembly.Module)) throw new TypeError('use Sudoku.load()');
    this.#rt = new Runtime(module, instance, { slots: SLOTS, version: expectedVersion });
    this.#names = {
      technique: (t) => this.techniqueName(t),
      level: (l) => this.levelName(l),
    };
    this.#formats = new Formats(this.#rt, {
      check: (status) => this.#check(status),
      board: (puzzle, slot) => this.#board(puzzle, slot),
      message: (status) => this.statusMessage(status),
      integer,
      options,
      typeName,
    });
    // Methods work detached from the object too: `const { solve } = sudoku`.
    for (const name of Object.getOwnPropertyNames(Sudoku.prototype)) {
      if (name !== 'constructor' && typeof this[name] === 'function') this[name] = this[name].bind(this);
    }
  }

  #check(status) {
    if (status !== Status.OK) throw errorFor(status, this.statusMessage(status));
  }

  /** Copies a checked puzzle into a slot; a non-ASCII character is an invalid character. */
  #put(slot, puzzle) {
    const address = this.#rt.at(slot);
    const bytes = this.#rt.u8;
    if (typeof puzzle === 'string') {
      for (let i = 0; i < CELLS; i++) {
        const code = puzzle.charCodeAt(i);
        if (code > 0x7f) {
          const message = `${this.statusMessage(Status.INVALID_CHARACTER)} (cell ${i})`;
          throw new InvalidCharacterError(Status.INVALID_CHARACTER, message, { cell: i });
        }
        bytes[address + i] = code;
      }
    } else {
      bytes.set(puzzle, address);
    }
    return address;
  }

  #board(puzzle, slot = 'board') {
    checkPuzzle(puzzle);
    return this.#put(slot, puzzle);
  }

  #masks() {
    const view = this.#rt.view;
    const address = this.#rt.at('masks');
    const out = new Array(CELLS);
    for (let c = 0; c < CELLS; c++) out[c] = digitsOf(view.getUint16(address + 2 * c, true));
    return out;
  }

  /** The library's description of a status code; any integer is accepted. */
  statusMessage(status) {
    return this.#rt.cstr(this.#rt.fn.sudoku_status_str(integer(status, 'status', INT32)));
  }

  /** The loaded module's version, "MAJOR.MINOR.PATCH". */
  version() {
    return this.#rt.cstr(this.#rt.fn.sudoku_version());
  }

  // Solving and analysis.

  /** A solution of `puzzle` as an 81-character string (one of them if it has several). */
  solve(puzzle) {
    const board = this.#board(puzzle);
    this.#check(this.#rt.fn.sudoku_solve(board));
    return this.#rt.ascii(board, CELLS);
  }

  /**
   * Counts the solutions of `puzzle`, stopping at `limit` (at least 1): `{ count, first }`, with
   * one solution as `first` (null when the count is 0). Clashing givens count 0.
   */
  countSolutions(puzzle, limit = 2) {
    const board = this.#board(puzzle);
    const n = integer(limit, 'limit', SIZE);
    const out = this.#rt.at('out');
    const count = this.#rt.at('size');
    this.#check(this.#rt.fn.sudoku_count_solutions(board, n, count, out));
    const found = this.#rt.view.getUint32(count, true);
    return { count: found, first: found ? this.#rt.ascii(out, CELLS) : null };
  }

  /** True when `puzzle` has exactly one solution. */
  isUnique(puzzle) {
    return this.countSolutions(puzzle, 2).count === 1;
  }

  /**
   * Checks `puzzle` without solving it: every character legal and no two givens clashing.
   * Returns undefined when it passes (the puzzle may still have no solution); otherwise throws,
   * for the first problem in row-major order, InvalidCharacterError or ConflictError with `cell`
   * (the later of two clashing givens).
   */
  validate(puzzle) {
    const board = this.#board(puzzle);
    const cell = this.#rt.at('size');
    const status = this.#rt.fn.sudoku_validate(board, cell);
    if (status === Status.INVALID_CHARACTER || status === Status.CONFLICT) {
      const at = this.#rt.view.getUint32(cell, true);
      throw errorFor(status, `${this.statusMessage(status)} (cell ${at})`, { cell: at });
    }
    this.#check(status);
  }

  /** For each cell, the digits its row, column and box leave (sorted); [] for a given. */
  candidates(puzzle) {
    const board = this.#board(puzzle);
    this.#check(this.#rt.fn.sudoku_candidates(board, this.#rt.at('masks')));
    return this.#masks();
  }

  /** As `candidates`, after naked and hidden singles to a fixed point (filled cells: their digit). */
  candidatesSingles(puzzle) {
    const board = this.#board(puzzle);
    this.#check(this.#rt.fn.sudoku_candidates_singles(board, this.#rt.at('masks')));
    return this.#masks();
  }

  /**
   * Solves many puzzles in few calls into the module (on one thread: WebAssembly here has none).
   * Returns `{ status, solution }` per puzzle, in order: `Status.OK` and the solution, or the
   * failure's status and null. Failing puzzles do not throw; items that are not 81-long strings or
   * Uint8Arrays throw before any solving.
   */
  solveBatch(puzzles) {
    if (!Array.isArray(puzzles)) throw new TypeError(`puzzles is an array, not ${typeName(puzzles)}`);
    puzzles.forEach((p, i) => {
      try {
        checkPuzzle(p);
      } catch (e) {
        e.message = `puzzle ${i}: ${e.message}`;
        throw e;
      }
    });
    const results = new Array(puzzles.length);
    const per = Math.max(1, Math.floor(this.#rt.extraCapacity / (CELLS + 4)));
    for (let start = 0; start < puzzles.length; start += per) {
      const chunk = puzzles.slice(start, start + per);
      const statusBytes = 4 * chunk.length;
      const statuses = this.#rt.extra(statusBytes + CELLS * chunk.length);
      const boards = statuses + statusBytes;
      let bytes = this.#rt.u8;
      chunk.forEach((p, i) => {
        const at = boards + i * CELLS;
        if (typeof p === 'string') {
          // A non-ASCII character is an invalid character: '?' gets its status.
          for (let k = 0; k < CELLS; k++) {
            const code = p.charCodeAt(k);
            bytes[at + k] = code > 0x7f ? 0x3f : code;
          }
        } else {
          bytes.set(p, at);
        }
      });
      this.#check(this.#rt.fn.sudoku_solve_batch(boards, chunk.length, 1, statuses));
      const view = this.#rt.view;
      chunk.forEach((_, i) => {
        const status = view.getInt32(statuses + 4 * i, true);
        const solution = status === Status.OK ? this.#rt.ascii(boards + i * CELLS, CELLS) : null;
        results[start + i] = { status, solution };
      });
    }
    return results;
  }

  // Text.

  /**
   * Reads one puzzle as people paste it (the grammar is in the README): an 81-character line (a
   * comment may follow), nine lines of nine, or a grid with `|`, `-`, `+` and spaces. Returns the
   * board with blanks as '.'; clashes are not checked. Throws ParseError with `offset`.
   */
  parse(text) {
    const { address, length } = this.#formats.text(text);
    const board = this.#rt.at('board');
    const offset = this.#rt.at('size');
    const status = this.#rt.fn.sudoku_parse(address, length, board, offset);
    if (status === Status.PARSE) throw this.#formats.parseError(text, this.#rt.view.getUint32(offset, true));
    this.#check(status);
    return this.#rt.ascii(board, CELLS);
  }

  /**
   * `puzzle` as text: one line (FormatStyle.LINE) or a 9x9 grid (GRID, BORDERED) whose every
   * line ends with a newline. Blanks are written '.'. `parse` reads every style back.
   */
  format(puzzle, style = FormatStyle.LINE) {
    const board = this.#board(puzzle);
    const out = this.#rt.at('format');
    const written = this.#rt.at('size');
    const s = integer(style, 'style', INT32);
    this.#check(this.#rt.fn.sudoku_format(board, s, out, FORMAT_MAX_SIZE, written));
    return this.#rt.ascii(out, this.#rt.view.getUint32(written, true));
  }

  // Other formats (formats.js; the types and docs are in index.d.ts).

  /** Reads pencil marks, the candidate grid or string: `{ board, candidates }`. Option: `values`. */
  parseMarks(text, opts) {
    return this.#formats.parseMarks(text, opts);
  }

  /** Pencil marks as text: the candidate grid (MarksStyle.GRID, the default) or the 729-character string. */
  formatMarks(board, candidates, style) {
    return this.#formats.formatMarks(board, candidates, style);
  }

  /** The puzzles of a file, one a line: an iterator of `{ puzzle, columns, offset }`. Option: `skipErrors`. */
  readPuzzles(text, opts) {
    return this.#formats.readPuzzles(text, opts);
  }

  /** Reads a SudokuWiki link: `{ givens, board, candidates }`. */
  parseSudokuwiki(text) {
    return this.#formats.parseSudokuwiki(text);
  }

  /** A SudokuWiki link of the puzzle, or with options `board` and `candidates` of the position. */
  formatSudokuwiki(givens, opts) {
    return this.#formats.formatSudokuwiki(givens, opts);
  }

  /** Reads Simple Sudoku's .ss layout: `{ givens, board, candidates }`. */
  parseSs(text) {
    return this.#formats.parseSs(text);
  }

  /** Simple Sudoku's .ss layout of the givens, and of the options `board` and `candidates`. */
  formatSs(givens, opts) {
    return this.#formats.formatSs(givens, opts);
  }

  // Generator, grader and hints.

  /**
   * Generates a puzzle with exactly one solution from `seed` (an integer or bigint, 0 to
   * 2**64 - 1): `{ puzzle, solution }`. The same seed and options give the same puzzle everywhere.
   * Options: `symmetry` (Symmetry), `minLevel`, `maxLevel` (Level; ANY for no bound),
   * `minErTenths`, `maxErTenths` (Sudoku Explainer's ER in tenths, 0-200, on top of the levels;
   * null or 0 for no bound), `minimal` (default true), `minGivens` (0-81), `maxAttempts` (null or
   * 0: the default, 1000).
   */
  generate(seed, opts) {
    const known = GENERATE_OPTIONS.fields.filter((f) => f.option).map((f) => f.option);
    const given = options(opts, 'the second argument', known);
    const s = integer(seed, 'seed', UINT64);
    const struct = this.#rt.at('struct');
    this.#check(this.#rt.fn.sudoku_generate_options_init(struct, GENERATE_OPTIONS.size));
    for (const f of GENERATE_OPTIONS.fields) {
      const value = f.option ? given[f.option] : undefined;
      if (value === undefined || value === null) continue;
      const type = TYPES[f.type];
      const raw = f.encode ? f.encode(value) : integer(value, f.option, [type.min, type.max]);
      GENERATE_OPTIONS.set(this.#rt.view, struct, f.c, raw);
    }
    const puzzle = this.#rt.at('board');
    const solution = this.#rt.at('out');
    this.#check(this.#rt.fn.sudoku_generate(s, struct, puzzle, solution));
    return { puzzle: this.#rt.ascii(puzzle, CELLS), solution: this.#rt.ascii(solution, CELLS) };
  }

  /**
   * Rates `puzzle` as Sudoku Explainer (Sukaku Explainer 1.15.10) does: ER, EP and ED in tenths,
   * the hardest rule, the steps per technique. Options: `maxEffort` (an integer or bigint: the
   * budget in the rater's work units; null or 0 for the default, about 2 seconds). Only puzzles
   * with exactly one solution are rated; others throw (InvalidCharacterError, ConflictError,
   * NoSolutionError, MultipleSolutionsError); BudgetExhaustedError over the budget, TooHardError
   * beyond the rater's rules.
   */
  rate(puzzle, opts) {
    const { maxEffort = null } = options(opts, 'the second argument', ['maxEffort']);
    const effort = maxEffort === null ? 0n : integer(maxEffort, 'maxEffort', UINT64);
    const board = this.#board(puzzle);
    const out = this.#rt.at('struct');
    const view = this.#rt.view;
    RATING.set(view, out, 'size', RATING.size);
    if (maxEffort === null) {
      this.#check(this.#rt.fn.sudoku_rate(board, out));
    } else {
      const settings = this.#rt.at('options');
      RATE_OPTIONS.set(view, settings, 'size', RATE_OPTIONS.size);
      RATE_OPTIONS.set(view, settings, 'max_effort', effort);
      this.#check(this.#rt.fn.sudoku_rate_ex(board, settings, out));
    }
    return RATING.decode(this.#rt.view, out, this.#names);
  }

  /**
   * The next hint for a player's position `board`. Options: `puzzle`, the original givens (board
   * must keep them); `marks`, the pencil marks: 81 iterables of digits (what `candidates` returns,
   * edited; an empty one means no marks there).
   */
  hint(board, opts) {
    const { puzzle = null, marks = null } = options(opts, 'the second argument', ['puzzle', 'marks']);
    const position = this.#board(board);
    const given = puzzle === null ? 0 : this.#board(puzzle, 'puzzle');
    let masks = 0;
    if (marks !== null) {
      if (!Array.isArray(marks)) throw new TypeError(`marks is an array, not ${typeName(marks)}`);
      if (marks.length !== CELLS) {
        throw new RangeError(`marks has one entry per cell, ${CELLS}, got ${marks.length}`);
      }
      masks = this.#rt.at('masks');
      const view = this.#rt.view;
      for (let cell = 0; cell < CELLS; cell++) {
        const digits = marks[cell];
        if (digits === null || typeof digits?.[Symbol.iterator] !== 'function') {
          throw new TypeError(`marks of cell ${cell} are an iterable of digits, not ${typeName(digits)}`);
        }
        let mask = 0;
        for (const d of digits) mask |= 1 << (integer(d, `marks of cell ${cell}: a digit`, [1, 9]) - 1);
        view.setUint16(masks + 2 * cell, mask, true);
      }
    }
    const out = this.#rt.at('struct');
    HINT.set(this.#rt.view, out, 'size', HINT.size);
    if (puzzle === null && marks === null) {
      this.#check(this.#rt.fn.sudoku_hint(position, out));
    } else {
      this.#check(this.#rt.fn.sudoku_hint_ex(given, position, masks, out));
    }
    return HINT.decode(this.#rt.view, out, this.#names);
  }

  /** The English name of a technique, e.g. "X-Wing"; "unknown technique" otherwise. */
  techniqueName(technique) {
    const t = integer(technique, 'technique', INT32);
    let name = this.#techniqueNames.get(t);
    if (name === undefined) {
      name = this.#rt.cstr(this.#rt.fn.sudoku_technique_name(t));
      this.#techniqueNames.set(t, name);
    }
    return name;
  }

  /** The score of a technique in tenths (26 means 2.6), or null for an unknown one. */
  techniqueScore(technique) {
    const score = this.#rt.fn.sudoku_technique_score(integer(technique, 'technique', INT32));
    return score < 0 ? null : score;
  }

  /** The English name of a level, e.g. "medium" ("any" for Level.ANY). */
  levelName(level) {
    const l = integer(level, 'level', INT32);
    let name = this.#levelNames.get(l);
    if (name === undefined) {
      name = this.#rt.cstr(this.#rt.fn.sudoku_level_name(l));
      this.#levelNames.set(l, name);
    }
    return name;
  }
}
