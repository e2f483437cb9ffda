// The mock platform's embed side: the generate-session operation, the embed
// pages (dashboard, app, chat) and the files those pages load.
//
// Routes (all on the mock platform's origin):
//   POST /api/v1/embed/sessions       generate a session (bearer API key)
//   GET  /embed/dashboard/:publicId   dashboard surface
//   GET  /embed/d/:id/app[/workbook/:workbookId]   app surface
//   GET  /embed/chat, /embed/d/:id/chat            chat surface
//   POST /mock-embed/session          the embed page resolving its own session
//   POST /mock-embed/sessions/expire  test control: expire a session now
//   GET  /mock-embed/<file>           the pages' scripts and styles
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DASHBOARDS, DEPLOYMENT_ID } from './embed/data.js';
import { readBody, sendError, sendJson } from './http.mjs';

const pagesDir = join(dirname(fileURLToPath(import.meta.url)), 'embed');
const DEFAULT_TTL_S = 3600;
const MAX_TTL_S = 86_400;
const SURFACES = ['dashboard', 'app', 'chat'];
const MODES = ['signed', 'private'];
const STATIC_TYPES = { '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8' };

/** The embed routes a page exists for; anything else under /embed/ is a 404. */
const PAGE_ROUTES = [
  /^\/embed\/dashboard\/[\w-]+$/,
  /^\/embed\/d\/\d+\/app(?:\/workbook\/\d+)?$/,
  /^\/embed\/(?:d\/\d+\/)?chat$/,
];

async function readJson(req) {
  const text = await readBody(req);
  return text ? JSON.parse(text) : {};
}

const isPlainObject = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Checks a generate-session body. Returns `{ ok: true, value }` with only the
 * known fields, or `{ ok: false, status, message }`. Whether the deployment
 * belongs to the caller is checked afterwards, against the mock's state.
 */
function parseSessionRequest(body) {
  const bad = (message, status = 400) => ({ ok: false, status, message });
  if (!isPlainObject(body)) return bad('The body must be a JSON object.');
  const { dashboardPublicId, deploymentId, surface, embedTheme, mode = 'signed', externalUserId, expiresInSeconds = DEFAULT_TTL_S } = body;
  if (dashboardPublicId === undefined && deploymentId === undefined) {
    return bad('Either dashboardPublicId or deploymentId is required.');
  }
  if (dashboardPublicId !== undefined && typeof dashboardPublicId !== 'string') return bad('dashboardPublicId must be a string.');
  if (deploymentId !== undefined && !(Number.isSafeInteger(deploymentId) && deploymentId > 0)) {
    return bad('deploymentId must be a positive integer.');
  }
  if (surface !== undefined && !SURFACES.includes(surface)) return bad(`surface must be one of ${SURFACES.join(', ')}.`);
  if (!MODES.includes(mode)) return bad(`mode must be one of ${MODES.join(', ')}.`);
  if (embedTheme !== undefined && !isPlainObject(embedTheme)) return bad('embedTheme must be an object.');
  if (externalUserId !== undefined && (typeof externalUserId !== 'string' || externalUserId.length > 256)) {
    return bad('externalUserId must be a string of at most 256 characters.');
  }
  if (!Number.isSafeInteger(expiresInSeconds) || expiresInSeconds < 1 || expiresInSeconds > MAX_TTL_S) {
    return bad(`expiresInSeconds must be an integer from 1 to ${MAX_TTL_S}.`);
  }
  if (dashboardPublicId !== undefined && !Object.hasOwn(DASHBOARDS, dashboardPublicId)) {
    return bad(`Dashboard "${dashboardPublicId}" does not exist.`, 404);
  }
  // Every seeded dashboard is published from the one seeded deployment.
  if (dashboardPublicId !== undefined && deploymentId !== undefined && deploymentId !== DEPLOYMENT_ID) {
    return bad(`Dashboard "${dashboardPublicId}" does not belong to deployment ${deploymentId}.`, 404);
  }
  return {
    ok: true,
    value: {
      deploymentId: deploymentId ?? DEPLOYMENT_ID,
      dashboardPublicId: dashboardPublicId ?? null,
      surface: surface ?? (dashboardPublicId !== undefined ? 'dashboard' : 'app'),
      mode,
      embedTheme: embedTheme ?? null,
      externalUserId: externalUserId ?? null,
      ttlMs: expiresInSeconds * 1000,
    },
  };
}

/** Deployment an embed path is bound to, or null for paths without one (standalone chat). */
function deploymentOfPath(path) {
  const m = /^\/embed\/d\/(\d+)\//.exec(path);
  if (m) return Number(m[1]);
  return path.startsWith('/embed/dashboard/') ? DEPLOYMENT_ID : null;
}

/**
 * Creates the request handler for the embed routes. CORS and preflights are
 * answered by mock/server.mjs before requests reach it.
 * @param {{ state: import('./state.mjs').MockState, baseUrl: () => string, keys: Record<string, string> }} ctx
 *   shared mock-platform context; sessions live in `ctx.state.sessions`
 *   (a Map, emptied when the state is reset).
 * @returns {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse, url: URL) => boolean}
 *   a handler that answers and returns true when the request is one of its routes.
 */
