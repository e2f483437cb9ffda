// The mock platform's management API: the spec's three operations, the
// settings write and the versions it accepts, and a minimal usage-analytics
// endpoint that accepts the issued JWT. Request bodies are checked with the
// package's own schema tables, which a test checks against the platform's
// API description (src/api/platform-api.json).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { keyOf, readBody, sendError, sendJson } from './http.js';
import { applySettingsWrite, versionsOf } from './settings-write.js';
import { signJwt, verifyJwt } from './jwt.js';
import type { Deployment, KeyRecord, MockState, RequestEntry } from './state.js';

/** One API route: its path pattern, the operation name (as the client names it) and the method. */
export interface Route {
  operation: string;
  method: string;
  pattern: RegExp;
}
export interface RouteMatch {
  route: Route;
  params: string[];
}

/** The API's routes: path pattern, the operation name (as the client names it) and the method. */
export const routes: readonly Route[] = [
  { operation: 'getDeploymentSettings', method: 'GET', pattern: /^\/api\/v1\/deployments\/([^/]+)\/settings$/ },
  { operation: 'listDeploymentVersions', method: 'GET', pattern: /^\/api\/v1\/deployments\/([^/]+)\/versions$/ },
  { operation: 'updateDeploymentSettings', method: 'PUT', pattern: /^\/api\/v1\/deployments\/([^/]+)$/ },
  { operation: 'issueUsageAnalyticsToken', method: 'POST', pattern: /^\/api\/v1\/usage-analytics\/token$/ },
  { operation: 'deleteBranch', method: 'DELETE', pattern: /^\/build\/api\/v1\/deployments\/([^/]+)\/branches$/ },
  { operation: 'usageAnalyticsMeta', method: 'GET', pattern: /^\/usage-analytics\/api\/v1\/meta$/ },
];

/** `{ route, params }` for a path whose pattern matches (whatever the method), or undefined. */
export function matchRoute(pathname: string): RouteMatch | undefined {
  for (const route of routes) {
    const m = route.pattern.exec(pathname);
    if (m) return { route, params: m.slice(1) };
  }
  return undefined;
}

/** The usage-analytics API base for a mock base URL. */
export const usageAnalyticsApiUrl = (baseUrl: string): string => `${baseUrl}/usage-analytics/api/v1`;

/** The usage-analytics token lives about an hour, as the platform's does. */
const tokenLifetimeSeconds = 60 * 60;

/** Answers one matched API request. */
export type ApiHandler = (req: IncomingMessage, res: ServerResponse, url: URL, match: RouteMatch, entry: RequestEntry) => Promise<void>;

