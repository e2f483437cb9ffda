// `platform-embed/server`: renderEmbed's markup read back with a real HTML
// parser (parse5, the WHATWG parsing algorithm), every option, every refusal,
// hostile values in every option, and imports in plain Node with no DOM.
// Needs a built dist/ (`npm run build`).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { parse } from 'parse5';
import { renderEmbed } from '../../dist/server/index.js';
import { EMBED_CSS } from '../../dist/embed/styles.js';
import { KEEPER_SCRIPT } from '../../dist/server/keeper.js';

const base = { baseUrl: 'http://localhost:4000', session: 'ses_abc', dashboard: 'sales-overview' };

/** Every element of the parsed tree, template contents included. */
function elements(node, out = []) {
  for (const child of node.childNodes ?? []) {
    if (child.tagName) out.push(child);
    elements(child, out);
    if (child.content) elements(child.content, out);
  }
  return out;
}

const attrs = (el) => Object.fromEntries(el.attrs.map((a) => [a.name, a.value]));
const text = (el) => el.childNodes.map((n) => n.value ?? '').join('');

/**
 * Parses `html` as the body of a document and checks the one shape renderEmbed
 * may produce; returns its parts.
 */
function parts(html) {
  const doc = parse(`<!doctype html><html><head></head><body>${html}</body></html>`);
  const all = elements(doc);
  assert.deepEqual(
    all.map((el) => el.tagName),
    ['html', 'head', 'body', 'platform-embed', 'template', 'style', 'iframe', 'script'],
    'exactly one element, template, style, iframe and script',
  );
  const [, , body, host, template, style, iframe, script] = all;
  assert.deepEqual(style.attrs, script.attrs, 'the nonce, when given, on both inline elements');
  assert.deepEqual(body.childNodes, [host], 'nothing beside the element');
  assert.deepEqual(host.childNodes, [template, script], 'no text between the nodes');
  assert.deepEqual(template.attrs, [{ name: 'shadowrootmode', value: 'open' }]);
  assert.deepEqual(template.content.childNodes, [style, iframe]);
  assert.equal(text(style), EMBED_CSS);
  assert.deepEqual(iframe.childNodes, []);
  assert.equal(text(script), KEEPER_SCRIPT);
  return { host, iframe, script, all };
}

/** Every attribute value and text of the tree except the iframe's src. */
function everythingButSrc({ all, iframe }) {
  const out = [];
  for (const el of all) {
    for (const a of el.attrs) if (!(el === iframe && a.name === 'src')) out.push(a.name, a.value);
    for (const n of el.childNodes) if (n.value) out.push(n.value);
  }
  return out.join('\n');
}

test('the fixed shape: attributes, declarative root with styles and iframe, keeper script', () => {
  const html = renderEmbed(base);
  const { host, iframe, script } = parts(html);
  assert.deepEqual(host.attrs, [
    { name: 'base-url', value: 'http://localhost:4000' },
    { name: 'dashboard', value: 'sales-overview' },
    { name: 'server-rendered', value: '' },
  ]);
  assert.deepEqual(attrs(iframe), {
    part: 'iframe',
    title: 'Embedded analytics',
    allow: 'fullscreen http://localhost:4000; clipboard-write http://localhost:4000',
    referrerpolicy: 'strict-origin-when-cross-origin',
    src: 'http://localhost:4000/embed/dashboard/sales-overview?session=ses_abc',
  });
  assert.deepEqual(script.attrs, []);
  // No whitespace between nodes, no loading overlay.
  assert.match(html, /^<platform-embed [^>]*server-rendered><template shadowrootmode="open"><style>[^<]*<\/style><iframe [^>]*><\/iframe><\/template><script>[^<]*<\/script><\/platform-embed>$/);
});

test('allow: a feature without an allowlist, or with \'src\' alone, is granted to the tenant origin; others stay as written', () => {
  const frameAllow = (allow) => attrs(parts(renderEmbed({ ...base, ...(allow === undefined ? {} : { allow }) })).iframe).allow;
  assert.equal(frameAllow(undefined), 'fullscreen http://localhost:4000; clipboard-write http://localhost:4000');
  assert.equal(frameAllow("fullscreen 'src'; camera 'none'; geolocation *"), "fullscreen http://localhost:4000; camera 'none'; geolocation *");
  assert.equal(frameAllow(''), '');
  // The element's attribute keeps the value as given.
  assert.equal(attrs(parts(renderEmbed({ ...base, allow: 'fullscreen' })).host).allow, 'fullscreen');
});

