// Test-server additions for the model-based lifecycle test (test/model/):
//
// - POST /__model-session/<key>/<viewer>[?delay=<ms>]
//       a host backend's `session-url`: after `delay` ms, a real session of
//       the mock platform for the external viewer <viewer> (deployment 42).
//       Calls are counted per <key> (one key per element), with the most that
//       were ever in flight at once.
// - GET /__model-config.js
//       `export const runs, seed, path, replayPath, mix, verbose`: how many
//       sequences to run, the seed, a replay path and the commands' own
//       replay path, one mix only (MODEL_RUNS, MODEL_SEED, MODEL_PATH,
//       MODEL_REPLAY_PATH, MODEL_MIX; MODEL_TIME_LIMIT in ms stops a property, its shrinking
//       included; MODEL_VERBOSE=1 prints every sequence; see scripts/test-model.mjs).
// - server command `model` (`executeServerCommand('model', { op, … })`):
//       `{ op: 'pages', since }` → every embed page of the mock from index
//       `since` on: `{ index, path, ok, sessionId, viewer, refusal, gone, query, fullscreen }`
//       (`viewer`: whose session the page opened with; `query`: the page
//       address's parameters, the session left out, of the latest navigation with that session;
//       `fullscreen`: the page's own `document.fullscreenEnabled`, as it reported it);
//       `{ op: 'calls' }` → `{ [key]: { calls, inFlight, maxInFlight } }`.
import { runningMock } from './mock-platform-plugin.mjs';

const DEPLOYMENT_ID = 42;

/** The page addresses the mock served, by session id, read from its request log as it grows. */
function pageQueries() {
  const bySession = new Map();
  let log = null;
  let cursor = 0;
  return (state) => {
    if (state.requests !== log) {
      log = state.requests;
      cursor = 0;
    }
    for (; cursor < log.length; cursor++) {
      const entry = log[cursor];
      if (entry.method !== 'GET' || !entry.path.startsWith('/embed/') || !entry.query?.session) continue;
      // The latest navigation with a session is the one its live page shows: an element without a session
      // source sends its spent session again, with the parameters of its new load.
      const { session, ...query } = entry.query;
      bySession.set(session, query);
    }
    return bySession;
  };
}

const calls = new Map();

/** Koa middleware: the `session-url` backend of the model test. */
export function modelSessionMiddleware() {
  return async function modelSession(ctx, next) {
    const match = /^\/__model-session\/([\w-]+)\/([a-z0-9-]+)$/.exec(ctx.path);
    if (!match || ctx.method !== 'POST') return next();
    const [, key, viewer] = match;
    const count = calls.get(key) ?? { calls: 0, inFlight: 0, maxInFlight: 0 };
    calls.set(key, count);
    count.calls += 1;
    count.inFlight += 1;
    count.maxInFlight = Math.max(count.maxInFlight, count.inFlight);
    try {
      for await (const chunk of ctx.req) void chunk;
      const delay = Math.min(Number(ctx.query.delay) || 0, 5000);
      if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
      const mock = runningMock();
      const response = await fetch(`${mock.url}/api/v1/embed/generate-session`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${mock.keys.admin}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ deploymentId: DEPLOYMENT_ID, externalId: viewer }),
      });
      ctx.status = response.status;
      ctx.type = 'application/json';
      ctx.set('Cache-Control', 'no-store');
      ctx.body = await response.text();
    } finally {
      count.inFlight -= 1;
    }
  };
}

/** @returns {import('@web/test-runner').TestRunnerPlugin} */
export function modelPlugin() {
  const queries = pageQueries();
  return {
    name: 'model',
    serve(context) {
      if (context.path !== '/__model-config.js') return undefined;
      const runs = Number(process.env.MODEL_RUNS) || 0;
      const seed = process.env.MODEL_SEED ? Number(process.env.MODEL_SEED) : null;
      const path = process.env.MODEL_PATH || null;
      return { body: `export const runs = ${runs};\nexport const seed = ${JSON.stringify(seed)};\nexport const path = ${JSON.stringify(path)};\nexport const replayPath = ${JSON.stringify(process.env.MODEL_REPLAY_PATH || null)};\nexport const verbose = ${process.env.MODEL_VERBOSE === '1'};\nexport const mix = ${JSON.stringify(process.env.MODEL_MIX || null)};\nexport const timeLimit = ${Number(process.env.MODEL_TIME_LIMIT) || 0};\n`, type: 'js' };
    },
    async executeCommand({ command, payload }) {
      if (command !== 'model') return undefined;
      const mock = runningMock();
      const { op, since = 0 } = payload ?? {};
      if (op === 'calls') return Object.fromEntries(calls);
      if (op !== 'pages') return { error: `unknown op ${op}` };
      const viewers = new Map(mock.state.generated.map(({ sessionId, record }) => [sessionId, record.viewer]));
      const bySession = queries(mock.state);
      return mock.registry.embeds().slice(since).map((embed, i) => ({
        index: since + i,
        path: embed.path,
        ok: embed.session,
        sessionId: embed.sessionId ?? null,
        viewer: viewers.get(embed.sessionId) ?? null,
        refusal: embed.refusal ?? null,
        gone: embed.gone,
        query: bySession.get(embed.sessionId) ?? null,
        fullscreen: embed.fullscreen ?? null,
      }));
    },
  };
}
