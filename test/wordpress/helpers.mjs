// Helpers of the WordPress tests: signing in, the settings form, posts made
// from PHP, raw HTTP requests (with a chosen client address), and waiting for
// a ready dashboard in the mock's embed page.
import { request } from 'node:http';
import { USERS } from './site.mjs';

const php = (s) => `'${String(s).replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;

import { eventually } from '../e2e/helpers.mjs';

export { eventually };

/**
 * A plain HTTP request through node:http, so that every header (Origin,
 * Sec-Fetch-Site, Content-Length) is exactly as given, and from a chosen
 * loopback address (`localAddress`), which the plugin's rate limit counts by.
 * @returns {Promise<{ status: number, headers: Headers, text: string }>}
 */
export function httpRequest(url, { method = 'GET', headers = {}, body, localAddress } = {}) {
  return new Promise((resolve, reject) => {
    const outgoing = { ...headers };
    if (body !== undefined && outgoing['content-length'] === undefined) outgoing['content-length'] = String(Buffer.byteLength(body));
    const req = request(url, { method, headers: outgoing, localAddress }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => {
        const answer = new Headers();
        for (let i = 0; i < res.rawHeaders.length; i += 2) answer.append(res.rawHeaders[i], res.rawHeaders[i + 1]);
        resolve({ status: res.statusCode, headers: answer, text: Buffer.concat(chunks).toString('utf8') });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

/** Creates a published post (or page) from PHP; returns `{ id, url }`. */
export function createPost(wp, { title, content, type = 'post', status = 'publish' }) {
  return wp.phpJson(`$id = wp_insert_post( wp_slash( array( 'post_title' => ${php(title)}, 'post_content' => ${php(content)}, 'post_type' => ${php(type)}, 'post_status' => ${php(status)}, 'post_author' => 1 ) ), true );
if ( is_wp_error( $id ) ) { fwrite( STDERR, $id->get_error_message() ); exit( 1 ); }
echo wp_json_encode( array( 'id' => $id, 'url' => get_permalink( $id ) ) );`);
}

/** A browser context signed in as `who` ('admin', 'editor', 'subscriber') through wp-login.php. */
export async function signedInContext(browser, wp, who) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${wp.url}/wp-login.php`);
  await page.fill('#user_login', USERS[who].login);
  await page.fill('#user_pass', USERS[who].password);
  await Promise.all([page.waitForURL(/\/wp-admin\//), page.click('#wp-submit')]);
  await page.close();
  return context;
}

export const SETTINGS_PATH = '/wp-admin/options-general.php?page=platform-embed';

/**
 * Fills the settings form by its labels and saves it. Fields left undefined
 * are not touched. Returns the HTML of the page WordPress shows after saving.
 */
export async function saveSettings(page, wp, { baseUrl, apiKey, deploymentId, viewers } = {}) {
  await page.goto(`${wp.url}${SETTINGS_PATH}`);
  if (baseUrl !== undefined) await page.getByLabel('Base URL', { exact: true }).fill(baseUrl);
  if (apiKey !== undefined) await page.getByLabel('API key', { exact: true }).fill(apiKey);
  if (deploymentId !== undefined) await page.getByLabel('Deployment ID', { exact: true }).fill(String(deploymentId));
  if (viewers !== undefined) await page.getByLabel('Who may view', { exact: true }).selectOption(viewers);
  await Promise.all([page.waitForURL(/options-general\.php\?page=platform-embed.*settings-updated/), page.locator('form #submit, form [type="submit"]').first().click()]);
  return page.content();
}

/** The plugin's settings in public mode against the harness's mock platform. */
export const configured = (wp, more = {}) => ({ baseUrl: wp.platform.url, apiKey: wp.platform.apiKey, deploymentId: 42, viewers: 'public', ...more });

/** The session route named by the first rendered `session-url` in `html`, resolved against `pageUrl`. */
export function sessionUrlIn(html, pageUrl) {
  const raw = /<platform-embed\b[^>]*\ssession-url="([^"]+)"/.exec(html)?.[1];
  return raw ? new URL(raw.replaceAll('&amp;', '&').replaceAll('&#038;', '&'), pageUrl).href : null;
}

/**
 * Waits until every `<platform-embed>` of `page` is ready and each mock embed
 * page shows its dashboard with data (the widget grid loaded, a KPI with a
 * number); returns the embed frames.
 */
export async function readyDashboards(page, count = 1) {
  await eventually(
    () => page.evaluate((n) => {
      const all = [...document.querySelectorAll('platform-embed')];
      return all.length === n && all.every((e) => e.ready === true && e.hasAttribute('ready'));
    }, count),
    `${count} ready <platform-embed>`,
    { timeoutMs: 20_000 },
  );
  const frames = page.frames().filter((f) => /\/embed\/dashboard\//.test(f.url()));
  for (const frame of frames) {
    await eventually(
      () => frame.evaluate(() => document.querySelector('[data-testid="widget-grid"]')?.getAttribute('aria-busy') === 'false' && Number(document.querySelector('.kpi-value')?.dataset.value) > 0),
      'the dashboard shows its data',
    );
  }
  return frames;
}

/**
 * A page cache in front of WordPress, as a site would put one (Varnish, a
 * CDN, a caching plugin): `path` is answered from `html`, stored once, and
 * WordPress renders nothing for it; every other request goes through to
 * WordPress. Resolves with its origin and `close()`.
 */
export async function startPageCache(wp, path, html) {
  const { createServer } = await import('node:http');
  const target = new URL(wp.url);
  let hits = 0;
  const server = createServer((req, res) => {
    if (req.method === 'GET' && req.url === path) {
      hits += 1;
      res.writeHead(200, { 'content-type': 'text/html; charset=UTF-8', 'x-cache': 'HIT' });
      res.end(html);
      return;
    }
    const upstream = request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode, answer.rawHeaders);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    hits: () => hits,
    close: () => new Promise((resolve) => (server.closeAllConnections(), server.close(resolve))),
  };
}