test('every option lands where the element reads it', () => {
  const { host, iframe, script } = parts(
    renderEmbed({
      baseUrl: 'https://acme.platform.example/bi/',
      session: 'ses_1',
      path: '/embed/d/42/app/workbook/7',
      scheme: 'dark',
      locale: 'de-CH',
      timezone: 'Europe/Zurich',
      filters: { 'orders.status': 'shipped', 'orders.total': [1, 2] },
      allowExport: true,
      sandbox: 'allow-scripts allow-same-origin',
      frameTitle: 'Sales',
      allow: 'fullscreen',
      referrerPolicy: 'no-referrer',
      sessionUrl: '/embed-session?tenant=acme&x="y"',
      sessionRenewal: 'off',
      nonce: 'r4nd0m',
      attributes: { id: 'sales', class: 'wide', style: '--platform-embed-height:400px', title: 'Sales board', 'data-test': 'x', 'aria-label': 'Sales' },
    }),
  );
  assert.deepEqual(host.attrs.map((a) => a.name), [
    'base-url', 'path', 'scheme', 'locale', 'timezone', 'filters', 'allow-export', 'sandbox', 'frame-title', 'allow',
    'referrer-policy', 'session-url', 'session-renewal', 'id', 'class', 'style', 'title', 'data-test', 'aria-label', 'server-rendered',
  ]);
  const a = attrs(host);
  assert.equal(a['base-url'], 'https://acme.platform.example/bi/');
  assert.deepEqual(JSON.parse(a.filters), { 'orders.status': 'shipped', 'orders.total': [1, 2] });
  assert.equal(a['allow-export'], '');
  assert.equal(a.style, '--platform-embed-height:400px');
  // Written as given: the viewer's browser resolves it against the page.
  assert.equal(a['session-url'], '/embed-session?tenant=acme&x="y"');
  assert.equal(a['session-renewal'], 'off');
  const src = new URL(attrs(iframe).src);
  assert.equal(src.origin + src.pathname, 'https://acme.platform.example/bi/embed/d/42/app/workbook/7');
  assert.deepEqual([...src.searchParams], [
    ['session', 'ses_1'],
    ['timezone', 'Europe/Zurich'],
    ['locale', 'de-CH'],
    ['allowExport', 'true'],
    ['f_orders.status', '"shipped"'],
    ['f_orders.total', '[1,2]'],
  ]);
  assert.deepEqual(attrs(iframe), { part: 'iframe', title: 'Sales', allow: 'fullscreen https://acme.platform.example', referrerpolicy: 'no-referrer', sandbox: 'allow-scripts allow-same-origin', src: src.href });
  assert.deepEqual(script.attrs, [{ name: 'nonce', value: 'r4nd0m' }]);
});

test('dashboard wins over path, as in the element; both stay as attributes', () => {
  const { host, iframe } = parts(renderEmbed({ ...base, path: '/embed/x' }));
  assert.equal(attrs(host).path, '/embed/x');
  assert.equal(new URL(attrs(iframe).src).pathname, '/embed/dashboard/sales-overview');
});

test('auto locale and time zone stay attributes for the browser; neither in the URL', () => {
  const { host, iframe } = parts(renderEmbed({ ...base, locale: 'auto', timezone: 'auto' }));
  assert.equal(attrs(host).locale, 'auto');
  assert.equal(attrs(host).timezone, 'auto');
  assert.equal(new URL(attrs(iframe).src).searchParams.get('timezone'), null);
  assert.equal(new URL(attrs(iframe).src).searchParams.get('locale'), null);
});

test('a dashboard that cannot be an id is refused, naming the option', () => {
  for (const dashboard of ['', '.', '..', 'a/b', 'x'.repeat(129)]) {
    assert.throws(() => renderEmbed({ ...base, dashboard }), (error) => error instanceof TypeError && /dashboard/.test(error.message), JSON.stringify(dashboard));
  }
});

