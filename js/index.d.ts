// Types of libsudoku for JavaScript (src/index.js). test/types.test.js checks that every export
// and method is declared here and compiles test/types-check.ts against this file.

/** Version of this package; the same as the C library's it was written for. */
export declare const VERSION: string;
/** Number of cells on a board. */
export declare const CELLS: 81;
/** Entries in sudoku_rating::technique_steps. */
export declare const TECHNIQUE_SLOTS: 64;
/** Size of `sudoku_rating::hardest_name` and `sudoku_hint_result::se_name`, NUL included (`SUDOKU_SE_NAME_SIZE`). */
export declare const SE_NAME_SIZE: 96;
/** Room for chain nodes in `sudoku_hint_result` (`SUDOKU_HINT_MAX_NODES`). */
export declare const HINT_MAX_NODES: 256;
/** Buffer size, NUL included, that sudoku_format needs for every style. */
export declare const FORMAT_MAX_SIZE: 339;
/** Buffer size, NUL included, that sudoku_format_marks needs for every style. */
export declare const MARKS_MAX_SIZE: 1275;
/** Buffer size, NUL included, that sudoku_format_sudokuwiki needs. */
export declare const SUDOKUWIKI_MAX_SIZE: 204;
/** Buffer size, NUL included, that sudoku_format_ss needs. */
export declare const SS_MAX_SIZE: 1641;

/** The C library's status codes (`sudoku_status`). */
export declare const Status: {
  readonly OK: 0;
  readonly NULL_POINTER: 1;
  readonly INVALID_CHARACTER: 2;
  readonly CONFLICT: 3;
  readonly NO_SOLUTION: 4;
  readonly INTERNAL: 5;
  readonly INVALID_ARGUMENT: 6;
  readonly BUFFER_TOO_SMALL: 7;
  readonly PARSE: 8;
  readonly MULTIPLE_SOLUTIONS: 9;
  readonly ATTEMPTS_EXHAUSTED: 10;
  readonly BUDGET_EXHAUSTED: 11;
  readonly TOO_HARD: 12;
};
export type Status = (typeof Status)[keyof typeof Status];

/** Layouts for `format` (`sudoku_format_style`). */
export declare const FormatStyle: {
  /** The 81 cells on one line. */
  readonly LINE: 0;
  /** Nine lines of cells separated by spaces, `|` between boxes, rules between bands. */
  readonly GRID: 1;
  /** The grid framed by `+-------+...` rules and `|` at both ends of each row. */
  readonly BORDERED: 2;
};
export type FormatStyle = (typeof FormatStyle)[keyof typeof FormatStyle];

/** Layouts for `formatMarks` (`sudoku_marks_style`). */
export declare const MarksStyle: {
  /** The 729-character candidate string: nine characters per cell (the digit or `.`), cell after cell. */
  readonly LINE: 0;
  /** The 9x9 candidate grid with `|` and `+---+` rules, each column as wide as its widest cell. */
  readonly GRID: 1;
};
export type MarksStyle = (typeof MarksStyle)[keyof typeof MarksStyle];

