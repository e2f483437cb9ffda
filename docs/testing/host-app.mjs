// The application under test: a host page with an embedded dashboard (a
// drilldown opens a drawer, a region picker filters the dashboard), an admin
// page with the deployment panel, and the backend routes that hold the API
// key. Yours is your own app; this one is small enough to read in a minute.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createSessionRoute } from './session-route.mjs';

const bundle = createRequire(import.meta.url).resolve('platform-embed/bundle');

const pages = {
  '/': ({ platformUrl }) => `<!doctype html><html lang="en"><title>Orders</title>
<script type="module" src="/platform-embed.js"></script>
<h1>Orders</h1>
<label>Region <select id="region"><option>EMEA</option><option>APAC</option></select></label>
<platform-embed base-url="${platformUrl}" dashboard="sales-overview" frame-title="Sales"></platform-embed>
<div role="dialog" aria-labelledby="drawer-title" hidden><h2 id="drawer-title"></h2></div>
<script type="module">
  const embed = document.querySelector('platform-embed');
  embed.sessionProvider = async () => (await (await fetch('/session', { method: 'POST' })).json()).sessionId;
  embed.addEventListener('platform-drilldown', ({ detail }) => {
    document.getElementById('drawer-title').textContent = 'Orders in ' + detail.value;
    document.querySelector('[role=dialog]').hidden = false;
  });
  document.getElementById('region').addEventListener('change', (e) => embed.setFilter('orders.region', { value: e.target.value }));
</script></html>`,
  '/admin': ({ platformUrl }) => `<!doctype html><html lang="en"><title>Admin</title>
<script type="module" src="/platform-embed.js"></script>
<h1>Analytics settings</h1>
<platform-admin-panel base-url="${platformUrl}" deployment-id="42"></platform-admin-panel>
<script type="module">
  const panel = document.querySelector('platform-admin-panel');
  panel.tokenProvider = async () => (await (await fetch('/admin-token')).json()).token;
</script></html>`,
};

/**
 * Starts the app against a platform (`platformUrl`, `apiKey`) on `port` (0, the
 * default: a free one); resolves with its `url` and `close()`.
 */
export async function startHostApp({ platformUrl, apiKey, port = 0 }) {
  const session = createSessionRoute({ platformUrl, apiKey, currentUser: () => ({ email: 'ada@example.com', region: 'EMEA' }) });
  const server = createServer(async (req, res) => {
    if (req.url === '/platform-embed.js') {
      res.writeHead(200, { 'Content-Type': 'text/javascript' });
      return res.end(await readFile(bundle));
    }
    if (req.url === '/session' && req.method === 'POST') return session(req, res);
    if (req.url === '/favicon.ico') return void res.writeHead(204).end(); // no icon, and no 404 in the console
    // Demo shortcut: a real admin screen gets a short-lived token from its own backend's login.
    if (req.url === '/admin-token') {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      return res.end(JSON.stringify({ token: apiKey }));
    }
    const page = pages[req.url];
    res.writeHead(page ? 200 : 404, { 'Content-Type': 'text/html' });
    res.end(page ? page({ platformUrl }) : 'Not found');
  });
  await new Promise((resolve, reject) => server.once('error', reject).listen(port, 'localhost', resolve));
  return {
    url: `http://localhost:${server.address().port}`,
    close: () => new Promise((resolve) => (server.closeAllConnections(), server.close(resolve))),
  };
}