test('an empty frame title falls back to the default title, as in the element; an empty sandbox is the strictest', () => {
  const { iframe } = parts(renderEmbed({ ...base, frameTitle: '', sandbox: '' }));
  assert.equal(attrs(iframe).title, 'Embedded analytics');
  assert.equal(attrs(iframe).sandbox, '');
});

const refusals = [
  ['options', undefined],
  ['options', 'x'],
  ['options', []],
  ['baseUrl', { ...base, baseUrl: undefined }],
  ['baseUrl', { ...base, baseUrl: '' }],
  ['baseUrl', { ...base, baseUrl: 'http://acme.example' }],
  ['baseUrl', { ...base, baseUrl: 'https://acme.example/?a=1' }],
  ['baseUrl', { ...base, baseUrl: 'https://u:p@acme.example' }],
  ['baseUrl', { ...base, baseUrl: 'javascript:alert(1)' }],
  ['baseUrl', { ...base, baseUrl: 42 }],
  ['session', { ...base, session: undefined }],
  ['session', { ...base, session: '' }],
  ['session', { ...base, session: 7 }],
  ['dashboard', { baseUrl: base.baseUrl, session: 's' }],
  ['dashboard', { ...base, dashboard: 5 }],
  ['path', { baseUrl: base.baseUrl, session: 's', path: '/api/x' }],
  ['path', { baseUrl: base.baseUrl, session: 's', path: '/embed/../api' }],
  ['scheme', { ...base, scheme: 'blue' }],
  ['locale', { ...base, locale: 'not a locale!' }],
  ['locale', { ...base, locale: '' }],
  ['timezone', { ...base, timezone: '+02:00' }],
  ['timezone', { ...base, timezone: 'Mars/Olympus' }],
  ['timezone', { ...base, timezone: '' }],
  ['filters', { ...base, filters: { status: 1 } }],
  ['filters', { ...base, filters: { 'a.b': undefined } }],
  ['filters', { ...base, filters: [] }],
  ['allowExport', { ...base, allowExport: 'yes' }],
  ['sandbox', { ...base, sandbox: 'allow-scripts allow-everything' }],
  ['sandbox', { ...base, sandbox: 1 }],
  ['frameTitle', { ...base, frameTitle: null }],
  ['allow', { ...base, allow: 1 }],
  ['referrerPolicy', { ...base, referrerPolicy: {} }],
  ['sessionUrl', { ...base, sessionUrl: 'javascript:alert(1)' }],
  ['sessionUrl', { ...base, sessionUrl: 'http://[::1' }],
  ['sessionUrl', { ...base, sessionUrl: 42 }],
  ['sessionRenewal', { ...base, sessionRenewal: 'sometimes' }],
  ['nonce', { ...base, nonce: '' }],
  ['nonce', { ...base, nonce: 3 }],
  ['attributes', { ...base, attributes: 'id=x' }],
  ['attributes["onload"]', { ...base, attributes: { onload: 'alert(1)' } }],
  ['attributes["src"]', { ...base, attributes: { src: 'x' } }],
  ['attributes["session"]', { ...base, attributes: { session: 'x' } }],
  ['attributes["base-url"]', { ...base, attributes: { 'base-url': 'x' } }],
  ['attributes["ID"]', { ...base, attributes: { ID: 'x' } }],
  ['attributes["data-"]', { ...base, attributes: { 'data-': 'x' } }],
  ['attributes["data-a b"]', { ...base, attributes: { 'data-a b': 'x' } }],
  ['attributes["data-x"><script>"]', { ...base, attributes: { 'data-x"><script>': 'x' } }],
  ['attributes["id"]', { ...base, attributes: { id: 1 } }],
  ['option "token"', { ...base, token: 'x' }],
  ['option "sessionProvider"', { ...base, sessionProvider: () => 'x' }],
];

for (const [option, input] of refusals) {
  test(`refuses with a TypeError naming ${option}: ${JSON.stringify(input)?.slice(0, 80)}`, () => {
    assert.throws(
      () => renderEmbed(input),
      (error) => {
        assert.ok(error instanceof TypeError, `${error}`);
        assert.ok(error.message.startsWith(`renderEmbed: ${option} `), error.message);
        if (input?.session) assert.ok(!error.message.includes(input.session === 's' ? 'ses_' : input.session), 'no session in the message');
        return true;
      },
    );
  });
}

