// A small static server for the benchmark pages. It listens on every loopback
// address so one port gives two real origins: the host page is loaded from
// http://localhost:PORT and the embed iframe from http://127.0.0.1:PORT.
//
// Routes:
//   /pages/*         bench/pages/* (host pages and their scripts)
//   /dist/*          the built package (npm run build)
//   /node_modules/*  Lit's packages, for the import map of the module-graph pages
//   /embed/*         the stand-in embed document (bench/pages/embed.html), for any
//                    embed URL the element builds (/embed/dashboard/<id>?session=…)
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

async function handle(req, res) {
  const url = new URL(req.url ?? '/', 'http://bench.invalid');
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
