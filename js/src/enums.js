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

/** Solving techniques that ratings count and hints name: Sudoku Explainer's rules (`sudoku_technique`); W_WING, SIMPLE_COLOURING, X_CHAIN, XY_CHAIN and AIC are retired. */
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
  FULL_HOUSE: 23,
  DIRECT_POINTING: 24,
  DIRECT_CLAIMING: 25,
  DIRECT_HIDDEN_PAIR: 26,
  DIRECT_HIDDEN_TRIPLE: 27,
  SKYSCRAPER: 28,
  TWO_STRING_KITE: 29,
  TURBOT_CRANE: 30,
  GROUPED_TURBOT: 31,
  THREE_STRONG_LINKS: 32,
  WXYZ_WING: 33,
  VWXYZ_WING: 34,
  UNIQUE_LOOP: 35,
  BUG_TYPE2: 36,
  BUG_TYPE3: 37,
  BUG_TYPE4: 38,
  ALIGNED_PAIR_EXCLUSION: 39,
  ALIGNED_TRIPLE_EXCLUSION: 40,
  BIDIRECTIONAL_X_CYCLE: 41,
  BIDIRECTIONAL_Y_CYCLE: 42,
  BIDIRECTIONAL_CYCLE: 43,
  FORCING_X_CHAIN: 44,
  FORCING_Y_CHAIN: 45,
  FORCING_CHAIN: 46,
  NISHIO_FORCING_CHAIN: 47,
  CELL_FORCING_CHAIN: 48,
  REGION_FORCING_CHAIN: 49,
  DYNAMIC_FORCING_CHAIN: 50,
  DYNAMIC_FORCING_CHAIN_PLUS: 51,
  NESTED_FORCING_CHAIN: 52,
});

/** Difficulty levels (`sudoku_level`), bands of Sudoku Explainer's ER; `ANY` only as a `generate` bound. */
export const Level = Object.freeze({
  ANY: 0,
  EASY: 1,
  MEDIUM: 2,
  HARD: 3,
  EXPERT: 4,
  EXTREME: 5,
  DIABOLICAL: 6,
  NIGHTMARE: 7,
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

/** Size of `sudoku_rating::hardest_name` and `sudoku_hint_result::se_name` (`SUDOKU_SE_NAME_SIZE`). */
export const SE_NAME_SIZE = 96;

/** Entries in `sudoku_hint_result::nodes` (`SUDOKU_HINT_MAX_NODES`). */
export const HINT_MAX_NODES = 256;

/** Buffer size, NUL included, that `sudoku_format` needs for every style (`SUDOKU_FORMAT_MAX_SIZE`). */
export const FORMAT_MAX_SIZE = 339;

/** Buffer size, NUL included, that `sudoku_format_marks` needs for every style (`SUDOKU_MARKS_MAX_SIZE`). */
export const MARKS_MAX_SIZE = 1275;

/** Buffer size, NUL included, that `sudoku_format_sudokuwiki` needs (`SUDOKU_SUDOKUWIKI_MAX_SIZE`). */
export const SUDOKUWIKI_MAX_SIZE = 204;

/** Buffer size, NUL included, that `sudoku_format_ss` needs (`SUDOKU_SS_MAX_SIZE`). */
export const SS_MAX_SIZE = 1641;
