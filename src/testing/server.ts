// The mock platform's HTTP server: a local stand-in for a tenant (management
// API, generate-session, embed pages and their control channel, test hooks).
// `startMockServer` is the whole of it with the seed's fixed keys, for this
// repository's demo and tests; `startMockPlatform` (index.ts) is the same
// server as the testing kit offers it to customers.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import { createApiHandler, matchRoute } from './api.js';
import { EmbedRegistry } from './control.js';
import { createEmbedHandler, type EmbedState } from './sessions.js';
import { handleHooks, takeRule, applyRule } from './hooks.js';
import { answerPreflight, applyCors, listen, readBody, sendError } from './http.js';
import { MockState, apiKeys, type ApiKeys, type RequestEntry, type StateSeed } from './state.js';

const embedPrefixes = ['/embed/', '/api/v1/embed/', '/mock-embed/'];

/** Options of {@link startMockServer}. */
export interface MockServerOptions {
  /** Port to listen on; 0 (the default) picks a free one. */
  port?: number;
  /** Interface to listen on; default `127.0.0.1`. */
  host?: string;
  /** Logs every request with its status. */
  log?: boolean;
  /** The API keys; default the seed's fixed ones. */
  keys?: Partial<ApiKeys>;
  /** The groups generate-session accepts and the dashboards they may open; default `seedGroups`, every dashboard open. */
  seed?: StateSeed;
}

/** A running mock server. */
export interface MockServer {
  url: string;
  port: number;
  host: string;
  state: MockState & EmbedState;
  keys: Readonly<ApiKeys>;
  registry: EmbedRegistry;
  reset: () => void;
  close: () => Promise<void>;
}

/** The operation of a request, as the client and the failure rules name it. */
function operationOf(pathname: string, embed: boolean): string | null {
  if (pathname === '/api/v1/embed/generate-session') return 'generateSession';
  if (pathname === '/api/v1/embed/session/revoke') return 'revokeSession';
  return embed ? null : (matchRoute(pathname)?.route.operation ?? null);
}

/** A log entry for a request; it records whether auth was sent, never the token. */
function logEntry(state: MockState, req: IncomingMessage, url: URL, operation: string | null): RequestEntry {
  const entry: RequestEntry = {
    seq: ++state.requestSeq,
    method: req.method ?? 'GET',
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

/** Starts the mock platform's server. */
export async function startMockServer({ port = 0, host = '127.0.0.1', log = false, keys: given = {}, seed }: MockServerOptions = {}): Promise<MockServer> {
  const keys: Readonly<ApiKeys> = Object.freeze({ ...apiKeys, ...given });
  const state = new MockState(keys, seed) as MockState & EmbedState;
  let url = '';
  const baseUrl = () => url;
  // Per server, so a token issued by one run is worthless to another.
  const secret = randomBytes(32);
  const timers = new Set<NodeJS.Timeout>();
  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
    });
  const reset = () => state.reset();
  // An auth failure ends the page's credential and the session it came from, as the platform's would.
  const registry = new EmbedRegistry((credential) => {
    const c = state.credentials.get(credential);
    if (!c) return;
    c.expiresAt = Date.now() - 1;
    const session = state.sessions.get(c.sessionId);
    if (session) session.expiresAt = Date.now() - 1;
  });
  const handleEmbed = createEmbedHandler({ state, registry });
  const handleApi = createApiHandler({ state, baseUrl, secret });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    // Joined as text, not resolved: a request target like `//host/x` must stay a path.
    const target = req.url?.startsWith('/') ? req.url : '/';
    const requestUrl = new URL(url + target);
    const { pathname } = requestUrl;
    applyCors(req, res);
    if (req.method === 'OPTIONS') return answerPreflight(req, res);
    if (pathname.startsWith('/__mock/')) return handleHooks(req, res, requestUrl, { state, reset });
    // The control channel is the kit's own wiring, not traffic of the platform's.
    if (pathname.startsWith('/mock-embed/control')) return void handleEmbed(req, res, requestUrl);

    const embed = embedPrefixes.some((prefix) => pathname.startsWith(prefix));
    const match = embed ? undefined : matchRoute(pathname);
    const operation = operationOf(pathname, embed);
    const entry = logEntry(state, req, requestUrl, operation);
    const method = req.method ?? 'GET';
    const rule = takeRule(state, method, pathname, operation);
    // A request a rule answers is still logged with what it tried to write.
    if (rule && (rule.status !== undefined || rule.body !== undefined) && (method === 'PUT' || method === 'POST')) {
      const text = await readBody(req).catch(() => '');
      try {
        entry.body = text ? JSON.parse(text) : undefined;
      } catch {
        entry.body = text.slice(0, 2000);
      }
    }
    if (rule && (await applyRule(rule, req, res, wait))) return;
    if (embed && handleEmbed(req, res, requestUrl, entry)) return;
    if (!match) return sendError(res, 404, `No route for ${method} ${pathname.slice(0, 200)}`);
    await handleApi(req, res, requestUrl, match, entry);
  }

  const server = createServer((req, res) => {
    if (log) {
      const started = req.method + ' ' + (req.url ?? '/').split('?')[0];
      res.on('finish', () => console.log(`${started} -> ${res.statusCode}`));
    }
    handle(req, res).catch((error: unknown) => {
      console.error('mock platform: handler failed', error);
      if (!res.headersSent) sendError(res, 500, 'Internal mock error');
      else res.destroy();
    });
  });

  await listen(server, port, host);
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  // A wildcard bind is reached through loopback.
  const urlHost = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '[::1]' : host.includes(':') ? `[${host}]` : host;
  url = `http://${urlHost}:${actualPort}`;

  let closing: Promise<void> | undefined;
  function close(): Promise<void> {
    closing ??= new Promise<void>((resolve) => {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      registry.close();
      server.close(() => resolve());
      // Keep-alive sockets (browsers hold them open) would otherwise keep close() waiting.
      server.closeAllConnections();
    });
    return closing;
  }

  return { url, port: actualPort, host, state, keys, registry, reset, close };
}
