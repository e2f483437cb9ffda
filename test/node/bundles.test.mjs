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
  for (const file of ['dist/platform-embed-embed.min.js', 'dist/platform-embed.min.js', 'dist/platform-embed.iife.min.js']) {
    assert.ok(!readFileSync(file, 'utf8').includes(doc), file);
  }
  const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
  const { protocolDocs } = await import(`../../${pkg.exports['./protocol-docs'].default}`);
  assert.equal(protocolDocs['platform:event:drilldown'].doc, doc);
});

test('no browser bundle carries the testing kit (its mock platform is Node-only)', () => {
  for (const file of ['dist/platform-embed.min.js', 'dist/platform-embed-embed.min.js', 'dist/platform-embed.iife.min.js']) {
    const text = readFileSync(file, 'utf8');
    for (const marker of ['startMockPlatform', 'mock-embed/control', 'Mock platform listening']) assert.ok(!text.includes(marker), `${file} holds ${marker}`);
  }
});