export function createEmbedHandler(ctx) {
  const { state } = ctx;
  if (!(state.sessions instanceof Map)) state.sessions = new Map();
  state.resetHooks?.add((s) => {
    s.sessions = new Map();
  });
  const now = () => Date.now();

  function purgeExpired() {
    for (const [id, s] of state.sessions) if (s.expiresAt <= now()) state.sessions.delete(id);
  }

  async function generateSession(req, res) {
    const key = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
    const principal = key ? state.principal(key) : undefined;
    if (!principal) return sendError(res, 401, 'A valid API key is required.');
    let body;
    try {
      body = await readJson(req);
    } catch {
      return sendError(res, 400, 'The body must be valid JSON.');
    }
    const parsed = parseSessionRequest(body);
    if (!parsed.ok) return sendError(res, parsed.status, parsed.message);
    const { ttlMs, ...session } = parsed.value;
    // Another account's deployment is as unknown as a missing one.
    if (!state.deploymentOf(principal.accountId, session.deploymentId)) {
      return sendError(res, 404, `Deployment ${session.deploymentId} does not exist.`);
    }
    purgeExpired();
    const sessionId = `ses_${randomBytes(18).toString('base64url')}`;
    const expiresAt = now() + ttlMs;
    const tenant = state.accounts.get(principal.accountId)?.name.toLowerCase() ?? null;
    state.sessions.set(sessionId, { ...session, embedTenant: tenant, createdAt: now(), expiresAt });
    sendJson(res, 201, { sessionId, expiresAt: new Date(expiresAt).toISOString() });
  }

  /** The embed page asks who its session belongs to before it mounts: its authentication. */
  async function resolveSession(req, res) {
    const body = await readJson(req).catch(() => ({}));
    const id = typeof body?.session === 'string' ? body.session : '';
    const path = typeof body?.path === 'string' ? body.path : '';
    if (!id) return sendError(res, 401, 'This embed address carries no session.');
    const s = state.sessions.get(id);
    if (!s) return sendError(res, 401, 'The session is not known to this tenant.');
    if (s.expiresAt <= now()) return sendError(res, 401, 'The session has expired.');
    const pathDeployment = deploymentOfPath(path);
    if (pathDeployment !== null && pathDeployment !== s.deploymentId) {
      return sendError(res, 403, `The session does not grant access to deployment ${pathDeployment}.`);
    }
    sendJson(res, 200, {
      embedTenant: s.embedTenant,
      deploymentId: s.deploymentId,
      mode: s.mode,
      surface: s.surface,
      dashboardPublicId: s.dashboardPublicId,
      embedTheme: s.embedTheme,
      externalUserId: s.externalUserId,
      expiresAt: new Date(s.expiresAt).toISOString(),
    });
  }

  /** Test control: lets a test turn a live session into an expired one. */
  async function expireSession(req, res) {
    const body = await readJson(req).catch(() => ({}));
    const s = typeof body?.sessionId === 'string' ? state.sessions.get(body.sessionId) : undefined;
    if (!s) return sendError(res, 404, 'No such session.');
    s.expiresAt = now() - 1;
    sendJson(res, 200, { expired: true });
  }

  async function serveFile(res, name, type) {
    let text;
    try {
      text = await readFile(join(pagesDir, name));
    } catch {
      return sendError(res, 404, 'No such file.');
    }
    // Frameable by any page on purpose: the host's origin is checked in postMessage, not here.
    res.writeHead(200, { 'Content-Type': type, 'Cache-Control': 'no-cache', 'X-Content-Type-Options': 'nosniff' });
    res.end(text);
  }

  function run(promise, res) {
    promise.catch(() => {
      if (!res.headersSent) sendError(res, 500, 'The mock failed to answer.');
      else res.end();
    });
    return true;
  }

  return (req, res, url) => {
    const path = url.pathname;
    const method = req.method ?? 'GET';
    const read = method === 'GET' || method === 'HEAD';

    if (path === '/api/v1/embed/sessions') {
      if (method !== 'POST') return sendError(res, 405, 'Use POST.'), true;
      return run(generateSession(req, res), res);
    }
    if (path === '/mock-embed/session' && method === 'POST') return run(resolveSession(req, res), res);
    if (path === '/mock-embed/sessions/expire' && method === 'POST') return run(expireSession(req, res), res);

    // Page assets: a name and an extension only, so nothing outside mock/embed/ is reachable.
    const asset = read ? /^\/mock-embed\/((?:views\/)?[\w-]+)(\.js|\.css)$/.exec(path) : null;
    if (asset) return run(serveFile(res, asset[1] + asset[2], STATIC_TYPES[asset[2]]), res);

    if (path.startsWith('/embed/') && read && PAGE_ROUTES.some((r) => r.test(path))) {
      return run(serveFile(res, 'embed.html', 'text/html; charset=utf-8'), res);
    }
    if (path.startsWith('/embed/') || path.startsWith('/api/v1/embed/') || path.startsWith('/mock-embed/')) {
      sendError(res, 404, `No embed route for ${method} ${path.slice(0, 200)}`);
      return true;
    }
    return false;
  };
}
