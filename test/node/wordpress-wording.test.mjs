// The WordPress plugin's translations (integrations/wordpress/languages/*.po)
// against the wording rules of each language, and against the element's own
// catalogs: the plugin passes the embed's texts and frame title from its .po
// files, so both say the same.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { po } from 'gettext-parser';

/** msgid (with its context) → every msgstr of that entry, for one locale. */
function catalog(locale) {
  const parsed = po.parse(readFileSync(`integrations/wordpress/languages/platform-embed-${locale}.po`));
  const entries = new Map();
  for (const [context, group] of Object.entries(parsed.translations)) {
    for (const [msgid, entry] of Object.entries(group)) if (msgid) entries.set(context ? `${context}\u0004${msgid}` : msgid, entry.msgstr);
  }
  return entries;
}

/** Every translated text of `locale`, with the English it translates. */
const texts = (locale) => [...catalog(locale)].flatMap(([msgid, strs]) => strs.map((str) => ({ msgid, str })));

/** The texts of `locale` that `pattern` matches. */
const offending = (locale, pattern) => texts(locale).filter(({ str }) => pattern.test(str));

test('the plugin says the embed\'s texts and frame title as the element\'s catalogs do', async () => {
  for (const [locale, lang] of [['de_DE', 'de'], ['de_DE_formal', 'de'], ['fr_FR', 'fr'], ['es_ES', 'es'], ['ja', 'ja']]) {
    const { default: messages } = await import(pathToFileURL(`dist/locales/${lang}.js`).href);
    const plugin = catalog(locale);
    assert.equal(plugin.get('Embedded analytics')[0], messages.embedFrameTitle, `${locale}: frame title`);
    assert.equal(plugin.get('Loading…')[0], messages.embedLoading, `${locale}: loading`);
    assert.equal(plugin.get('The embedded content could not be loaded.')[0], messages.embedFailed, `${locale}: failure`);
  }
});

test('French: a no-break space before ":", a narrow one before ";", "?" and "!", no-break spaces inside « »', () => {
  assert.deepEqual(offending('fr_FR', / [:;?!»]|« /), []);
  assert.deepEqual(offending('fr_FR', /\u00a0[;?!]|\u202f[:»]|«\u202f/), [], 'the narrow space where the guide puts it, and only there');
  // Rare but present: the check reads the characters the strings hold.
  assert.ok(texts('fr_FR').some(({ str }) => str.includes('\u00a0:')) && texts('fr_FR').some(({ str }) => str.includes('\u202f;')));
});

test('French: one word per thing (lecteur for a viewer, avis for a notice, "ID du déploiement")', () => {
  assert.deepEqual(offending('fr_FR', /avertissement|ID de déploiement/), []);
  assert.deepEqual(texts('fr_FR').filter(({ msgid, str }) => /\bviewer/i.test(msgid) && /visiteur/.test(str) && !/visitor/i.test(msgid)), []);
  assert.equal(
    catalog('fr_FR').get('Everyone: every visitor sees the dashboards as the same anonymous viewer of this site.')[0],
    'Tout le monde\u00a0: tous les visiteurs voient les tableaux de bord sous l’identité d’un seul et même lecteur anonyme de ce site.',
  );
});

test('Spanish: tú throughout, as WordPress es_ES; one term for the deployment ID and for signed-in users', () => {
  const usted = /\b(Elija|elija|Indique|indique|Introduzca|introduzca|Acceda|Deje|Puede cambiar|Vuelva|vuelva|Compruebe|Inténtelo|inténtelo|Revise|Espere|Muestre|Emita|Elimine|elimine|desea|debe revisar|Sus cambios|su espacio|su proveedor|ha accedido|hayan accedido)\b/;
  assert.deepEqual(offending('es_ES', usted), []);
  assert.deepEqual(offending('es_ES', /ID de implementación|, o /), []);
  assert.equal(catalog('es_ES').get('Deployment ID')[0], 'ID de la implementación');
  assert.equal(catalog('es_ES').get('Signed-in users only')[0], 'Solo usuarios conectados');
});

test('Japanese: デプロイメント for a deployment, full-width brackets, sentences that end with 。', () => {
  assert.deepEqual(offending('ja', /デプロイ(?!メント)/), []);
  assert.deepEqual(offending('ja', /[\u3000-\u9fff\uff00-\uffef]\s*\(|\)\s*[\u3000-\u9fff]/), [], 'half-width brackets around Japanese');
  assert.deepEqual(offending('ja', /(ません|ました|ください|です|ます|でした)$/), [], 'a sentence without its 。');
  assert.deepEqual(offending('ja', /(ません|ました|でした|です)：(?!%)/), [], 'two sentences joined by ：');
  assert.equal(catalog('ja').get('Viewers')[0], '閲覧者');
});

test('German: colons rather than ", denn", one form of address per catalogue (de_DE du, de_DE_formal Sie)', () => {
  for (const locale of ['de_DE', 'de_DE_formal']) {
    assert.deepEqual(offending(locale, /, denn |Anfrage-Body|lässt (sich|es)|„Ausblenden“/), [], locale);
  }
  assert.deepEqual(offending('de_DE', /\b(Sie (können|dürfen)|(Geben|Prüfen|Wählen|Melden|Speichern|Lassen|Versuchen|Fragen|Fügen) Sie|Ihnen|Ihre?[mnrs]?)\b/), []);
  assert.deepEqual(offending('de_DE_formal', /\b(du|dich|dir|dein\w*|Du|Gib|Prüfe|Wähle|Melde|Speichere|Lass|Versuche|Füge)\b/), []);
  assert.equal(catalog('de_DE').get('The published page shows %s here. Change it in the block settings.')[0], 'Die veröffentlichte Seite zeigt hier %s. Du kannst das in den Block-Einstellungen ändern.');
  assert.equal(catalog('de_DE_formal').get('The published page shows %s here. Change it in the block settings.')[0], 'Die veröffentlichte Seite zeigt hier %s. Sie können das in den Block-Einstellungen ändern.');
});
