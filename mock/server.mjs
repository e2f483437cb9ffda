// The mock platform: a local stand-in for a tenant (management API, embed
// surfaces, test hooks) for development and tests. Never part of the
// browser bundle.
//
//   npm run mock
//   node mock/server.mjs --port 4100 --host 127.0.0.1 [--log]   (or PORT / HOST)
import { createServer } from 'node:http';
import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { createApiHandler, matchRoute } from './api.mjs';
import { createEmbedHandler } from './embed-surfaces.mjs';
import { DASHBOARDS, DEPLOYMENT_ID, WORKBOOKS } from './embed/data.js';
import { handleHooks, takeRule, applyRule } from './hooks.mjs';
import { answerPreflight, applyCors, listen, sendError } from './http.mjs';
import { MockState, apiKeys } from './state.mjs';

const embedPrefixes = ['/embed/', '/api/v1/embed/', '/mock-embed/'];

/** A log entry for a request; it records whether auth was sent, never the token. */
function logEntry(state, req, url, operation) {
  const entry = {
    seq: ++state.requestSeq,
    method: req.method,
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    operation,
    auth: req.headers.authorization !== undefined,
    key: null,
    origin: req.headers.origin ?? null,
    contentType: req.headers['content-type'] ?? null,
  };
  state.requests.push(entry);
  return entry;
}

/**
 * Starts the mock platform.
 *
 * @param {{ port?: number, host?: string, log?: boolean }} [options] port 0 picks a free port
 * @returns {Promise<{ url: string, port: number, host: string, state: MockState,
 *   keys: { admin: string, viewer: string, noAnalytics: string },
 *   reset: () => void, close: () => Promise<void> }>}
 */
export async function startMockPlatform({ port = 0, host = '127.0.0.1', log = false } = {}) {
  const state = new MockState();
  const keys = { ...apiKeys };
  let url = '';
  const baseUrl = () => url;
  // Per server, so a token issued by one run is worthless to another.
  const secret = randomBytes(32);
  const timers = new Set();
  const wait = (ms) =>
    new Promise((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
    });
  const reset = () => state.reset();
  const handleEmbed = createEmbedHandler({ state, baseUrl, keys });
  const handleApi = createApiHandler({ state, baseUrl, secret });

  async function handle(req, res) {
    // Joined as text, not resolved: a request target like `//host/x` must stay a path.
    const target = req.url?.startsWith('/') ? req.url : '/';
    const requestUrl = new URL(url + target);
    const { pathname } = requestUrl;
    applyCors(req, res);
    if (req.method === 'OPTIONS') return answerPreflight(req, res);
    if (pathname.startsWith('/__mock/')) return handleHooks(req, res, requestUrl, { state, reset });

    const embed = embedPrefixes.some((prefix) => pathname.startsWith(prefix));
    const match = embed ? undefined : matchRoute(pathname);
    const operation = match?.route.operation ?? null;
    const entry = logEntry(state, req, requestUrl, operation);
    const rule = takeRule(state, req.method, pathname, operation);
    if (rule && (await applyRule(rule, req, res, wait))) return;
    if (embed && handleEmbed(req, res, requestUrl)) return;
    if (!match) return sendError(res, 404, `No route for ${req.method} ${pathname.slice(0, 200)}`);
    await handleApi(req, res, requestUrl, match, entry);
  }

  const server = createServer((req, res) => {
    if (log) {
      const started = req.method + ' ' + (req.url ?? '/').split('?')[0];
      res.on('finish', () => console.log(`${started} -> ${res.statusCode}`));
    }
    handle(req, res).catch((error) => {
      console.error('mock platform: handler failed', error);
      if (!res.headersSent) sendError(res, 500, 'Internal mock error');
      else res.destroy();
    });
  });

  await listen(server, port, host);
  const address = server.address();
  const actualPort = address.port;
  // A wildcard bind is reached through loopback.
  const urlHost = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '[::1]' : host.includes(':') ? `[${host}]` : host;
  url = `http://${urlHost}:${actualPort}`;

  async function close() {
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
    await new Promise((resolve) => {
      server.close(() => resolve());
      // Keep-alive sockets (browsers hold them open) would otherwise keep close() waiting.
      server.closeAllConnections();
    });
  }

  return { url, port: actualPort, host, state, keys, reset, close };
}

function parseArgs(argv) {
  const options = { port: Number(process.env.PORT ?? 4100), host: process.env.HOST ?? '127.0.0.1', log: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--port') options.port = Number(argv[++i]);
    else if (arg === '--host') options.host = argv[++i];
    else if (arg === '--log') options.log = true;
    else {
      console.error(`Unknown argument ${arg}. Usage: node mock/server.mjs [--port 4100] [--host 127.0.0.1] [--log]`);
      process.exit(2);
    }
  }
  if (!Number.isInteger(options.port) || options.port < 0 || options.port > 65535) {
    console.error('--port must be an integer from 0 to 65535');
    process.exit(2);
  }
  return options;
}

/** What `npm run mock` prints: the tenant, its content and keys, and a request to paste. */
export function startBanner(mock) {
  const dashboards = Object.entries(DASHBOARDS).map(([id, d]) => `  ${id.padEnd(18)} ${d.title}   <platform-embed base-url="${mock.url}" dashboard="${id}">`);
  const workbooks = Object.entries(WORKBOOKS).map(([id, w]) => `/embed/d/${DEPLOYMENT_ID}/app/workbook/${id} (${w.title})`);
  return `Mock platform listening on ${mock.url}   (tenant "acme": base-url="${mock.url}")

Dashboards of deployment ${DEPLOYMENT_ID}:
${dashboards.join('\n')}
App and chat paths (the path attribute):
  /embed/d/${DEPLOYMENT_ID}/app, ${workbooks.join(', ')}
  /embed/d/${DEPLOYMENT_ID}/chat, /embed/chat

API keys (send as "Authorization: Bearer <key>"):
  admin        ${mock.keys.admin}   account Acme, administrator (deployments 42 and 43, usage analytics on)
  viewer       ${mock.keys.viewer}   account Acme, non-admin (usage-analytics token: 403)
  noAnalytics  ${mock.keys.noAnalytics}   account Globex, administrator (deployment 77, usage analytics off: 404)

A session for <platform-embed> (single-use, valid for 5 minutes; your backend makes this call):
  curl -s -X POST ${mock.url}/api/v1/embed/generate-session \\
    -H 'Authorization: Bearer ${mock.keys.admin}' -H 'Content-Type: application/json' \\
    -d '{"deploymentId":${DEPLOYMENT_ID},"externalId":"ada@example.com","userAttributes":[{"name":"region","value":"EMEA"}]}'

Test hooks: POST ${mock.url}/__mock/reset, POST ${mock.url}/__mock/fail, GET ${mock.url}/__mock/requests
Embed controls: POST ${mock.url}/mock-embed/sessions/expire or /fail with {"sessionId":"…"} or {"all":true}`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const mock = await startMockPlatform(parseArgs(process.argv.slice(2)));
  console.log(startBanner(mock));
  const stop = () => mock.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
