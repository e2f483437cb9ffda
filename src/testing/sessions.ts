// The mock platform's embed side: the generate-session operation, the embed
// pages (dashboard, app, chat) and the files those pages load.
//
// Routes (all on the mock platform's origin):
//   POST /api/v1/embed/generate-session  create a session (bearer API key)
//   POST /api/v1/embed/session/revoke    revoke a session (bearer admin key): 204,
//                                     also for an unknown, expired or revoked id
//   GET  /embed/dashboard/:publicId      dashboard surface
//   GET  /embed/d/:id/app[/workbook/:workbookId]   app surface
//   GET  /embed/chat, /embed/d/:id/chat            chat surface
//   POST /mock-embed/session          the embed page trading its session (or
//                                     re-presenting its credential) for the viewer;
//                                     with `renew`, a session from set-session
//   POST /mock-embed/credential       the embed page checking its credential (every
//                                     2 s): a revoked session's is refused with
//                                     `revoked`, and the page reports its fatal
//                                     `auth` error then
//   POST /mock-embed/sessions/expire  control: expire a session (or `all`) now,
//                                     with the credentials it was traded for
//   POST /mock-embed/sessions/fail    control: make the embeds of a session (or
//                                     `all`) fail fatally at their next check
//   GET  /mock-embed/control          the page's command stream (control.ts)
//   POST /mock-embed/control/:id      the page's answers and received actions
//   GET  /mock-embed/<file>           the pages' scripts and styles
//
// As on the platform, a session id (32 hex digits) is single-use and valid for
// 5 minutes: the embed trades it for a credential that is usable for about 23
// hours (minted for 24, trusted until an hour before).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { EmbedRegistry } from './control.js';
import { DEPLOYMENT_ID } from './embed/data.js';
import { keyOf, readBody, sendError, sendJson } from './http.js';
import { parseSessionRequest } from './session-request.js';
import type { MockState, RequestEntry } from './state.js';

/** The embed pages' own files (HTML, scripts, styles): static assets, copied next to this module by the build. */
const pagesDir = join(dirname(fileURLToPath(import.meta.url)), 'embed');

/** What generate-session was given, kept until the session is used or expires. */
export interface SessionRecord {
  deploymentId: number;
  viewer: string;
  external: boolean;
  email: string | null;
  userAttributes: { name: string; value: unknown }[];
  groups: string[];
  embedTenantName: string | null;
  embedTheme: Record<string, unknown> | null;
  settings: Record<string, unknown>;
  mode: string;
  embedTenant?: string | null;
  createdAt?: number;
  expiresAt: number;
  used: boolean;
  /** Revoked: no longer redeemable, and the credentials it produced are refused. */
  revoked?: boolean;
}
interface Credential {
  sessionId: string;
  expiresAt: number;
  fault?: { name: string; message: string };
}
/** The embed side's part of the mock's state, emptied on reset. */
export interface EmbedState {
  sessions: Map<string, SessionRecord>;
  credentials: Map<string, Credential>;
  viewers: Map<string, { email: string | null; userAttributes: { name: string; value: unknown }[]; updatedAt: number }>;
  /** Every session generated since the last reset, in order; unlike `sessions`, never purged. */
  generated: { sessionId: string; record: SessionRecord }[];
}
type Json = Record<string, any>;
/** How long a session id may wait to be used. */
export const SESSION_TTL_MS = 5 * 60_000;
const REVOKED = 'The session was revoked. Sign in again to continue.';
/** How long the credential an embed traded its session for is usable: the platform mints it for 24 hours and stops trusting it an hour early. */
export const CREDENTIAL_TTL_MS = 23 * 3_600_000;
const STATIC_TYPES: Record<string, string> = { '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8' };
/** The embed routes a page exists for; anything else under /embed/ is a 404. */
const PAGE_ROUTES = [
  /^\/embed\/dashboard\/[\w-]+$/,
  /^\/embed\/d\/\d+\/app(?:\/workbook\/\d+)?$/,
  /^\/embed\/(?:d\/\d+\/)?chat$/,
];

async function readJson(req: IncomingMessage): Promise<Json> {
  const text = await readBody(req);
  return text ? JSON.parse(text) : {};
}

const isPlainObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const isString = (v: unknown): v is string => typeof v === 'string' && v.trim() !== '';

