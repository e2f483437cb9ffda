// Mock-only test hooks under `/__mock/`: reset, injected failures and the
// request log. A real platform has none of these; they let browser tests
// provoke 409, 429, 5xx, slow answers, dropped connections and malformed
// bodies against the real mock server.
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { readBody, sendError, sendJson } from './http.js';
import type { FailureRule, MockState } from './state.js';

export const ruleKeys: ReadonlySet<string> = new Set(['operation', 'path', 'method', 'status', 'body', 'contentType', 'retryAfter', 'delayMs', 'drop', 'times']);

/** Checks one failure rule; returns `{ rule }` or `{ error }`. */
export function checkRule(input: unknown): { rule: FailureRule; error?: undefined } | { error: string; rule?: undefined } {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return { error: 'a rule must be an object' };
  for (const key of Object.keys(input)) if (!ruleKeys.has(key)) return { error: `unknown rule field "${key}"` };
  const rule = { ...input } as FailureRule & Record<string, unknown>;
  if (rule.operation === undefined && rule.path === undefined) return { error: 'a rule needs "operation" or "path"' };
  if (rule.operation !== undefined && typeof rule.operation !== 'string') return { error: '"operation" must be a string' };
  if (rule.path !== undefined && (typeof rule.path !== 'string' || !rule.path.startsWith('/'))) return { error: '"path" must start with /' };
  if (rule.method !== undefined && typeof rule.method !== 'string') return { error: '"method" must be a string' };
  if (rule.status !== undefined && !(Number.isInteger(rule.status) && rule.status >= 200 && rule.status <= 599)) {
    return { error: '"status" must be an integer from 200 to 599' };
  }
  if (rule.delayMs !== undefined && !(Number.isFinite(rule.delayMs) && rule.delayMs >= 0 && rule.delayMs <= 120_000)) {
    return { error: '"delayMs" must be from 0 to 120000' };
  }
  if (rule.retryAfter !== undefined && typeof rule.retryAfter !== 'string' && !Number.isInteger(rule.retryAfter)) {
    return { error: '"retryAfter" must be a string or an integer' };
  }
  if (rule.contentType !== undefined && typeof rule.contentType !== 'string') return { error: '"contentType" must be a string' };
  if (rule.drop !== undefined && typeof rule.drop !== 'boolean') return { error: '"drop" must be a boolean' };
  if (rule.times !== undefined && rule.times !== null && !(Number.isInteger(rule.times) && rule.times > 0)) {
    return { error: '"times" must be a positive integer, or null for every request' };
  }
  rule.times = rule.times === undefined ? 1 : rule.times;
  if (rule.method) rule.method = rule.method.toUpperCase();
  return { rule };
}

/** The first pending rule for this request, consumed once (removed when used up). */
export function takeRule(state: MockState, method: string, pathname: string, operation: string | null): FailureRule | undefined {
  const index = state.failures.findIndex(
    (r) =>
      (r.operation === undefined || r.operation === operation) &&
      (r.path === undefined || pathname.startsWith(r.path)) &&
      (r.method === undefined || r.method === method),
  );
  if (index === -1) return undefined;
  const rule = state.failures[index];
  if (rule.times !== null && --rule.times === 0) state.failures.splice(index, 1);
  return rule;
}

/**
 * Applies a rule: waits `delayMs`, then drops the connection, answers with
 * the rule's status/body, or (delay only) lets the request proceed.
 * Resolves to true when the rule answered.
 */
export async function applyRule(
  rule: FailureRule,
  req: IncomingMessage,
  res: ServerResponse,
  wait: (ms: number) => Promise<void>,
): Promise<boolean> {
  if (rule.delayMs) await wait(rule.delayMs);
  // The caller gave up during the delay (timeout, abort): nobody is left to answer.
  if (res.destroyed || res.writableEnded || req.socket.destroyed) return true;
  if (rule.drop) {
    // Cut mid-response: a connection closed before any byte makes browsers silently
    // re-send the request on a fresh socket, so the client would never see the drop.
    res.writeHead(rule.status ?? 200, { 'Content-Type': 'application/json', 'Content-Length': '4096' });
    res.write('{"partial":');
    res.once('error', () => {});
    setImmediate(() => req.socket.destroy());
    return true;
  }
  if (rule.status === undefined && rule.body === undefined) return false;
  const status = rule.status ?? 200;
  const headers: OutgoingHttpHeaders = { 'Cache-Control': 'no-store' };
  if (rule.retryAfter !== undefined) headers['Retry-After'] = String(rule.retryAfter);
  if (rule.body === undefined && status >= 400) {
    sendError(res, status, `Injected failure (${status})`, { headers });
    return true;
  }
  const raw = typeof rule.body === 'string';
  const text = raw ? rule.body : JSON.stringify(rule.body ?? {});
  headers['Content-Type'] = rule.contentType ?? (raw ? 'text/plain; charset=utf-8' : 'application/json; charset=utf-8');
  res.writeHead(status, headers);
  res.end(text);
  return true;
}

/** Handles `/__mock/*`; `reset` restores the seed data. */
export async function handleHooks(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  { state, reset }: { state: MockState; reset: () => void },
): Promise<void> {
  const route = `${req.method} ${url.pathname}`;
  switch (route) {
    case 'POST /__mock/reset':
      reset();
      return sendJson(res, 200, { ok: true });
    case 'GET /__mock/requests':
      return sendJson(res, 200, { requests: state.requests });
    case 'DELETE /__mock/requests':
      state.requests.length = 0;
      return sendJson(res, 200, { ok: true });
    case 'GET /__mock/state':
      return sendJson(res, 200, state.snapshot());
    case 'GET /__mock/fail':
      return sendJson(res, 200, { rules: state.failures });
    case 'DELETE /__mock/fail':
      state.failures.length = 0;
      return sendJson(res, 200, { ok: true });
    case 'POST /__mock/fail': {
      let input: unknown;
      try {
        input = JSON.parse(await readBody(req));
      } catch {
        return sendError(res, 400, 'Body must be a JSON rule or an array of rules');
      }
      const checked = (Array.isArray(input) ? input : [input]).map(checkRule);
      const bad = checked.find((c) => c.error);
      if (bad?.error) return sendError(res, 400, bad.error);
      state.failures.push(...checked.map((c) => c.rule as FailureRule));
      return sendJson(res, 200, { rules: state.failures });
    }
  }
  sendError(res, 404, `Unknown mock hook ${route}`);
}
