// Builds dist/platform-embed-wordpress.zip, the WordPress plugin, from
// integrations/wordpress/ and the classic bundle in dist/. The zip holds one
// folder, platform-embed/, as WordPress's "Upload Plugin" expects, and needs
// no build step on the site.
//
// Translations: the plugin's texts are gathered from its PHP, its editor
// script and block.json (the calls with the text domain `platform-embed`),
// and must match languages/platform-embed.pot; every .po must translate all of
// them. Each .po is compiled to a .mo (PHP's gettext), and the editor
// script's texts also to the JSON file wp_set_script_translations() reads
// (languages/platform-embed-<locale>-platform-embed-editor.json).
//
// `node scripts/build-wordpress.mjs --update-pot` rewrites the .pot from the
// sources after texts changed; then add the new texts to each .po.
import { readFileSync, readdirSync, statSync, writeFileSync, mkdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { po, mo } from 'gettext-parser';
import { zipSync, strToU8 } from 'fflate';

const source = join('integrations', 'wordpress');
const languages = join(source, 'languages');
const domain = 'platform-embed';
const editorHandle = 'platform-embed-editor';
const potPath = join(languages, `${domain}.pot`);
const output = join('dist', 'platform-embed-wordpress.zip');
// Locales that get a copy of another's files (none today: de_DE_formal has its own catalogue).
const aliases = {};

function fail(message) {
  console.error(`build-wordpress: ${message}`);
  process.exit(1);
}

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

const pluginPath = (path) => relative(source, path).split(sep).join('/');

/** Undoes the escapes of a single-quoted PHP or JavaScript string literal. */
function unquote(text, lang) {
  return lang === 'php' ? text.replace(/\\(['\\])/g, '$1') : text.replace(/\\(.)/g, (_, c) => ({ n: '\n', t: '\t' })[c] ?? c);
}

/**
 * The translatable texts of one PHP or JS file: every gettext call with the
 * plugin's domain, its line, and the `translators:` comment before it.
 * Calls the pattern cannot read (a double-quoted or concatenated text) stop
 * the build rather than ship untranslated.
 */
function extractCalls(path, lang) {
  const text = readFileSync(path, 'utf8');
  const call = /\b(?:__|_e|esc_html__|esc_html_e|esc_attr__|esc_attr_e)\(\s*'((?:[^'\\]|\\.)*)'\s*,\s*'platform-embed'\s*\)/g;
  const comment = /\/\*\s*translators:\s*([\s\S]*?)\s*\*\//g;
  const notes = [...text.matchAll(comment)].map((m) => ({ at: m.index, note: `translators: ${m[1].replace(/\s+/g, ' ')}` }));
  // Plural forms: `_n( 'one', 'many', $count, 'platform-embed' )`.
  const plural = /\b_n\(\s*'((?:[^'\\]|\\.)*)'\s*,\s*'((?:[^'\\]|\\.)*)'\s*,\s*[^;]*?,\s*'platform-embed'\s*\)/g;
  const found = [...text.matchAll(call), ...text.matchAll(plural)].sort((a, b) => a.index - b.index);
  const domainArgs = (text.match(/,\s*'platform-embed'\s*\)/g) ?? []).length;
  if (domainArgs !== found.length) fail(`${path}: ${domainArgs - found.length} text(s) with the domain ${domain} are not single-quoted literals`);
  let last = 0;
  return found.map((m) => {
    // A translators comment belongs to the first call after it.
    const note = notes.find((n) => n.at >= last && n.at < m.index);
    last = m.index;
    const line = text.slice(0, m.index).split('\n').length;
    return { msgid: unquote(m[1], lang), ...(m[2] !== undefined ? { plural: unquote(m[2], lang) } : {}), ref: `${pluginPath(path)}:${line}`, note: note?.note };
  });
}

/** The texts WordPress translates from block.json and the plugin header. */
function extractMetadata() {
  const block = JSON.parse(readFileSync(join(source, 'block.json'), 'utf8'));
  const entries = [
    { msgctxt: 'block title', msgid: block.title, ref: 'block.json' },
    { msgctxt: 'block description', msgid: block.description, ref: 'block.json' },
    ...block.keywords.map((k) => ({ msgctxt: 'block keyword', msgid: k, ref: 'block.json' })),
  ];
  const header = readFileSync(join(source, 'platform-embed.php'), 'utf8');
  for (const [field, note] of [['Plugin Name', 'Plugin Name of the plugin'], ['Description', 'Description of the plugin'], ['Author', 'Author of the plugin']]) {
    const value = new RegExp(`^ \\* ${field}:\\s*(.+)$`, 'm').exec(header)?.[1].trim();
    if (!value) fail(`platform-embed.php has no ${field} header`);
    entries.push({ msgid: value, ref: 'platform-embed.php', note });
  }
  return entries;
}

/** Every translatable text, merged by context and text, in the gettext-parser shape. */
function extractAll() {
  const files = walk(source).filter((p) => /\.(php|js)$/.test(p)).sort();
  const entries = [...extractMetadata(), ...files.flatMap((p) => extractCalls(p, p.endsWith('.php') ? 'php' : 'js'))];
  const translations = { '': {} };
  for (const e of entries) {
    const ctx = e.msgctxt ?? '';
    translations[ctx] ??= {};
    const known = translations[ctx][e.msgid];
    if (known) {
      known.comments.reference += `\n${e.ref}`;
      if (e.note && !known.comments.extracted) known.comments.extracted = e.note;
    } else {
      translations[ctx][e.msgid] = {
        ...(e.msgctxt ? { msgctxt: e.msgctxt } : {}),
        msgid: e.msgid,
        ...(e.plural ? { msgid_plural: e.plural } : {}),
        msgstr: e.plural ? ['', ''] : [''],
        comments: { reference: e.ref, ...(e.note ? { extracted: e.note } : {}) },
      };
    }
  }
  return translations;
}

const keysOf = (translations) =>
  Object.entries(translations).flatMap(([ctx, byId]) => Object.keys(byId).filter((id) => id !== '').map((id) => `${ctx}\u0004${id}`));

function potText(translations) {
  return po
    .compile(
      {
        charset: 'utf-8',
        headers: {
          'Project-Id-Version': 'Platform Embed',
          'Report-Msgid-Bugs-To': '',
          'MIME-Version': '1.0',
          'Content-Type': 'text/plain; charset=UTF-8',
          'Content-Transfer-Encoding': '8bit',
          'X-Domain': domain,
        },
        translations,
      },
      { sort: (a, b) => (a.msgctxt ?? '').localeCompare(b.msgctxt ?? '') || a.msgid.localeCompare(b.msgid) },
    )
    .toString('utf8');
}

const extracted = extractAll();
const wanted = new Set(keysOf(extracted));
if (process.argv.includes('--update-pot')) {
  writeFileSync(potPath, potText(extracted) + '\n');
  console.log(`build-wordpress: wrote ${potPath} (${wanted.size} texts)`);
  process.exit(0);
}

const pot = po.parse(readFileSync(potPath));
const inPot = new Set(keysOf(pot.translations));
const describe = (keys) => keys.map((k) => `"${k.split('\u0004')[1]}"`).join(', ');
const notInPot = [...wanted].filter((k) => !inPot.has(k));
const stale = [...inPot].filter((k) => !wanted.has(k));
if (notInPot.length || stale.length) {
  fail(`${potPath} is out of date (new: ${describe(notInPot) || 'none'}; gone: ${describe(stale) || 'none'}). Run node scripts/build-wordpress.mjs --update-pot, then translate the new texts in each .po.`);
}

/** Which texts the editor script uses: they go to its JSON translations too. */
const editorKeys = new Set(
  Object.entries(extracted).flatMap(([ctx, byId]) =>
    Object.values(byId).filter((e) => e.comments?.reference.split('\n').some((r) => r.startsWith('editor.js:'))).map((e) => `${ctx}\u0004${e.msgid}`),
  ),
);

const files = {};
const add = (name, bytes) => (files[`platform-embed/${name}`] = [bytes, { mtime: new Date('2026-01-01T00:00:00Z') }]);

for (const path of walk(source).sort()) {
  const name = pluginPath(path);
  // The catalogues go in below, checked and compiled.
  if (name.endsWith('.po') || name.endsWith('.pot')) continue;
  add(name, readFileSync(path));
}
// The template as the sources are now (the committed one may have older line numbers).
add(`languages/${domain}.pot`, strToU8(potText(extracted) + '\n'));

const poFiles = readdirSync(languages).filter((n) => n.endsWith('.po')).sort();
for (const name of poFiles) {
  const locale = name.slice(`${domain}-`.length, -'.po'.length);
  const parsed = po.parse(readFileSync(join(languages, name)));
  const done = new Set(
    Object.entries(parsed.translations).flatMap(([ctx, byId]) =>
      Object.values(byId).filter((e) => e.msgid !== '' && e.msgstr.every((s) => s.trim() !== '')).map((e) => `${ctx}\u0004${e.msgid}`),
    ),
  );
  const missing = [...wanted].filter((k) => !done.has(k));
  if (missing.length) fail(`${name} does not translate ${describe(missing)}`);
  // Only current texts are shipped; a .po may keep old ones for reference.
  for (const [ctx, byId] of Object.entries(parsed.translations)) {
    for (const id of Object.keys(byId)) if (id !== '' && !wanted.has(`${ctx}\u0004${id}`)) delete byId[id];
  }
  add(`languages/${name}`, readFileSync(join(languages, name)));
  const moBytes = mo.compile(parsed);

  // Jed 1.x, as WordPress's own make-json writes it.
  const messages = { '': { domain: 'messages', lang: locale, 'plural-forms': parsed.headers['Plural-Forms'] ?? 'nplurals=2; plural=(n != 1);' } };
  for (const [ctx, byId] of Object.entries(parsed.translations)) {
    for (const [id, entry] of Object.entries(byId)) {
      if (id === '' || !editorKeys.has(`${ctx}\u0004${id}`)) continue;
      messages[ctx ? `${ctx}\u0004${id}` : id] = entry.msgstr;
    }
  }
  for (const target of [locale, ...(aliases[locale] ?? [])]) {
    const jed = { domain: 'messages', locale_data: { messages: { ...messages, '': { ...messages[''], lang: target } } } };
    add(`languages/${domain}-${target}.mo`, moBytes);
    add(`languages/${domain}-${target}-${editorHandle}.json`, strToU8(JSON.stringify(jed)));
  }
}
if (poFiles.length === 0) fail(`no .po files in ${languages}`);

for (const bundle of ['platform-embed.iife.min.js', 'platform-embed.iife.min.js.map']) {
  try {
    add(bundle, readFileSync(join('dist', bundle)));
  } catch {
    fail(`dist/${bundle} is missing: build the bundles first (npm run build)`);
  }
}

mkdirSync('dist', { recursive: true });
writeFileSync(output, zipSync(files, { level: 9 }));
console.log(`build-wordpress: ${output} (${Object.keys(files).length} files, ${poFiles.length} languages)`);
