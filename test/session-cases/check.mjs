// Turns a case of cases.mjs into a request and judges an answer against it,
// the same way for every endpoint. The runners only send.
import assert from 'node:assert/strict';
import { cases, CUSTOM_VIEWER, MARKER } from './cases.mjs';

export { CUSTOM_VIEWER, MARKER };

/** The cases that apply to `target` ('ts' or 'php'). */
export const casesFor = (target) => cases.filter((c) => !c.targets || c.targets.includes(target));

/** The header a runner's viewer hook reads (see cases.mjs, `viewer`). */
export const VIEWER_HEADER = 'x-case-viewer';

/**
 * The request of `c` for an endpoint whose own origin is `own`:
 * `{ method, headers, body }`, `body` a string or undefined.
 */
export function requestOf(c, own) {
  const { method = 'POST', headers = {}, json, text, padTo } = c.request;
  const out = {};
  for (const [name, value] of Object.entries(headers)) out[name] = value.replaceAll('{own}', own);
  if (c.viewer) out[VIEWER_HEADER] = c.viewer;
  let body;
  if (text !== undefined) body = text;
  else if (json !== undefined) {
    body = JSON.stringify(json);
    if (padTo !== undefined) {
      const empty = JSON.stringify({ ...json, pad: '' });
      body = JSON.stringify({ ...json, pad: 'x'.repeat(padTo - Buffer.byteLength(empty)) });
      assert.equal(Buffer.byteLength(body), padTo);
    }
  }
  if (body !== undefined && out['content-type'] === undefined) out['content-type'] = 'application/json';
  return { method, headers: out, body };
}

/** The platform failure rule of `c`, with `{key}` in its body replaced by the API key; null when none. */
export function failRuleOf(c, apiKey) {
  if (!c.platform?.fail) return null;
  const rule = { ...c.platform.fail };
  if (typeof rule.body === 'string') rule.body = rule.body.replaceAll('{key}', apiKey);
  else if (rule.body !== undefined) rule.body = JSON.parse(JSON.stringify(rule.body).replaceAll('{key}', apiKey));
  return rule;
}

const generateRequests = (platform) => platform.requests().filter((r) => r.path === '/api/v1/embed/generate-session');

/** What a runner notes before sending a case, for `judge`. */
export const snapshot = (platform) => ({ generated: generateRequests(platform).length });

/**
 * Judges one answer `{ status, headers, text }` (headers with `get(name)`)
 * of `c`. `last` is false for the earlier answers of a case with `times`.
 */
export function judgeAnswer(c, answer, { platform, last = true }) {
  const label = `${c.name}: ${answer.status} ${answer.text.slice(0, 300)}`;
  // Every answer, whatever the case.
  assert.equal(answer.headers.get('cache-control'), 'no-store', `${label}: Cache-Control`);
  const everything = `${answer.text}\n${[...answer.headers.entries()].map(([k, v]) => `${k}: ${v}`).join('\n')}`;
  assert.ok(!everything.includes(platform.apiKey), `${label}: the answer holds the API key`);
  assert.ok(!everything.includes(MARKER), `${label}: the answer holds the platform's body`);
  if (!last) {
    assert.equal(answer.status, c.expect.before, label);
    return;
  }

  const e = c.expect;
  assert.equal(answer.status, e.status, label);
  for (const [name, want] of Object.entries(e.headers ?? {})) {
    const got = answer.headers.get(name);
    if (typeof want === 'string') assert.equal(got, want, `${label}: ${name}`);
    else assert.match(got ?? '', new RegExp(want.match), `${label}: ${name}`);
  }
  for (const name of e.absent ?? []) assert.equal(answer.headers.get(name), null, `${label}: ${name} must be absent`);
  let json = null;
  try {
    json = JSON.parse(answer.text);
  } catch {}
  for (const rule of e.body ?? []) {
    if (rule === 'sessionId') {
      assert.deepEqual(Object.keys(json ?? {}), ['sessionId'], `${label}: only sessionId`);
      assert.ok(typeof json.sessionId === 'string' && json.sessionId !== '', label);
      assert.ok(platform.sessions().some((s) => s.sessionId === json.sessionId), `${label}: the platform generated the session`);
    } else if (rule === 'error') {
      assert.ok(json !== null && typeof json === 'object' && typeof json.error === 'string' && json.error.trim() !== '', `${label}: { error: string }`);
    } else if (rule === 'empty') {
      assert.equal(answer.text, '', `${label}: no body`);
    } else {
      throw new Error(`unknown body rule ${rule}`);
    }
  }
  if (e.errorMatches) assert.match(json?.error ?? '', new RegExp(e.errorMatches), `${label}: the error names it`);
}

/** Judges what the platform saw for `c` since `before` (a `snapshot`). */
export function judgePlatform(c, { platform, before }) {
  const seen = generateRequests(platform).slice(before.generated);
  if (c.expect.generate !== undefined) assert.equal(seen.length, c.expect.generate, `${c.name}: generate-session requests`);
  if (c.expect.sent) {
    const body = seen.at(-1)?.body ?? {};
    for (const [field, value] of Object.entries(c.expect.sent)) assert.deepEqual(body[field], value, `${c.name}: generate-session got ${field}`);
  }
}
