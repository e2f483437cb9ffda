// The demo's host application: serves the demo page and the built bundles,
// and plays the customer's backend, which alone holds the platform API key.
//
//   GET  /                    the demo page (demo/index.html)
//   GET  /<file>.{js,css,svg} demo assets
//   GET  /dist/<file>         the built package, as a customer would serve it
//   GET  /backend/config          { platformUrl, deploymentId }
//   POST /backend/session         generate-session on the customer's behalf → { sessionId }
//   POST /backend/expire-session  demo control: the mock platform ends the last session
//   POST /backend/fail-embed      demo control: the embed of the last session fails fatally
//   GET  /backend/admin-key       { token } — demo only, see below
import { createServer } from 'node:http';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PlatformApiClient } from '../dist/index.js';
import { listen } from '../dist/testing/http.js';

const demoDir = dirname(fileURLToPath(import.meta.url));
const distDir = join(demoDir, '..', 'dist');
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.map': 'application/json; charset=utf-8',
};
const DEPLOYMENT_ID = 42;
/** The signed-in user of this demo application: who views, and the data they may see. */
const VIEWER = { externalId: 'demo-viewer@acme.example', userAttributes: [{ name: 'department', value: 'Sales' }] };

function send(res, status, body, type = 'application/json; charset=utf-8') {
  res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' });
  res.end(typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body));
}

/** The encoding a request accepts that the demo sends: brotli, else gzip, else none. */
function encodingOf(req) {
  const accepted = String(req.headers['accept-encoding'] ?? '');
  return /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : null;
}

/**
 * Compressed copies of the files, by encoding and content: the page's scripts
 * and styles are most of its bytes (about 90 KiB less over the wire), and
 * compressing a file once serves every request until it changes.
 */
const compressedFiles = new Map();
function compressed(encoding, body) {
  const key = `${encoding} ${createHash('sha1').update(body).digest('base64')}`;
  let out = compressedFiles.get(key);
  if (!out) {
    out =
      encoding === 'br'
        ? brotliCompressSync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } })
        : gzipSync(body, { level: 9 });
    compressedFiles.set(key, out);
  }
  return out;
}

