// The formats beyond `parse` and `format`: pencil marks (parseMarks, formatMarks), files of
// puzzles (readPuzzles), SudokuWiki links (parseSudokuwiki, formatSudokuwiki) and Simple
// Sudoku's .ss (parseSs, formatSs), as the Python binding has them; and the text-in, offset-out
// convention every reader follows, `parse` included. The Sudoku methods of the same names
// (index.js) call these; the grammars are in sudoku.h and docs/text.md.
//
// Text in: a string is read as its UTF-8 encoding (TextEncoder's), a Uint8Array as it is.
// Offsets out (ParseError's `offset`, a record's `offset`): indices into the string (UTF-16 code
// units), or byte offsets for bytes. Candidates in: 81 iterables of digits, one per cell (what
// `candidates` returns, edited); out: 81 sorted arrays of digits, [] for filled cells and for
// empty cells without candidates.

import { MARKS_MAX_SIZE, MarksStyle, SS_MAX_SIZE, Status, SUDOKUWIKI_MAX_SIZE } from './enums.js';
import { ParseError } from './errors.js';
import { digitsOf, TYPES } from './structs.js';

/** Cells on a board (index.js exports it as CELLS). */
const CELLS = 81;
const INT32 = [TYPES.i32.min, TYPES.i32.max];
const LF = 0x0a;

/**
 * The fixed slots these functions add to index.js's (whose `board`, `puzzle` and `masks` they
 * use too): the output text of the writers, and the size_t results of sudoku_next_puzzle.
 */
export const FORMATS_SLOTS = [
  ['text', Math.max(MARKS_MAX_SIZE, SUDOKUWIKI_MAX_SIZE, SS_MAX_SIZE), 1],
  ['sizes', 5 * 4, 4],
];

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * Maps byte offsets into a string's UTF-8 encoding (TextEncoder's: a lone surrogate is the
 * three bytes of U+FFFD) to indices into the string. Each lookup goes on from the previous
 * one, so increasing offsets cost one pass over the string in all.
 */
class Utf16Cursor {
  #text;
  #bytes = 0;
  #index = 0;

  constructor(text) {
    this.#text = text;
  }

  index(offset) {
    if (offset < this.#bytes) {
      this.#bytes = 0;
      this.#index = 0;
    }
    const text = this.#text;
    let bytes = this.#bytes;
    let i = this.#index;
    while (i < text.length && bytes < offset) {
      const unit = text.charCodeAt(i);
      const pair = unit >= 0xd800 && unit < 0xdc00 && i + 1 < text.length &&
        text.charCodeAt(i + 1) >= 0xdc00 && text.charCodeAt(i + 1) < 0xe000;
      bytes += unit < 0x80 ? 1 : unit < 0x800 ? 2 : pair ? 4 : 3;
      i += pair ? 2 : 1;
    }
    this.#bytes = bytes;
    this.#index = i;
    return i;
  }
}

/** Where the puzzle of the line starting at `line` begins: past its spaces and tabs (and a BOM). */
function puzzleStart(data, line) {
  let at = line;
  if (at === 0 && data[0] === 0xef && data[1] === 0xbb && data[2] === 0xbf) at = 3;
  while (data[at] === 0x20 || data[at] === 0x09) at++;
  return at;
}

/**
 * The formats functions of one Sudoku object. `io` holds what they share with index.js:
 * `check(status)` (throws for a failing status), `board(puzzle, slot)` (checks a puzzle and
 * copies it into a slot), `message(status)`, and its argument checks `integer`, `options` and
 * `typeName`.
 */
export class Formats {
  #rt;
  #io;

  constructor(rt, io) {
    this.#rt = rt;
    this.#io = io;
  }

  /** Copies `text` into the extra region: `{ address, length }` (UTF-8 for a string). */
  text(text) {
    const rt = this.#rt;
    if (typeof text === 'string') {
      const address = rt.extra(3 * text.length);
      const into = rt.u8.subarray(address, address + 3 * text.length);
      return { address, length: encoder.encodeInto(text, into).written };
    }
    if (text instanceof Uint8Array) {
      const address = rt.extra(text.length);
      rt.u8.set(text, address);
      return { address, length: text.length };
    }
    throw new TypeError(`text is a string or a Uint8Array, not ${this.#io.typeName(text)}`);
  }

