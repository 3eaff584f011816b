// The C enums of sudoku.h, value for value (test/header.test.js compares each with the header).
// The numbers never change. Each is a frozen object NAME -> number, as the TypeScript types say.

/** The C library's status codes (`sudoku_status`). */
export const Status = Object.freeze({
  OK: 0,
  NULL_POINTER: 1,
  INVALID_CHARACTER: 2,
  CONFLICT: 3,
  NO_SOLUTION: 4,
  INTERNAL: 5,
  INVALID_ARGUMENT: 6,
  BUFFER_TOO_SMALL: 7,
  PARSE: 8,
  MULTIPLE_SOLUTIONS: 9,
  ATTEMPTS_EXHAUSTED: 10,
  BUDGET_EXHAUSTED: 11,
  TOO_HARD: 12,
});

/** Layouts for `format` (`sudoku_format_style`). */
export const FormatStyle = Object.freeze({
  LINE: 0,
  GRID: 1,
  BORDERED: 2,
});

/** Layouts for `formatMarks` (`sudoku_marks_style`). */
export const MarksStyle = Object.freeze({
  LINE: 0,
  GRID: 1,
});

/** Solving techniques of the grader and of hints, simplest first (`sudoku_technique`). */
export const Technique = Object.freeze({
  HIDDEN_SINGLE_BOX: 0,
  HIDDEN_SINGLE_LINE: 1,
  NAKED_SINGLE: 2,
  POINTING: 3,
  CLAIMING: 4,
  NAKED_PAIR: 5,
  X_WING: 6,
  HIDDEN_PAIR: 7,
  NAKED_TRIPLE: 8,
  SWORDFISH: 9,
  HIDDEN_TRIPLE: 10,
  XY_WING: 11,
  XYZ_WING: 12,
  UNIQUE_RECTANGLE: 13,
  W_WING: 14,
  NAKED_QUAD: 15,
  JELLYFISH: 16,
  HIDDEN_QUAD: 17,
  SIMPLE_COLOURING: 18,
  BUG_PLUS_ONE: 19,
  X_CHAIN: 20,
  XY_CHAIN: 21,
  AIC: 22,
});

/** Difficulty levels (`sudoku_level`); `ANY` only as a `generate` bound. */
export const Level = Object.freeze({
  ANY: 0,
  EASY: 1,
  MEDIUM: 2,
  HARD: 3,
  EXPERT: 4,
  EXTREME: 5,
});

/** Symmetry of a generated puzzle's givens (`sudoku_symmetry`). */
export const Symmetry = Object.freeze({
  NONE: 0,
  ROTATE_180: 1,
  ROTATE_90: 2,
  DIAGONAL: 3,
  ANTI_DIAGONAL: 4,
  MIRROR: 5,
});

/** What a hint describes (`sudoku_hint_kind`). */
export const HintKind = Object.freeze({
  STEP: 0,
  SOLVED: 1,
  WRONG_DIGIT: 2,
  WRONG_MARK: 3,
  REVEAL: 4,
});

/** Entries in `sudoku_rating::technique_steps` (`SUDOKU_TECHNIQUE_SLOTS`). */
export const TECHNIQUE_SLOTS = 64;

/** Buffer size, NUL included, that `sudoku_format` needs for every style (`SUDOKU_FORMAT_MAX_SIZE`). */
export const FORMAT_MAX_SIZE = 339;

/** Buffer size, NUL included, that `sudoku_format_marks` needs for every style (`SUDOKU_MARKS_MAX_SIZE`). */
export const MARKS_MAX_SIZE = 1275;

/** Buffer size, NUL included, that `sudoku_format_sudokuwiki` needs (`SUDOKU_SUDOKUWIKI_MAX_SIZE`). */
export const SUDOKUWIKI_MAX_SIZE = 204;

/** Buffer size, NUL included, that `sudoku_format_ss` needs (`SUDOKU_SS_MAX_SIZE`). */
export const SS_MAX_SIZE = 1641;
