// The time-to-dashboard benchmark's own server (bench/suites/ttd.mjs). It
// plays a host app whose page is made on the server, and the tenant:
//
//   GET  /ttd/page?arm=…&tenant=…  the host page of one arm (see ARMS below); the
//                                  server-made arms wait `sessionMs` first, as a
//                                  backend calling generate-session does
//   GET  /ttd/late.js?arm=…        the page's module script, answered after `scriptMs`
//   POST /ttd/session              the host's session route, answered after `sessionMs`
//   GET  /ttd/log                  when the last page was requested, when each
//                                  embed navigation reached the server and when the
//                                  slow tenant accepted each connection (ms, server clock)
//   GET  /embed/*, /pages/embed.js the stand-in embed document (bench/pages/embed.html)
//   GET  /dist/*                   the built package
//
// It listens on every loopback address: the page on http://localhost:PORT, the
// tenant on http://127.0.0.1:PORT. A second tenant, http://127.0.0.1:SLOW_PORT,
// is a TCP relay that holds each new connection `connectMs` before passing it on:
// a connection there costs what a TLS handshake to a distant tenant costs, and a
// connection opened early (preconnect) has paid it before the navigation needs it.
import { createServer } from 'node:http';
import { connect, createServer as createTcpServer } from 'node:net';
import { readFile } from 'node:fs/promises';
import { join, normalize, sep } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'dist');
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The arms: how the page puts the dashboard in. */
export const ARMS = {
  plain: 'a plain <iframe> with a size and a server-made session in its URL',
  server: 'the server-rendered element (renderEmbed)',
  client: 'the client-rendered element with a sessionProvider',
  'client-rule': 'the client-rendered element with the platform-embed:not(:defined) rule',
  'slow-preconnect': 'the client-rendered element on a tenant whose connections cost (its own preconnect)',
  'slow-no-preconnect': 'the same with the element\'s preconnect link kept out of the page',
};

const html = (s) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Starts both servers; resolves with their origins, `close()` and the timing log. */
export async function startTtdServer({ scriptMs = 600, sessionMs = 150, connectMs = 100 } = {}) {
  const { renderEmbed } = await import('../dist/server/index.js');
  const log = { documentAt: 0, embeds: [], connections: [] };
  let sessions = 0;

  function page(arm, tenant, session) {
    const head = [
      // Layout shifts from the first paint on, without recent input.
      `<script>window.cls=0;new PerformanceObserver(function(l){l.getEntries().forEach(function(e){if(!e.hadRecentInput)cls+=e.value})}).observe({type:'layout-shift',buffered:true})</script>`,
    ];
    if (arm === 'client-rule') head.push('<style>platform-embed:not(:defined){display:block;height:600px}</style>');
    // The element skips its link where the page has one for the origin; this page drops any it appends.
    if (arm === 'slow-no-preconnect') {
      head.push(`<script>(function(h){var a=h.append;h.append=function(n){if(n&&n.rel==='preconnect')return;return a.apply(h,arguments)}})(document.head)</script>`);
    }
    let embed;
    if (arm === 'plain') {
      const src = `${tenant}/embed/dashboard/ttd?session=${encodeURIComponent(session)}`;
      embed = `<iframe src="${html(src)}" title="Embedded analytics" style="display:block;width:100%;height:600px;border:0" onload="window.loaded=true"></iframe>`;
    } else if (arm === 'server') {
      embed = renderEmbed({ baseUrl: tenant, session, dashboard: 'ttd' });
    } else {
      embed = `<platform-embed base-url="${html(tenant)}" dashboard="ttd"></platform-embed>`;
    }
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>bench: time to dashboard</title>${head.join('')}</head>
<body style="margin:8px;font:16px/1.5 sans-serif"><h1 style="font-size:24px;margin:0 0 8px">Report</h1>${embed}
<p>First paragraph below the embed: what a report page has under its dashboard, a few lines of text that move if the embed's box appears late.</p>
<p>Second paragraph below the embed, as on the page the layout-shift figure was first measured on.</p>
<script type="module" src="/ttd/late.js?arm=${html(arm)}"></script></body></html>`;
  }

  function lateScript(arm) {
    if (arm === 'plain') return 'window.scriptRan = true;';
    const provider = arm === 'server' ? '' : `document.querySelector('platform-embed').sessionProvider = () => fetch('/ttd/session', { method: 'POST' }).then((r) => r.json()).then((j) => j.sessionId);`;
    return `import '/dist/platform-embed-embed.min.js';\n${provider}\nwindow.scriptRan = true;`;
  }

  async function handle(req, res) {
    const url = new URL(req.url ?? '/', 'http://ttd.invalid');
    const send = (status, type, body) => res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store' }).end(body);
    if (url.pathname === '/ttd/page') {
      log.documentAt = performance.now();
      log.embeds = [];
      log.connections = [];
      const arm = url.searchParams.get('arm');
      const tenant = url.searchParams.get('tenant');
      let session = '';
      if (arm === 'plain' || arm === 'server') {
        await sleep(sessionMs);
        session = `ttd-${++sessions}`;
      }
      return send(200, 'text/html; charset=utf-8', page(arm, tenant, session));
    }
    if (url.pathname === '/ttd/late.js') {
      await sleep(scriptMs);
      return send(200, 'text/javascript', lateScript(url.searchParams.get('arm')));
    }
    if (url.pathname === '/ttd/session' && req.method === 'POST') {
      await sleep(sessionMs);
      return send(200, 'application/json', JSON.stringify({ sessionId: `ttd-${++sessions}` }));
    }
    if (url.pathname === '/ttd/log') {
      return send(200, 'application/json', JSON.stringify(log));
    }
    if (url.pathname.startsWith('/embed/')) {
      log.embeds.push(performance.now());
      return send(200, 'text/html; charset=utf-8', await readFile(join(root, 'bench', 'pages', 'embed.html')));
    }
    if (url.pathname === '/pages/embed.js') return send(200, 'text/javascript', await readFile(join(root, 'bench', 'pages', 'embed.js')));
    if (url.pathname.startsWith('/dist/')) {
      const file = normalize(join(dist, decodeURIComponent(url.pathname.slice(6))));
      if (file.startsWith(dist + sep)) return send(200, 'text/javascript', await readFile(file));
    }
    send(404, 'text/plain', 'not found');
  }

  const server = createServer((req, res) => handle(req, res).catch(() => res.writeHead(500).end()));
  await new Promise((resolve) => server.listen({ port: 0, host: '::', ipv6Only: false }, resolve));
  const port = server.address().port;

  const sockets = new Set();
  const relay = createTcpServer((socket) => {
    log.connections.push(performance.now());
    sockets.add(socket);
    socket.pause();
    setTimeout(() => {
      const upstream = connect(port, '127.0.0.1');
      sockets.add(upstream);
      socket.pipe(upstream).pipe(socket);
      socket.resume();
      const end = () => {
        socket.destroy();
        upstream.destroy();
      };
      socket.on('error', end).on('close', end);
      upstream.on('error', end).on('close', end);
    }, connectMs);
  });
  await new Promise((resolve) => relay.listen({ port: 0, host: '::', ipv6Only: false }, resolve));

  return {
    hostOrigin: `http://localhost:${port}`,
    tenantOrigin: `http://127.0.0.1:${port}`,
    slowTenantOrigin: `http://127.0.0.1:${relay.address().port}`,
    settings: { scriptMs, sessionMs, connectMs },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      server.closeAllConnections();
      await Promise.all([new Promise((r) => server.close(r)), new Promise((r) => relay.close(r))]);
    },
  };
}