  /** The ParseError for byte `offset` of `text`'s encoding (a string index for a string). */
  parseError(text, offset) {
    const where = typeof text === 'string' ? new Utf16Cursor(text).index(offset) : offset;
    const message = `${this.#io.message(Status.PARSE)} (offset ${where})`;
    return new ParseError(Status.PARSE, message, { offset: where });
  }

  /** Writes 81 iterables of digits as candidate masks into the `masks` slot; its address. */
  #putMasks(candidates) {
    const { integer, typeName } = this.#io;
    if (!Array.isArray(candidates)) throw new TypeError(`candidates is an array, not ${typeName(candidates)}`);
    if (candidates.length !== CELLS) {
      throw new RangeError(`candidates has one entry per cell, ${CELLS}, got ${candidates.length}`);
    }
    const masks = this.#rt.at('masks');
    const view = this.#rt.view;
    for (let cell = 0; cell < CELLS; cell++) {
      const digits = candidates[cell];
      if (digits === null || typeof digits?.[Symbol.iterator] !== 'function') {
        throw new TypeError(`candidates of cell ${cell} are an iterable of digits, not ${typeName(digits)}`);
      }
      let mask = 0;
      for (const d of digits) mask |= 1 << (integer(d, `candidates of cell ${cell}: a digit`, [1, 9]) - 1);
      view.setUint16(masks + 2 * cell, mask, true);
    }
    return masks;
  }

  /** The 81 masks of the `masks` slot as sorted arrays of digits. */
  #masks() {
    const view = this.#rt.view;
    const address = this.#rt.at('masks');
    const out = new Array(CELLS);
    for (let c = 0; c < CELLS; c++) out[c] = digitsOf(view.getUint16(address + 2 * c, true));
    return out;
  }

  /** The text the writer left in the `text` slot. */
  #written() {
    return this.#rt.ascii(this.#rt.at('text'), this.#rt.view.getUint32(this.#rt.at('sizes'), true));
  }

  /** Pencil marks: see index.d.ts. */
  parseMarks(text, opts) {
    const { values = null } = this.#io.options(opts, 'the second argument', ['values']);
    const given = values === null ? 0 : this.#io.board(values, 'puzzle');
    const { address, length } = this.text(text);
    const rt = this.#rt;
    const board = rt.at('board');
    const offset = rt.at('sizes');
    const status = this.#rt.fn.sudoku_parse_marks(address, length, given, board, rt.at('masks'), offset);
    if (status === Status.PARSE) throw this.parseError(text, rt.view.getUint32(offset, true));
    this.#io.check(status);
    return { board: rt.ascii(board, CELLS), candidates: this.#masks() };
  }

  formatMarks(board, candidates, style = MarksStyle.GRID) {
    const cells = this.#io.board(board, 'board');
    const masks = this.#putMasks(candidates);
    const s = this.#io.integer(style, 'style', INT32);
    const rt = this.#rt;
    this.#io.check(this.#rt.fn.sudoku_format_marks(cells, masks, s, rt.at('text'), MARKS_MAX_SIZE, rt.at('sizes')));
    return this.#written();
  }

  /** The records of a file of puzzles, as an iterator; the arguments are checked at once. */
  readPuzzles(text, opts) {
    const { skipErrors = false } = this.#io.options(opts, 'the second argument', ['skipErrors']);
    let data;
    if (typeof text === 'string') data = encoder.encode(text);
    else if (text instanceof Uint8Array) data = new Uint8Array(text); // a copy: the caller may reuse theirs
    else throw new TypeError(`text is a string or a Uint8Array, not ${this.#io.typeName(text)}`);
    return this.#records(text, data, Boolean(skipErrors));
  }

  /**
   * The generator behind readPuzzles. The text's bytes stay in the extra region between records,
   * and are copied there again when another call may have used the region meanwhile.
   */
  *#records(text, data, skipErrors) {
    const cursor = typeof text === 'string' ? new Utf16Cursor(text) : null;
    const index = (byte) => (cursor === null ? byte : cursor.index(byte));
    const rt = this.#rt;
    let address = 0;
    let uses = null;
    let offset = 0;
    for (;;) {
      if (rt.extraUses !== uses) {
        void rt.u8; // a fresh instance first, if the last one trapped
        address = rt.extra(data.length);
        rt.u8.set(data, address);
        uses = rt.extraUses;
      }
      // The size_t results: offset (in and out), found, columns, columns' length, error offset.
      const sizes = rt.at('sizes');
      const board = rt.at('board');
      rt.view.setUint32(sizes, offset, true);
      const status = this.#rt.fn.sudoku_next_puzzle(
        address, data.length, sizes, board, sizes + 4, sizes + 8, sizes + 12, sizes + 16,
      );
      const view = rt.view;
      if (status === Status.PARSE) {
        const where = view.getUint32(sizes + 16, true);
        if (!skipErrors) throw this.parseError(text, where);
        const end = data.indexOf(LF, where);
        offset = end < 0 ? data.length : end + 1;
        continue;
      }
      this.#io.check(status);
      if (view.getUint32(sizes + 4, true) === 0) return;
      offset = view.getUint32(sizes, true);
      const columns = view.getUint32(sizes + 8, true);
      const columnsEnd = columns + view.getUint32(sizes + 12, true);
      // The puzzle's line starts past the last LF before its columns.
      const start = index(puzzleStart(data, data.lastIndexOf(LF, columns - 1) + 1));
      const puzzle = rt.ascii(board, CELLS);
      yield {
        puzzle,
        columns: cursor === null
          ? decoder.decode(data.subarray(columns, columnsEnd))
          : text.slice(index(columns), index(columnsEnd)),
        offset: start,
      };
    }
  }

  /** Calls `parse(text, len, givens, board, masks, offset)`, a reader of positions. */
  #parsePosition(text, parse) {
    const { address, length } = this.text(text);
    const rt = this.#rt;
    const givens = rt.at('puzzle');
    const board = rt.at('board');
    const offset = rt.at('sizes');
    const status = parse(address, length, givens, board, rt.at('masks'), offset);
    if (status === Status.PARSE) throw this.parseError(text, rt.view.getUint32(offset, true));
    this.#io.check(status);
    return { givens: rt.ascii(givens, CELLS), board: rt.ascii(board, CELLS), candidates: this.#masks() };
  }

  parseSudokuwiki(text) {
    return this.#parsePosition(text, (...args) => this.#rt.fn.sudoku_parse_sudokuwiki(...args));
  }

  parseSs(text) {
    return this.#parsePosition(text, (...args) => this.#rt.fn.sudoku_parse_ss(...args));
  }

  /** The givens and, from the options, the board and candidates, in their slots (0 for none). */
  #position(givens, opts) {
    const { board = null, candidates = null } = this.#io.options(opts, 'the second argument', ['board', 'candidates']);
    return [
      this.#io.board(givens, 'puzzle'),
      board === null ? 0 : this.#io.board(board, 'board'),
      candidates === null ? 0 : this.#putMasks(candidates),
    ];
  }

  formatSudokuwiki(givens, opts) {
    const [g, board, masks] = this.#position(givens, opts);
    if ((board === 0) !== (masks === 0)) throw new TypeError('give both board and candidates, or neither');
    const rt = this.#rt;
    this.#io.check(this.#rt.fn.sudoku_format_sudokuwiki(g, board, masks, rt.at('text'), SUDOKUWIKI_MAX_SIZE, rt.at('sizes')));
    return this.#written();
  }

  formatSs(givens, opts) {
    const [g, board, masks] = this.#position(givens, opts);
    const rt = this.#rt;
    this.#io.check(this.#rt.fn.sudoku_format_ss(g, board, masks, rt.at('text'), SS_MAX_SIZE, rt.at('sizes')));
    return this.#written();
  }
}
