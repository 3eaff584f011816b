// A static server for the demo page: the package directory (js/) on 127.0.0.1, so the page loads
// the package as a browser would (ES modules, sudoku.wasm fetched and compiled while streaming).
//
//   node demo/serve.js [port]      then open http://127.0.0.1:8080/demo/

import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
};
// Only what the page needs is served.
const SERVED = ['demo/', 'src/', 'sudoku.wasm'];

/** Starts the server on `port` (0: any free one); resolves to the server, listening. */
export function serve(port = 8080) {
  const server = createServer(async (req, res) => {
    let name = decodeURIComponent(new URL(req.url, 'http://x').pathname).slice(1);
    if (name === '' || name === 'demo') name = 'demo/';
    if (name.endsWith('/')) name += 'index.html';
    const file = path.join(ROOT, name);
    const type = TYPES[path.extname(file)];
    const allowed = SERVED.some((s) => name === s || (s.endsWith('/') && name.startsWith(s)));
    if (req.method !== 'GET' || !allowed || !type || !file.startsWith(ROOT + path.sep) || name.includes('..')) {
      res.writeHead(404).end();
      return;
    }
    try {
      const body = await readFile(file);
      res.writeHead(200, { 'Content-Type': type, 'Cache-Control': 'no-store' }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const server = await serve(Number(process.argv[2] ?? 8080));
  console.log(`demo at http://127.0.0.1:${server.address().port}/demo/`);
}