async function readJson(req) {
  const chunks = [];
  let size = 0;
  for await (const chunk of req) {
    size += chunk.length;
    if (size > 16 * 1024) throw new Error('body too large');
    chunks.push(chunk);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? JSON.parse(text) : {};
}

/** `transform(buffer)`, when given, rewrites the file before it is sent (the page's origins). */
async function serveFile(req, res, dir, name, transform) {
  const ext = name.slice(name.lastIndexOf('.'));
  if (!TYPES[ext]) return send(res, 404, { error: 'not found' });
  const file = join(dir, name);
  let body;
  try {
    body = await readFile(file);
  } catch {
    return send(res, 404, { error: 'not found' });
  }
  if (transform) body = transform(body);
  const encoding = body.length > 1024 ? encodingOf(req) : null;
  const headers = { 'Content-Type': TYPES[ext], 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff', Vary: 'Accept-Encoding' };
  if (encoding) {
    body = compressed(encoding, body);
    headers['Content-Encoding'] = encoding;
  }
  res.writeHead(200, headers);
  res.end(req.method === 'HEAD' ? undefined : body);
}

/**
 * Starts the demo host server.
 * @param {{ port?: number, host?: string, platform: { url: string, keys: { admin: string } } }} options
 *   `platform`: the running mock platform (its URL and API keys)
 * @returns {Promise<{ url: string, port: number, close: () => Promise<void> }>}
 */
export async function startDemoServer({ port = 4200, host = '127.0.0.1', platform }) {
  let ownPort = port;
  // The one place the API key is used: server to server, never sent to the browser.
  const api = new PlatformApiClient({ baseUrl: platform.url, token: platform.keys.admin });
  /** The last session handed out, for the demo's failure controls. */
  let lastSession = null;

  /** Backend calls come from the demo page only: a browser on another origin is refused. */
  function sameOrigin(req) {
    const origin = req.headers.origin;
    if (!origin) return true;
    try {
      const u = new URL(origin);
      return Number(u.port) === ownPort && (u.hostname === 'localhost' || u.hostname === '127.0.0.1' || u.hostname === '[::1]');
    } catch {
      return false;
    }
  }

  async function createSession(req, res) {
    try {
      await readJson(req);
    } catch {
      return send(res, 400, { error: 'The body must be JSON.' });
    }
    try {
      const { sessionId } = await api.generateSession({ deploymentId: DEPLOYMENT_ID, ...VIEWER });
      lastSession = sessionId;
      send(res, 201, { sessionId });
    } catch (error) {
      // PlatformApiError messages quote the platform and never hold the key.
      send(res, error.status >= 400 ? error.status : 502, { error: error.message });
    }
  }

  /** Demo controls: what the platform does to a session on its own (a mock-only route). */
  async function control(res, route) {
    if (!lastSession) return send(res, 409, { error: 'No session was handed out yet.' });
    const answer = await fetch(`${platform.url}${route}`, { method: 'POST', body: JSON.stringify({ sessionId: lastSession }) });
    send(res, answer.ok ? 200 : answer.status, answer.ok ? { done: true } : { error: 'The mock platform refused the control.' });
  }

  /**
   * The page with both origins already in its header, as demo.js would write
   * them: text the script fills in later would move the header (a layout shift).
   */
  function withOrigins(html) {
    return Buffer.from(
      html
        .toString('utf8')
        .replace('<code id="host-origin"></code>', `<code id="host-origin">http://localhost:${ownPort}</code>`)
        .replace('<code id="platform-origin"></code>', `<code id="platform-origin">${new URL(platform.url).origin}</code>`),
    );
  }

  async function handle(req, res) {
    const url = new URL(req.url ?? '/', 'http://demo.invalid');
    const path = url.pathname;
    const method = req.method ?? 'GET';
    if (path.startsWith('/backend/')) {
      if (!sameOrigin(req)) return send(res, 403, { error: 'The demo backend answers its own page only.' });
      if (path === '/backend/config' && method === 'GET') return send(res, 200, { platformUrl: platform.url, deploymentId: DEPLOYMENT_ID });
      if (path === '/backend/session' && method === 'POST') return createSession(req, res);
      if (path === '/backend/expire-session' && method === 'POST') return control(res, '/mock-embed/sessions/expire');
      if (path === '/backend/fail-embed' && method === 'POST') return control(res, '/mock-embed/sessions/fail');
      // Demo only: a real application never hands an admin key to a browser. It would
      // mint a short-lived, narrowly scoped token for the signed-in administrator instead.
      if (path === '/backend/admin-key' && method === 'GET') return send(res, 200, { token: platform.keys.admin });
      return send(res, 404, { error: 'No such backend route.' });
    }
    if (method !== 'GET' && method !== 'HEAD') return send(res, 405, { error: 'Method not allowed.' });
    if (path === '/' || path === '/index.html') return serveFile(req, res, demoDir, 'index.html', withOrigins);
    // No icon, and no 404 in the console of the first page a visitor opens.
    if (path === '/favicon.ico') return void res.writeHead(204, { 'Cache-Control': 'max-age=86400' }).end();
    // Flat names only, so no request reaches outside demo/ and dist/ (and never server.mjs).
    const dist = /^\/dist\/([\w.-]+)$/.exec(path);
    if (dist && !dist[1].startsWith('.')) return serveFile(req, res, distDir, dist[1]);
    const locale = /^\/dist\/locales\/([a-z]{2})\.js$/.exec(path);
    if (locale) return serveFile(req, res, join(distDir, 'locales'), `${locale[1]}.js`);
    const asset = /^\/([\w-]+\.(?:js|css|svg))$/.exec(path);
    if (asset) return serveFile(req, res, demoDir, asset[1]);
    send(res, 404, { error: 'not found' });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) send(res, 502, { error: 'The demo backend could not reach the platform.' });
      else res.destroy();
    });
  });
  await listen(server, port, host);
  ownPort = server.address().port;
  // Served as `localhost`: a different origin from the platform's 127.0.0.1.
  const url = `http://localhost:${ownPort}`;
  return {
    url,
    port: ownPort,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
