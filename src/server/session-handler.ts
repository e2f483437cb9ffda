/**
 * `createSessionHandler`: the backend half of `<platform-embed session-url>`,
 * as a Fetch API handler. It refuses other sites' pages (see
 * `cross-origin.ts`), reads a small JSON body, asks the host's `viewer`
 * function who is signed in, and trades that for a single-use session with
 * the platform. The API key never leaves this module: no answer, header or
 * message carries it, nor anything the platform said.
 */
import { PlatformApiClient } from '../api/client.js';
import { PlatformApiError } from '../api/errors.js';
import { judgeOrigin } from './cross-origin.js';
import { readWanted } from './session-body.js';
import { checkSessionOptions, type SessionContext, type SessionHandlerOptions, type SessionViewer } from './session-options.js';

export type { SessionContext, SessionHandlerOptions, SessionViewer, SessionWanted } from './session-options.js';

/** A Fetch API request handler, as Next.js route handlers, Deno, Bun and edge workers take it. */
export type SessionHandler = (request: Request) => Promise<Response>;

const ALLOW = 'POST, OPTIONS';

/** Builds one answer: JSON (or no body), never cached, with CORS headers when `cors` names the caller's origin. */
function answer(status: number, body: Record<string, unknown> | null, cors: string | null, extra: Record<string, string> = {}): Response {
  const headers = new Headers(extra);
  // A session is single-use and personal: no browser or shared cache may keep one, nor any refusal.
  headers.set('Cache-Control', 'no-store');
  // Every answer depends on Origin (CORS headers or a 403), also the same-origin ones.
  headers.set('Vary', 'Origin');
  headers.set('X-Content-Type-Options', 'nosniff');
  if (cors !== null) {
    headers.set('Access-Control-Allow-Origin', cors);
    headers.set('Access-Control-Allow-Credentials', 'true');
  }
  if (body === null) return new Response(null, { status, headers });
  headers.set('Content-Type', 'application/json; charset=utf-8');
  return new Response(JSON.stringify(body), { status, headers });
}

const error = (status: number, message: string, cors: string | null, extra?: Record<string, string>) =>
  answer(status, { error: message }, cors, extra);

/**
 * The 502's message: what went wrong and the platform's status, never the
 * platform's own words (they may describe the account or echo the request).
 */
function upstreamMessage(failure: PlatformApiError): string {
  if (failure.status === 0) return `the platform could not create a session (${failure.code}, no answer)`;
  if (failure.code === 'invalid-response') return `the platform answered ${failure.status} with a body that holds no session`;
  return `the platform refused to create a session (status ${failure.status})`;
}

/**
 * Creates the session endpoint for `<platform-embed session-url="…">`: a
 * Fetch API handler `(request: Request) => Promise<Response>` that runs
 * unchanged in Node ≥ 20 (through a Fetch-to-Node adapter such as
 * `@hono/node-server`), Next.js route handlers, Deno, Bun and edge workers.
 *
 * Answers (all `Cache-Control: no-store`, JSON bodies `{ sessionId }` or `{ error }`):
 * - `POST` from the page's own origin or an allowed one: `200 { sessionId }`;
 *   `401` when `viewer` returns `null`;
 * - another site's page (by `Sec-Fetch-Site`, else `Origin`): `403`, with no
 *   call to the platform; `OPTIONS` from such a page is a `403` as well;
 * - `OPTIONS` preflight from an allowed origin: `204` with CORS headers;
 * - a method other than `POST`/`OPTIONS`: `405` with `Allow: POST, OPTIONS`;
 * - a body that is not a JSON object of at most 4 KB, or a `dashboard` /
 *   `path` of the wrong kind: `400`;
 * - a `viewer` that throws, or returns something generate-session refuses:
 *   `500` (the first with a generic message, its error logged on the
 *   server; the second naming the field);
 * - the platform failing or answering nonsense: `502` naming the status.
 *
 * After each session handed out, `onSession(sessionId, { request, viewer,
 * wanted })` runs (waited for; a failure is logged and the answer is still
 * the session), so the host can revoke the viewer's sessions at sign-out.
 *
 * Allowed cross-origin callers get `Access-Control-Allow-Origin: <their
 * origin>` and `Access-Control-Allow-Credentials: true` on every answer.
 * The handler does not rate-limit: put that at the edge.
 *
 * @throws TypeError naming the option, for options the endpoint could not work with.
 */
export function createSessionHandler(options: SessionHandlerOptions): SessionHandler {
  const o = checkSessionOptions(options);
  // Generate-session is never retried by the client: each call creates a session.
  const client = new PlatformApiClient({ baseUrl: o.baseUrl, token: o.apiKey });

  /** `onSession`, waited for; its failure is the host's own and never breaks the answer. */
  async function remember(sessionId: string, context: SessionContext): Promise<void> {
    try {
      await o.onSession?.(sessionId, context);
    } catch (failure) {
      console.error('createSessionHandler: onSession failed; the session is answered anyway', failure);
    }
  }

  return async function handleSessionRequest(request: Request): Promise<Response> {
    const method = request.method.toUpperCase();
    const verdict = judgeOrigin(request, o.allowedOrigins);
    const cors = verdict.allowed ? verdict.cors : null;
    if (method !== 'POST' && method !== 'OPTIONS') {
      return error(405, `${method} is not allowed here; the endpoint answers POST`, cors, { Allow: ALLOW });
    }
    if (!verdict.allowed) return error(403, 'requests from this origin may not create sessions', null);
    if (method === 'OPTIONS') {
      const preflight: Record<string, string> = { Allow: ALLOW };
      if (cors !== null) {
        preflight['Access-Control-Allow-Methods'] = 'POST';
        // The element sends Accept and Content-Type: application/json; the latter needs the preflight's consent.
        preflight['Access-Control-Allow-Headers'] = 'Content-Type, Accept';
        preflight['Access-Control-Max-Age'] = '600';
      }
      return answer(204, null, cors, preflight);
    }

    const parsed = await readWanted(request);
    if (!parsed.ok) return error(400, parsed.reason, cors);

    let viewer: unknown;
    try {
      viewer = await o.viewer(request, parsed.wanted);
    } catch (failure) {
      // The viewer's error is the host's own (a database down, a bug): logged here on the server, never sent to the browser.
      console.error('createSessionHandler: the viewer function threw', failure);
      return error(500, 'the session could not be created (the viewer function failed)', cors);
    }
    if (viewer === null) return error(401, 'not signed in', cors);
    if (typeof viewer !== 'object' || Array.isArray(viewer)) {
      return error(500, 'the viewer function must return a session request object or null', cors);
    }
    if ('deploymentId' in viewer) {
      return error(500, "the viewer function's result must not set deploymentId (the handler's option does)", cors);
    }

    try {
      const { sessionId } = await client.generateSession({ ...(viewer as object), deploymentId: o.deploymentId });
      await remember(sessionId, { request, viewer: viewer as SessionViewer, wanted: parsed.wanted });
      // Only the id: other fields the platform adds are none of the browser's business.
      return answer(200, { sessionId }, cors);
    } catch (failure) {
      if (failure instanceof PlatformApiError) {
        console.error(`createSessionHandler: ${failure.message}`); // the client keeps the key out of its messages
        return error(502, upstreamMessage(failure), cors);
      }
      if (failure instanceof TypeError || failure instanceof RangeError) {
        // Generate-session's argument checks name the field and the rule; they quote no value of the request.
        return error(500, `the viewer function returned an invalid session request: ${failure.message}`, cors);
      }
      console.error('createSessionHandler: generate-session failed', failure);
      return error(500, 'the session could not be created', cors);
    }
  };
}
