// The session endpoint behind `<platform-embed session-url="/embed-session">`
// in plain Node (>= 20): createSessionHandler is a Fetch API handler, and
// @hono/node-server's getRequestListener turns it into a node:http listener.
// That adapter is not part of platform-embed: install it in your app with
// `npm install @hono/node-server` (npm adds its peer, hono). Any other
// Fetch-to-Node adapter works the same way.
//
// Runs against `npx platform-embed-mock` as written; for the real platform, set
// PLATFORM_URL and PLATFORM_API_KEY.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { getRequestListener } from '@hono/node-server';
import { createSessionHandler } from 'platform-embed/server';

const baseUrl = process.env.PLATFORM_URL ?? 'http://127.0.0.1:4100';

const sessions = getRequestListener(
  createSessionHandler({
    baseUrl,
    apiKey: process.env.PLATFORM_API_KEY ?? 'mock-key-acme-admin-7f3c9a2e', // the mock's admin key
    deploymentId: 42,
    // Who views: your app's own sign-in decides. Here the `user` cookie that `/` sets stands in for it.
    // `null` (nobody signed in) answers 401 and the element shows its error.
    viewer: (request) => {
      const user = /(?:^|;\s*)user=([^;]+)/.exec(request.headers.get('cookie') ?? '')?.[1];
      return user ? { externalId: decodeURIComponent(user) } : null;
    },
  }),
);
const script = createRequire(import.meta.url).resolve('platform-embed/bundle/embed');

const server = createServer(async (req, res) => {
  if (req.url === '/embed-session') return sessions(req, res);
  if (req.url === '/platform-embed.js') {
    return void res.writeHead(200, { 'content-type': 'text/javascript' }).end(await readFile(script));
  }
  if (req.url === '/favicon.ico') return void res.writeHead(204).end(); // no icon, and no 404 in the console
  if (req.url !== '/') return void res.writeHead(404).end();
  res.writeHead(200, {
    'content-type': 'text/html; charset=utf-8',
    // A stand-in for your login: the page signs the visitor in as Ada.
    'set-cookie': `user=${encodeURIComponent('ada@example.com')}; HttpOnly; SameSite=Lax; Path=/`,
  });
  res.end(`<!doctype html><html lang="en"><meta charset="utf-8"><title>Sales</title>
<h1>Sales</h1>
<platform-embed base-url="${baseUrl}" dashboard="sales-overview" session-url="/embed-session"></platform-embed>
<script type="module" src="/platform-embed.js"></script></html>`);
});
server.listen(Number(process.env.PORT ?? 3000), () => console.log(`http://localhost:${server.address().port}/`));
