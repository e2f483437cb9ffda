// The README's element reference is generated from custom-elements.json and
// its host snippets are copied from docs/hosts/ (the files the framework tests
// mount): this fails when either drifted from the code.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { render } from '../../scripts/readme.mjs';

const readme = readFileSync('README.md', 'utf8');

test('README element reference and host snippets match the manifest and docs/hosts', () => {
  const expected = render(readme).split('\n');
  const actual = readme.split('\n');
  const line = expected.findIndex((text, i) => text !== actual[i]);
  const where = line === -1 ? (expected.length === actual.length ? -1 : Math.min(expected.length, actual.length)) : line;
  assert.equal(where, -1, `README.md line ${where + 1} is stale (run \`node scripts/readme.mjs\`):\n  README:    ${actual[where]}\n  generated: ${expected[where]}`);
});

test('README documents every attribute and event of both elements', () => {
  const manifest = JSON.parse(readFileSync('custom-elements.json', 'utf8'));
  const elements = manifest.modules.flatMap((m) => m.declarations ?? []).filter((d) => d.customElement);
  assert.deepEqual(elements.map((d) => d.tagName).sort(), ['platform-admin-panel', 'platform-embed']);
  for (const d of elements) {
    for (const a of d.attributes ?? []) assert.match(readme, new RegExp(`\\| \`${a.name}\` \\|`), `<${d.tagName}> ${a.name}`);
    for (const e of d.events ?? []) assert.match(readme, new RegExp(`\\| \`${e.name}\` \\|`), `<${d.tagName}> ${e.name}`);
  }
});

test('README quick start names the two commands', () => {
  assert.match(readme, /npm install && npm start/);
  assert.match(readme, /^npm test\b/m);
});

test('src/version.ts matches package.json', () => {
  const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
  assert.match(readFileSync('src/version.ts', 'utf8'), new RegExp(`version = '${pkg.version.replace(/\./g, '\\.')}'`));
});
