// An app's production bundle (esbuild, minified, tree-shaken) that renders
// only `PlatformEmbed` from `platform-embed/react` carries no admin panel
// code; one that renders `PlatformAdminPanel` does. Needs a built dist/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as esbuild from 'esbuild';

// Inside the package, so `platform-embed/react` resolves to this package's own exports.
const dir = join('test-results', 'react-treeshake');
mkdirSync(dir, { recursive: true });

async function appBundle(name, code) {
  const entry = join(dir, `${name}.jsx`);
  writeFileSync(entry, code);
  const result = await esbuild.build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: 'esm',
    write: false,
    jsx: 'automatic',
    external: ['react', 'react-dom', 'react/jsx-runtime'],
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  });
  return result.outputFiles[0].text;
}

test('an app rendering only PlatformEmbed bundles no admin panel', async (t) => {
  const embedOnly = await appBundle(
    'embed-only',
    `import { PlatformEmbed } from 'platform-embed/react';\nexport const App = () => <PlatformEmbed baseUrl="https://acme.platform.example" dashboard="sales-overview" />;\n`,
  );
  const both = await appBundle(
    'both',
    `import { PlatformEmbed, PlatformAdminPanel } from 'platform-embed/react';\nexport const App = () => <><PlatformEmbed dashboard="sales-overview" /><PlatformAdminPanel deploymentId={42} /></>;\n`,
  );
  assert.match(embedOnly, /platform-embed/);
  assert.doesNotMatch(embedOnly, /platform-admin-panel/, 'the admin element is not in the embed-only app');
  assert.doesNotMatch(embedOnly, /usage-analytics/, 'nor the API client');
  assert.match(both, /platform-admin-panel/);
  t.diagnostic(`embed-only app: ${embedOnly.length} B minified; with the admin panel: ${both.length} B`);
  assert.ok(embedOnly.length < both.length / 2, `${embedOnly.length} B vs ${both.length} B`);
});
