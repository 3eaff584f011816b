// index.d.ts against the package: every export and every method declared, and a TypeScript file
// using the whole API (test/types-check.ts) compiles with tsc --strict.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

import * as lib from '../src/index.js';
import { ROOT } from './reference.js';

const JS = path.join(ROOT, 'js');
const TYPES = readFileSync(path.join(JS, 'index.d.ts'), 'utf8');

test('every export is declared, and nothing else', () => {
  const declared = [...TYPES.matchAll(/^export declare (?:const|class|function) (\w+)/gm)].map((m) => m[1]);
  assert.deepEqual(declared.sort(), Object.keys(lib).sort());
});

test('every method of Sudoku is declared, and nothing else', () => {
  const body = TYPES.slice(TYPES.indexOf('export declare class Sudoku {'));
  const declared = [...body.matchAll(/^ {2}(?:static )?(\w+)\(/gm)].map((m) => m[1]).filter((n) => n !== 'constructor');
  const methods = Object.getOwnPropertyNames(lib.Sudoku.prototype).filter((n) => n !== 'constructor');
  assert.deepEqual(declared.sort(), [...methods, 'load'].sort());
});

test('a TypeScript program using the API compiles against the types', () => {
  const tsc = path.join(JS, 'node_modules', '.bin', 'tsc');
  execFileSync(tsc, ['-p', path.join(JS, 'test', 'tsconfig.json')], { stdio: 'inherit' });
});