export function createApiHandler(ctx: { state: MockState; baseUrl: () => string; secret: Uint8Array }): ApiHandler {
  const { state } = ctx;

  /** The caller's key record, or undefined after answering 401. The token itself is never echoed. */
  function authenticate(req: IncomingMessage, res: ServerResponse): KeyRecord | undefined {
    const header = req.headers.authorization;
    const challenge = { headers: { 'WWW-Authenticate': 'Bearer' } };
    if (!header) return void sendError(res, 401, 'Missing Authorization header', challenge);
    const key = keyOf(header);
    if (!key) return void sendError(res, 401, 'Malformed Authorization header: expected "Bearer <token>" or "Api-Key <key>"', challenge);
    const principal = state.principal(key);
    if (!principal) return void sendError(res, 401, 'Unknown or expired token', challenge);
    return principal;
  }

  function deployment(res: ServerResponse, principal: KeyRecord, rawId: string): Deployment | undefined {
    const id = /^[1-9]\d{0,15}$/.test(rawId) ? Number(rawId) : NaN;
    const found = Number.isSafeInteger(id) ? state.deploymentOf(principal.accountId, id) : undefined;
    if (!found) sendError(res, 404, `Deployment ${String(rawId).slice(0, 40)} was not found`);
    return found;
  }

  async function updateSettings(req: IncomingMessage, res: ServerResponse, target: Deployment, entry: RequestEntry): Promise<void> {
    const type = req.headers['content-type'] ?? '';
    if (!/^application\/json\b/i.test(type)) return sendError(res, 400, 'Content-Type must be application/json');
    let text: string;
    try {
      text = await readBody(req);
    } catch {
      return sendError(res, 400, 'Request body is too large');
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      entry.body = text.slice(0, 2000);
      return sendError(res, 400, 'Request body is not valid JSON');
    }
    entry.body = body;
    const written = applySettingsWrite(target, body, state.versions);
    if (!written.ok) return sendError(res, 400, written.message, { field: written.field });
    target.settings = written.settings;
    sendJson(res, 200, target.settings);
  }

  async function issueToken(res: ServerResponse, principal: KeyRecord): Promise<void> {
    if (principal.role !== 'admin') return sendError(res, 403, 'Only an administrator may issue a usage-analytics token');
    const account = state.accounts.get(principal.accountId)!;
    if (account.usageAnalyticsDeploymentId === null) {
      return sendError(res, 404, 'Usage analytics is not enabled for this account');
    }
    const apiUrl = usageAnalyticsApiUrl(ctx.baseUrl());
    const now = Math.floor(Date.now() / 1000);
    const exp = now + tokenLifetimeSeconds;
    const token = signJwt(
      {
        accountId: account.id,
        deploymentId: account.usageAnalyticsDeploymentId,
        scope: 'usage-analytics',
        sub: String(account.id),
        iss: ctx.baseUrl(),
        aud: apiUrl,
        iat: now,
        exp,
      },
      ctx.secret,
    );
    sendJson(res, 200, {
      apiUrl,
      deploymentId: account.usageAnalyticsDeploymentId,
      token,
      expiresAt: new Date(exp * 1000).toISOString(),
    });
  }

  function deleteBranch(res: ServerResponse, url: URL, id: number, target: Deployment): void {
    const branchName = url.searchParams.get('branchName');
    if (!branchName) return sendError(res, 400, 'Query parameter branchName is required', { field: 'branchName' });
    const upstream = url.searchParams.get('removeOnUpstream');
    if (upstream !== null && upstream !== 'true' && upstream !== 'false') {
      return sendError(res, 400, 'Query parameter removeOnUpstream must be true or false', { field: 'removeOnUpstream' });
    }
    if (branchName === target.settings.deployBranchName) {
      return sendError(res, 400, `The deploy branch "${branchName}" cannot be deleted`, { field: 'branchName' });
    }
    const branch = target.branches.get(branchName);
    if (!branch) return sendError(res, 404, `Branch "${branchName.slice(0, 200)}" was not found`);
    target.branches.delete(branchName);
    // Spec rule 2: children move onto the deleted branch's own parent.
    for (const child of target.branches.values()) {
      if (child.parent === branchName) child.parent = branch.parent;
    }
    const removeOnUpstream = upstream === 'true';
    state.deletedBranches.push({ deploymentId: id, branchName, removeOnUpstream });
    if (removeOnUpstream) state.upstreamDeletions.push({ deploymentId: id, branchName, removeOnUpstream });
    sendJson(res, 200, { success: true });
  }

  async function usageAnalyticsMeta(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const m = /^Bearer ([^\s]+)$/i.exec(req.headers.authorization ?? '');
    try {
      if (!m) throw new Error('no token');
      const apiUrl = usageAnalyticsApiUrl(ctx.baseUrl());
      const payload = verifyJwt(m[1], ctx.secret, { issuer: ctx.baseUrl(), audience: apiUrl });
      sendJson(res, 200, { accountId: payload.accountId, deploymentId: payload.deploymentId, scope: payload.scope });
    } catch {
      sendError(res, 401, 'A valid usage-analytics token is required', { headers: { 'WWW-Authenticate': 'Bearer' } });
    }
  }

  return async function handleApi(req, res, url, match, entry) {
    const { route, params } = match;
    if (req.method !== route.method) {
      return sendError(res, 405, `Method ${req.method} is not allowed here`, { headers: { Allow: `${route.method}, OPTIONS` } });
    }
    if (route.operation === 'usageAnalyticsMeta') return usageAnalyticsMeta(req, res);
    const principal = authenticate(req, res);
    if (!principal) return;
    entry.key = principal.name;
    if (route.operation === 'issueUsageAnalyticsToken') return issueToken(res, principal);
    const target = deployment(res, principal, params[0] ?? '');
    if (!target) return;
    if (route.operation === 'getDeploymentSettings') return sendJson(res, 200, target.settings);
    if (route.operation === 'listDeploymentVersions') return sendJson(res, 200, { items: versionsOf(target, state.versions), pageInfo: null });
    if (route.operation === 'updateDeploymentSettings') return updateSettings(req, res, target, entry);
    return deleteBranch(res, url, Number(params[0]), target);
  };
}
