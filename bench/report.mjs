// The benchmark results as a plain-text table (terminal) and as Markdown.

const show = (v) => (typeof v === 'number' ? v.toLocaleString('en-US') : String(v));
const status = (b) => (b.pass ? 'pass' : 'FAIL');

function rows(budgets) {
  return budgets.map((b) => [b.measure, show(b.value), show(b.budget), status(b), b.detail ?? '']);
}

/** Prints `budgets` as an aligned table. */
export function printTable(budgets) {
  const all = [['measure', 'value', 'budget', 'status', 'detail'], ...rows(budgets)];
  const widths = all[0].map((_, i) => Math.max(...all.map((r) => r[i].length)));
  // The detail column is free text: leave it unpadded.
  const line = (r) => r.map((cell, i) => (i === r.length - 1 ? cell : cell.padEnd(widths[i]))).join('  ');
  console.log(line(all[0]));
  console.log(widths.map((w) => '-'.repeat(Math.min(w, 60))).join('  '));
  for (const r of all.slice(1)) console.log(line(r));
}

/** `budgets` as a Markdown table, for the README. */
export function markdownTable(budgets) {
  const escape = (s) => s.replaceAll('|', '\\|');
  return [
    '| measure | measured | budget | result | detail |',
    '|---|---|---|---|---|',
    ...rows(budgets).map((r) => `| ${r.map(escape).join(' | ')} |`),
  ].join('\n');
}
