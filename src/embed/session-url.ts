/**
 * `session-url`: the element as its own session provider, for pages with no
 * script of their own. Each call is one `POST` to the host's backend with
 * what the element loads; the answer is the generate-session shape. Every
 * failure is a `SessionError` naming the URL's path and what was wrong,
 * never the answer's body (it may hold anything the backend put there).
 */
import { SessionError } from './errors.js';
import type { Checked } from './url.js';

/**
 * Checks a `session-url` value: a URL, relative to the document (or, with no
 * document, to a placeholder origin), with an `http:` or `https:` scheme.
 * The value is the resolved URL.
 */
export function checkSessionUrl(raw: unknown): Checked<string | undefined> {
  if (raw === undefined || raw === null || raw === '') return { ok: true, value: undefined };
  if (typeof raw !== 'string') return { ok: false, reason: 'must be a string' };
  let url: URL;
  try {
    url = new URL(raw, globalThis.document?.baseURI ?? 'https://host.invalid/');
  } catch {
    return { ok: false, reason: 'is not a URL' };
  }
  return /^https?:$/.test(url.protocol) ? { ok: true, value: url.href } : { ok: false, reason: 'must be an http: or https: URL' };
}

/** Asks `url` for a session to load `wanted` (`{ dashboard }` or `{ path }`). */
export async function fetchSession(url: string, wanted: { dashboard: string } | { path: string }): Promise<string> {
  const fail = (what: string, cause?: unknown) => new SessionError(`session-url ${new URL(url).pathname} ${what}.`, { cause });
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: JSON.stringify(wanted),
    });
  } catch (error) {
    throw fail('could not be reached', error);
  }
  if (!response.ok) throw fail(`answered ${response.status}`);
  let id: unknown;
  try {
    id = (await response.json())?.sessionId;
  } catch {
    throw fail('did not answer JSON');
  }
  if (typeof id !== 'string' || !id) throw fail('answered no sessionId');
  return id;
}