/** Solving techniques that ratings count and hints name: Sudoku Explainer's rules (`sudoku_technique`); W_WING, SIMPLE_COLOURING, X_CHAIN, XY_CHAIN and AIC are retired. */
export declare const Technique: {
  readonly HIDDEN_SINGLE_BOX: 0;
  readonly HIDDEN_SINGLE_LINE: 1;
  readonly NAKED_SINGLE: 2;
  readonly POINTING: 3;
  readonly CLAIMING: 4;
  readonly NAKED_PAIR: 5;
  readonly X_WING: 6;
  readonly HIDDEN_PAIR: 7;
  readonly NAKED_TRIPLE: 8;
  readonly SWORDFISH: 9;
  readonly HIDDEN_TRIPLE: 10;
  readonly XY_WING: 11;
  readonly XYZ_WING: 12;
  readonly UNIQUE_RECTANGLE: 13;
  readonly W_WING: 14;
  readonly NAKED_QUAD: 15;
  readonly JELLYFISH: 16;
  readonly HIDDEN_QUAD: 17;
  readonly SIMPLE_COLOURING: 18;
  readonly BUG_PLUS_ONE: 19;
  readonly X_CHAIN: 20;
  readonly XY_CHAIN: 21;
  readonly AIC: 22;
  readonly FULL_HOUSE: 23;
  readonly DIRECT_POINTING: 24;
  readonly DIRECT_CLAIMING: 25;
  readonly DIRECT_HIDDEN_PAIR: 26;
  readonly DIRECT_HIDDEN_TRIPLE: 27;
  readonly SKYSCRAPER: 28;
  readonly TWO_STRING_KITE: 29;
  readonly TURBOT_CRANE: 30;
  readonly GROUPED_TURBOT: 31;
  readonly THREE_STRONG_LINKS: 32;
  readonly WXYZ_WING: 33;
  readonly VWXYZ_WING: 34;
  readonly UNIQUE_LOOP: 35;
  readonly BUG_TYPE2: 36;
  readonly BUG_TYPE3: 37;
  readonly BUG_TYPE4: 38;
  readonly ALIGNED_PAIR_EXCLUSION: 39;
  readonly ALIGNED_TRIPLE_EXCLUSION: 40;
  readonly BIDIRECTIONAL_X_CYCLE: 41;
  readonly BIDIRECTIONAL_Y_CYCLE: 42;
  readonly BIDIRECTIONAL_CYCLE: 43;
  readonly FORCING_X_CHAIN: 44;
  readonly FORCING_Y_CHAIN: 45;
  readonly FORCING_CHAIN: 46;
  readonly NISHIO_FORCING_CHAIN: 47;
  readonly CELL_FORCING_CHAIN: 48;
  readonly REGION_FORCING_CHAIN: 49;
  readonly DYNAMIC_FORCING_CHAIN: 50;
  readonly DYNAMIC_FORCING_CHAIN_PLUS: 51;
  readonly NESTED_FORCING_CHAIN: 52;
};
export type Technique = (typeof Technique)[keyof typeof Technique];

/** Difficulty levels (`sudoku_level`), bands of Sudoku Explainer's ER; `ANY` only as a `generate` bound. */
export declare const Level: {
  readonly ANY: 0;
  readonly EASY: 1;
  readonly MEDIUM: 2;
  readonly HARD: 3;
  readonly EXPERT: 4;
  readonly EXTREME: 5;
  readonly DIABOLICAL: 6;
  readonly NIGHTMARE: 7;
};
export type Level = (typeof Level)[keyof typeof Level];

/** Symmetry of a generated puzzle's givens (`sudoku_symmetry`). */
export declare const Symmetry: {
  readonly NONE: 0;
  readonly ROTATE_180: 1;
  readonly ROTATE_90: 2;
  readonly DIAGONAL: 3;
  readonly ANTI_DIAGONAL: 4;
  readonly MIRROR: 5;
};
export type Symmetry = (typeof Symmetry)[keyof typeof Symmetry];

/** What a `Hint` describes (`sudoku_hint_kind`). */
export declare const HintKind: {
  /** A logical step, Sudoku Explainer's next one: technique, SE's name and rating, placements, eliminations, pattern, units, chains. */
  readonly STEP: 0;
  /** The board is complete and correct. */
  readonly SOLVED: 1;
  /** Entered digits contradict the solution: see `wrong`. */
  readonly WRONG_DIGIT: 2;
  /** The pencil marks exclude the solution's digit from some cells: see `wrong`. */
  readonly WRONG_MARK: 3;
  /** No step found within the default budget: `cell` gets `digit`, the solution's. */
  readonly REVEAL: 4;
};
export type HintKind = (typeof HintKind)[keyof typeof HintKind];

/** A puzzle: 81 characters '1'-'9', '.' or '0', as a string or ASCII bytes. */
export type Puzzle = string | Uint8Array;

