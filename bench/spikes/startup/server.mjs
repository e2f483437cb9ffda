// A two-origin server for the start-up spike: the host page on localhost, the
// stand-in embed document on 127.0.0.1 (a real cross-origin, out-of-process
// iframe). Same isolation headers as bench/server.mjs. It notes the Referer of
// every embed request (`/referers` answers them, `?reset` clears them).
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';

const embed = `<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,"></head><body><script>
parent.postMessage({ spike: 'start', timeOrigin: performance.timeOrigin, href: location.href, referrer: document.referrer, fullscreen: document.fullscreenEnabled }, '*');
</script></body></html>`;

export function start() {
  const referers = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url, 'http://spike.invalid');
    const headers = {
      'Cache-Control': 'no-store',
      'Cross-Origin-Embedder-Policy': 'require-corp',
      'Cross-Origin-Resource-Policy': 'cross-origin',
      'Content-Type': 'text/html; charset=utf-8',
    };
    if (url.pathname.startsWith('/embed/')) {
      referers.push({ url: url.pathname + url.search, referer: req.headers.referer ?? null });
      res.writeHead(200, headers).end(embed);
    } else if (url.pathname === '/requested') {
      // Whether an embed URL was asked (the Referer log is kept until /referers empties it).
      res.writeHead(200, { 'Content-Type': 'text/plain' }).end(String(referers.some((r) => r.url === url.searchParams.get('url'))));
    } else if (url.pathname === '/referers') {
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(referers.splice(0)));
    } else if (url.pathname === '/page.html' || url.pathname === '/page.js') {
      if (url.pathname.endsWith('.js')) headers['Content-Type'] = 'text/javascript; charset=utf-8';
      else headers['Cross-Origin-Opener-Policy'] = 'same-origin';
      res.writeHead(200, headers).end(readFileSync(new URL(`.${url.pathname}`, import.meta.url)));
    } else res.writeHead(404).end();
  });
  return new Promise((resolve) => server.listen({ port: 0, host: '::', ipv6Only: false }, () => resolve({ server, port: server.address().port })));
}