test('a refused option never shows the session in its message', () => {
  const session = 'ses_SECRET_42';
  for (const bad of [{ scheme: 'x' }, { baseUrl: 'ftp://x' }, { attributes: { session } }, { filters: { x: session } }]) {
    const error = (() => {
      try {
        renderEmbed({ ...base, session, ...bad });
      } catch (e) {
        return e;
      }
    })();
    assert.ok(error instanceof TypeError);
    assert.ok(!error.message.includes('SECRET'), error.message);
  }
});

const hostile = `a"b'c<d>e&f</script></template></platform-embed><img src=x onerror=alert(1)>\n\t<!-- ☃ 𝄞 é`;
/** The same, as a dashboard id can be: one path segment without white space. */
const hostileId = hostile.replace(/[\s/\\]/g, '');

test('hostile values in every option stay values: one element, one template, one iframe, one script', () => {
  const options = {
    baseUrl: `http://localhost:4000/p"'<>&/</template>`,
    session: hostile,
    dashboard: hostileId,
    path: `/embed/${hostile}`,
    scheme: 'auto',
    locale: 'auto',
    timezone: 'auto',
    filters: { 'a.b': hostile, 'c.d': { [hostile]: [hostile] } },
    allowExport: true,
    sandbox: 'allow-scripts',
    frameTitle: hostile,
    allow: hostile,
    referrerPolicy: hostile,
    nonce: hostile,
    attributes: { id: hostile, class: hostile, style: hostile, title: hostile, 'data-x': hostile, 'aria-label': hostile },
  };
  const parsed = parts(renderEmbed(options));
  const host = attrs(parsed.host);
  for (const name of ['frame-title', 'allow', 'referrer-policy', 'id', 'class', 'style', 'title', 'data-x', 'aria-label']) {
    assert.equal(host[name], hostile, name);
  }
  assert.equal(host.dashboard, hostileId);
  assert.equal(host['base-url'], options.baseUrl);
  assert.equal(host.path, options.path);
  assert.deepEqual(JSON.parse(host.filters), options.filters);
  const frame = attrs(parsed.iframe);
  assert.equal(frame.title, hostile);
  assert.equal(frame.allow, hostile);
  assert.equal(frame.referrerpolicy, hostile);
  const src = new URL(frame.src);
  assert.equal(src.searchParams.get('session'), hostile);
  assert.equal(decodeURIComponent(src.pathname.split('/').pop()), hostileId);
  assert.equal(src.searchParams.get('f_a.b'), JSON.stringify(hostile));
  assert.equal(attrs(parsed.script).nonce, hostile);
  // The session is in the iframe's src only: no attribute, no text.
  const rest = everythingButSrc(parsed);
  assert.ok(!rest.includes('ses_') && !rest.includes('session='), 'no session outside src');
});

test('each hostile option alone keeps the shape, and the session stays in src only', () => {
  const one = {
    dashboard: { dashboard: hostileId },
    path: { dashboard: undefined, path: `/embed/${hostile}` },
    frameTitle: { frameTitle: hostile },
    allow: { allow: hostile },
    referrerPolicy: { referrerPolicy: hostile },
    nonce: { nonce: hostile },
    filters: { filters: { 'x.y': hostile } },
    attributes: { attributes: { title: hostile, 'data-y': hostile } },
  };
  for (const [option, extra] of Object.entries(one)) {
    const session = `ses_${option}"<>&'</script>`;
    const parsed = parts(renderEmbed({ ...base, session, ...extra }));
    assert.equal(new URL(attrs(parsed.iframe).src).searchParams.get('session'), session, option);
    assert.ok(!everythingButSrc(parsed).includes(`ses_${option}`), option);
  }
});

