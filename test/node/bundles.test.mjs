// What the script bundles hold (not how much they weigh: the size budgets are
// `npm run size` and bench/). A page that only embeds must not load admin
// code or a template engine; the protocol's docs stay out of every bundle.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { measureSizes } from '../../scripts/size.mjs';

test('the embed-only closure holds no admin module and no template engine', async () => {
  const { checks } = await measureSizes();
  assert.equal(checks.length, 2);
  for (const check of checks) assert.ok(check.pass, `${check.name}: ${check.detail.join(', ')}`);
});

test('no script bundle carries the protocol docs; platform-embed/protocol-docs has them', async () => {
  const doc = 'The viewer drilled into a measure.';
  for (const file of ['dist/platform-embed-embed.min.js', 'dist/platform-embed.min.js', 'dist/platform-embed.iife.min.js', 'dist/platform-embed-embed.iife.min.js']) {
    assert.ok(!readFileSync(file, 'utf8').includes(doc), file);
  }
  const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
  const { protocolDocs } = await import(`../../${pkg.exports['./protocol-docs'].default}`);
  assert.equal(protocolDocs['platform:event:drilldown'].doc, doc);
});

test('no browser bundle carries the testing kit (its mock platform is Node-only)', () => {
  for (const file of ['dist/platform-embed.min.js', 'dist/platform-embed-embed.min.js', 'dist/platform-embed.iife.min.js', 'dist/platform-embed-embed.iife.min.js']) {
    const text = readFileSync(file, 'utf8');
    for (const marker of ['startMockPlatform', 'mock-embed/control', 'Mock platform listening']) assert.ok(!text.includes(marker), `${file} holds ${marker}`);
  }
});

test('no browser bundle carries the server entry (renderEmbed, createSessionHandler): it reaches no bundle module', () => {
  const markers = [
    'createSessionHandler', 'renderEmbed',
    // Its messages survive minification where names do not.
    'requests from this origin may not create sessions', 'the viewer function must return a session request object or null',
  ];
  for (const file of ['dist/platform-embed.min.js', 'dist/platform-embed-embed.min.js', 'dist/platform-embed.iife.min.js', 'dist/platform-embed-embed.iife.min.js']) {
    const text = readFileSync(file, 'utf8');
    for (const marker of markers) assert.ok(!text.includes(marker), `${file} holds ${marker}`);
  }
  // The same from the import graph: no module the bundles are built from imports dist/server/.
  const seen = new Set();
  const visit = (url) => {
    if (seen.has(url.href) || !url.href.startsWith(new URL('../../dist/', import.meta.url).href)) return;
    seen.add(url.href);
    const code = readFileSync(url, 'utf8');
    // Static imports and re-exports (side-effect ones too) and dynamic imports of relative modules.
    for (const [, a, b] of code.matchAll(/^(?:import|export)\b[^'"]*?(?:from\s*)?'(\.[^']+)'|\bimport\(\s*'(\.[^']+)'\s*\)/gm)) visit(new URL(a ?? b, url));
  };
  for (const entry of ['bundle.js', 'bundle-embed.js']) visit(new URL(`../../dist/${entry}`, import.meta.url));
  assert.ok(seen.size > 10, `${seen.size} modules`);
  for (const href of seen) assert.ok(!href.includes('/dist/server/'), href);
});

test('the keep-alive add-on carries no copy of the element: it reaches it through the add-on interface only', () => {
  const text = readFileSync('dist/platform-embed-keep-alive.iife.min.js', 'utf8');
  // Markers of the element's own code (event names, messages) that survive minification.
  for (const marker of ['platform-session-renewal', 'is already defined on this page', 'customElements.define']) {
    assert.ok(!text.includes(marker), `the add-on holds ${marker}`);
  }
  assert.ok(text.includes('Symbol.for("platform-embed.add-on")'), 'the add-on finds the element by its interface key');
  for (const file of ['dist/platform-embed.iife.min.js', 'dist/platform-embed-embed.iife.min.js', 'dist/platform-embed-embed.min.js']) {
    const element = readFileSync(file, 'utf8');
    assert.ok(element.includes('Symbol.for("platform-embed.add-on")'), `${file} offers the add-on interface`);
    assert.ok(element.includes('discardKeptAlive'), `${file}: discardKeptAlive on the class`);
  }
});

test('the embed-only classic script is the embed-only bundle as a classic script: no admin panel, the global `PlatformEmbed`', () => {
  const text = readFileSync('dist/platform-embed-embed.iife.min.js', 'utf8');
  assert.ok(!text.includes('platform-admin-panel'), 'no admin panel');
  assert.match(text, /^var PlatformEmbed=function\(/, 'a classic script setting window.PlatformEmbed');
  assert.ok(!/^\s*(?:import|export)\b/m.test(text), 'no module syntax');
  const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
  assert.equal(pkg.exports['./bundle/embed-iife'], './dist/platform-embed-embed.iife.min.js');
  assert.ok(pkg.sideEffects.includes('./dist/platform-embed-embed.iife.min.js'));
});
