// Test-server additions for the hardening suites (test/hardening/):
//
// - GET  /__hardening/config.json        fuzz settings from the environment
//                                         (FUZZ_CASES, FUZZ_SEED), so `npm run fuzz`
//                                         can scale the same tests up;
// - POST /__hardening/fuzz-report        one line per property run, appended to
//                                         FUZZ_REPORT when set (read by scripts/fuzz.mjs);
// - GET  /__hardening/tenant/**          a scriptable stand-in for the platform's embed
//                                         page (test/hardening/pages/tenant.html), so a
//                                         base URL of http://127.0.0.1:PORT/__hardening/tenant
//                                         yields a real cross-origin tenant iframe;
// - the strict page policy on test/hardening/pages/csp.html (see cspFor below);
// - POST /embed-session                  the session route of docs/hosts/html/server.mjs,
//                                         answering a fixture session;
// - GET  /__slow.gif?ms=N                a tiny image answered after N ms (at most 5 s),
//                                         which holds back the `load` event of a page that shows it.
import { appendFileSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const pagesDir = join(root, 'test', 'hardening', 'pages');

/** The page served with the strict policy. */
export const cspPagePath = '/test/hardening/pages/csp.html';

/** Prefix of the scriptable tenant pages. */
export const tenantPrefix = '/__hardening/tenant';

function fuzzConfig() {
  const cases = Number(process.env.FUZZ_CASES || NaN);
  const seed = Number(process.env.FUZZ_SEED || NaN);
  return {
    // A few thousand cases over all properties in `npm test`; `npm run fuzz` raises it.
    cases: Number.isSafeInteger(cases) && cases > 0 ? cases : 600,
    seed: Number.isSafeInteger(seed) ? seed : 20240611,
  };
}

async function readBody(req) {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The strict policy of the CSP page. `connect-src` lists the mock API origin
 * because `default-src 'self'` would otherwise refuse the admin panel's fetch
 * to another port; `frame-src` lists only the tenant origin.
 */
export function cspFor(host, apiOrigins) {
  const port = host.split(':').pop();
  const tenant = `http://127.0.0.1:${port}`;
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    `frame-src ${tenant}`,
    `connect-src 'self' ${apiOrigins.join(' ')}`.trim(),
    "require-trusted-types-for 'script'",
  ].join('; ');
}

/** Loopback origins only: the policy is built from a request value. */
function loopbackOrigin(value) {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' && /^(localhost|127\.\d+\.\d+\.\d+)$/.test(url.hostname) ? url.origin : null;
  } catch {
    return null;
  }
}

/** Koa middleware of the hardening suites (routes listed at the top of this file). */
export function hardeningMiddleware() {
  return async function hardening(ctx, next) {
    if (ctx.path === '/__hardening/config.json') {
      ctx.type = 'application/json';
      ctx.set('Cache-Control', 'no-store');
      ctx.body = JSON.stringify(fuzzConfig());
      return;
    }
    if (ctx.path === '/__hardening/fuzz-report' && ctx.method === 'POST') {
      const line = (await readBody(ctx.req)).replace(/\s+/g, ' ');
      const file = process.env.FUZZ_REPORT;
      if (file) {
        mkdirSync(dirname(file), { recursive: true });
        appendFileSync(file, `${line}\n`);
      }
      ctx.status = 204;
      return;
    }
    if (ctx.path === '/embed-session' && ctx.method === 'POST') {
      ctx.type = 'application/json';
      ctx.set('Cache-Control', 'no-store');
      ctx.body = JSON.stringify({ sessionId: 'fw-fixture-html' });
      return;
    }
    if (ctx.path === '/__slow.gif') {
      const ms = Math.min(Math.max(Number(ctx.query.ms) || 0, 0), 5000);
      await new Promise((resolve) => setTimeout(resolve, ms));
      ctx.type = 'image/gif';
      ctx.set('Cache-Control', 'no-store');
      ctx.body = Buffer.from('R0lGODlhAQABAAAAACwAAAAAAQABAAA=', 'base64');
      return;
    }
    if (ctx.path.startsWith(`${tenantPrefix}/`)) {
      ctx.type = 'text/html';
      ctx.set('Cache-Control', 'no-store');
      ctx.body = readFileSync(join(pagesDir, 'tenant.html'), 'utf8');
      return;
    }
    await next();
    if (ctx.path === cspPagePath) {
      // The mock API's origin arrives as `?api=`; only loopback origins are accepted into the policy.
      const api = loopbackOrigin(ctx.query.api ?? '');
      ctx.set('Content-Security-Policy', cspFor(ctx.host, api ? [api] : []));
      ctx.set('Cache-Control', 'no-store');
    }
  };
}

/** Every middleware of the hardening suites, to spread into the runner config's `middleware`. */
export function hardeningMiddlewares() {
  return [hardeningMiddleware()];
}
