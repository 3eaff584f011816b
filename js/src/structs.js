// The C structs of sudoku.h and what each field becomes in JavaScript: the one place to change
// when a struct gains a field. A field is described once, with its C name and type (the layout
// follows from them by C's rules; test/header.test.js checks it against the header and against
// what the C compiler makes of it) and, for outputs, the property it becomes in the result and
// how its value is converted; for inputs, the option it is set from.

import { HINT_MAX_NODES, SE_NAME_SIZE, TECHNIQUE_SLOTS } from './enums.js';

/**
 * C field types: size, alignment (the size unless given), DataView accessors, range. `char` is
 * C's char (an ASCII byte); `node` is a `sudoku_chain_node` (four bytes: cell, digit, on, link),
 * read as a 32-bit word.
 */
export const TYPES = Object.freeze({
  u8: { size: 1, get: 'getUint8', set: 'setUint8', min: 0, max: 0xff },
  char: { size: 1, get: 'getUint8', set: 'setUint8', min: 0, max: 0xff },
  u16: { size: 2, get: 'getUint16', set: 'setUint16', min: 0, max: 0xffff },
  i32: { size: 4, get: 'getInt32', set: 'setInt32', min: -0x80000000, max: 0x7fffffff },
  u32: { size: 4, get: 'getUint32', set: 'setUint32', min: 0, max: 0xffffffff },
  u64: { size: 8, get: 'getBigUint64', set: 'setBigUint64', min: 0n, max: 0xffffffffffffffffn },
  node: { size: 4, align: 1, get: 'getUint32', set: 'setUint32', min: 0, max: 0xffffffff },
});

// Conversions of output fields (a scalar, or an array of `count` numbers).
const orNull = (none) => (v) => (v === none ? null : v);
const negativeIsNull = (v) => (v < 0 ? null : v);
/** The digits of a candidate mask (bit d-1 for digit d), in increasing order. */
export const digitsOf = (mask) => {
  const digits = [];
  for (let d = 1; d <= 9; d++) if ((mask >> (d - 1)) & 1) digits.push(d);
  return digits;
};
/** index -> value for the non-zero entries. */
const nonZero = (values) => new Map([...values.entries()].filter(([, v]) => v !== 0));
/** cell -> digits for the non-zero masks. */
const masksByCell = (masks) => new Map([...nonZero(masks)].map(([c, m]) => [c, digitsOf(m)]));
/** cell -> the digit of its one-bit mask, for the non-zero masks. */
const digitByCell = (masks) => new Map([...nonZero(masks)].map(([c, m]) => [c, 32 - Math.clz32(m)]));
/** The set bits of a unit mask, in increasing order. */
const bits = (mask) => [...Array(32).keys()].filter((u) => (mask >>> u) & 1);
/** A NUL-terminated char array as a string, or null when empty. */
const text = (chars) => {
  const end = chars.indexOf(0);
  const name = String.fromCharCode(...(end < 0 ? chars : chars.slice(0, end)));
  return name === '' ? null : name;
};
/** A chain node's 32-bit word (little-endian: cell, digit, on, link) as an object. */
const node = (word) =>
  Object.freeze({ cell: word & 0xff, digit: (word >>> 8) & 0xff, on: ((word >>> 16) & 0xff) === 1, link: word >>> 24 });

/**
 * A C struct: `fields` in declaration order, each `{ c, type, count?, js?, decode?, option?,
 * encode? }`; `derived` adds result properties computed from the others (and from `names`, the
 * instance's technique and level names).
 */
function struct(name, fields, derived = {}) {
  let offset = 0;
  let align = 1;
  const laid = fields.map((f) => {
    const type = TYPES[f.type];
    const typeAlign = type.align ?? type.size;
    offset = Math.ceil(offset / typeAlign) * typeAlign;
    align = Math.max(align, typeAlign);
    const placed = { count: 1, ...f, offset, size: type.size * (f.count ?? 1) };
    offset += placed.size;
    return Object.freeze(placed);
  });
  const size = Math.ceil(offset / align) * align;

  /** The field's value at `base` in `view` (a DataView of the module's memory). */
  const read = (view, base, f) => {
    const type = TYPES[f.type];
    if (f.count === 1) return view[type.get](base + f.offset, true);
    const values = new Array(f.count);
    for (let i = 0; i < f.count; i++) values[i] = view[type.get](base + f.offset + i * type.size, true);
    return values;
  };

  return Object.freeze({
    name,
    size,
    align,
    fields: Object.freeze(laid),
    /**
     * The JavaScript result: every field with a `js` property, converted, then `derived` (which
     * also sees the `hidden` fields, kept out of the result).
     */
    decode(view, base, names) {
      const out = {};
      const hidden = {};
      for (const f of laid) {
        if (!f.js) continue;
        const value = read(view, base, f);
        (f.hidden ? hidden : out)[f.js] = f.decode ? f.decode(value) : value;
      }
      const all = { ...out, ...hidden };
      for (const [key, compute] of Object.entries(derived)) out[key] = compute(all, names);
      return Object.freeze(out);
    },
    /** Writes one scalar field (the caller has checked its range). */
    set(view, base, cName, value) {
      const f = laid.find((x) => x.c === cName);
      view[TYPES[f.type].set](base + f.offset, value, true);
    },
  });
}