interface ErrorOptions {
  cell?: number | null;
  cause?: unknown;
}

/**
 * A failure the library reported. `status` is its code (a `Status`, or a plain number for a code
 * a newer library added); `cell` the index (0-80) of the cell at fault when the call names one.
 */
export declare class SudokuError extends Error {
  constructor(status: number, message?: string, options?: ErrorOptions);
  readonly status: Status | (number & {});
  readonly cell: number | null;
}
/** A required pointer was NULL (a bug in this package if it ever happens). */
export declare class NullPointerError extends SudokuError {}
/** A cell holds something other than '1'-'9', '.' or '0'. */
export declare class InvalidCharacterError extends SudokuError {}
/** Two givens with the same digit share a row, column or box. */
export declare class ConflictError extends SudokuError {}
/** The givens do not clash, but the puzzle has no solution. */
export declare class NoSolutionError extends SudokuError {}
/** A bug in the library, or a trap of the WebAssembly module (its `cause`); nothing was changed. */
export declare class InternalError extends SudokuError {}
/** An argument is out of range (a limit of 0, an unknown style, symmetry or level...). */
export declare class InvalidArgumentError extends SudokuError {}
/** An output buffer was too small (a bug in this package if it ever happens). */
export declare class BufferTooSmallError extends SudokuError {}
/** `parse` could not read the text; `offset` is the index of the first problem (UTF-16 units for a string, bytes for bytes). */
export declare class ParseError extends SudokuError {
  constructor(status: number, message?: string, options?: { offset?: number; cause?: unknown });
  readonly offset: number;
}
/** The puzzle has more than one solution (rating and hints need exactly one). */
export declare class MultipleSolutionsError extends SudokuError {}
/** `generate` tried `maxAttempts` grids without meeting every requirement. */
export declare class AttemptsExhaustedError extends SudokuError {}
/** `rate` needed more work than its budget (`maxEffort`) allows. */
export declare class BudgetExhaustedError extends SudokuError {}
/** The puzzle needs techniques beyond the rater's: more of Sudoku Explainer's nested forcing chains (9.5 and above) than it has. */
export declare class TooHardError extends SudokuError {}

/** The error class of each failing status. */
export declare const ERRORS: { readonly [status: number]: typeof SudokuError };
/** The error for `status`: its class, or SudokuError for a code this package does not know. */
export declare function errorFor(status: number, message?: string, options?: ErrorOptions): SudokuError;

/** What `countSolutions` returns. */
export interface Count {
  /** The number of distinct solutions found, at most the limit. */
  readonly count: number;
  /** One of them, or null when the count is 0. */
  readonly first: string | null;
}

/** One puzzle's outcome in `solveBatch`. */
export interface BatchResult {
  readonly status: Status | (number & {});
  readonly solution: string | null;
}

/** What `generate` returns: a puzzle and its unique solution. */
export interface Generated {
  readonly puzzle: string;
  readonly solution: string;
}

/** Options of `generate`. */
export interface GenerateOptions {
  /** The givens' symmetry. Default NONE. */
  symmetry?: Symmetry;
  /** The easiest acceptable level; ANY (the default) for no bound. */
  minLevel?: Level;
  /** The hardest acceptable level; ANY (the default) for no bound. */
  maxLevel?: Level;
  /** No clue (or symmetric group) can be removed without losing uniqueness. Default true. */
  minimal?: boolean;
  /** Never remove clues below this many givens (0-81). Default 0. */
  minGivens?: number;
  /** Grids to try before giving up; null or 0 for the default, 1000. */
  maxAttempts?: number | null;
  /** The lowest acceptable ER (Sudoku Explainer's rating) in tenths, 0-200; null or 0 for no bound. */
  minErTenths?: number | null;
  /** The highest acceptable ER in tenths, 0-200; null or 0 for no bound. */
  maxErTenths?: number | null;
}

