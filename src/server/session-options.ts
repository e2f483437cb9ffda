/**
 * The options of `createSessionHandler`, checked once at creation: a
 * misconfigured endpoint fails when the server starts, naming the option,
 * rather than on a viewer's first request.
 */
import { parseBaseUrl } from '../api/base-url.js';
import type { GenerateSessionRequest } from '../api/arguments.js';

/** What the element asks a session for: the body of its `session-url` POST. */
export interface SessionWanted {
  /** The dashboard the element loads (its `dashboard` attribute). */
  readonly dashboard?: string;
  /** The in-embed path the element loads (its `path` attribute), under `/embed/`. */
  readonly path?: string;
}

/** Who views and what they may see: a generate-session request without `deploymentId` (the handler's option sets it). */
export type SessionViewer = { [K in keyof GenerateSessionRequest as K extends 'deploymentId' ? never : K]: GenerateSessionRequest[K] } & {
  /** Set by the handler's option, never by the viewer (a 500 at run time). */
  deploymentId?: never;
};

/** Options of {@link createSessionHandler}. */
export interface SessionHandlerOptions {
  /** The platform's API base URL, e.g. `https://acme.platform.example`. */
  baseUrl: string;
  /** The platform API key. It stays on the server: it is in no answer, header or error message. */
  apiKey: string;
  /** The deployment every session opens (a positive integer). */
  deploymentId: number;
  /**
   * Decides who views, from the incoming request (its cookies, its
   * `Authorization` header) and what the element asks for. Return `null`
   * when nobody is signed in (the answer is a 401). May be async. The
   * request's body has been read by then: what it asked for is `wanted`.
   */
  viewer: (request: Request, wanted: SessionWanted) => SessionViewer | null | Promise<SessionViewer | null>;
  /**
   * Other origins whose pages may call the endpoint with the viewer's
   * cookies (a CMS on another domain, or a reverse proxy's public origin
   * for browsers without `Sec-Fetch-Site`). Each entry is an exact
   * serialized origin: `https://cms.example.com`, no path and no trailing slash.
   */
  allowedOrigins?: readonly string[];
  /**
   * Called after each session the handler hands out, before the answer is
   * sent, with the session id and what it was made for: remember it with the
   * viewer's own sign-in, to revoke it at sign-out
   * (`PlatformApiClient.revokeSession`). May be async; the answer waits for
   * it, so the id is stored before the page can use it. One that throws or
   * rejects is logged on the server and the answer is still the session: a
   * failing store never keeps a signed-in viewer from the dashboard.
   */
  onSession?: (sessionId: string, context: SessionContext) => void | Promise<void>;
}

/** What a session handed out by the handler was made for (see `onSession`). */
export interface SessionContext {
  /** The incoming request (its body already read). */
  readonly request: Request;
  /** What the `viewer` function returned for it. */
  readonly viewer: SessionViewer;
  /** What the element asked for. */
  readonly wanted: SessionWanted;
}

/** The checked options, as the handler uses them. */
export interface CheckedSessionOptions {
  baseUrl: string;
  apiKey: string;
  deploymentId: number;
  viewer: SessionHandlerOptions['viewer'];
  allowedOrigins: ReadonlySet<string>;
  onSession?: SessionHandlerOptions['onSession'];
}

const known = new Set(['baseUrl', 'apiKey', 'deploymentId', 'viewer', 'allowedOrigins', 'onSession']);
const prefix = 'createSessionHandler:';

/** An exact serialized `http:`/`https:` origin, as browsers send it in `Origin`. */
function isOrigin(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  // Comparing with the serialization refuses paths, trailing slashes, default ports, credentials and upper case:
  // the `Origin` header is always in this form, so anything else could never match.
  return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === value;
}

/**
 * Checks the options of {@link createSessionHandler}.
 *
 * @throws TypeError naming the option: not an object, an unknown option, a
 *   missing or empty `apiKey`, a `deploymentId` that is not a positive safe
 *   integer, an invalid `baseUrl`, a `viewer` or `onSession` that is not a function, or an
 *   `allowedOrigins` entry that is not an origin.
 */
export function checkSessionOptions(options: unknown): CheckedSessionOptions {
  if (typeof options !== 'object' || options === null) throw new TypeError(`${prefix} options must be an object`);
  for (const key of Object.keys(options)) if (!known.has(key)) throw new TypeError(`${prefix} unknown option ${key}`);
  const { baseUrl, apiKey, deploymentId, viewer, allowedOrigins, onSession } = options as Record<string, unknown>;
  // The key's value is never quoted: a misplaced secret must not end up in a startup log.
  if (typeof apiKey !== 'string' || apiKey.trim() === '') throw new TypeError(`${prefix} apiKey must be a non-empty string`);
  if (/[\0-\x1f\x7f]/.test(apiKey)) throw new TypeError(`${prefix} apiKey must not contain control characters`);
  if (typeof deploymentId !== 'number' || !Number.isSafeInteger(deploymentId) || deploymentId <= 0) {
    throw new TypeError(`${prefix} deploymentId must be a positive integer`);
  }
  let base: string;
  try {
    base = parseBaseUrl(baseUrl, 'baseUrl');
  } catch (error) {
    throw new TypeError(`${prefix} ${(error as Error).message}`);
  }
  if (typeof viewer !== 'function') throw new TypeError(`${prefix} viewer must be a function`);
  if (onSession !== undefined && typeof onSession !== 'function') throw new TypeError(`${prefix} onSession must be a function`);
  const origins = new Set<string>();
  if (allowedOrigins !== undefined) {
    if (!Array.isArray(allowedOrigins)) throw new TypeError(`${prefix} allowedOrigins must be an array of origins`);
    allowedOrigins.forEach((entry: unknown, i) => {
      if (!isOrigin(entry)) {
        const shown = typeof entry === 'string' ? JSON.stringify(entry) : typeof entry;
        throw new TypeError(
          `${prefix} allowedOrigins[${i}] must be an origin such as https://cms.example.com (scheme, host and port only, no path or trailing slash), got ${shown}`,
        );
      }
      origins.add(entry);
    });
  }
  return {
    baseUrl: base,
    apiKey,
    deploymentId,
    viewer: viewer as SessionHandlerOptions['viewer'],
    allowedOrigins: origins,
    onSession: onSession as SessionHandlerOptions['onSession'],
  };
}
