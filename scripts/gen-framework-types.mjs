// Generates the framework type declarations in dist/frameworks/ from
// custom-elements.json (run by scripts/build.mjs after the manifest):
//
//   react.d.ts   the React components' types and React 19 JSX IntrinsicElements for both tags
//   vue.d.ts     Vue GlobalComponents, so vue-tsc checks props and @events
//   svelte.d.ts  Svelte 5 SvelteHTMLElements (svelte/elements)
//
// The manifest says which attributes, properties and events exist; their
// TypeScript types come from the package's own declarations (indexed access
// on the element classes and HTMLElementEventMap), so they never drift.
// Attribute-backed members are keyed by attribute name (`base-url`): React and
// Svelte write an unknown name as an attribute, and only the kebab-case name
// works before the element is defined. Property-only members (`theme`,
// `filters`, `sessionProvider`, `client`, ...) are keyed by property name.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const manifestPath = process.argv[2] ?? 'custom-elements.json';
const outDir = process.argv[3] ?? join('dist', 'frameworks');

/** `PlatformEmbedElement` → `platform-embed`, when the manifest has no tagName. */
const tagFromClass = (name) =>
  name
    .replace(/Element$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase();

const isHidden = (m) =>
  m.static || m.readonly || m.privacy === 'private' || m.privacy === 'protected' || /^[#_]/.test(m.name) || /read-only/i.test(m.description ?? '');

/** The elements of the manifest with what the generated types need. */
export function readElements(manifest) {
  const elements = [];
  for (const mod of manifest.modules ?? []) {
    for (const decl of mod.declarations ?? []) {
      if (!decl.customElement) continue;
      const definition = (mod.exports ?? []).find((e) => e.kind === 'custom-element-definition' && e.declaration?.name === decl.name);
      const tag = decl.tagName ?? definition?.name ?? tagFromClass(decl.name);
      const fields = (decl.members ?? []).filter((m) => m.kind === 'field' && !isHidden(m));
      const fieldNames = new Set(fields.map((f) => f.name));
      const attributes = (decl.attributes ?? [])
        .filter((a) => a.fieldName && fieldNames.has(a.fieldName))
        .map((a) => ({ name: a.name, field: a.fieldName, description: a.description ?? '' }));
      const attributeFields = new Set(attributes.map((a) => a.field));
      const properties = fields
        .filter((f) => !attributeFields.has(f.name))
        .map((f) => ({ name: f.name, description: f.description ?? '' }));
      const events = (decl.events ?? []).filter((e) => e.name).map((e) => ({ name: e.name, description: e.description ?? '' }));
      elements.push({ tag, className: decl.name, attributes, properties, events });
    }
  }
  return elements.sort((a, b) => a.tag.localeCompare(b.tag));
}

const key = (name) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : `'${name}'`);
const doc = (text, indent) => (text ? `${indent}/** ${text.replace(/\s+/g, ' ').replace(/\*\//g, '*\\/')} */\n` : '');

/** The members of one element's props interface, as declaration lines. */
function memberLines(el, { eventPrefix, indent = '  ' }) {
  let out = '';
  for (const a of el.attributes) out += `${doc(a.description, indent)}${indent}${key(a.name)}?: ${el.className}['${a.field}'];\n`;
  for (const p of el.properties) out += `${doc(p.description, indent)}${indent}${key(p.name)}?: ${el.className}['${p.name}'];\n`;
  if (eventPrefix !== null) {
    for (const e of el.events) {
      out += `${doc(e.description, indent)}${indent}${key(eventPrefix + e.name)}?: (event: HTMLElementEventMap['${e.name}']) => void;\n`;
    }
  }
  return out;
}

const header = (what) =>
  `// ${what}\n// Generated from custom-elements.json by scripts/gen-framework-types.mjs; do not edit.\n`;

const importClasses = (elements) => `import type { ${elements.map((e) => e.className).join(', ')} } from '../index.js';\n`;

const propsName = (el, suffix) => `${el.className.replace(/Element$/, '')}${suffix}Props`;

function react(elements) {
  let out = header("`platform-embed/react`: the components (React 18 and 19) and React 19's JSX types for both tags.");
  out += `import type { HTMLAttributes, RefAttributes } from 'react';\n${importClasses(elements)}\n`;
  out += `export * from '../react/index.js';\n\n`;
  for (const el of elements) {
    const own = `${propsName(el, 'React')}Own`;
    out += `/** Attributes, properties and \`on<event>\` listeners of \`<${el.tag}>\`. */\nexport interface ${own} {\n${memberLines(el, { eventPrefix: 'on' })}}\n\n`;
    out += `/** Everything \`<${el.tag}>\` accepts in JSX. */\nexport type ${propsName(el, 'React')} = ${own} &\n  Omit<HTMLAttributes<${el.className}>, keyof ${own}> &\n  RefAttributes<${el.className}>;\n\n`;
  }
  out += `declare module 'react' {\n  namespace JSX {\n    interface IntrinsicElements {\n`;
  for (const el of elements) out += `      '${el.tag}': ${propsName(el, 'React')};\n`;
  out += `    }\n  }\n}\n`;
  return out;
}

/** `platform-ready` → `onPlatformReady`, the prop name Vue gives `@platform-ready`. */
const vueHandler = (event) => `on${event.replace(/(^|-)([a-z0-9])/g, (_, _dash, c) => c.toUpperCase())}`;

function vue(elements) {
  let out = header("Vue 3 template types for vue-tsc: `import type {} from 'platform-embed/vue'`.");
  out += `import type { EmitFn, HTMLAttributes, PublicProps } from 'vue';\n${importClasses(elements)}\n`;
  out += `/** A custom element as vue-tsc sees a component: its props and its events. */\nexport type DefineCustomElement<E extends HTMLElement, Props, Events extends object> = new () => E & {\n  /** @deprecated For template type checking only. */\n  $props: HTMLAttributes & Props & PublicProps;\n  /** @deprecated For template type checking only. */\n  $emit: EmitFn<{ [K in keyof Events]: (event: Events[K]) => void }>;\n};\n\n`;
  for (const el of elements) {
    // vue-tsc normalises `base-url` to `baseUrl` when it checks props, so
    // props use property names; the template may use either spelling.
    const props = [
      ...el.attributes.map((a) => `${doc(a.description, '  ')}  ${key(a.field)}?: ${el.className}['${a.field}'];\n`),
      ...el.properties.map((p) => `${doc(p.description, '  ')}  ${key(p.name)}?: ${el.className}['${p.name}'];\n`),
    ].join('');
    // vue-tsc checks `@platform-ready` as the prop `onPlatformReady`.
    const handlers = el.events
      .map((e) => `${doc(e.description, '  ')}  ${vueHandler(e.name)}?: (event: HTMLElementEventMap['${e.name}']) => void;\n`)
      .join('');
    out += `/** Props of \`<${el.tag}>\` (attributes by property name, property-only members, \`@event\` handlers). */\nexport interface ${propsName(el, 'Vue')} {\n${props}${handlers}}\n\n`;
    out += `/** Events of \`<${el.tag}>\`. */\nexport interface ${el.className.replace(/Element$/, '')}VueEvents {\n`;
    for (const e of el.events) out += `  '${e.name}': HTMLElementEventMap['${e.name}'];\n`;
    out += `}\n\n`;
  }
  out += `declare module 'vue' {\n  interface GlobalComponents {\n`;
  for (const el of elements) {
    const base = el.className.replace(/Element$/, '');
    out += `    '${el.tag}': DefineCustomElement<${el.className}, ${propsName(el, 'Vue')}, ${base}VueEvents>;\n`;
  }
  out += `  }\n}\n`;
  return out;
}

function svelte(elements) {
  let out = header("Svelte 5 element types for svelte-check: `import type {} from 'platform-embed/svelte'`.");
  out += `import type { HTMLAttributes } from 'svelte/elements';\n${importClasses(elements)}\n`;
  for (const el of elements) {
    const own = `${propsName(el, 'Svelte')}Own`;
    out += `/** Attributes, properties and \`on<event>\` handlers of \`<${el.tag}>\`. */\nexport interface ${own} {\n${memberLines(el, { eventPrefix: 'on' })}}\n\n`;
    out += `/** Everything \`<${el.tag}>\` accepts in Svelte markup. */\nexport type ${propsName(el, 'Svelte')} = ${own} & Omit<HTMLAttributes<${el.className}>, keyof ${own}>;\n\n`;
  }
  out += `declare module 'svelte/elements' {\n  interface SvelteHTMLElements {\n`;
  for (const el of elements) out += `    '${el.tag}': ${propsName(el, 'Svelte')};\n`;
  out += `  }\n}\n`;
  return out;
}

/** Writes the three declaration files; returns their paths. */
export function generate(manifest, dir = outDir) {
  const elements = readElements(manifest);
  if (elements.length === 0) throw new Error('custom-elements.json lists no custom elements');
  const files = { 'react.d.ts': react(elements), 'vue.d.ts': vue(elements), 'svelte.d.ts': svelte(elements) };
  mkdirSync(dir, { recursive: true });
  return Object.entries(files).map(([name, text]) => {
    const path = join(dir, name);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, text);
    return path;
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const written = generate(JSON.parse(readFileSync(manifestPath, 'utf8')));
  console.log(`framework types: ${written.join(', ')}`);
}
