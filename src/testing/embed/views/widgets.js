// Dashboard widgets: KPI figures, a bar chart of CSS bars and a table of the
// latest rows. Bars and measure cells are buttons that report a drilldown.
import { h } from '../dom.js';
import { formatDateTime, formatNumber } from '../format.js';

/** Aggregates `rows` for a widget's measure (`sum`, `avg` or `count`). */
export function aggregate(widget, rows) {
  if (widget.agg === 'count') return rows.length;
  const values = rows.map((r) => Number(r[widget.field]) || 0);
  const sum = values.reduce((a, b) => a + b, 0);
  if (widget.agg === 'avg') return values.length ? sum / values.length : 0;
  return sum;
}

/** Column heading of a row field: `created_at` → `Created`. */
const label = (field) => {
  const words = field.replace(/_at$/, '').replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/**
 * Renders one widget card.
 * @param {object} widget the widget definition from the seed data
 * @param {object[]} rows the filtered rows of its view
 * @param {{ allowExport: boolean, onDownload: Function, onDrill: Function, dateField: string }} opts
 */
export function renderWidget(widget, rows, opts) {
  const body = widget.kind === 'kpi' ? kpi(widget, rows) : widget.kind === 'bar' ? bars(widget, rows, opts) : table(widget, rows, opts);
  const rowCount = widget.kind === 'table' ? rows.length : widget.kind === 'bar' ? groups(widget, rows).length : 1;
  const exportButton = (format, text) =>
    h('button', {
      type: 'button',
      class: 'icon-button',
      testid: `download-${widget.id}-${format}`,
      'aria-label': `Download ${widget.title} as ${text}`,
      onclick: () => opts.onDownload({ format, target: 'widget', widgetId: widget.id, title: widget.title, ...(format === 'csv' || format === 'xlsx' ? { rowCount } : {}) }),
    }, text);
  return h('section', { class: `widget widget-${widget.kind}`, testid: `widget-${widget.id}`, 'aria-label': widget.title },
    h('header', { class: 'widget-head' },
      h('h2', {}, widget.title),
      // The platform offers a chart widget's downloads (CSV, PNG, PDF) only with allowExport=true.
      opts.allowExport ? h('div', { class: 'widget-actions' }, exportButton('csv', 'CSV'), exportButton('png', 'PNG'), exportButton('pdf', 'PDF')) : null,
    ),
    body,
  );
}

function kpi(widget, rows) {
  const value = aggregate(widget, rows);
  return h('p', { class: 'kpi-value', testid: `kpi-${widget.id}`, 'data-value': String(value) }, formatNumber(value, widget.style));
}

function groups(widget, rows) {
  const byKey = new Map();
  for (const row of rows) {
    const key = String(row[widget.dimension]);
    if (!byKey.has(key)) byKey.set(key, []);
    byKey.get(key).push(row);
  }
  return [...byKey].map(([key, group]) => ({ key, value: aggregate(widget, group) })).sort((a, b) => b.value - a.value);
}

function bars(widget, rows, opts) {
  const data = groups(widget, rows);
  if (data.length === 0) return empty();
  const max = Math.max(...data.map((d) => d.value), 1);
  return h('div', { class: 'bars', role: 'list' },
    data.map((d) =>
      h('div', { class: 'bar-row', role: 'listitem' },
        h('span', { class: 'bar-label' }, d.key),
        h('button', {
          type: 'button',
          class: 'bar',
          testid: `bar-${widget.id}-${d.key}`,
          'aria-label': `${d.key}: ${formatNumber(d.value, widget.style)}. Drill into ${widget.measure}`,
          onclick: () => opts.onDrill({ member: widget.measure, value: d.value, widgetId: widget.id }),
        }, h('span', { class: 'bar-fill', style: { width: `${Math.max(2, (d.value / max) * 100)}%` } })),
        h('span', { class: 'bar-value' }, formatNumber(d.value, widget.style)),
      ),
    ),
  );
}

function table(widget, rows, opts) {
  if (rows.length === 0) return empty();
  const shown = rows.slice(0, 8);
  return h('div', { class: 'table-wrap' },
    h('table', { testid: `table-${widget.id}` },
      h('thead', {}, h('tr', {}, widget.columns.map((c) => h('th', { scope: 'col', class: c === widget.field ? 'num' : null }, label(c))))),
      h('tbody', {},
        shown.map((row) =>
          h('tr', { 'data-row': row.id },
            widget.columns.map((c) => {
              if (c === opts.dateField) return h('td', { 'data-testid': 'cell-date', 'data-iso': row[c] }, formatDateTime(row[c]));
              if (c === widget.field) {
                return h('td', { class: 'num' },
                  h('button', {
                    type: 'button',
                    class: 'cell-button',
                    testid: `cell-${widget.id}`,
                    'aria-label': `${formatNumber(row[c], widget.style)}. Drill into ${widget.measure}`,
                    onclick: () => opts.onDrill({ member: widget.measure, value: row[c], widgetId: widget.id }),
                  }, formatNumber(row[c], widget.style)),
                );
              }
              const numeric = typeof row[c] === 'number';
              return h('td', { class: numeric ? 'num' : null, 'data-field': c }, numeric ? formatNumber(row[c]) : row[c]);
            }),
          ),
        ),
      ),
    ),
    h('p', { class: 'table-foot' }, `Showing ${shown.length} of ${rows.length} rows`),
  );
}

function empty() {
  return h('p', { class: 'empty', testid: 'widget-empty' }, 'No rows match the current filters.');
}
