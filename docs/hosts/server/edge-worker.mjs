// The session endpoint as an edge worker: createSessionHandler is a Fetch API
// handler, which is what Cloudflare Workers, Deno (`deno serve`) and Bun take
// as `export default { fetch }`. This worker is the endpoint alone; deploy it
// on the route your pages name in `session-url` (a worker with more routes
// checks the path first and calls the handler for this one).
//
// A public embed without sign-in: every visitor views as the same anonymous
// viewer, and the pages of the sites in ALLOWED_ORIGINS may call it from the
// browser. The handler does not rate-limit; put a rate limit on this route at
// the edge (each answer is a new session with the platform).
//
// Secrets come from the environment: `node:process` works in Deno, Bun and in
// Cloudflare Workers with the `nodejs_compat` flag (set PLATFORM_API_KEY as a
// secret there). Deno imports the package as `npm:platform-embed/server`.
// Runs against `npx platform-embed-mock` as written.
import process from 'node:process';
import { createSessionHandler } from 'platform-embed/server';

export default {
  fetch: createSessionHandler({
    baseUrl: process.env.PLATFORM_URL ?? 'http://127.0.0.1:4100',
    apiKey: process.env.PLATFORM_API_KEY ?? 'mock-key-acme-admin-7f3c9a2e', // the mock's admin key
    deploymentId: 42,
    // Anonymous: one lowercase external id for everyone, and a group your dashboards grant public data to.
    viewer: () => ({ externalId: 'public-visitor', groups: ['public'] }),
    // Other sites whose pages embed the dashboard, as exact origins; the worker's own origin needs no entry.
    allowedOrigins: (process.env.ALLOWED_ORIGINS ?? '').split(',').map((o) => o.trim()).filter(Boolean),
  }),
};
