// The demo's host application: serves the demo page and the built bundles,
// and plays the customer's backend, which alone holds the platform API key.
//
//   GET  /                    the demo page (demo/index.html)
//   GET  /<file>.{js,css,svg} demo assets
//   GET  /dist/<file>         the built package, as a customer would serve it
//   GET  /backend/config      { platformUrl, deploymentId }
//   POST /backend/session     generate-session on the customer's behalf → { sessionId, expiresAt }
//   GET  /backend/admin-key   { token } — demo only, see below
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { listen } from '../mock/http.mjs';

const demoDir = dirname(fileURLToPath(import.meta.url));
const distDir = join(demoDir, '..', 'dist');
const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.map': 'application/json; charset=utf-8',
};
const SESSION_FIELDS = ['dashboardPublicId', 'deploymentId', 'surface', 'embedTheme', 'externalUserId'];
const DEPLOYMENT_ID = 42;

function send(res, status, body, type = 'application/json; charset=utf-8') {
  res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' });
  res.end(typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body));
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

async function serveFile(res, dir, name) {
  const ext = name.slice(name.lastIndexOf('.'));
  if (!TYPES[ext]) return send(res, 404, { error: 'not found' });
  try {
    send(res, 200, await readFile(join(dir, name)), TYPES[ext]);
  } catch {
    send(res, 404, { error: 'not found' });
  }
}

/**
 * Starts the demo host server.
 * @param {{ port?: number, host?: string, platform: { url: string, keys: { admin: string } } }} options
 *   `platform`: the running mock platform (its URL and API keys)
 * @returns {Promise<{ url: string, port: number, close: () => Promise<void> }>}
 */
export async function startDemoServer({ port = 4200, host = '127.0.0.1', platform }) {
  let ownPort = port;

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
    let body;
    try {
      body = await readJson(req);
    } catch {
      return send(res, 400, { error: 'The body must be JSON.' });
    }
    const request = { mode: 'signed', externalUserId: 'demo-viewer@acme.example' };
    for (const field of SESSION_FIELDS) if (body?.[field] !== undefined) request[field] = body[field];
    // The one place the API key is used: server to server, never sent to the browser.
    const answer = await fetch(`${platform.url}/api/v1/embed/sessions`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${platform.keys.admin}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(request),
    });
    const payload = await answer.json().catch(() => ({}));
    if (!answer.ok) return send(res, answer.status, { error: payload?.error?.message ?? 'The platform refused the session.' });
    send(res, 201, { sessionId: payload.sessionId, expiresAt: payload.expiresAt });
  }

  async function handle(req, res) {
    const url = new URL(req.url ?? '/', 'http://demo.invalid');
    const path = url.pathname;
    const method = req.method ?? 'GET';
    if (path.startsWith('/backend/')) {
      if (!sameOrigin(req)) return send(res, 403, { error: 'The demo backend answers its own page only.' });
      if (path === '/backend/config' && method === 'GET') return send(res, 200, { platformUrl: platform.url, deploymentId: DEPLOYMENT_ID });
      if (path === '/backend/session' && method === 'POST') return createSession(req, res);
      // Demo only: a real application never hands an admin key to a browser. It would
      // mint a short-lived, narrowly scoped token for the signed-in administrator instead.
      if (path === '/backend/admin-key' && method === 'GET') return send(res, 200, { token: platform.keys.admin });
      return send(res, 404, { error: 'No such backend route.' });
    }
    if (method !== 'GET' && method !== 'HEAD') return send(res, 405, { error: 'Method not allowed.' });
    if (path === '/' || path === '/index.html') return serveFile(res, demoDir, 'index.html');
    // Flat names only, so no request reaches outside demo/ and dist/ (and never server.mjs).
    const dist = /^\/dist\/([\w.-]+)$/.exec(path);
    if (dist && !dist[1].startsWith('.')) return serveFile(res, distDir, dist[1]);
    const asset = /^\/([\w-]+\.(?:js|css|svg))$/.exec(path);
    if (asset) return serveFile(res, demoDir, asset[1]);
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
