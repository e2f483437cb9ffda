// The docs reach the people who install the package: every markdown file in
// the tarball (`npm pack`, as published) links only to files that are in the
// tarball too, so the README's links work on npm and in node_modules. Host
// apps ship as their sources, never their installs, lockfiles or builds.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';

const [pack] = JSON.parse(
  execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }),
);
const files = new Set(pack.files.map((f) => f.path));
const markdown = [...files].filter((f) => f.endsWith('.md') && !f.startsWith('dist/'));

/** Relative link targets of a markdown text: `[text](target)` and `[name]: target`, outside code. */
function links(text) {
  const prose = text.replace(/^(`{3,})[^\n]*\n[\s\S]*?^\1\s*$/gm, '').replace(/`[^`\n]*`/g, '');
  const targets = [...prose.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g), ...prose.matchAll(/^\[[^\]]+\]:\s+(\S+)/gm)].map((m) => m[1]);
  return targets.filter((t) => !/^([a-z][\w+.-]*:|#)/i.test(t));
}

test('the tarball ships the README, the docs and what they link to, each host app with its own lockfile, and no installs, other lockfiles or builds of host apps', () => {
  for (const name of ['README.md', 'docs/sessions.md', 'docs/reference.md', 'docs/hosts/README.md', 'docs/hosts/html/server.mjs', 'docs/hosts/html/index.html']) {
    assert.ok(files.has(name), `${name} is packed`);
  }
  const stray = [...files].filter((f) => /(^|\/)(node_modules|\.[\w-]+)\/|package-lock\.json$|^docs\/hosts\/[^/]+\/dist\//.test(f) && !/^docs\/hosts\/[^/]+\/package-lock\.json$/.test(f));
  assert.deepEqual(stray, []);
  // `npm ci` in an example app copied out of the package needs its lockfile.
  for (const app of ['angular', 'astro', 'nuxt', 'sveltekit']) assert.ok(files.has(`docs/hosts/${app}/package-lock.json`), `${app}'s lockfile is packed`);
});

test('every relative link in every packed markdown file resolves inside the tarball', () => {
  assert.ok(markdown.length >= 10, `only ${markdown.length} markdown files packed`);
  const dead = [];
  for (const file of markdown) {
    for (const target of links(readFileSync(file, 'utf8'))) {
      const path = normalize(join(dirname(file), decodeURI(target.split('#')[0]))).replace(/\/$/, '');
      const resolves = files.has(path) || [...files].some((f) => f.startsWith(`${path}/`));
      if (!resolves) dead.push(`${file} → ${target}`);
    }
  }
  assert.deepEqual(dead, []);
});

test('the link check finds a dead link', () => {
  assert.deepEqual(links('[a](docs/x.md#y) `[b](c.md)` [c](https://x.example) [d](#e)\n```md\n[f](g.md)\n```\n[h]: ../i.md'), ['docs/x.md#y', '../i.md']);
});
