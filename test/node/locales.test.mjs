// The shipped translations as a user loads them: pure data modules in
// dist/locales, complete against englishMessages, and outside every bundle.
// The embed-only bundle carries the embed's own texts, never the panel's.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const langs = ['de', 'fr', 'es', 'ja'];
const pkg = JSON.parse(readFileSync('package.json', 'utf8'));

test('each locale module is pure data: no import, one default export, complete against englishMessages', async () => {
  const { englishMessages } = await import(pathToFileURL('dist/i18n/english.js').href);
  for (const lang of langs) {
    const file = `dist/locales/${lang}.js`;
    const code = readFileSync(file, 'utf8');
    assert.doesNotMatch(code, /\bimport\b|\brequire\(/, `${file} imports nothing`);
    const { default: messages, ...rest } = await import(pathToFileURL(file).href);
    assert.deepEqual(Object.keys(rest), [], `${file} has only a default export`);
    assert.deepEqual(Object.keys(messages).sort(), Object.keys(englishMessages).sort(), `${lang}: same keys as English`);
    for (const [key, value] of Object.entries(englishMessages)) assert.equal(typeof messages[key], typeof value, `${lang}.${key}`);
    assert.deepEqual(pkg.exports[`./locales/${lang}`], { types: `./dist/locales/${lang}.d.ts`, default: `./dist/locales/${lang}.js` });
    assert.deepEqual(pkg.typesVersions['*'][`locales/${lang}`], [`./dist/locales/${lang}.d.ts`]);
  }
});

test('no bundle carries a translation; the embed-only bundle has its own texts but not the panel catalog', () => {
  const full = readFileSync('dist/platform-embed.min.js', 'utf8');
  const embedOnly = readFileSync('dist/platform-embed-embed.min.js', 'utf8');
  for (const sample of ['Deployment-Einstellungen', 'Paramètres du déploiement', 'Configuración de la implementación', 'デプロイメント設定']) {
    assert.ok(!full.includes(sample) && !embedOnly.includes(sample), `${sample} is in no bundle`);
  }
  assert.ok(full.includes('englishMessages') || full.includes('Usage-analytics token'));
  assert.ok(embedOnly.includes('The embedded content could not be loaded.'));
  for (const panelText of ['Usage-analytics token', 'Deployment settings', 'fieldDeployMode']) {
    assert.ok(!embedOnly.includes(panelText), `the embed-only bundle does not carry "${panelText}"`);
  }
});
