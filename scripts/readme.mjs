// Keeps the documentation true to the code: the element reference sections
// (`<!-- api:<tag> -->` blocks) are generated from custom-elements.json, and
// the host snippets (`<!-- snippet:<path> -->` blocks) are copied from
// docs/hosts/, which are the very files the framework and CMS tests run.
//
//   node scripts/readme.mjs          rewrite the generated blocks in place
//   node scripts/readme.mjs --check  exit 1 when a document is out of date
import { readFileSync, writeFileSync } from 'node:fs';
import { extname } from 'node:path';

/** The documents with generated blocks. */
export const documents = ['README.md', 'docs/reference.md', 'docs/hosts/README.md', 'docs/sessions.md', 'docs/hosts/nextjs/README.md'];
const manifest = JSON.parse(readFileSync('custom-elements.json', 'utf8'));

const cell = (text = '') => String(text).replace(/\|/g, '\\|').replace(/\n+/g, ' ');
const code = (text) => (text ? `\`${cell(text).replace(/`/g, "'")}\`` : '');

function declaration(tag) {
  for (const mod of manifest.modules) {
    for (const d of mod.declarations ?? []) if (d.customElement && d.tagName === tag) return d;
  }
  throw new Error(`custom-elements.json has no <${tag}>`);
}

const isPublic = (m) => !m.static && m.privacy !== 'private' && m.privacy !== 'protected' && !m.name.startsWith('_');

function elementReference(tag) {
  const d = declaration(tag);
  const members = (d.members ?? []).filter(isPublic);
  const fields = members.filter((m) => m.kind === 'field');
  const byName = new Map(fields.map((f) => [f.name, f]));
  const out = [`**\`<${tag}>\`** — ${d.summary ?? ''}`, ''];

  out.push('| attribute | property | type | default | description |', '|---|---|---|---|---|');
  const seen = new Set();
  for (const a of d.attributes ?? []) {
    const f = byName.get(a.fieldName) ?? fields.find((x) => x.attribute === a.name) ?? byName.get(a.name);
    if (f) seen.add(f.name);
    const description = f && f.description !== a.description && a.description ? `${f.description} Attribute: ${a.description}` : (f ?? a).description;
    out.push(`| ${code(a.name)} | ${f ? code(f.name) : '—'}${f?.readonly ? ' (read-only)' : ''} | ${code((f ?? a).type?.text)} | ${code((f ?? a).default)} | ${cell(description)} |`);
  }
  for (const f of fields) {
    if (seen.has(f.name) || f.attribute) continue;
    out.push(`| — | ${code(f.name)}${f.readonly ? ' (read-only)' : ''} | ${code(f.type?.text)} | ${code(f.default)} | ${cell(f.description)} |`);
  }

  const methods = members.filter((m) => m.kind === 'method');
  if (methods.length) {
    out.push('', '| method | returns | description |', '|---|---|---|');
    for (const m of methods) {
      const params = (m.parameters ?? []).map((p) => `${p.name}${p.optional ? '?' : ''}`).join(', ');
      out.push(`| ${code(`${m.name}(${params})`)} | ${code(m.return?.type?.text ?? 'void')} | ${cell(m.description)} |`);
    }
  }
  if (d.events?.length) {
    out.push('', '| event | detail | fired when |', '|---|---|---|');
    for (const e of d.events) out.push(`| ${code(e.name)} | ${code(e.type?.text)} | ${cell(e.description)} |`);
  }
  const list = (title, items, fmt) => {
    if (!items?.length) return;
    out.push('', `${title}: ${items.map(fmt).join('; ')}.`);
  };
  list('Slots', d.slots, (s) => `${code(s.name || '(default)')} — ${s.description}`);
  list('CSS parts', d.cssParts, (p) => `${code(p.name)} — ${p.description}`);
  list('CSS custom properties', d.cssProperties, (p) => `${code(p.name)}${p.default ? ` (default ${code(p.default)})` : ''} — ${p.description}`);
  return out.join('\n');
}

const fence = { '.json': 'json', '.html': 'html', '.jsx': 'jsx', '.tsx': 'tsx', '.ts': 'ts', '.vue': 'vue', '.svelte': 'svelte', '.js': 'js' };
function snippet(path) {
  const text = readFileSync(path, 'utf8').trimEnd();
  return `\`${path}\`:\n\n\`\`\`\`${fence[extname(path)] ?? ''}\n${text}\n\`\`\`\``;
}

export function render(readme) {
  return readme
    .replace(/(<!-- api:([\w-]+) -->)[\s\S]*?(<!-- \/api -->)/g, (_, open, tag, close) => `${open}\n${elementReference(tag)}\n${close}`)
    .replace(/(<!-- snippet:([^ ]+) -->)[\s\S]*?(<!-- \/snippet -->)/g, (_, open, path, close) => `${open}\n${snippet(path)}\n${close}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const file of documents) {
    const current = readFileSync(file, 'utf8');
    const next = render(current);
    if (process.argv.includes('--check')) {
      if (next !== current) {
        console.error(`${file} is out of date: run \`node scripts/readme.mjs\`.`);
        process.exitCode = 1;
      }
    } else if (next !== current) {
      writeFileSync(file, next);
      console.log(`${file} updated.`);
    }
  }
}
