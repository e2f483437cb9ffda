// A host app's backend in plain Node (>= 20): it serves the page beside it and
// creates one embed session per load. Runs as written against the packaged
// mock (`npx platform-embed-mock`: port 4100, local key below); for the real
// platform, set PLATFORM_URL and PLATFORM_API_KEY.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { PlatformApiClient } from 'platform-embed';

const platform = new PlatformApiClient({
  baseUrl: process.env.PLATFORM_URL ?? 'http://127.0.0.1:4100',
  token: process.env.PLATFORM_API_KEY ?? 'mock-key-acme-admin-7f3c9a2e', // the mock's documented local key
});
const files = {
  '/': [new URL('./index.html', import.meta.url), 'text/html'],
  '/platform-embed.js': [new URL(import.meta.resolve('platform-embed/bundle/embed')), 'text/javascript'],
};

const server = createServer(async (req, res) => {
  if (req.method === 'POST' && req.url === '/embed-session') {
    // Your app's signed-in user decides who views, and what they may see.
    const user = { id: 'ada@example.com', region: 'EMEA' };
    try {
      const { sessionId } = await platform.generateSession({
        deploymentId: 42,
        externalId: user.id,
        userAttributes: [{ name: 'region', value: user.region }],
      });
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.end(JSON.stringify({ sessionId }));
    } catch (error) {
      console.error(`generate-session failed: ${error.message}`); // never holds the API key
      res.writeHead(502).end();
    }
    return;
  }
  const file = files[req.url];
  if (!file) return void res.writeHead(404).end();
  res.writeHead(200, { 'content-type': file[1] }).end(await readFile(file[0]));
});
server.listen(Number(process.env.PORT ?? 3000), () => console.log(`http://localhost:${server.address().port}/`));
