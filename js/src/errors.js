// Errors: one SudokuError subclass per failing status of the C API, as in the Python binding.

import { Status } from './enums.js';

/**
 * A failure the library reported. `status` is its code (a `Status` value, or a plain number for a
 * code a newer library added); `cell` is the index (0-80) of the cell at fault when the call names
 * one (`validate` does, and so does any function given a non-ASCII character), else null.
 */
export class SudokuError extends Error {
  constructor(status, message, { cell = null, cause } = {}) {
    super(message ?? `libsudoku status ${status}`, cause === undefined ? undefined : { cause });
    this.name = new.target.name;
    this.status = status;
    this.cell = cell;
  }
}

/** A required pointer was NULL (a bug in this package if it ever happens). */
export class NullPointerError extends SudokuError {}

/** A cell holds something other than '1'-'9', '.' or '0'. */
export class InvalidCharacterError extends SudokuError {}

/** Two givens with the same digit share a row, column or box. */
export class ConflictError extends SudokuError {}

/** The givens do not clash, but the puzzle has no solution. */
export class NoSolutionError extends SudokuError {}

/**
 * A bug in the library (please report it); nothing was changed. In WebAssembly a panic cannot be
 * caught inside the module: it traps, and the package reports the trap as this error (with the
 * trap as `cause`) and carries on with a fresh instance of the module.
 */
export class InternalError extends SudokuError {}

/**
 * An argument is out of range: a `limit` of 0, an unknown style, symmetry or level, inconsistent
 * generator options, a hint position that changed a given, a number too large for its C type.
 */
export class InvalidArgumentError extends SudokuError {}

/** An output buffer was too small (a bug in this package if it ever happens). */
export class BufferTooSmallError extends SudokuError {}

/**
 * `parse` could not read the text as one puzzle. `offset` is the index in the text of the first
 * problem: in UTF-16 code units (a JavaScript string index) for a string, in bytes for bytes.
 */
export class ParseError extends SudokuError {
  constructor(status, message, { offset = 0, cause } = {}) {
    super(status, message, { cause });
    this.offset = offset;
  }
}

/** The puzzle has more than one solution (rating and hints need exactly one). */
export class MultipleSolutionsError extends SudokuError {}

/** `generate` tried `maxAttempts` grids without meeting every requirement. */
export class AttemptsExhaustedError extends SudokuError {}

/** `rate` needed more work than its budget (`maxEffort`) allows. */
export class BudgetExhaustedError extends SudokuError {}

/** The puzzle needs techniques beyond the rater's: more of Sudoku Explainer's nested forcing chains (9.5 and above) than it has. */
export class TooHardError extends SudokuError {}

/** The error class of each failing status. */
export const ERRORS = Object.freeze({
  [Status.NULL_POINTER]: NullPointerError,
  [Status.INVALID_CHARACTER]: InvalidCharacterError,
  [Status.CONFLICT]: ConflictError,
  [Status.NO_SOLUTION]: NoSolutionError,
  [Status.INTERNAL]: InternalError,
  [Status.INVALID_ARGUMENT]: InvalidArgumentError,
  [Status.BUFFER_TOO_SMALL]: BufferTooSmallError,
  [Status.PARSE]: ParseError,
  [Status.MULTIPLE_SOLUTIONS]: MultipleSolutionsError,
  [Status.ATTEMPTS_EXHAUSTED]: AttemptsExhaustedError,
  [Status.BUDGET_EXHAUSTED]: BudgetExhaustedError,
  [Status.TOO_HARD]: TooHardError,
});

/** The error for `status`: its class, or SudokuError for a code this package does not know. */
export function errorFor(status, message, extra) {
  const Class = ERRORS[status] ?? SudokuError;
  return new Class(status, message, extra);
}