/** Deployment an embed path is bound to, or null for paths without one (standalone chat). */
function deploymentOfPath(path: string): number | null {
  const m = /^\/embed\/d\/(\d+)\//.exec(path);
  if (m) return Number(m[1]);
  return path.startsWith('/embed/dashboard/') ? DEPLOYMENT_ID : null;
}

/**
 * Creates the request handler for the embed routes: it answers and returns
 * true when the request is one of its routes. CORS and preflights are
 * answered by server.ts before requests reach it. Sessions live in the
 * mock's state (emptied when it is reset).
 */
export function createEmbedHandler(ctx: {
  state: MockState;
  registry: EmbedRegistry;
}): (req: IncomingMessage, res: ServerResponse, url: URL, entry?: RequestEntry) => boolean {
  const state = ctx.state as MockState & EmbedState;
  const { registry } = ctx;
  const fresh = (s: MockState & Partial<EmbedState>) => {
    s.sessions = new Map(); // session id → what generate-session was given, until used or expired
    s.credentials = new Map(); // credential → { sessionId, expiresAt, fault? }
    s.viewers = new Map(); // external viewer id → { email, userAttributes, updatedAt }
    s.generated = [];
  };
  if (!(state.sessions instanceof Map)) fresh(state);
  state.resetHooks.add(fresh);
  const now = () => Date.now();

  function purgeExpired() {
    for (const [id, s] of state.sessions) if (s.expiresAt <= now() && !s.used) state.sessions.delete(id);
    for (const [id, c] of state.credentials) if (c.expiresAt <= now()) state.credentials.delete(id);
  }

  /**
   * The principal of the request's API key and its JSON body, recorded in
   * `entry`; `undefined` when an error was sent (401 without a valid key, 403
   * when `admin` is required and the key is not an administrator's, 400 for a
   * body that is not JSON).
   */
  async function authorizedBody(req: IncomingMessage, res: ServerResponse, entry: RequestEntry | undefined, admin?: string) {
    const key = keyOf(req.headers.authorization);
    const principal = key ? state.principal(key) : undefined;
    if (!principal) return void sendError(res, 401, 'A valid API key is required.');
    if (entry) entry.key = principal.name;
    if (admin && principal.role !== 'admin') return void sendError(res, 403, admin);
    let body: Json;
    try {
      body = await readJson(req);
    } catch {
      return void sendError(res, 400, 'The body must be valid JSON.');
    }
    if (entry) entry.body = body;
    return { principal, body };
  }

  async function generateSession(req: IncomingMessage, res: ServerResponse, entry?: RequestEntry): Promise<void> {
    const authorized = await authorizedBody(req, res, entry, 'Only an administrator\'s API key may create embed sessions.');
    if (!authorized) return;
    const { principal, body } = authorized;
    const parsed = parseSessionRequest(body);
    if (!parsed.ok) return sendError(res, 400, parsed.message, { field: parsed.field });
    const { value: session, branchName } = parsed;
    // Another account's deployment is as unknown as a missing one.
    const deployment = state.deploymentOf(principal.accountId, session.deploymentId);
    if (!deployment) return sendError(res, 404, `Deployment ${session.deploymentId} does not exist.`);
    if (branchName !== null && !deployment.branches.has(branchName)) {
      return sendError(res, 404, `Branch "${branchName.slice(0, 200)}" is not a branch of deployment ${session.deploymentId}.`, { field: 'branchName' });
    }
    const groups = state.groups.get(principal.accountId) ?? new Set<string>();
    const unknownGroup = session.groups.find((group) => !groups.has(group));
    if (unknownGroup !== undefined) {
      return sendError(res, 400, `Group "${unknownGroup.slice(0, 100)}" does not exist in this tenant.`, { field: 'groups' });
    }
    purgeExpired();
    if (session.external) state.viewers.set(session.viewer, { email: session.email, userAttributes: session.userAttributes, updatedAt: now() });
    const sessionId = randomBytes(16).toString('hex');
    const tenant = session.embedTenantName ?? state.accounts.get(principal.accountId)?.name.toLowerCase() ?? null;
    const record: SessionRecord = { ...session, embedTenant: tenant, createdAt: now(), expiresAt: now() + SESSION_TTL_MS, used: false };
    state.sessions.set(sessionId, record);
    state.generated.push({ sessionId, record });
    sendJson(res, 200, { sessionId });
  }

  /**
   * Revokes a session: it can no longer be redeemed, and the credentials it
   * produced are refused from then on. Idempotent: an unknown, expired,
   * already revoked or another account's id answers 204 too, and changes nothing.
   */
  async function revokeSession(req: IncomingMessage, res: ServerResponse, entry?: RequestEntry): Promise<void> {
    const authorized = await authorizedBody(req, res, entry, 'Only an administrator may revoke embed sessions.');
    if (!authorized) return;
    const { principal, body } = authorized;
    if (!isPlainObject(body) || !isString(body.sessionId)) return sendError(res, 400, 'sessionId must be a non-empty string.', { field: 'sessionId' });
    const session = state.sessions.get(body.sessionId);
    if (session && state.deploymentOf(principal.accountId, session.deploymentId)) session.revoked = true;
    res.writeHead(204, { 'Cache-Control': 'no-store' });
    res.end();
  }

  /** What the embed page learns about its viewer. */
  const viewerInfo = (s: SessionRecord) => ({
    embedTenant: s.embedTenant,
    deploymentId: s.deploymentId,
    mode: s.mode,
    viewer: s.viewer,
    userAttributes: s.userAttributes,
    embedTheme: s.embedTheme,
    settings: s.settings,
  });

  /**
   * The embed page's authentication: a session id is traded once for a
   * credential; a reloaded embed page presents its credential instead.
   */
  async function resolveSession(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body: Json = await readJson(req).catch(() => ({}));
    const path = typeof body?.path === 'string' ? body.path : '';
    const embedId = typeof body?.embed === 'string' ? body.embed : '';
    // A refused renewal in place leaves the page as it was: the host sees the platform's error and reloads.
    const renew = body?.renew === true;
    // Tells the page's MockEmbed how its authentication ended, then answers.
    const presented = typeof body?.session === 'string' ? body.session : undefined;
    const refuse = (status: number, message: string) => {
      if (embedId && !renew) registry.authenticated(embedId, { path, session: false, sessionId: presented, refusal: message });
      sendError(res, status, message);
    };
    let session: SessionRecord | undefined;
    let credential = typeof body?.credential === 'string' ? body.credential : '';
    let sessionId = presented;
    if (credential) {
      const c = state.credentials.get(credential);
      if (!c || c.expiresAt <= now()) return refuse(401, 'The session has expired. Open the page again to continue.');
      sessionId = c.sessionId;
      session = state.sessions.get(c.sessionId);
      if (session?.revoked) return refuse(401, REVOKED);
    } else {
      const id = typeof body?.session === 'string' ? body.session : '';
      if (!id) return refuse(401, 'This embed address carries no session.');
      session = state.sessions.get(id);
      if (!session) return refuse(401, 'The session is not known to this tenant.');
      if (session.revoked) return refuse(401, REVOKED);
      if (session.used) return refuse(401, 'The session was already used: each embed load needs a new one.');
      if (session.expiresAt <= now()) return refuse(401, 'The session has expired.');
      const pathDeployment = deploymentOfPath(path);
      if (pathDeployment !== null && pathDeployment !== session.deploymentId) {
        return refuse(403, `The session does not grant access to deployment ${pathDeployment}.`);
      }
      const dashboard = /^\/embed\/dashboard\/([\w-]+)$/.exec(path)?.[1];
      // Per-dashboard access by groups (off unless configured): as on the platform, a dashboard the viewer's groups may not open is not found.
      if (dashboard && !state.mayOpen(dashboard, session.groups)) {
        // Not a session problem: the page reports "not allowed", which no fresh session repairs.
        if (embedId && !renew) registry.authenticated(embedId, { path, session: false, sessionId: presented, refusal: `Dashboard ${dashboard} is not allowed for this viewer.` });
        return sendJson(res, 404, { error: { code: 'not_allowed', message: `Dashboard ${dashboard} is not allowed for this viewer.` }, notAllowed: true });
      }
      session.used = true;
      credential = `cred_${randomBytes(18).toString('base64url')}`;
      state.credentials.set(credential, { sessionId: id, expiresAt: now() + CREDENTIAL_TTL_MS });
    }
    if (!session) return refuse(401, 'The session is not known to this tenant.');
    if (embedId) registry.authenticated(embedId, { path, session: true, credential, sessionId });
    sendJson(res, 200, { ...viewerInfo(session), credential });
  }

  /** The embed page checks its credential now and then: expired, failed or fine. */
  async function checkCredential(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body: Json = await readJson(req).catch(() => ({}));
    const c = typeof body?.credential === 'string' ? state.credentials.get(body.credential) : undefined;
    if (!c || c.expiresAt <= now()) return sendError(res, 401, 'The session has expired. Open the page again to continue.');
    // A revoked session's credential is refused for good: the page ends with its session error, not an expiry to renew.
    if (state.sessions.get(c.sessionId)?.revoked) return sendJson(res, 401, { error: { code: 'unauthorized', message: REVOKED }, revoked: true });
    sendJson(res, 200, c.fault ? { fault: c.fault } : { ok: true });
  }

  /** The credentials a control names: those of `sessionId`, or every one with `all`. */
  function credentialsOf(body: Json): Credential[] {
    const all = body?.all === true;
    const id = typeof body?.sessionId === 'string' ? body.sessionId : null;
    return [...state.credentials.values()].filter((c) => all || c.sessionId === id);
  }

  /** Control: a session (or all of them) expires now, with the credentials it was traded for. */
  async function expireSessions(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body: Json = await readJson(req).catch(() => ({}));
    const one = state.sessions.get(body?.sessionId);
    const sessions = body?.all === true ? [...state.sessions.values()] : one ? [one] : [];
    const credentials = credentialsOf(body);
    if (!sessions.length && !credentials.length) return sendError(res, 404, 'No such session.');
    for (const s of sessions) s.expiresAt = now() - 1;
    for (const c of credentials) c.expiresAt = now() - 1;
    sendJson(res, 200, { expired: sessions.length });
  }

  /** Control: the embeds of a session (or all) report a fatal, non-session error at their next check. */
  async function failSessions(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body: Json = await readJson(req).catch(() => ({}));
    const credentials = credentialsOf(body);
    if (!credentials.length) return sendError(res, 404, 'No open embed uses such a session.');
    const message = typeof body?.message === 'string' && body.message ? body.message.slice(0, 200) : 'The dashboard could not be rendered.';
    for (const c of credentials) c.fault = { name: 'RenderError', message };
    sendJson(res, 200, { failed: credentials.length });
  }

  async function serveFile(res: ServerResponse, name: string, type: string): Promise<void> {
    let text: Buffer;
    try {
      text = await readFile(join(pagesDir, name));
    } catch {
      return sendError(res, 404, 'No such file.');
    }
    // Frameable by any page on purpose: the host's origin is checked in postMessage, not here.
    res.writeHead(200, { 'Content-Type': type, 'Cache-Control': 'no-cache', 'X-Content-Type-Options': 'nosniff' });
    res.end(text);
  }

  function run(promise: Promise<void>, res: ServerResponse): boolean {
    promise.catch(() => {
      if (!res.headersSent) sendError(res, 500, 'The mock failed to answer.');
      else res.end();
    });
    return true;
  }

  return (req, res, url, entry) => {
    const path = url.pathname;
    const method = req.method ?? 'GET';
    const read = method === 'GET' || method === 'HEAD';

    if (path === '/api/v1/embed/generate-session') {
      if (method !== 'POST') return sendError(res, 405, 'Use POST.'), true;
      return run(generateSession(req, res, entry), res);
    }
    if (path === '/api/v1/embed/session/revoke') {
      if (method !== 'POST') return sendError(res, 405, 'Use POST.'), true;
      return run(revokeSession(req, res, entry), res);
    }
    if (path === '/mock-embed/control' && method === 'GET') {
      registry.openStream(req, res, url);
      return true;
    }
    const message = method === 'POST' ? /^\/mock-embed\/control\/([\w-]+)$/.exec(path) : null;
    if (message) return run(registry.message(req, res, message[1]!), res);
    if (method === 'POST') {
      const controls: Record<string, ((req: IncomingMessage, res: ServerResponse) => Promise<void>) | undefined> = {
        '/mock-embed/session': resolveSession,
        '/mock-embed/credential': checkCredential,
        '/mock-embed/sessions/expire': expireSessions,
        '/mock-embed/sessions/fail': failSessions,
      };
      const control = controls[path];
      if (control) return run(control(req, res), res);
    }

    // Page assets: a name and an extension only, so nothing outside embed/ is reachable.
    const asset = read ? /^\/mock-embed\/((?:views\/)?[\w-]+)(\.js|\.css)$/.exec(path) : null;
    if (asset) return run(serveFile(res, asset[1]! + asset[2], STATIC_TYPES[asset[2]!]!), res);

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
