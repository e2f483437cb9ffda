// The dashboard surface: header, controls, the export menu floating over
// the dashboard, its widgets and the AI chat's launcher.
import { DASHBOARDS } from '../data.js';
import { h, mount } from '../dom.js';
import { appliesTo, applyFilters, filters } from '../filters.js';
import { formatNumber } from '../format.js';
import { renderWidget } from './widgets.js';
import { createChat } from './chat.js';

/** Simulated query time, so `ready` (mount) and `dashboard-loaded` (data) are distinct moments. */
const QUERY_MS = 120;

/** The granularities the mock's time-granularity switchers offer (no second, minute or hour: such a preset is ignored). */
const GRANULARITIES = ['day', 'week', 'month', 'quarter', 'year'];
/** The id of every dashboard's tabs container, and its tabs. */
export const TABS_WIDGET = 'main-tabs';
const TABS = ['overview', 'details'];

/**
 * The dashboard's controls, with the presets of the embed URL applied as the
 * platform applies them: a preset that names no control, or a value outside
 * the control's list, is ignored.
 * - a time-granularity switcher on `<view>.<date field>` (`tg_`, default `month`);
 * - a field switcher on `<view>.<bar dimension>` offering the view's text fields (`ms_`);
 * - a tabs container `main-tabs` with `overview` and `details` (`tab_`).
 */
function controlsOf(def, rows, preset) {
  const pick = (key, options, fallback) => (options.includes(preset(key)) ? preset(key) : fallback);
  const bar = def.widgets.find((w) => w.kind === 'bar');
  const fields = Object.keys(rows[0] ?? {}).filter((f) => f !== 'id' && f !== def.dateField && typeof rows[0][f] === 'string');
  const timeMember = `${def.view}.${def.dateField}`;
  const fieldMember = `${def.view}.${bar.dimension}`;
  return {
    granularity: { member: timeMember, options: GRANULARITIES, value: pick(`tg_${timeMember}`, GRANULARITIES, 'month') },
    field: { member: fieldMember, options: fields, value: pick(`ms_${fieldMember}`, fields, bar.dimension) },
    tab: pick(`tab_${TABS_WIDGET}`, TABS, TABS[0]),
  };
}

/** The dashboard's AI chat: a launcher bubble that opens the chat panel. */
function chatLauncher(ctx) {
  const panel = h('div', { class: 'dashboard-chat', testid: 'dashboard-chat', hidden: true }, createChat(ctx, { compact: true }).element);
  const launcher = h('button', {
    type: 'button', class: 'button primary chat-launcher', testid: 'dashboard-chat-launcher', 'aria-expanded': 'false',
    onclick: () => {
      panel.hidden = !panel.hidden;
      launcher.setAttribute('aria-expanded', String(!panel.hidden));
    },
  }, 'Ask AI');
  return h('div', { class: 'chat-dock' }, panel, launcher);
}

/**
 * Creates the view of dashboard `publicId`, or null when it does not exist.
 * @param {object} ctx shell services: `data`, `allowExport`, `emit`, `toast`, `errorButton`, `shown(switch)`, `preset(key)`, `ai(setting)`
 * @param {string} publicId
 */
export function createDashboardView(ctx, publicId) {
  const def = Object.hasOwn(DASHBOARDS, publicId) ? DASHBOARDS[publicId] : null;
  if (!def) return null;
  const controls = controlsOf(def, ctx.data()[def.view], ctx.preset);
  // The platform's show/hide switches: only the literal `false` hides.
  const shown = (name) => ctx.shown(`showDashboard${name}`);
  const action = (name, label) =>
    shown(name) ? h('button', { type: 'button', class: 'button ghost', testid: `dashboard-${label.toLowerCase()}`, onclick: () => ctx.toast(`${label} (not in the mock)`) }, label) : null;
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

  const select = (testid, label, control, onchange) =>
    h('label', { class: 'control' }, label + ' ',
      h('select', { testid, 'data-member': control.member, onchange },
        control.options.map((option) => h('option', { value: option, ...(option === control.value ? { selected: '' } : {}) }, option)),
      ),
    );
  const tabs = h('div', { class: 'tabs', role: 'tablist', testid: 'tabs', 'data-widget': TABS_WIDGET, 'data-selected': controls.tab },
    TABS.map((tab) => h('button', {
      type: 'button', role: 'tab', class: 'tab', testid: `tab-${tab}`, 'aria-selected': String(tab === controls.tab),
      onclick: () => {
        controls.tab = tab;
        tabs.dataset.selected = tab;
        for (const b of tabs.children) b.setAttribute('aria-selected', String(b.dataset.testid === `tab-${tab}`));
      },
    }, tab[0].toUpperCase() + tab.slice(1))),
  );

  const element = h('article', { class: 'dashboard', testid: 'dashboard', 'data-public-id': publicId },
    shown('Header')
      ? h('header', { class: 'surface-head', testid: 'dashboard-header' },
          h('div', {},
            shown('BackButton') ? h('button', { type: 'button', class: 'button ghost', testid: 'dashboard-back', onclick: () => ctx.toast('Back (not in the mock)') }, '← Back') : null,
            shown('Title') ? h('h1', { testid: 'dashboard-title' }, def.title) : null,
            h('p', { class: 'muted' }, def.description),
          ),
          h('div', { class: 'toolbar', role: 'toolbar', 'aria-label': 'Dashboard actions' },
            action('EditButton', 'Edit'),
            action('DuplicateButton', 'Duplicate'),
            ctx.errorButton(),
          ),
        )
      : null,
    // As on the platform's published-dashboard embed: only with allowExport=true, floating over the
    // dashboard rather than in its header (so hiding the header leaves it), hidden by its own switch.
    ctx.allowExport && shown('ExportMenu')
      ? h('div', { class: 'toolbar export-menu', role: 'group', 'aria-label': 'Download dashboard', testid: 'export-menu' }, dashboardExport('pdf'), dashboardExport('png'))
      : null,
    h('div', { class: 'toolbar controls', testid: 'controls' },
      select('granularity-control', 'Granularity', controls.granularity, (e) => (controls.granularity.value = e.target.value)),
      select('field-control', 'Group by', controls.field, (e) => {
        controls.field.value = e.target.value;
        if (loaded) renderWidgets();
      }),
      tabs,
    ),
    chips,
    grid,
    // The AI chat of an embedded dashboard (its launcher and panel), unless the session's settings withhold it.
    ctx.ai('showDashboardChat') ? chatLauncher(ctx) : null,
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
    // The field switcher replaces the bar widget's dimension.
    const others = def.widgets.filter((w) => w.kind !== 'kpi').map((w) => (w.kind === 'bar' ? { ...w, dimension: controls.field.value } : w));
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
