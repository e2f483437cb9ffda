// A page rendered on the server with the dashboard already in it, in plain
// Node (>= 20): the embed starts loading while the browser parses the HTML,
// and shows even before (or without) the script. Runs against `npx platform-embed-mock`
// as written; for the real platform, set PLATFORM_URL and PLATFORM_API_KEY.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { PlatformApiClient } from 'platform-embed';
import { renderEmbed } from 'platform-embed/server';

const baseUrl = process.env.PLATFORM_URL ?? 'http://127.0.0.1:4100';
const platform = new PlatformApiClient({
  baseUrl,
  token: process.env.PLATFORM_API_KEY ?? 'mock-key-acme-admin-7f3c9a2e', // the mock's admin key
});
const script = createRequire(import.meta.url).resolve('platform-embed/bundle/embed');

const server = createServer(async (req, res) => {
  if (req.url === '/platform-embed.js') {
    return void res.writeHead(200, { 'content-type': 'text/javascript' }).end(await readFile(script));
  }
  if (req.url === '/favicon.ico') return void res.writeHead(204).end(); // no icon, and no 404 in the console
  if (req.url !== '/') return void res.writeHead(404).end();
  try {
    // Your app's signed-in user decides who views; one single-use session per page.
    const { sessionId } = await platform.generateSession({ deploymentId: 42, externalId: 'ada@example.com' });
    const embed = renderEmbed({ baseUrl, session: sessionId, dashboard: 'sales-overview', attributes: { id: 'dashboard' } });
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(`<!doctype html><html lang="en"><meta charset="utf-8"><title>Sales</title>
<h1>Sales</h1>${embed}<script type="module" src="/platform-embed.js"></script></html>`);
  } catch (error) {
    console.error(`rendering failed: ${error.message}`); // never holds the API key or the session
    res.writeHead(502).end();
  }
});
server.listen(Number(process.env.PORT ?? 3000), () => console.log(`http://localhost:${server.address().port}/`));
