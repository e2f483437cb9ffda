/**
 * The body of a session request: `{ "dashboard": "<id>" }` or
 * `{ "path": "/embed/..." }`, as `<platform-embed session-url>` sends it,
 * at most 4 KB. A body the endpoint cannot use is refused with a reason the
 * caller may see (it names a rule, never echoes the body).
 */
import { embedPathProblem } from '../embed/url.js';
import { isPlainObject } from '../schema.js';
import type { SessionWanted } from './session-options.js';

/** The most bytes a session request body may have. */
export const MAX_SESSION_BODY_BYTES = 4096;

/** The parsed request, or why it was refused. */
export type ParsedWanted = { ok: true; wanted: SessionWanted } | { ok: false; reason: string };

const tooLarge = `the request body must be at most ${MAX_SESSION_BODY_BYTES} bytes`;

/**
 * Reads at most {@link MAX_SESSION_BODY_BYTES} of `request`'s body. The
 * declared `Content-Length` is checked first, then the bytes actually read:
 * the header may be missing (a chunked body) or wrong.
 */
async function readSmall(request: Request): Promise<{ ok: true; bytes: Uint8Array } | { ok: false; reason: string }> {
  const declared = request.headers.get('content-length');
  if (declared !== null && !(/^\d+$/.test(declared.trim()) && Number(declared) <= MAX_SESSION_BODY_BYTES)) {
    return { ok: false, reason: tooLarge };
  }
  if (request.body === null) return { ok: true, bytes: new Uint8Array(0) };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > MAX_SESSION_BODY_BYTES) {
        // Stop reading at once: an endless stream must not hold the handler.
        reader.cancel().catch(() => {});
        return { ok: false, reason: tooLarge };
      }
      chunks.push(value);
    }
  } catch {
    return { ok: false, reason: 'the request body could not be read' };
  } finally {
    reader.releaseLock();
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return { ok: true, bytes };
}

/**
 * Reads and checks the body of a session request. An empty body asks for
 * nothing in particular (`{}`), as a hand-written `sessionProvider` that
 * posts without a body does; anything else must be a JSON object whose
 * `dashboard` is a non-empty string or whose `path` is an in-embed path
 * under `/embed/`, not both. Other fields are ignored, so an element that
 * sends more in a later version still gets its session.
 */
export async function readWanted(request: Request): Promise<ParsedWanted> {
  const read = await readSmall(request);
  if (!read.ok) return read;
  if (read.bytes.byteLength === 0) return { ok: true, wanted: Object.freeze({}) };
  let data: unknown;
  try {
    data = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(read.bytes));
  } catch {
    return { ok: false, reason: 'the request body is not JSON' };
  }
  if (!isPlainObject(data)) return { ok: false, reason: 'the request body must be a JSON object' };
  const { dashboard, path } = data;
  if (dashboard !== undefined && path !== undefined) return { ok: false, reason: 'the request body may name a dashboard or a path, not both' };
  if (dashboard !== undefined) {
    if (typeof dashboard !== 'string' || dashboard.trim() === '') return { ok: false, reason: 'dashboard must be a non-empty string' };
    return { ok: true, wanted: Object.freeze({ dashboard }) };
  }
  if (path !== undefined) {
    if (typeof path !== 'string') return { ok: false, reason: 'path must be a string' };
    // The element's own rule for its `path`, so a viewer function that grants by path sees only paths the element could load.
    const problem = embedPathProblem(path);
    if (problem) return { ok: false, reason: `path ${problem}` };
    return { ok: true, wanted: Object.freeze({ path }) };
  }
  return { ok: true, wanted: Object.freeze({}) };
}
