// Every example must show data against the mock platform: a filter on a field
// the mock's rows lack is struck through in the embed ("… is not a field of
// this dashboard"), a value no row has leaves the dashboard empty, and a bare
// value (not in the platform's documented form `{ value: … }`, which the
// element sends as given) is ignored. This
// reads every filter the examples set (code blocks of the README and docs/,
// the files of docs/hosts/, docs/testing/ and demo/: `filters` objects, JSON
// `filters` attributes, `setFilter(…)` calls, `f_` URL parameters, drilldown
// members) and checks each against the mock's own catalogue
// (src/testing/embed/data.js), so adding a field to an example without adding
// it to the mock fails here.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { extname, join } from 'node:path';
import { DASHBOARDS, sampleData } from '../../src/testing/embed/data.js';

/** `view` → `field` → the values the mock's rows hold (as strings, as the mock compares them). */
const catalogue = new Map(
  Object.entries(sampleData()).map(([view, rows]) => [
    view,
    new Map(Object.keys(rows[0]).map((field) => [field, new Set(rows.map((row) => String(row[field])))])),
  ]),
);
const dashboardView = new Map(Object.entries(DASHBOARDS).map(([id, d]) => [id, d.view]));

const MEMBER = String.raw`[A-Za-z_]\w*\.[A-Za-z_]\w*`;
const LITERAL = String.raw`'[^'\n]*'|"[^"\n]*"|-?\d+(?:\.\d+)?|true|false|null`;
const VALUE = String.raw`\[(?:\s*(?:${LITERAL})\s*,?)*\]|${LITERAL}`;

/** A literal's value, or undefined for an expression (`e.target.value`). */
function literal(text) {
  const t = text.trim();
  if (/^'/.test(t)) return t.slice(1, -1);
  if (/^\[/.test(t)) return [...t.matchAll(new RegExp(LITERAL, 'g'))].map((m) => literal(m[0]));
  try {
    return JSON.parse(t);
  } catch {
    return undefined;
  }
}

/** A filter in the platform's form, `{ value: … }` or `{"value": …}` (one nesting level, as examples write it). */
const WRAPPED = String.raw`\{\s*['"]?value['"]?\s*:\s*(${VALUE}|[^{}]*?)\s*\}`;

/** A filter as written: `{ value, bare }`, `bare` when it is not in the form `{ value: … }`. */
function filterText(text) {
  const wrapped = new RegExp(`^${WRAPPED}$`).exec(text.trim());
  return wrapped ? { value: literal(wrapped[1]), bare: false } : { value: literal(text), bare: true };
}

/** The value of a filter object `{"value": …}`, or the bare value as it is. */
const fromJson = (v) =>
  v && typeof v === 'object' && !Array.isArray(v) && Object.hasOwn(v, 'value') ? { value: v.value, bare: false } : { value: v, bare: true };

/** Every `{ member, value, bare }` an example sets; `value` undefined when it is not a literal. */
export function filtersIn(text) {
  const found = [];
  const add = (member, { value, bare }) => found.push({ member, value, bare });
  // Objects given as `filters` (property, prop, JSON attribute), entry by entry.
  for (const [, body] of text.matchAll(/\bfilters\s*(?:=\s*\{?|:\s*|\.prop\s*=\s*")\s*(?:'|")?\s*(\{(?:[^{}]|\{[^{}]*\})*\})/g)) {
    for (const m of body.replace(/&quot;/g, '"').matchAll(new RegExp(String.raw`['"](${MEMBER})['"]\s*:\s*(${WRAPPED}|${VALUE})`, 'g'))) add(m[1], filterText(m[2]));
  }
  for (const m of text.matchAll(new RegExp(String.raw`setFilter\(\s*['"](${MEMBER})['"]\s*,\s*(${WRAPPED}|[^)]*)\)`, 'g'))) add(m[1], filterText(m[2]));
  for (const m of text.matchAll(new RegExp(String.raw`[?&]f_(${MEMBER})=([^&\s"'\`)]+)`, 'g'))) add(m[1], fromJson(literal(decodeURIComponent(m[2]))));
  // A drilldown's member and value: what the embed reports, not a filter the host sets.
  for (const m of text.matchAll(new RegExp(String.raw`member:\s*['"](${MEMBER})['"]\s*,\s*value:\s*(${VALUE})`, 'g'))) add(m[1], { value: literal(m[2]), bare: false });
  // The demo's filter form: its member and value inputs (the demo sends `{ value }`).
  const member = /name="member" value="([^"]+)"/.exec(text);
  const value = /name="value" value="([^"]*)"/.exec(text);
  if (member) add(member[1], { value: value ? value[1] : undefined, bare: false });
  return found;
}

