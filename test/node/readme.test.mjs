// The documentation is kept true to the code: element references are
// generated from custom-elements.json and host snippets are copied from
// docs/hosts/ (the files the framework and CMS tests mount); this fails when
// a document drifted from either, or the README outgrew its purpose.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { documents, render } from '../../scripts/readme.mjs';

const readme = readFileSync('README.md', 'utf8');

for (const file of documents) {
  test(`${file}: generated references and snippets match the manifest and docs/hosts`, () => {
    const text = readFileSync(file, 'utf8');
    const expected = render(text).split('\n');
    const actual = text.split('\n');
    const line = expected.findIndex((line, i) => line !== actual[i]);
    const where = line === -1 ? (expected.length === actual.length ? -1 : Math.min(expected.length, actual.length)) : line;
    assert.equal(where, -1, `${file} line ${where + 1} is stale (run \`node scripts/readme.mjs\`):\n  file:      ${actual[where]}\n  generated: ${expected[where]}`);
  });
}

test('docs/reference.md documents every attribute and event of both elements', () => {
  const reference = readFileSync('docs/reference.md', 'utf8');
  const manifest = JSON.parse(readFileSync('custom-elements.json', 'utf8'));
  const elements = manifest.modules.flatMap((m) => m.declarations ?? []).filter((d) => d.customElement);
  assert.deepEqual(elements.map((d) => d.tagName).sort(), ['platform-admin-panel', 'platform-embed']);
  for (const d of elements) {
    assert.match(reference, new RegExp(`<!-- api:${d.tagName} -->`), `<${d.tagName}> reference block`);
    for (const a of d.attributes ?? []) assert.match(reference, new RegExp(`\\| \`${a.name}\` \\|`), `<${d.tagName}> ${a.name}`);
    for (const e of d.events ?? []) assert.match(reference, new RegExp(`\\| \`${e.name}\` \\|`), `<${d.tagName}> ${e.name}`);
  }
});

