// The boundary between JavaScript and the WebAssembly module: one instance of the module, a
// region of its linear memory that belongs to JavaScript, and what happens when the module traps.
//
// Memory. The module imports nothing and exports its memory and the C functions of sudoku.h,
// nothing else (no allocator): arguments and results go through a region that this file takes
// with `memory.grow`. Pages added by `memory.grow` belong to whoever grew them: the module's own
// allocator (Rust's, on wasm32-unknown-unknown) takes its heap with `memory.grow` too and never
// touches pages it did not grow, so the region is never handed out by the library
// (test/boundary.test.js checks that every call leaves the rest of the region alone). Its first
// part holds fixed slots for boards, masks, the structs and the format buffer; the rest is for
// inputs of any length (parse's text, batches), and a larger region is taken when one does not
// fit. Views of the memory are re-created whenever the module's memory has grown (growing
// detaches the old ArrayBuffer).
//
// Traps. wasm32-unknown-unknown has no unwinding on stable Rust: a panic aborts, and in
// WebAssembly an abort is the `unreachable` instruction, which traps. The C layer's catch_unwind
// never sees it, and the trap reaches JavaScript as a WebAssembly.RuntimeError out of the export
// (an out-of-bounds access or a stack overflow would too). The instance is then in an unknown
// state (the stack pointer global and the heap were mid-update), so it is dropped: the call
// throws InternalError (status INTERNAL, the trap as its `cause`) and the next call runs on a
// fresh instance of the same compiled module. As the library never writes outputs on failure,
// and results only reach the caller from a call that returned, nothing half-done is seen.

import { Status } from './enums.js';
import { InternalError } from './errors.js';

const PAGE = 65536;

/** Lays out named slots, each at a multiple of its alignment. */
function carve(slots) {
  const at = {};
  let offset = 0;
  for (const [name, size, align] of slots) {
    offset = Math.ceil(offset / align) * align;
    at[name] = offset;
    offset += size;
  }
  return { at: Object.freeze(at), size: Math.ceil(offset / 16) * 16 };
}

/** The ABI part of a version, by the soname rule: 0.0.<patch>, 0.<minor>, or <major>. */
export function abiVersion(version) {
  const [major, minor = '0', patch = '0'] = version.split('+')[0].split('-')[0].split('.');
  if (major === '0') return minor === '0' ? `0.0.${patch}` : `0.${minor}`;
  return major;
}

export class Runtime {
  #module;
  #exports = null;
  #memory = null;
  #u8 = null;
  #view = null;
  #base = 0;
  #capacity = 0;
  #extraUses = 0;
  #internalMessage = 'internal error in libsudoku (please report it)';

  /**
   * @param {WebAssembly.Module} module the compiled module
   * @param {WebAssembly.Instance | null} instance a first instance of it, or null
   * @param {{ slots: Array<[string, number, number]>, version: string }} layout the fixed slots
   *   the caller needs, and the package version the module must match
   */
  constructor(module, instance, { slots, version }) {
    this.#module = module;
    const fixed = carve(slots);
    /** Offsets of the fixed slots, from the region's start. */
    this.slots = fixed.at;
    this.fixedSize = fixed.size;
    this.#start(instance);
    const found = this.cstr(this.#exports.sudoku_version());
    if (abiVersion(found) !== abiVersion(version)) {
      throw new Error(
        `the WebAssembly module is libsudoku ${found}, but this package needs ` +
          `${abiVersion(version)}.x (the ABI may change between these versions)`,
      );
    }
    this.#internalMessage = this.cstr(this.#exports.sudoku_status_str(Status.INTERNAL));
    /** The module's functions, each guarded: a trap becomes InternalError. */
    this.fn = Object.freeze(
      Object.fromEntries(
        Object.keys(this.#exports)
          .filter((name) => typeof this.#exports[name] === 'function')
          .map((name) => [name, this.#guarded(name)]),
      ),
    );
  }

  #start(instance) {
    const live = instance ?? new WebAssembly.Instance(this.#module, {});
    this.#exports = live.exports;
    this.#memory = live.exports.memory;
    this.#u8 = null;
    this.#capacity = 0;
    this.#extraUses++;
    this.#reserve(PAGE);
  }

  /** Takes a region of at least `bytes` (past the fixed slots) with memory.grow. */
  #reserve(bytes) {
    const pages = Math.ceil((this.fixedSize + bytes) / PAGE);
    const first = this.#memory.grow(pages);
    this.#base = first * PAGE;
    this.#capacity = pages * PAGE;
  }

  #guarded(name) {
    // Eight parameters: the most a function of sudoku.h takes (sudoku_next_puzzle).
    return (a, b, c, d, e, f, g, h) => {
      if (this.#exports === null) this.#restart();
      try {
        return this.#exports[name](a, b, c, d, e, f, g, h);
      } catch (trap) {
        // The module imports nothing, so anything thrown out of it is the engine's: a trap,
        // or the engine's own stack running out. The instance cannot be trusted after it.
        this.#exports = null;
        try {
          this.#restart();
        } catch {
          // Tried again on the next call.
        }
        throw new InternalError(Status.INTERNAL, this.#internalMessage, { cause: trap });
      }
    };
  }

  #restart() {
    this.#exports = null;
    this.#start(null);
  }

  /** The region's start in the module's memory (never 0, so 0 stays NULL). */
  get base() {
    return this.#base;
  }

  /** The address of a fixed slot. */
  at(slot) {
    return this.#base + this.slots[slot];
  }

  /**
   * The address of `bytes` free bytes past the fixed slots, aligned to 8: the region is
   * replaced by a larger one if they do not fit (the old one is left unused).
   */
  extra(bytes) {
    this.#extraUses++;
    if (this.fixedSize + bytes > this.#capacity) {
      if (this.#exports === null) this.#restart();
      this.#reserve(bytes);
    }
    return this.#base + this.fixedSize;
  }

  /**
   * Changes whenever what `extra` handed out may have been overwritten (another `extra`, a fresh
   * instance): a caller that keeps data there across calls (readPuzzles' text) copies it again
   * when this differs from what it was after the copy.
   */
  get extraUses() {
    return this.#extraUses;
  }

  /** How many bytes `extra` gives without taking a new region. */
  get extraCapacity() {
    return this.#capacity - this.fixedSize;
  }

  /** The module's memory as bytes (re-created if the memory grew). */
  get u8() {
    if (this.#exports === null) this.#restart();
    if (this.#u8 === null || this.#u8.buffer !== this.#memory.buffer) {
      this.#u8 = new Uint8Array(this.#memory.buffer);
      this.#view = new DataView(this.#memory.buffer);
    }
    return this.#u8;
  }

  /** The module's memory as a DataView (re-created if the memory grew). */
  get view() {
    void this.u8;
    return this.#view;
  }

  /** `length` bytes at `address` as a string of ASCII characters. */
  ascii(address, length) {
    const bytes = this.u8;
    let text = '';
    for (let i = 0; i < length; i++) text += String.fromCharCode(bytes[address + i]);
    return text;
  }

  /** The NUL-terminated ASCII string at `address` (the library's static strings). */
  cstr(address) {
    const bytes = this.u8;
    let end = address;
    while (bytes[end] !== 0) end++;
    return this.ascii(address, end - address);
  }
}