/** What is wrong with one filter against the mock, or null. `view` is the example's dashboard's, when it names one. */
export function problem({ member, value, bare }, view) {
  const [name, field] = member.split('.');
  const fields = catalogue.get(name);
  if (!fields) return `${member}: the mock has no view "${name}" (it has ${[...catalogue.keys()].join(', ')})`;
  if (!fields.has(field)) return `${member}: the mock's ${name} rows have no "${field}" (they have ${[...fields.keys()].join(', ')})`;
  if (view && view !== name) return `${member}: the example's dashboard shows ${view}, not ${name}`;
  if (bare) return `${member}: a bare value, which the element sends as it is and the mock ignores: write { value: … }`;
  if (value === undefined || value === null) return null;
  const held = fields.get(field);
  const missing = (Array.isArray(value) ? value : [value]).filter((v) => !held.has(String(v)));
  return missing.length ? `${member}: no row of the mock has ${missing.map((v) => JSON.stringify(v)).join(', ')}` : null;
}

/** The examples: fenced code blocks of markdown, and the example files whole. */
function examples() {
  const out = [];
  const walk = (dir) =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.name === 'node_modules' || e.name.startsWith('.') ? [] : e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)],
    );
  const code = new Set(['.html', '.js', '.mjs', '.ts', '.tsx', '.jsx', '.vue', '.svelte', '.astro']);
  for (const file of ['README.md', ...walk('docs'), ...walk('demo')]) {
    if (file.endsWith('.md')) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/^(`{3,})[^\n]*\n([\s\S]*?)^\1\s*$/gm)) out.push({ where: `${file} (code block at line ${text.slice(0, m.index).split('\n').length})`, text: m[2] });
    } else if (code.has(extname(file))) {
      out.push({ where: file, text: readFileSync(file, 'utf8') });
    }
  }
  return out;
}

/** The dashboard an example shows, when it names exactly one of the mock's. */
function viewOf(text) {
  const named = new Set([...text.matchAll(/\b([a-z]+(?:-[a-z]+)+)\b/g)].map((m) => m[1]).filter((id) => dashboardView.has(id)));
  return named.size === 1 ? dashboardView.get([...named][0]) : undefined;
}

test('the checker finds the filters an example sets, and refuses a field or value the mock lacks, or a bare value', () => {
  const text = `embed.filters = { 'orders.status': { value: 'shipped' } };
<platform-embed filters='{"orders.region": {"value": ["EU", "US"]}, "orders.product": {"value": "Pro"}}'></platform-embed>
embed.setFilter('orders.region', { value: 'EMEA' }); // sales-overview
embed.setFilter('orders.region', { value: e.target.value });
embed.setFilter('orders.product', 'Pro');
embed.filters = { 'orders.region': 'EMEA' };
const url = 'https://t.example/embed/dashboard/ops-health?f_orders.product=%7B%22value%22%3A%22Pro%22%7D&f_orders.region=%22EMEA%22';`;
  const found = filtersIn(text);
  assert.deepEqual(found, [
    { member: 'orders.status', value: 'shipped', bare: false },
    { member: 'orders.region', value: ['EU', 'US'], bare: false },
    { member: 'orders.product', value: 'Pro', bare: false },
    { member: 'orders.region', value: 'EMEA', bare: true },
    { member: 'orders.region', value: 'EMEA', bare: false },
    { member: 'orders.region', value: undefined, bare: false },
    { member: 'orders.product', value: 'Pro', bare: true },
    { member: 'orders.product', value: 'Pro', bare: false },
    { member: 'orders.region', value: 'EMEA', bare: true },
  ]);
  assert.match(problem(found[0]), /no "status"/);
  assert.match(problem(found[1]), /no row of the mock has "EU", "US"/);
  assert.equal(problem(found[2]), null);
  assert.match(problem(found[3]), /orders.region: a bare value/);
  assert.equal(problem(found[4]), null);
  assert.equal(problem(found[5]), null);
  assert.match(problem(found[6]), /a bare value/);
  assert.match(problem(found[7], 'incidents'), /shows incidents/);
  assert.match(problem(found[8]), /a bare value/);
});

test('every filter in every example names a field and values the mock has', () => {
  const all = examples();
  const wrong = [];
  let count = 0;
  for (const { where, text } of all) {
    const view = viewOf(text);
    for (const filter of filtersIn(text)) {
      count += 1;
      const why = problem(filter, view);
      if (why) wrong.push(`${where}: ${why}`);
    }
  }
  assert.deepEqual(wrong, []);
  // The quick start's page, the CMS markup, the testing guide and the demo all set filters.
  assert.ok(count >= 6, `only ${count} filters found in the examples: the extraction broke`);
});
