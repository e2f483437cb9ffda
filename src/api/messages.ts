/**
 * Human-readable failure messages. A message names what was attempted and
 * why it failed, may quote the platform's own explanation, and never
 * carries the bearer token.
 */
import type { PlatformApiErrorCode } from './errors.js';

/** How one call describes itself in messages. */
export interface CallWording {
  /** What was attempted, e.g. `Loading the settings of deployment 42`. */
  _subject: string;
  /** Why a 404 happened for this call, e.g. `deployment 42 was not found`. */
  _notFound: string;
  /** Why a 403 happened for this call. */
  _forbidden?: string;
}

const reasons: Record<PlatformApiErrorCode, string> = {
  'bad-request': 'the platform rejected the request as invalid',
  unauthorized: 'the token is missing, invalid or expired',
  forbidden: 'the token does not allow this operation',
  'not-found': 'not found',
  conflict: 'it conflicts with the current state on the platform',
  'rate-limited': 'too many requests',
  'server-error': 'the platform had an internal error',
  timeout: 'no response in time',
  network: 'the platform could not be reached (offline, refused, CORS or TLS failure)',
  'invalid-response': 'the response was not what the API specifies',
  aborted: 'it was aborted',
};

/** Longest quoted server explanation, so a verbose error page cannot flood a UI. */
const maxQuote = 200;

/**
 * Removes credentials from text that came from elsewhere (a server's error
 * message): the caller's token wherever it occurs, and anything shaped like
 * an `Authorization` header value.
 */
export function redact(text: string, token: string | undefined): string {
  let out = text;
  if (token) out = out.split(token).join('[redacted]');
  return out.replace(/\bBearer\s+[^\s"',;]+/gi, 'Bearer [redacted]');
}

/** C0 and C1 control characters (U+0085 and U+009B split text as well as a newline does). */
const controls = /[\0-\x1f\x7f-\x9f]+/g;

/**
 * Text folded so that the forms below compare: percent-escapes decoded (any
 * case, every character escaped or some), no control characters, base64url
 * as base64, one case.
 */
const fold = (text: string) =>
  text
    .replace(/%([\da-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    .replace(controls, '')
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .toLowerCase();

/**
 * Whether `text` may hold `token` in a form a misbehaving upstream echoes it
 * in: as it is, URL-encoded, base64 or base64url at any alignment (the base64
 * of any text holding the token holds one of the three cores below),
 * upper- or lower-cased, split by control characters. Such text is not
 * quoted at all: redacting every form in place would be guesswork.
 */
export function echoes(text: string, token: string | undefined): boolean {
  try {
    const seen = fold(text);
    const forms = [token!, encodeURIComponent(token!), btoa(token!), btoa(`.${token}`).slice(4), btoa(`..${token}`).slice(4)];
    // A token of one or two characters has empty base64 cores, and every text holds the empty string.
    return !!token && forms.some((form) => (form = fold(form.length > 9 ? form.slice(0, -4) : form)) && seen.includes(form));
  } catch {
    // A token with no base64 form (not Latin-1) cannot be looked for in every form: quote nothing.
    return true;
  }
}

/** Options of {@link failureMessage}. */
export interface FailureDetail {
  /** HTTP status, `0` when there was no response. */
  status: number;
  /** More precise reason than the code's default. */
  _reason?: string;
  /** The platform's own `error.message`, quoted after the reason. */
  _serverMessage?: string;
  /** Seconds from `Retry-After`. */
  retryAfter?: number;
  /** The token to keep out of the text. */
  _token?: string;
}

/** Builds the message of a failed call, e.g. `Loading the settings of deployment 42 failed: deployment 42 was not found (404).` */
export function failureMessage(wording: CallWording, code: PlatformApiErrorCode, detail: FailureDetail): string {
  // A reason may quote a value of the answer (an enum field's): one holding the token gives way to the code's own.
  let reason = detail._reason && !echoes(detail._reason, detail._token) ? detail._reason : reasons[code];
  if (!detail._reason && code === 'not-found') reason = wording._notFound;
  if (!detail._reason && code === 'forbidden' && wording._forbidden) reason = wording._forbidden;
  if (code === 'rate-limited' && detail.retryAfter !== undefined) reason += `; try again in ${detail.retryAfter} s`;
  let message = `${wording._subject} failed: ${reason}${detail.status ? ` (${detail.status})` : ''}.`;
  // Redact before truncating: a cut could leave a token prefix the redaction no longer matches.
  const redacted = redact(detail._serverMessage ?? '', detail._token);
  // What still holds the token in another form after that is not quoted at all.
  if (!echoes(redacted, detail._token)) {
    const quote = redacted.replace(controls, ' ').trim();
    const short = quote.length > maxQuote ? `${quote.slice(0, maxQuote - 1)}…` : quote;
    if (short) message += ` The platform said: "${short}"`;
  }
  return redact(message, detail._token);
}
