// Solves per second in Node: libsudoku's WebAssembly build against the most-used npm Sudoku
// packages, on the same puzzles (17-clue and hardest sets of data/puzzles), and whether their
// answers are right; then their generators, and whether the puzzles they make have exactly one
// solution (counted with libsudoku; libsudoku's own checked by a brute-force reference too).
//
//   node bench/bench.js [--quick] [--budget SECONDS]
//
// Every peer runs in a worker thread (bench/worker.js) over the puzzles in file order, after a
// warm-up on other puzzles; each call is timed alone, and solves/s is the number of puzzles over
// the sum of their times. A peer gets at most --budget seconds of calls per set (default 60; the
// slow ones then do a prefix of the list) and one call may take at most 30 s before the worker is
// stopped and that puzzle counted as timed out. Answers are checked against the rules and the
// givens by test/reference.js, independently of every solver.

import { cpus, totalmem } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';

import { Sudoku } from '../src/index.js';
import { corpus, isSolution, solutions } from '../test/reference.js';

const args = process.argv.slice(2);
const QUICK = args.includes('--quick');
const budget = args.includes('--budget') ? Number(args[args.indexOf('--budget') + 1]) : QUICK ? 3 : 60;
if (!(budget > 0)) throw new Error('--budget takes a number of seconds');
const BUDGET_MS = 1000 * budget;
const STALL_MS = 30000;

const SETS = [
  { name: '17-clue', file: 'puzzles2_17_clue.txt', count: QUICK ? 40 : 1000 },
  { name: 'hardest (forum 1106)', file: 'puzzles6_forum_hardest_1106.txt', count: QUICK ? 20 : 375 },
];
const WARMUP = corpus('puzzles1_unbiased_first1000.txt', 1000);
const GENERATED = QUICK ? 20 : 1000;

/**
 * Runs `peer`'s `task` over `items` in a worker; resolves to one `{ answer, ms }` per item done
 * (`{ timeout: true }` for an item stopped after STALL_MS), in order, within BUDGET_MS of calls.
 */
function run(peer, task, items, warmup) {
  const done = [];
  let spent = 0;
  return new Promise((resolve, reject) => {
    const start = (offset) => {
      const worker = new Worker(new URL('./worker.js', import.meta.url), {
        workerData: { peer, task, items: items.slice(offset), warmup },
      });
      let last = Date.now();
      let stopped = false;
      const stop = (next) => {
        stopped = true;
        clearInterval(watch);
        worker.terminate().then(next, reject);
      };
      const watch = setInterval(() => {
        if (Date.now() - last < STALL_MS) return;
        done.push({ timeout: true });
        spent += STALL_MS;
        stop(() => (spent < BUDGET_MS && done.length < items.length ? start(done.length) : resolve(done)));
      }, 250);
      worker.on('message', (m) => {
        if (stopped) return;
        last = Date.now();
        if (m.done) return stop(() => resolve(done));
        done.push(m);
        spent += m.ms;
        if (spent >= BUDGET_MS) stop(() => resolve(done));
      });
      worker.on('error', (e) => {
        clearInterval(watch);
        reject(e);
      });
    };
    start(0);
  });
}

const sudoku = await Sudoku.load();
const fmt = (n) => n.toLocaleString('en-US');
/** Items per second, with a decimal below 100; a dash when none was done. */
const rate = (n, ms) => {
  if (n === 0 || ms <= 0) return '–';
  const r = (1000 * n) / ms;
  return r < 100 ? r.toFixed(1) : fmt(Math.round(r));
};
const lines = [];
const print = (line) => {
  lines.push(line);
  console.log(line);
};

