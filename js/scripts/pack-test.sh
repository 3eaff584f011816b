#!/usr/bin/env bash
# `npm pack` builds a package that installs and runs from a fresh directory: packs js/ (after
# scripts/build-wasm.sh), checks the archive's file list, installs it into a new project outside
# the repository (no network: the package has no dependencies), and there runs an ES module that
# solves, generates, rates, hints and reads .ss through it, and a TypeScript file type-checked
# against it.
set -euo pipefail
js="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

(cd "$js" && npm pack --silent --pack-destination "$work" >/dev/null)
archive="$(ls "$work"/libsudoku-*.tgz)"
listing="$(tar -tzf "$archive" | sort)"
expected="$(printf '%s\n' package/LICENSE-APACHE package/LICENSE-MIT package/README.md \
    package/index.d.ts package/package.json package/src/enums.js package/src/errors.js \
    package/src/formats.js package/src/index.js package/src/runtime.js package/src/structs.js \
    package/sudoku.wasm | sort)"
if [ "$listing" != "$expected" ]; then
    echo "pack-test: the archive holds:"; echo "$listing"; echo "pack-test: expected:"; echo "$expected"
    exit 1
fi
echo "pack-test: $(basename "$archive"), $(wc -c < "$archive") bytes, $(echo "$listing" | wc -l) files"

app="$work/app"
mkdir "$app"
cd "$app"
printf '{ "name": "app", "version": "1.0.0", "private": true, "type": "module" }\n' > package.json
npm install --silent --no-audit --no-fund --offline "$archive"
cat > main.js <<'JS'
import assert from 'node:assert/strict';
import { HintKind, Level, Sudoku, ConflictError } from 'libsudoku';

const sudoku = await Sudoku.load();
const puzzle = '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79';
assert.equal(sudoku.solve(puzzle), '534678912672195348198342567859761423426853791713924856961537284287419635345286179');
const made = sudoku.generate(7, { minLevel: Level.HARD, maxLevel: Level.HARD });
assert.equal(sudoku.countSolutions(made.puzzle).count, 1);
assert.equal(sudoku.rate(made.puzzle).level, Level.HARD);
assert.equal(sudoku.hint(puzzle).kind, HintKind.STEP);
assert.throws(() => sudoku.validate(`55${puzzle.slice(2)}`), ConflictError);
assert.equal(sudoku.parseSs(sudoku.formatSs(puzzle)).givens, puzzle);
console.log(`pack-test: the installed package (libsudoku ${sudoku.version()}) works from ${process.cwd()}`);
JS
node main.js
cat > check.ts <<'TS'
import { Sudoku, type Rating } from 'libsudoku';
const sudoku: Sudoku = await Sudoku.load();
const rating: Rating = sudoku.rate('.'.repeat(81));
export const score: number = rating.score;
TS
cat > tsconfig.json <<'JSON'
{ "compilerOptions": { "strict": true, "noEmit": true, "target": "es2022", "module": "nodenext",
  "moduleResolution": "nodenext", "lib": ["es2022", "dom"], "types": [] }, "files": ["check.ts"] }
JSON
"$js/node_modules/.bin/tsc" -p tsconfig.json
echo "pack-test: the installed package's types check"