/** Sudoku Explainer's verdict on a puzzle (`rate`). Ratings are in tenths (73 means 7.3). */
export interface Rating {
  /** ER's band. */
  readonly level: Level;
  /** ER, as `erTenths`. */
  readonly scoreTenths: number;
  /** The technique of the hardest step, or null (a full board). */
  readonly hardest: Technique | null;
  /** Always false: Sudoku Explainer's rules finish every rated puzzle. */
  readonly needsSearch: boolean;
  /** Always 0 (the first grader's search guesses). */
  readonly guesses: number;
  /** Steps of the solution path. */
  readonly steps: number;
  /** Steps per technique, for the techniques used (never a 0 count). */
  readonly techniqueSteps: ReadonlyMap<Technique, number>;
  /** ER: the hardest step of the path. */
  readonly erTenths: number;
  /** EP: the hardest step up to the first placement. */
  readonly epTenths: number;
  /** ED: the first step. */
  readonly edTenths: number;
  /** The technique of the EP step, or null. */
  readonly epTechnique: Technique | null;
  /** The technique of the ED step, or null. */
  readonly edTechnique: Technique | null;
  /** Sudoku Explainer's name of the hardest step's rule (e.g. "Nishio Forcing Chains"), or null. */
  readonly hardestName: string | null;
  /** ER on SE's scale, e.g. 7.3. */
  readonly score: number;
  /** The level's English name, e.g. "medium". */
  readonly levelName: string;
}

/** Options of `rate`. */
export interface RateOptions {
  /** The budget in the rater's work units (about one implication of a chain); null or 0 for the default, about 2 seconds. */
  maxEffort?: number | bigint | null;
}

/** One node of a hint's chain: `digit` in `cell`, said to be true (`on`) or false; `link` 0 starts the chain, 1 is a strong link, 2 a weak one. */
export interface ChainNode {
  readonly cell: number;
  readonly digit: number;
  readonly on: boolean;
  readonly link: 0 | 1 | 2;
}

/**
 * A hint for a position (`hint`). Cells are 0-80, digits 1-9; units are numbered 0-26: rows 0-8,
 * columns 9-17, boxes 18-26.
 */
export interface Hint {
  readonly kind: HintKind;
  /** For a STEP, the technique; otherwise null. */
  readonly technique: Technique | null;
  /** The technique's English name, or null. */
  readonly techniqueName: string | null;
  /** The main cell: a step's first placement, the first wrong cell, the revealed cell; or null. */
  readonly cell: number | null;
  /** The digit for `cell`: placed, revealed, wrongly entered, or excluded by the marks; or null. */
  readonly digit: number | null;
  /** Digits the step (or the reveal) places, by cell. */
  readonly placements: ReadonlyMap<number, number>;
  /** Candidates the step removes, by cell (sorted digits). */
  readonly eliminations: ReadonlyMap<number, readonly number[]>;
  /** The candidates forming the step's pattern, by cell: what to highlight. */
  readonly pattern: ReadonlyMap<number, readonly number[]>;
  /** The units the pattern lives in, in increasing order. */
  readonly units: readonly number[];
  /** WRONG_DIGIT: the wrong (or suspect) entered digit by cell; WRONG_MARK: the solution digit the marks exclude. */
  readonly wrong: ReadonlyMap<number, number>;
  /** For a STEP, Sudoku Explainer's rating of it in tenths; otherwise 0. */
  readonly difficultyTenths: number;
  /** For a STEP, SE's name of its rule (e.g. "Forcing Chain"); otherwise null. */
  readonly seName: string | null;
  /** The chains of a chaining step, each from its start. */
  readonly chains: ReadonlyArray<ReadonlyArray<ChainNode>>;
  /** Chain nodes that did not fit in the library's struct (0: the chains are whole). */
  readonly truncated: number;
}

/** Options of `hint`. */
export interface HintOptions {
  /** The original givens; the board must keep each of them. */
  puzzle?: Puzzle | null;
  /** The player's pencil marks: 81 iterables of digits (an empty one: no marks there). */
  marks?: ReadonlyArray<Iterable<number>> | null;
}

