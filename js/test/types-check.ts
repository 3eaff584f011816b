// Compiled (not run) by test/types.test.js with tsc --strict against index.d.ts: uses of every
// function as the types describe them, and misuses the types must reject (@ts-expect-error).

import {
  ConflictError,
  FormatStyle,
  HintKind,
  Level,
  MarksStyle,
  ParseError,
  Status,
  Sudoku,
  SudokuError,
  Symmetry,
  Technique,
  type Hint,
  type Marks,
  type Position,
  type PuzzleRecord,
  type Rating,
} from 'libsudoku';

const sudoku: Sudoku = await Sudoku.load();
await Sudoku.load({ wasm: new URL('https://example.invalid/sudoku.wasm') });
await Sudoku.load({ wasm: new Uint8Array(8) });

const puzzle = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79';
const solution: string = sudoku.solve(puzzle);
sudoku.solve(new Uint8Array(81));
const { count, first } = sudoku.countSolutions(puzzle, 3);
const unique: boolean = sudoku.isUnique(puzzle) && count === 1 && first !== null;
sudoku.validate(puzzle);
const marks: number[][] = sudoku.candidates(puzzle);
sudoku.candidatesSingles(puzzle);
for (const { status, solution: s } of sudoku.solveBatch([puzzle, new Uint8Array(81)])) {
  if (status === Status.OK && s !== null) s.length;
}
sudoku.parse(sudoku.format(puzzle, FormatStyle.GRID));
sudoku.parse(new Uint8Array(3));
const grid: string = sudoku.formatMarks(puzzle, marks, MarksStyle.LINE);
const read: Marks = sudoku.parseMarks(grid, { values: puzzle });
sudoku.formatMarks(read.board, read.candidates.map((m) => new Set(m)));
for (const record of sudoku.readPuzzles(new Uint8Array(0), { skipErrors: true })) {
  const r: PuzzleRecord = record;
  r.puzzle.length + r.columns.length + r.offset;
}
const link = sudoku.formatSudokuwiki(puzzle, { board: puzzle, candidates: marks });
const position: Position = sudoku.parseSudokuwiki(link);
sudoku.parseSs(sudoku.formatSs(position.givens, { board: position.board, candidates: position.candidates }));
sudoku.formatSs(puzzle, { candidates: null });
const { puzzle: p } = sudoku.generate(1n, { symmetry: Symmetry.MIRROR, minLevel: Level.HARD, minimal: true, maxAttempts: null });
sudoku.generate(2);
const rating: Rating = sudoku.rate(p);
sudoku.rate(p, { maxEffort: 1n << 20n });
const steps: number | undefined = rating.techniqueSteps.get(Technique.X_WING);
const hardest: string | null = rating.hardestName;
const er: number = rating.erTenths + rating.epTenths + rating.edTenths;
sudoku.generate(3, { minErTenths: 76, maxErTenths: null, maxLevel: Level.NIGHTMARE });
const hint: Hint = sudoku.hint(p, { puzzle: p, marks: marks.map((m) => new Set(m)) });
if (hint.kind === HintKind.STEP && hint.technique !== null) sudoku.techniqueName(hint.technique);
for (const chain of hint.chains) for (const { cell, digit, on, link } of chain) cell + digit + Number(on) + link;
const name: string | null = hint.seName;
for (const [cell, digits] of hint.eliminations) cell + digits.length;
sudoku.techniqueScore(Technique.AIC);
sudoku.levelName(rating.level);
sudoku.statusMessage(Status.CONFLICT);
sudoku.version();

try {
  sudoku.parse('');
} catch (e) {
  if (e instanceof ParseError) e.offset + e.status;
  if (e instanceof ConflictError) e.cell;
  if (e instanceof SudokuError) e.status === Status.INTERNAL;
}

// @ts-expect-error an array of characters is not a puzzle
sudoku.solve([...puzzle]);
// @ts-expect-error the style is a FormatStyle number
sudoku.format(puzzle, 'grid');
// @ts-expect-error options are named in camelCase
sudoku.generate(1, { min_level: 2 });
// @ts-expect-error the marks style is a MarksStyle number
sudoku.formatMarks(puzzle, marks, FormatStyle.BORDERED);
// @ts-expect-error records are read-only
read.board = puzzle;
// @ts-expect-error the position is an options object
sudoku.formatSs(puzzle, puzzle);
// @ts-expect-error the budget is a number or a bigint
sudoku.rate(p, { maxEffort: '1' });
// @ts-expect-error the constructor is private: use Sudoku.load()
new Sudoku();
// @ts-expect-error ratings are read-only
rating.level = Level.EASY;

export { solution, unique, steps, hardest, er, name };