test('the keeper cannot close its script or open a comment, and is ES5 (no arrows, let, const, template literals)', () => {
  assert.ok(!/<|`|=>|\blet\b|\bconst\b/.test(KEEPER_SCRIPT), KEEPER_SCRIPT);
  assert.ok(KEEPER_SCRIPT.length < 600, `${KEEPER_SCRIPT.length} characters`);
  new Function(KEEPER_SCRIPT); // parses
});

test('the keeper records messages of its iframe only, once, and nothing after a takeover', () => {
  const listeners = [];
  const frameWindow = {};
  const frameListeners = [];
  const frame = { contentWindow: frameWindow, addEventListener: (type, fn) => frameListeners.push([type, fn]) };
  const element = { shadowRoot: { querySelector: (s) => (s === 'iframe' ? frame : null) }, hasAttribute: (n) => n === 'server-rendered' };
  let now = 10;
  const run = () =>
    new Function('document', 'performance', 'addEventListener', KEEPER_SCRIPT)(
      { currentScript: { parentNode: element } },
      { now: () => now++ },
      (type, fn) => listeners.push([type, fn]),
    );
  run();
  const record = element.platformEmbedEarly;
  assert.equal(record.time, 10);
  assert.deepEqual(listeners.map(([t]) => t), ['message']);
  assert.equal(listeners[0][1], record.listener);
  const mine = { source: frameWindow, data: 1 };
  record.listener({ source: {}, data: 0 });
  record.listener(mine);
  assert.deepEqual(record.messages, [[mine, 11]]);
  assert.equal(record.loaded, false);
  frameListeners.find(([t]) => t === 'load')[1]();
  assert.equal(record.loaded, true);
  run(); // a second keeper for the same element keeps nothing more
  assert.equal(element.platformEmbedEarly, record);
  assert.equal(listeners.length, 1);
  const takenOver = { ...element, hasAttribute: () => false };
  delete takenOver.platformEmbedEarly;
  new Function('document', 'performance', 'addEventListener', KEEPER_SCRIPT)({ currentScript: { parentNode: takenOver } }, { now: () => 0 }, () => assert.fail('listened'));
  assert.equal(takenOver.platformEmbedEarly, undefined);
});

/** Runs `code` as an ES module in a fresh Node process from the package root; returns its stdout. */
const node = (code) => execFileSync(process.execPath, ['--input-type=module', '-e', code], { encoding: 'utf8' });

test('platform-embed/server imports in plain Node with no DOM and defines no global', () => {
  const out = node(`
    const before = new Set(Object.getOwnPropertyNames(globalThis));
    const { renderEmbed } = await import('platform-embed/server');
    const added = Object.getOwnPropertyNames(globalThis).filter((n) => !before.has(n));
    renderEmbed({ baseUrl: 'https://acme.example', session: 's', dashboard: 'd' });
    console.log(JSON.stringify({ added, window: typeof window, document: typeof document, HTMLElement: typeof HTMLElement, customElements: typeof customElements }));
  `);
  assert.deepEqual(JSON.parse(out), { added: [], window: 'undefined', document: 'undefined', HTMLElement: 'undefined', customElements: 'undefined' });
});

test('the server entry imports only its own DOM-free modules (no Lit, no element)', () => {
  const seen = new Set();
  const visit = (url) => {
    if (seen.has(url.href)) return;
    seen.add(url.href);
    const code = readFileSync(url, 'utf8');
    for (const [, spec] of code.matchAll(/^(?:import|export)\b[^'"]*?from\s*'([^']+)'/gm)) {
      assert.ok(spec.startsWith('.'), `${url.pathname} imports ${spec}`);
      visit(new URL(spec, url));
    }
  };
  visit(new URL('../../dist/server/index.js', import.meta.url));
  const files = [...seen].map((href) => href.replace(/^.*\/dist\//, ''));
  for (const file of files) assert.ok(!/platform-embed\.js|shadow\.js|properties\.js|lifecycle\.js/.test(file), file);
  assert.ok(files.includes('embed/url.js') && files.includes('embed/config.js') && files.includes('embed/styles.js'), files.join(', '));
});

test("platform-embed/react: 'use client' first in every built module, and its import in Node touches no browser global", () => {
  for (const file of ['index.js', 'embed.js', 'admin.js', 'component.js']) {
    const code = readFileSync(new URL(`../../dist/react/${file}`, import.meta.url), 'utf8');
    assert.ok(code.startsWith("'use client';\n"), file);
  }
  const out = node(`
    const m = await import('platform-embed/react');
    console.log(JSON.stringify({ exports: Object.keys(m).sort(), window: typeof window, document: typeof document, HTMLElement: typeof HTMLElement }));
  `);
  assert.deepEqual(JSON.parse(out), { exports: ['PlatformAdminPanel', 'PlatformEmbed'], window: 'undefined', document: 'undefined', HTMLElement: 'undefined' });
});