/**
 * Candidates given to the formats' writers: one iterable of digits per cell, 81 of them (what
 * `candidates` returns, edited); those of filled cells are ignored.
 */
export type Candidates = ReadonlyArray<Iterable<number>>;

/** A pencil-mark position (`parseMarks`). */
export interface Marks {
  /** The digits on the board, 81 characters, '.' for empty cells. */
  readonly board: string;
  /** For each cell its candidates, sorted: [] for filled cells and for empty cells without any. */
  readonly candidates: number[][];
}

/** A position with its origin (`parseSudokuwiki`, `parseSs`). */
export interface Position {
  /** The givens, 81 characters, '.' for blanks. */
  readonly givens: string;
  /** The digits on the board now: the givens and the entered digits. */
  readonly board: string;
  /** For each cell its candidates, sorted ([] for filled cells, and when the text has none). */
  readonly candidates: number[][];
}

/** One puzzle of a file (`readPuzzles`). */
export interface PuzzleRecord {
  /** The puzzle, 81 characters, blanks as '.'. */
  readonly puzzle: string;
  /** The rest of its line after the separator: a rating, a comment, a solution ('' if none). */
  readonly columns: string;
  /** Where the puzzle starts in the text: a string index for a string, a byte offset for bytes. */
  readonly offset: number;
}

/** Options of `parseMarks`. */
export interface ParseMarksOptions {
  /**
   * The filled cells (81 characters): each of its digits must be the only one its cell shows,
   * and every other cell keeps what it shows as candidates. Without it, a cell showing one digit
   * is taken as filled.
   */
  values?: Puzzle | null;
}

/** Options of `readPuzzles`. */
export interface ReadPuzzlesOptions {
  /** Skip a line that is not a record instead of throwing ParseError. Default false. */
  skipErrors?: boolean;
}

/** Options of `formatSudokuwiki` and `formatSs`: the position now. */
export interface PositionOptions {
  /** The digits on the board now; it keeps every given. */
  board?: Puzzle | null;
  /** The candidates of its empty cells. */
  candidates?: Candidates | null;
}

/** Options of `Sudoku.load`. */
export interface LoadOptions {
  /**
   * The module: a URL, a path (Node) or a URL relative to the page (browsers), its bytes, a fetch
   * Response, or a compiled module. Default: the package's own sudoku.wasm.
   */
  wasm?: URL | string | ArrayBuffer | ArrayBufferView | Response | WebAssembly.Module;
}

/** A loaded instance of libsudoku, with its own instance of the WebAssembly module. */
export declare class Sudoku {
  /** Loads the module (streaming in browsers, from the file in Node) into a new instance. */
  static load(options?: LoadOptions): Promise<Sudoku>;
  /** Use `Sudoku.load`. */
  private constructor();

