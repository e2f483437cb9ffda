// Small HTTP helpers of the mock platform: JSON answers, the error body,
// request bodies and the CORS rule.

/** Error `code` of the error body for a status. */
export function errorCode(status) {
  const codes = {
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
export function sendJson(res, status, body, headers = {}) {
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
export function sendError(res, status, message, { field, headers } = {}) {
  const error = { code: errorCode(status), message };
  if (field) error.field = field;
  sendJson(res, status, { error }, headers);
}

const maxBody = 1024 * 1024;

/** Reads the request body as text (at most 1 MiB; more rejects). */
export function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    req.on('data', (chunk) => {
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
export function isLoopbackOrigin(origin) {
  if (!origin) return false;
  let url;
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
export function applyCors(req, res) {
  const origin = req.headers.origin;
  res.setHeader('Vary', 'Origin');
  if (!isLoopbackOrigin(origin)) return false;
  res.setHeader('Access-Control-Allow-Origin', origin);
  res.setHeader('Access-Control-Expose-Headers', 'Retry-After');
  return true;
}

/** Answers a preflight: 204 with the allowed methods and headers, 403 for a foreign origin. */
export function answerPreflight(req, res) {
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
export function listen(server, port, host) {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}
