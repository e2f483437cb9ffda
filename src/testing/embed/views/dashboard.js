// The dashboard surface: header with filters and exports, then its widgets.
import { DASHBOARDS } from '../data.js';
import { h, mount } from '../dom.js';
import { appliesTo, applyFilters, filters } from '../filters.js';
import { formatNumber } from '../format.js';
import { renderWidget } from './widgets.js';

/** Simulated query time, so `ready` (mount) and `dashboard-loaded` (data) are distinct moments. */
const QUERY_MS = 120;

/**
 * Creates the view of dashboard `publicId`, or null when it does not exist.
 * @param {object} ctx shell services: `data`, `allowExport`, `emit`, `toast`, `errorButton`
 * @param {string} publicId
 */
export function createDashboardView(ctx, publicId) {
  const def = Object.hasOwn(DASHBOARDS, publicId) ? DASHBOARDS[publicId] : null;
  if (!def) return null;
  const chips = h('ul', { class: 'chips', testid: 'filter-chips', 'aria-label': 'Active filters' });
  const grid = h('div', { class: 'grid', testid: 'widget-grid', 'aria-busy': 'true' });
  let loaded = false;
  let generation = 0;

  const download = (payload) => {
    ctx.emit('download', payload);
    ctx.toast(`Exported ${payload.title ?? def.title} as ${payload.format.toUpperCase()}`);
  };
  const dashboardExport = (format) =>
    h('button', {
      type: 'button',
      class: 'button',
      testid: `download-dashboard-${format}`,
      onclick: () => download({ format, target: 'dashboard', title: def.title }),
    }, format.toUpperCase());

  const element = h('article', { class: 'dashboard', testid: 'dashboard', 'data-public-id': publicId },
    h('header', { class: 'surface-head' },
      h('div', {},
        h('h1', { testid: 'dashboard-title' }, def.title),
        h('p', { class: 'muted' }, def.description),
      ),
      h('div', { class: 'toolbar', role: 'toolbar', 'aria-label': 'Dashboard actions' },
        h('span', { class: 'toolbar-label' }, 'Export'),
        dashboardExport('pdf'),
        dashboardExport('png'),
        ctx.errorButton(),
      ),
    ),
    chips,
    grid,
  );

  function renderChips(rows) {
    mount(chips, [...filters].map(([member, value]) => {
      const active = appliesTo(member, def.view, rows);
      const text = Array.isArray(value) ? value.join(', ') : String(value);
      return h('li', {
        class: active ? 'chip' : 'chip chip-inactive',
        testid: 'filter-chip',
        'data-member': member,
        title: active ? null : `${member} is not a field of this dashboard`,
      }, h('span', { class: 'chip-member' }, member), ' = ', h('strong', {}, text));
    }));
  }

  function renderWidgets() {
    const all = ctx.data()[def.view];
    const rows = applyFilters(def.view, all);
    renderChips(all);
    const opts = {
      allowExport: ctx.allowExport,
      dateField: def.dateField,
      onDownload: download,
      onDrill: (payload) => {
        ctx.emit('drilldown', payload);
        ctx.toast(`Drilled into ${payload.member} (${formatNumber(payload.value)})`);
      },
    };
    const kpis = def.widgets.filter((w) => w.kind === 'kpi');
    const others = def.widgets.filter((w) => w.kind !== 'kpi');
    mount(grid,
      h('div', { class: 'kpis' }, kpis.map((w) => renderWidget(w, rows, opts))),
      others.map((w) => renderWidget(w, rows, opts)),
    );
  }

  function skeleton() {
    grid.setAttribute('aria-busy', 'true');
    mount(grid, h('div', { class: 'kpis' }, def.widgets.filter((w) => w.kind === 'kpi').map(() => h('div', { class: 'widget skeleton' }))),
      def.widgets.filter((w) => w.kind !== 'kpi').map(() => h('div', { class: 'widget skeleton tall' })));
  }

  return {
    element,
    title: def.title,
    publicId,
    /** Redraws with the current locale, zone and filters; fires nothing. */
    rerender() {
      if (loaded) renderWidgets();
      else renderChips(ctx.data()[def.view]);
    },
    /** Runs the (simulated) queries; resolves with the load figures once every widget is in the DOM, or null when superseded. */
    load() {
      const mine = ++generation;
      const started = performance.now();
      loaded = false;
      skeleton();
      return new Promise((resolve) => {
        setTimeout(() => {
          if (mine !== generation || !element.isConnected) return resolve(null);
          renderWidgets();
          loaded = true;
          grid.setAttribute('aria-busy', 'false');
          // No requestAnimationFrame wait: it never fires while the host hides the frame.
          resolve({ widgetCount: def.widgets.length, loadDurationMs: Math.round(performance.now() - started) });
        }, QUERY_MS);
      });
    },
  };
}