  /** A solution of `puzzle` (one of them if it has several). */
  solve(puzzle: Puzzle): string;
  /** Counts the solutions, stopping at `limit` (at least 1; default 2). Clashing givens count 0. */
  countSolutions(puzzle: Puzzle, limit?: number): Count;
  /** True when `puzzle` has exactly one solution. */
  isUnique(puzzle: Puzzle): boolean;
  /** Throws InvalidCharacterError or ConflictError, with `cell`, for the first problem; else returns. */
  validate(puzzle: Puzzle): void;
  /** For each cell, the digits its row, column and box leave (sorted); [] for a given. */
  candidates(puzzle: Puzzle): number[][];
  /** As `candidates`, after naked and hidden singles to a fixed point. */
  candidatesSingles(puzzle: Puzzle): number[][];
  /** Solves many puzzles in few calls; failing puzzles give their status and a null solution. */
  solveBatch(puzzles: readonly Puzzle[]): BatchResult[];
  /** Reads one puzzle as people paste it; throws ParseError with `offset`. */
  parse(text: string | Uint8Array): string;
  /** `puzzle` as text in a `FormatStyle` (default LINE). */
  format(puzzle: Puzzle, style?: FormatStyle): string;
  /**
   * Reads a pencil-mark position: the 729-character candidate string (nine characters per cell,
   * each the digit or '.') or a 9x9 candidate grid as HoDoKu, Simple Sudoku, SudokuWiki and the
   * forums print it (any frame and spacing). Both show a filled cell as its digit alone, like a
   * cell with one candidate left: see `values`. Throws ParseError with `offset`, and
   * InvalidCharacterError for a bad character in `values`.
   */
  parseMarks(text: string | Uint8Array, options?: ParseMarksOptions): Marks;
  /**
   * A pencil-mark position as text: the candidate grid (MarksStyle.GRID, the default) or the
   * 729-character string (LINE). `parseMarks` reads it back (with `values: board` an empty cell
   * with one candidate stays empty). Throws InvalidCharacterError, InvalidArgumentError for an
   * unknown style or a digit outside 1-9, RangeError unless there are 81 entries.
   */
  formatMarks(board: Puzzle, candidates: Candidates, style?: MarksStyle): string;
  /**
   * The puzzles of a file with one a line (SDM, or lines like `puzzle # 7.1`, `puzzle<TAB>7.1`,
   * `puzzle,solution`), in order: blank lines, `#` comment lines and a byte order mark are
   * skipped. A line that is neither throws ParseError with `offset` when reached (after the
   * records before it), unless `skipErrors`. Arguments are checked at the call.
   */
  readPuzzles(text: string | Uint8Array, options?: ReadPuzzlesOptions): IterableIterator<PuzzleRecord>;
  /**
   * Reads a SudokuWiki link (`https://www.sudokuwiki.org/sudoku.htm?bd=...`), its query, `bd=...`
   * or the value alone: 81 digits, the documented 162-character candidates form, or the `S9B`
   * form. In the candidates forms an empty cell with one candidate is an entered digit, as
   * SudokuWiki reads it. Throws ParseError with `offset`.
   */
  parseSudokuwiki(text: string | Uint8Array): Position;
  /**
   * A SudokuWiki link: of the puzzle `givens` alone, or with both `board` and `candidates` of the
   * whole position (TypeError for only one). Throws InvalidCharacterError, InvalidArgumentError
   * when `board` changed a given or a digit is outside 1-9.
   */
  formatSudokuwiki(givens: Puzzle, options?: PositionOptions): string;
  /**
   * Reads Simple Sudoku's `.ss` layout (as HoDoKu reads and writes it): the givens grid,
   * optionally followed by the grid of the digits on the board and by a candidate grid. Throws
   * ParseError with `offset`.
   */
  parseSs(text: string | Uint8Array): Position;
  /**
   * The position in Simple Sudoku's `.ss` layout: the givens grid, then `board`'s grid if given,
   * then the candidate grid if `candidates` is given. Throws as `formatSudokuwiki`.
   */
  formatSs(givens: Puzzle, options?: PositionOptions): string;
  /** A puzzle with exactly one solution, from `seed` (0 to 2**64 - 1). */
  generate(seed: number | bigint, options?: GenerateOptions): Generated;
  /** Rates a puzzle with exactly one solution as Sudoku Explainer does. */
  rate(puzzle: Puzzle, options?: RateOptions): Rating;
  /** The next hint for a player's position. */
  hint(board: Puzzle, options?: HintOptions): Hint;
  /** The English name of a technique ("unknown technique" for others). */
  techniqueName(technique: number): string;
  /** Sudoku Explainer's score of a technique's simplest form in tenths, or null for an unknown one. */
  techniqueScore(technique: number): number | null;
  /** The English name of a level ("unknown level" for others). */
  levelName(level: number): string;
  /** The library's description of a status code. */
  statusMessage(status: number): string;
  /** The loaded module's version, "MAJOR.MINOR.PATCH". */
  version(): string;
}