test('README: user first, short, the two commands, links that resolve', () => {
  assert.ok(readme.split('\n').length <= 380, `README.md has ${readme.split('\n').length} lines (at most 380)`);
  assert.match(readme, /npm install && npm start/);
  assert.match(readme, /^npm test\b/m);
  for (const [, target] of readme.matchAll(/\]\(((?!https?:)[^)#]+)(?:#[^)]*)?\)/g)) {
    assert.doesNotThrow(() => readFileSync(target), `README links to ${target}, which does not exist`);
  }
});

test('src/version.ts matches package.json', () => {
  const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
  assert.match(readFileSync('src/version.ts', 'utf8'), new RegExp(`version = '${pkg.version.replace(/\./g, '\\.')}'`));
});

test('README: the quick start prints its two files right under its commands', () => {
  const quickStart = /^## Quick start\n([\s\S]*?)^## /m.exec(readme)[1];
  assert.match(quickStart, /<!-- commands: quick-start -->/);
  for (const file of ['server.mjs', 'index.html']) assert.match(quickStart, new RegExp(`<!-- snippet:docs/hosts/html/${file.replace('.', '\\.')} -->`));
});

test('the bundle size is stated once, in the README, as `npm run size` measures it', () => {
  const figures = [...readme.matchAll(/(\d+(?:\.\d+)?) KB gzip/g)];
  assert.equal(figures.length, 1, `one size in the README, found: ${figures.map((m) => m[0]).join(', ')}`);
  // The byte figure in docs/performance.md is the measured one; the README's rounds it.
  const measured = /embed-only bundle [^|]*\| ([\d,]+) B gzip/.exec(readFileSync('docs/performance.md', 'utf8'));
  assert.ok(measured, 'docs/performance.md states the embed-only bundle in bytes');
  assert.equal(figures[0][1], (Number(measured[1].replace(/,/g, '')) / 1000).toFixed(1));
  for (const file of ['docs/hosts/README.md', 'docs/reference.md', 'docs/sessions.md']) {
    assert.doesNotMatch(readFileSync(file, 'utf8'), /about \d+ KB gzip with Lit/, `${file} states no other size`);
  }
});

test('custom-elements.json lists its modules by path, so every clone builds the same file', async () => {
  const manifest = JSON.parse(readFileSync('custom-elements.json', 'utf8'));
  const paths = manifest.modules.map((m) => m.path);
  assert.deepEqual(paths, [...paths].sort(), 'the committed manifest is in path order');
  // The analyzer's own order is the file system's; the build's plugin sorts whatever it gets.
  const { default: config } = await import('../../custom-elements-manifest.config.mjs');
  const shuffled = { modules: [...manifest.modules].reverse() };
  for (const plugin of config.plugins) plugin.packageLinkPhase?.({ customElementsManifest: shuffled });
  assert.deepEqual(shuffled.modules.map((m) => m.path), paths);
});

test("docs/reference.md's renderEmbed table names every option renderEmbed takes", () => {
  const known = /const known = new Set\(\[([\s\S]*?)\]\)/.exec(readFileSync('src/server/options.ts', 'utf8'));
  assert.ok(known, 'src/server/options.ts lists the known options');
  const options = [...known[1].matchAll(/'(\w+)'/g)].map((m) => m[1]);
  assert.ok(options.includes('sessionUrl') && options.length > 10);
  const reference = readFileSync('docs/reference.md', 'utf8');
  const table = /^## `renderEmbed`[\s\S]*?(\| option \|[\s\S]*?)\n\n/m.exec(reference)[1];
  const rows = table.split('\n').map((row) => row.split('|')[1] ?? '');
  for (const option of options) assert.ok(rows.some((cell) => cell.includes(`\`${option}\``)), `renderEmbed option ${option} is in the table`);
});

test('docs/hosts/README.md: Angular SSR says RenderMode.Server first, and prints the app as it runs', () => {
  const hosts = readFileSync('docs/hosts/README.md', 'utf8');
  const section = /^### Angular 22 \(SSR\)\n([\s\S]*?)^### /m.exec(hosts)[1];
  assert.match(section.split('\n\n')[0], /RenderMode\.Server/, 'the first paragraph names the render mode');
  for (const file of ['src/app/app.routes.server.ts', 'src/app/platform.ts', 'src/app/platform.server.ts', 'src/app/embed.resolver.ts', 'src/app/dashboard.page.ts', 'src/app/embed-html.directive.ts', 'src/server.ts', 'angular.json']) {
    assert.ok(section.includes(`<!-- snippet:docs/hosts/angular/${file} -->`), `the section prints ${file}`);
  }
  const angular = JSON.parse(readFileSync('docs/hosts/angular/angular.json', 'utf8'));
  assert.ok(angular.projects['angular-host'].architect.build.options.security.allowedHosts.includes('localhost'));
  assert.match(readFileSync('docs/hosts/angular/src/server.ts', 'utf8'), /sessionHandler\(createWebRequestFromNodeRequest\(req\)\)/);
});

test('every framework guide shows the import that defines the elements its snippet renders', () => {
  const hosts = readFileSync('docs/hosts/README.md', 'utf8');
  const section = (title) => new RegExp(`^## ${title}\\n([\\s\\S]*?)^## `, 'm').exec(hosts)[1];
  // Vue, Svelte and Angular render both elements: their code defines both, before the app mounts.
  for (const [title, mountCall] of [['Vue 3', /createApp\(/], ['Svelte 5', /mount\(/], ['Angular', /bootstrapApplication\(/]]) {
    const code = [...section(title).matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]).join('\n');
    const define = code.indexOf("import 'platform-embed/define';");
    assert.ok(define !== -1, `${title}: a code block imports platform-embed/define`);
    assert.ok(define < code.search(mountCall), `${title}: the elements are defined before the app mounts`);
  }
  // The README's table names the entry that defines what each host renders, for every host, keep-alive included.
  const framework = /^### 3\. Your framework\n([\s\S]*?)^### /m.exec(readme)[1];
  for (const host of ['Vue 3', 'Svelte 5', 'Angular']) {
    assert.match(framework, new RegExp(`^\\| ${host} \\| \`import 'platform-embed/define'\``, 'm'), `${host} names platform-embed/define`);
  }
  const entries = /^### 1\. Install and pick the entry\n([\s\S]*?)^### /m.exec(readme)[1];
  for (const entry of ['embed', 'admin', 'define', 'keep-alive', 'react', 'server']) assert.match(entries, new RegExp(`^\\| \`platform-embed/${entry}\``, 'm'));
  assert.match(entries, /@lit\/react/);
});
