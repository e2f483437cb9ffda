// A two-origin server for the keep-alive spike: host pages on localhost, the
// framed document on 127.0.0.1 (a real cross-origin iframe).
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';

const frame = `<!doctype html><html><body style="margin:0;background:#39f">
<button id="in1">in 1</button> <button id="in2">in 2</button>
<script>
const nonce = Math.random().toString(36).slice(2);
addEventListener('message', (e) => { if (e.data === 'ping') e.source.postMessage({ nonce, loads: 1 }, '*'); });
</script></body></html>`;

export function start() {
  const server = createServer((req, res) => {
    const url = new URL(req.url, 'http://x');
    if (url.pathname === '/frame') { res.writeHead(200, { 'content-type': 'text/html' }); res.end(frame); return; }
    if (url.pathname.endsWith('.html')) {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(readFileSync(new URL('.' + url.pathname, import.meta.url), 'utf8'));
      return;
    }
    res.writeHead(404); res.end();
  });
  return new Promise((resolve) => server.listen(0, () => resolve({ server, port: server.address().port })));
}
