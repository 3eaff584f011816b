// Run by `npm pack` and `npm publish` before packing: the licences come from the repository's
// root, and the module must have been built (scripts/build-wasm.sh) and be current.

import { copyFileSync, existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const js = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const root = path.dirname(js);
for (const licence of ['LICENSE-MIT', 'LICENSE-APACHE']) copyFileSync(path.join(root, licence), path.join(js, licence));
const wasm = path.join(js, 'sudoku.wasm');
if (!existsSync(wasm)) {
  console.error('prepack: sudoku.wasm is missing: run `npm run build` (scripts/build-wasm.sh) first');
  process.exit(1);
}
const module = new WebAssembly.Module(readFileSync(wasm));
if (!WebAssembly.Module.exports(module).some((e) => e.name === 'sudoku_solve')) {
  console.error('prepack: sudoku.wasm is not the libsudoku module');
  process.exit(1);
}
console.error(`prepack: sudoku.wasm, ${statSync(wasm).size} bytes`);
