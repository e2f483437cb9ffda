/**
 * `session-url`: the element as its own session provider, for pages with no
 * script of their own. Each call is one `POST` to the host's backend with
 * what the element loads; the answer is the generate-session shape. Every
 * failure is a `SessionError` naming the URL's path and what was wrong,
 * never the answer's body (it may hold anything the backend put there).
 */
import { SessionError } from './errors.js';

/**
 * Why a `session-url` value is refused: not a URL (resolved against the
 * document, or with no document against a placeholder origin), a scheme
 * other than `http:` and `https:`, or user info (`https://user:pass@…`),
 * which would stand in every error's `cause` and is never sent by `fetch`
 * anyway. `null` when it is fine.
 */
export function sessionUrlProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value, globalThis.document?.baseURI ?? 'https://host.invalid/');
  } catch {
    return 'is not a URL';
  }
  return !/^https?:$/.test(url.protocol) ? 'must be an http: or https: URL' : url.username || url.password ? 'must not contain credentials' : null;
}

/** Asks `url` (relative to the document) for a session to load `wanted` (`{ dashboard }` or `{ path }`). */
export async function fetchSession(url: string, wanted: { dashboard: string } | { path: string }): Promise<string> {
  const fail = (what: string, cause?: unknown) => new SessionError(`session-url ${new URL(url, document.baseURI).pathname} ${what}.`, { cause });
  let response: Response;
  try {
    // `credentials` is left at its default, `same-origin`: the page's cookies go to its own backend only.
    response = await fetch(url, {
      method: 'POST',
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
