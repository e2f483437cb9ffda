// A small static server for the benchmark pages. It listens on every loopback
// address so one port gives two real origins: the host page is loaded from
// http://localhost:PORT and the embed iframe from http://127.0.0.1:PORT.
//
// Routes:
//   /pages/*         bench/pages/* (host pages and their scripts; `?mock` serves a page
//                    without COEP, so it can frame the testing kit's mock platform)
//   /dist/*          the built package (npm run build)
//   /baseline-dist/* another build to compare in the same run (BENCH_BASELINE_DIST,
//                    e.g. the last release's dist/); 404 when not set
//   /node_modules/*  Lit's packages, for the import map of the module-graph pages
//   /embed/*         the stand-in embed document (bench/pages/embed.html), for any
//                    embed URL the element builds (/embed/dashboard/<id>?session=…)
//   /hold?id=        answers only when /release?id= is asked (the host page holds
//                    its main thread on it with a synchronous request)
//   /held?id=        answers once /hold?id= is being held (the embed waits on it
//                    before posting, so every message arrives while the host is held)
//   /release?id=     releases /hold?id=
//   /session         a host backend's session route: a fresh id after 20 ms
//   /counters        embed document and session requests so far; `?reset` zeroes them
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

/** Directories a URL prefix may read from; anything else is a 404. */
const mounts = [
  ['/pages/', join(root, 'bench', 'pages')],
  // BENCH_DIST compares another build (say, a copy of dist/ before a change).
  ['/dist/', process.env.BENCH_DIST ? normalize(process.env.BENCH_DIST) : join(root, 'dist')],
  ['/node_modules/', join(root, 'node_modules')],
  ...(process.env.BENCH_BASELINE_DIST ? [['/baseline-dist/', normalize(process.env.BENCH_BASELINE_DIST)]] : []),
];

function resolveFile(pathname) {
  if (pathname.startsWith('/embed/')) return join(root, 'bench', 'pages', 'embed.html');
  for (const [prefix, dir] of mounts) {
    if (!pathname.startsWith(prefix)) continue;
    const file = normalize(join(dir, decodeURIComponent(pathname.slice(prefix.length))));
    // Refuse `..` escapes out of the mounted directory.
    return file.startsWith(dir + sep) ? file : null;
  }
  return null;
}

/**
 * Headers every response carries. `no-store` keeps the iframe navigation of
 * both start-up variants a real network fetch (a cached document would favour
 * whichever variant ran second). COEP/CORP let the start-up page be
 * cross-origin isolated, which gives `performance.now()` 5 µs resolution
 * instead of 100 µs; the embed document must then opt in too.
 */
function baseHeaders(file) {
  return {
    'Content-Type': types[extname(file)] ?? 'application/octet-stream',
    'Cache-Control': 'no-store',
    'Cross-Origin-Embedder-Policy': 'require-corp',
    'Cross-Origin-Resource-Policy': 'cross-origin',
  };
}

/** Requests that the many-embeds benchmark counts. */
const counters = { embedDocuments: 0, sessions: 0 };
/** Held /hold responses by id, /held requests waiting for them, and releases that came first. */
const held = new Map();
const waiting = new Map();
const released = new Set();

function answer(res, status, body) {
  res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', 'Access-Control-Allow-Origin': '*', 'Cross-Origin-Resource-Policy': 'cross-origin' });
  res.end(JSON.stringify(body));
}

/** The routes that are not files; true when one answered. */
function control(url, res) {
  const id = url.searchParams.get('id') ?? '';
  switch (url.pathname) {
    case '/hold':
      if (released.delete(id)) answer(res, 200, { held: false });
      else held.set(id, res);
      for (const waiter of waiting.get(id) ?? []) answer(waiter, 200, { held: true });
      waiting.delete(id);
      return true;
    case '/held':
      if (held.has(id)) answer(res, 200, { held: true });
      else waiting.set(id, [...(waiting.get(id) ?? []), res]);
      return true;
    case '/release':
      if (held.has(id)) {
        answer(held.get(id), 200, { held: true });
        held.delete(id);
      } else released.add(id);
      answer(res, 200, { released: id });
      return true;
    case '/session':
      counters.sessions += 1;
      setTimeout(() => answer(res, 200, { sessionId: `bench-${counters.sessions}` }), 20);
      return true;
    case '/counters':
      answer(res, 200, { ...counters });
      if (url.searchParams.has('reset')) counters.embedDocuments = counters.sessions = 0;
      return true;
    default:
      return false;
  }
}

async function handle(req, res) {
  const url = new URL(req.url ?? '/', 'http://bench.invalid');
  if (req.method === 'GET' && control(url, res)) return;
  if (url.pathname.startsWith('/embed/')) counters.embedDocuments += 1;
  const file = resolveFile(url.pathname);
  if (!file || req.method !== 'GET') {
    res.writeHead(404).end();
    return;
  }
  try {
    const body = await readFile(file);
    const headers = baseHeaders(file);
    // Only pages asking for isolation get COOP: the throughput and leak pages
    // run like an ordinary, non-isolated host page.
    if (url.searchParams.has('isolated')) headers['Cross-Origin-Opener-Policy'] = 'same-origin';
    // A page embedding the mock platform (`?mock`) must not require CORP/COEP
    // of its iframe: the mock's embed pages send neither, as a real tenant's may not.
    if (url.searchParams.has('mock')) delete headers['Cross-Origin-Embedder-Policy'];
    res.writeHead(200, headers).end(body);
  } catch {
    res.writeHead(404).end();
  }
}

/**
 * Starts the server on a free port (or `port`) and resolves with
 * `{ port, hostOrigin, tenantOrigin, close() }`.
 */
export function startServer(port = 0) {
  const server = createServer((req, res) => {
    handle(req, res).catch(() => res.writeHead(500).end());
  });
  server.keepAliveTimeout = 60_000;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    // `::` with dual-stack answers on 127.0.0.1 and on ::1, whichever address
    // Chromium picks for `localhost`.
    server.listen({ port, host: '::', ipv6Only: false }, () => {
      const actual = server.address().port;
      resolve({
        port: actual,
        hostOrigin: `http://localhost:${actual}`,
        tenantOrigin: `http://127.0.0.1:${actual}`,
        close: () => new Promise((done) => {
          server.closeAllConnections();
          server.close(() => done());
        }),
      });
    });
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { hostOrigin } = await startServer(Number(process.env.PORT ?? 8787));
  console.log(`bench pages: ${hostOrigin}/pages/`);
}
