// A host app's backend in plain Node (>= 20): it serves the page beside it and
// creates one embed session per load. createSessionHandler refuses other
// sites' pages (403) and never sends the key; @hono/node-server's
// getRequestListener mounts that Fetch API handler on node:http. Runs as
// written against `npx platform-embed-mock` (port 4100, local key below); for
// the real platform, set PLATFORM_URL and PLATFORM_API_KEY.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { getRequestListener } from '@hono/node-server';
import { createSessionHandler } from 'platform-embed/server';

const sessions = getRequestListener(
  createSessionHandler({
    baseUrl: process.env.PLATFORM_URL ?? 'http://127.0.0.1:4100',
    apiKey: process.env.PLATFORM_API_KEY ?? 'mock-key-acme-admin-7f3c9a2e', // the mock's documented local key
    deploymentId: 42,
    // Your app's signed-in user decides who views, and what they may see (row-level security).
    viewer: () => ({ externalId: 'ada@example.com', userAttributes: [{ name: 'region', value: 'EMEA' }] }),
  }),
);
const files = {
  '/': [new URL('./index.html', import.meta.url), 'text/html'],
  '/platform-embed.js': [createRequire(import.meta.url).resolve('platform-embed/bundle/embed'), 'text/javascript'],
};

const server = createServer(async (req, res) => {
  if (req.url === '/embed-session') return sessions(req, res);
  if (req.url === '/favicon.ico') return void res.writeHead(204).end(); // no icon, and no 404 in the console
  const file = files[req.url];
  if (!file) return void res.writeHead(404).end();
  res.writeHead(200, { 'content-type': file[1] }).end(await readFile(file[0]));
});
server.listen(Number(process.env.PORT ?? 3000), () => console.log(`http://localhost:${server.address().port}/`));
