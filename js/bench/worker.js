// Runs one peer over a list in a worker thread, reporting each item as it is done (with the time
// of that call alone), so that the main thread can stop a peer that hangs on one puzzle.

import { parentPort, workerData } from 'node:worker_threads';

import { peers } from './peers.js';

const { peer, task, items, warmup } = workerData;
const p = (await peers())[peer];

if (task === 'solveMany') {
  p.solveMany(warmup);
  for (let start = 0; start < items.length; start += 1000) {
    const chunk = items.slice(start, start + 1000);
    const t = performance.now();
    const answers = p.solveMany(chunk);
    const ms = performance.now() - t;
    answers.forEach((answer, k) => parentPort.postMessage({ i: start + k, answer, ms: ms / chunk.length }));
  }
} else {
  for (const item of warmup) p[task](item);
  items.forEach((item, i) => {
    const t = performance.now();
    let answer;
    try {
      answer = p[task](item);
    } catch (e) {
      answer = { error: String(e?.message ?? e) };
    }
    parentPort.postMessage({ i, answer, ms: performance.now() - t });
  });
}
parentPort.postMessage({ done: true });
