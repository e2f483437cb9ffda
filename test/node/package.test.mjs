// The package as `npm pack` would publish it (needs a built dist/): what is in
// it, what is not, that every source map can be read without the sources,
// and that every export points at a packed file. Reports the packed size.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';

const [pack] = JSON.parse(
  execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }),
);
const files = new Set(pack.files.map((f) => f.path));
const pkg = JSON.parse(readFileSync('package.json', 'utf8'));

test('the package holds the license, docs, manifest and build, nothing else of development', (t) => {
  for (const name of ['LICENSE', 'README.md', 'CHANGELOG.md', 'package.json', 'custom-elements.json', 'dist/index.js', 'dist/index.d.ts']) {
    assert.ok(files.has(name), `${name} is packed`);
  }
  // The testing kit ships compiled, with its embed pages' files and the bin.
  for (const name of ['dist/testing/index.js', 'dist/testing/index.d.ts', 'dist/testing/cli.js', 'dist/testing/embed/embed.html', 'dist/testing/embed/embed.js', 'dist/testing/embed/embed.css', 'dist/testing/embed/control.js']) {
    assert.ok(files.has(name), `${name} is packed`);
  }
  for (const target of Object.values(pkg.bin ?? {})) assert.ok(files.has(target.replace(/^\.\//, '')), `bin ${target} is packed`);
  // The demo ships as it is (the bin platform-embed-demo serves it from the package): its page, assets and servers, nothing else.
  assert.deepEqual(
    [...files].filter((f) => f.startsWith('demo/')).sort(),
    ['demo/admin.js', 'demo/cli.mjs', 'demo/demo.css', 'demo/demo.js', 'demo/event-log.js', 'demo/index.html', 'demo/run.mjs', 'demo/server.mjs'],
  );
  // The example apps ship with their lockfiles (their READMEs install from them), never with what an install or a build made.
  for (const app of ['angular', 'astro', 'nextjs', 'nuxt', 'sveltekit']) assert.ok(files.has(`docs/hosts/${app}/package-lock.json`), `${app}'s lockfile is packed`);
  assert.deepEqual([...files].filter((f) => /^docs\/hosts\/[^/]+\/(node_modules|dist|build|\.[^/]+)\//.test(f)), []);
  // The docs ship (test/node/packed-links.test.mjs checks them), with the benchmarks' method they link to.
  const stray = [...files].filter((f) => /^(src|test|mock|scripts|\.ci)\//.test(f) || (/^bench\//.test(f) && f !== 'bench/README.md') || (/\.test\./.test(f) && !f.startsWith('docs/')));
  assert.deepEqual(stray, []);
  t.diagnostic(`packed ${pack.size} B, unpacked ${pack.unpackedSize} B, ${pack.entryCount} files`);
});

test('every source map is readable on its own: each source is embedded or packed', () => {
  const maps = [...files].filter((f) => f.endsWith('.map'));
  assert.ok(maps.length > 0, 'the build ships source maps');
  for (const map of maps) {
    const { sources, sourcesContent = [] } = JSON.parse(readFileSync(map, 'utf8'));
    sources.forEach((source, i) => {
      const packed = files.has(normalize(join(dirname(map), source)));
      assert.ok(typeof sourcesContent[i] === 'string' || packed, `${map}: ${source} is neither embedded nor packed`);
    });
  }
  // Declaration maps would point at src/, which is not shipped.
  assert.deepEqual([...files].filter((f) => f.endsWith('.d.ts.map')), []);
});

test('every export target is packed, and there is no wildcard export of internals', () => {
  const targets = [];
  const walk = (value) => {
    if (typeof value === 'string') targets.push(value);
    else for (const v of Object.values(value)) walk(v);
  };
  for (const [key, value] of Object.entries(pkg.exports)) {
    assert.ok(!key.includes('*'), `export ${key} is a wildcard`);
    walk(value);
  }
  for (const target of targets) assert.ok(files.has(target.replace(/^\.\//, '')), `${target} is packed`);
  for (const [, list] of Object.entries(pkg.typesVersions?.['*'] ?? {})) for (const t of list) assert.ok(files.has(t.replace(/^\.\//, '')), `${t} is packed`);
});