const cpu = cpus();
print(`Machine: ${cpu[0]?.model ?? 'unknown CPU'}, ${cpu.length} logical cores, ${Math.round(totalmem() / 2 ** 30)} GiB; Node ${process.version}; ${new Date().toISOString().slice(0, 10)}${QUICK ? ' (--quick)' : ''}`);
print('');
print('| solver | set | puzzles done | solves/s | right | wrong | gave up | timed out |');
print('|---|---|---:|---:|---:|---:|---:|---:|');
const solvers = [
  ['libsudoku', 'solve'],
  ['libsudokuBatch', 'solveMany'],
  ['sudoku', 'solve'],
  ['sudoku-core', 'solve'],
];
const labels = Object.fromEntries(Object.entries(await import('./peers.js').then((m) => m.peers())).map(([k, v]) => [k, v.label]));
for (const set of SETS) {
  const puzzles = corpus(set.file, set.count);
  for (const [peer, task] of solvers) {
    const slow = peer === 'sudoku-core';
    const done = await run(peer, task, puzzles, slow ? WARMUP.slice(0, 1) : WARMUP);
    let right = 0;
    let wrong = 0;
    let gaveUp = 0;
    let timedOut = 0;
    let ms = 0;
    done.forEach((d, i) => {
      if (d.timeout) return void timedOut++;
      ms += d.ms;
      if (typeof d.answer !== 'string') gaveUp++;
      else if (isSolution(puzzles[i], d.answer)) right++;
      else wrong++;
    });
    const n = done.length - timedOut;
    print(`| ${labels[peer]} | ${set.name} | ${fmt(done.length)} of ${fmt(puzzles.length)} | ${rate(n, ms)} | ${fmt(right)} | ${fmt(wrong)} | ${fmt(gaveUp)} | ${fmt(timedOut)} |`);
  }
}

print('');
print('| generator | puzzles made | puzzles/s | exactly one solution | several solutions | no solution | wrong solution given |');
print('|---|---:|---:|---:|---:|---:|---:|');
const seeds = [...Array(GENERATED).keys()];
const warmSeeds = seeds.map((s) => s + 1_000_000).slice(0, QUICK ? 5 : 50);
let crossChecked = 0;
for (const peer of ['libsudoku', 'sudoku-gen', 'sudoku', 'sudoku-core']) {
  const slow = peer === 'sudoku-core' || peer === 'sudoku';
  const done = await run(peer, 'generate', seeds, slow ? warmSeeds.slice(0, 1) : warmSeeds);
  const tally = { unique: 0, several: 0, none: 0, wrongSolution: 0 };
  let ms = 0;
  for (const d of done) {
    if (d.timeout || d.answer?.error) continue;
    ms += d.ms;
    const { puzzle, solution } = d.answer;
    const { count, first } = sudoku.countSolutions(puzzle, 2);
    if (count === 1) tally.unique++;
    else if (count === 0) tally.none++;
    else tally.several++;
    if (solution !== undefined && !(count >= 1 && isSolution(puzzle, solution) && (count > 1 || solution === first))) {
      tally.wrongSolution++;
    }
    // libsudoku's puzzles are not only judged by libsudoku: a brute-force count too, for a sample.
    if (peer === 'libsudoku' && crossChecked < (QUICK ? 5 : 100)) {
      if (solutions(puzzle, 2).length !== count) throw new Error(`the reference disagrees on ${puzzle}`);
      crossChecked++;
    }
  }
  const timedOut = done.filter((d) => d.timeout).length;
  const threw = done.filter((d) => d.answer?.error).length;
  const made = done.length - timedOut - threw;
  const failed = [timedOut && `${timedOut} timed out`, threw && `${threw} threw`].filter(Boolean).join(', ');
  print(`| ${labels[peer].replace(/, solve$/, ', generate')} | ${fmt(made)}${failed ? ` (+${failed})` : ''} | ${rate(made, ms)} | ${fmt(tally.unique)} | ${fmt(tally.several)} | ${fmt(tally.none)} | ${done[0]?.answer?.solution !== undefined ? fmt(tally.wrongSolution) : 'n/a'} |`);
}
print('');
print(`Answers checked against the rules and givens by ${path.join('test', 'reference.js')}; generated puzzles counted with libsudoku (limit 2), and the first ${crossChecked} of libsudoku's also by the reference's brute force.`);
