// Small HTTP helpers of the mock platform: JSON answers, the error body,
// request bodies and the CORS rule.
import type { IncomingMessage, OutgoingHttpHeaders, Server, ServerResponse } from 'node:http';

/** Error `code` of the error body for a status. */
export function errorCode(status: number): string {
  const codes: Record<number, string> = {
    400: 'bad-request',
    401: 'unauthorized',
    403: 'forbidden',
    404: 'not-found',
    405: 'method-not-allowed',
    409: 'conflict',
    429: 'rate-limited',
  };
  return codes[status] ?? (status >= 500 ? 'server-error' : 'error');
}

/** Answers `status` with a JSON body. */
export function sendJson(res: ServerResponse, status: number, body: unknown, headers: OutgoingHttpHeaders = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'Cache-Control': 'no-store',
    ...headers,
  });
  res.end(text);
}

/** Answers with the error body `{ error: { code, message, field? } }`. */
export function sendError(
  res: ServerResponse,
  status: number,
  message: string,
  { field, headers }: { field?: string; headers?: OutgoingHttpHeaders } = {},
): void {
  const error: { code: string; message: string; field?: string } = { code: errorCode(status), message };
  if (field) error.field = field;
  sendJson(res, status, { error }, headers);
}

const maxBody = 1024 * 1024;

/** Reads the request body as text (at most 1 MiB; more rejects). */
export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBody) {
        reject(new Error('body too large'));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/**
 * Loopback origins (`localhost`, `127.0.0.0/8`, `[::1]`, any port, http or
 * https) may call the mock from a browser: the mock only serves local
 * development and tests, and a wildcard would also admit any website the
 * developer happens to visit.
 */
export function isLoopbackOrigin(origin: string | undefined): boolean {
  if (!origin) return false;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  return url.hostname === 'localhost' || url.hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(url.hostname);
}

export const corsMethods = 'GET, PUT, POST, DELETE';
export const corsHeaders = 'Authorization, Content-Type';

/** Sets the CORS response headers for an allowed origin. Returns whether the origin is allowed. */
export function applyCors(req: IncomingMessage, res: ServerResponse): boolean {
  const origin = req.headers.origin;
  res.setHeader('Vary', 'Origin');
  if (!origin || !isLoopbackOrigin(origin)) return false;
  res.setHeader('Access-Control-Allow-Origin', origin);
  res.setHeader('Access-Control-Expose-Headers', 'Retry-After');
  return true;
}

/** Answers a preflight: 204 with the allowed methods and headers, 403 for a foreign origin. */
export function answerPreflight(req: IncomingMessage, res: ServerResponse): void {
  if (!isLoopbackOrigin(req.headers.origin)) {
    sendError(res, 403, 'Origin not allowed: the mock platform accepts loopback origins only');
    return;
  }
  res.writeHead(204, {
    'Access-Control-Allow-Methods': corsMethods,
    'Access-Control-Allow-Headers': corsHeaders,
    'Access-Control-Max-Age': '600',
  });
  res.end();
}

/** Starts `server` on `port` and `host`; rejects when it cannot listen (e.g. the port is taken). */
export function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const failed = (error: NodeJS.ErrnoException) => {
      // The port is what a user can act on, so the error names it.
      const taken = error.code === 'EADDRINUSE';
      const reason = taken ? 'is already in use' : `cannot be listened on (${error.code ?? error.message})`;
      reject(Object.assign(new Error(`The mock platform could not start: port ${port} on ${host} ${reason}.`), { code: error.code, port }));
    };
    server.once('error', failed);
    server.listen(port, host, () => {
      server.off('error', failed);
      resolve();
    });
  });
}

/**
 * The key of an `Authorization` header: `Bearer <key>`, as the platform's API
 * description says, or `Api-Key <key>`, as its own examples send it (either
 * scheme name in any case). Undefined for anything else.
 */
export function keyOf(header: string | undefined): string | undefined {
  return /^(?:Bearer|Api-Key) (\S+)$/i.exec(header ?? '')?.[1];
}