/** `sudoku_generate_options`: the input of `generate`; `option` names the JavaScript option. */
export const GENERATE_OPTIONS = struct('sudoku_generate_options', [
  { c: 'size', type: 'u32' },
  { c: 'symmetry', type: 'i32', option: 'symmetry' },
  { c: 'min_level', type: 'i32', option: 'minLevel' },
  { c: 'max_level', type: 'i32', option: 'maxLevel' },
  { c: 'minimal', type: 'i32', option: 'minimal', encode: (v) => (v ? 1 : 0) },
  { c: 'min_givens', type: 'u32', option: 'minGivens' },
  // null or undefined keeps the library's default (0, which means 1000).
  { c: 'max_attempts', type: 'u32', option: 'maxAttempts' },
  // null or undefined (or 0): no bound.
  { c: 'min_er_tenths', type: 'u32', option: 'minErTenths' },
  { c: 'max_er_tenths', type: 'u32', option: 'maxErTenths' },
]);

/** `sudoku_rate_options`: the input of `rate`. */
export const RATE_OPTIONS = struct('sudoku_rate_options', [
  { c: 'size', type: 'u32' },
  // null or undefined (or 0): the library's default budget.
  { c: 'max_effort', type: 'u64', option: 'maxEffort' },
]);

/** `sudoku_chain_node`: one node of a hint's chains (read as a word of `sudoku_hint_result`). */
export const CHAIN_NODE = struct('sudoku_chain_node', [
  { c: 'cell', type: 'u8' },
  { c: 'digit', type: 'u8' },
  { c: 'on', type: 'u8' },
  { c: 'link', type: 'u8' },
]);

/** `sudoku_rating`: the result of `rate`. */
export const RATING = struct(
  'sudoku_rating',
  [
    { c: 'size', type: 'u32' },
    { c: 'level', type: 'i32', js: 'level' },
    { c: 'score_tenths', type: 'i32', js: 'scoreTenths' },
    { c: 'hardest_technique', type: 'i32', js: 'hardest', decode: negativeIsNull },
    { c: 'needs_search', type: 'i32', js: 'needsSearch', decode: Boolean },
    { c: 'guesses', type: 'u32', js: 'guesses' },
    { c: 'steps', type: 'u32', js: 'steps' },
    { c: 'technique_steps', type: 'u32', count: TECHNIQUE_SLOTS, js: 'techniqueSteps', decode: nonZero },
    { c: 'er_tenths', type: 'i32', js: 'erTenths' },
    { c: 'ep_tenths', type: 'i32', js: 'epTenths' },
    { c: 'ed_tenths', type: 'i32', js: 'edTenths' },
    { c: 'ep_technique', type: 'i32', js: 'epTechnique', decode: negativeIsNull },
    { c: 'ed_technique', type: 'i32', js: 'edTechnique', decode: negativeIsNull },
    { c: 'hardest_name', type: 'char', count: SE_NAME_SIZE, js: 'hardestName', decode: text },
  ],
  {
    score: (r) => r.scoreTenths / 10,
    levelName: (r, names) => names.level(r.level),
  },
);

/** `sudoku_hint_result`: the result of `hint`. */
export const HINT = struct(
  'sudoku_hint_result',
  [
    { c: 'size', type: 'u32' },
    { c: 'kind', type: 'i32', js: 'kind' },
    { c: 'technique', type: 'i32', js: 'technique', decode: negativeIsNull },
    { c: 'cell', type: 'i32', js: 'cell', decode: negativeIsNull },
    { c: 'digit', type: 'i32', js: 'digit', decode: orNull(0) },
    { c: 'units', type: 'u32', js: 'units', decode: bits },
    { c: 'placements', type: 'u8', count: 81, js: 'placements', decode: nonZero },
    { c: 'eliminations', type: 'u16', count: 81, js: 'eliminations', decode: masksByCell },
    { c: 'pattern', type: 'u16', count: 81, js: 'pattern', decode: masksByCell },
    { c: 'wrong', type: 'u16', count: 81, js: 'wrong', decode: digitByCell },
    { c: 'difficulty_tenths', type: 'i32', js: 'difficultyTenths' },
    { c: 'se_name', type: 'char', count: SE_NAME_SIZE, js: 'seName', decode: text },
    { c: 'node_count', type: 'u32', js: 'nodeCount', hidden: true },
    { c: 'truncated', type: 'u32', js: 'truncated' },
    { c: 'nodes', type: 'node', count: HINT_MAX_NODES, js: 'nodes', hidden: true },
  ],
  {
    techniqueName: (h, names) => (h.technique === null ? null : names.technique(h.technique)),
    // The node list split into chains at each starting node (link 0).
    chains: (h) => {
      const chains = [];
      for (const word of h.nodes.slice(0, h.nodeCount)) {
        const n = node(word);
        if (n.link === 0 || chains.length === 0) chains.push([]);
        chains[chains.length - 1].push(n);
      }
      return Object.freeze(chains.map((c) => Object.freeze(c)));
    },
  },
);

/** The structs that start with their size (all but the chain node). */
export const VERSIONED = Object.freeze([GENERATE_OPTIONS, RATE_OPTIONS, RATING, HINT]);

/** Every struct above, for the layout test. */
export const STRUCTS = Object.freeze([GENERATE_OPTIONS, RATE_OPTIONS, RATING, CHAIN_NODE, HINT]);
