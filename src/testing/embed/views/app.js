// The app surface: a workbook browser with an in-app assistant.
import { DASHBOARDS, WORKBOOKS } from '../data.js';
import { h, mount } from '../dom.js';
import { applyFilters } from '../filters.js';
import { formatNumber } from '../format.js';
import { aggregate } from './widgets.js';
import { createChat } from './chat.js';

/**
 * Creates the app view for `/embed/d/:id/app` or `.../workbook/:workbookId`,
 * or null for an unknown workbook.
 * @param {object} ctx shell services: `data`, `emit`, `go`, `errorButton`, `shown(switch)`, `ai(setting)`
 * @param {{ deploymentId: number, workbookId?: number }} route
 */
export function createAppView(ctx, route) {
  const base = `/embed/d/${route.deploymentId}/app`;
  const workbook = route.workbookId === undefined ? null : WORKBOOKS[route.workbookId] ?? null;
  if (route.workbookId !== undefined && !workbook) return null;

  const link = (path, text, current) =>
    h('a', {
      href: path,
      class: current ? 'nav-link current' : 'nav-link',
      'aria-current': current ? 'page' : null,
      testid: `app-link-${path.split('/').pop()}`,
      onclick: (event) => {
        event.preventDefault();
        ctx.go(path);
      },
    }, text);

  const nav = h('nav', { class: 'app-nav', 'aria-label': 'Workbooks' },
    link(base, 'Home', !workbook),
    h('p', { class: 'nav-section' }, 'Workbooks'),
    Object.entries(WORKBOOKS).map(([id, wb]) => link(`${base}/workbook/${id}`, wb.title, String(route.workbookId) === id)),
  );

  const content = h('div', { class: 'app-content' });
  const title = workbook ? workbook.title : 'Home';
  // The workbook's AI side panel, unless the session's settings withhold it.
  const chat = ctx.ai('showWorkbookChat') ? createChat(ctx, { compact: true }) : null;

  function renderHome() {
    mount(content,
      h('h1', { testid: 'surface-title' }, 'Workbooks'),
      h('div', { class: 'cards' },
        Object.entries(WORKBOOKS).map(([id, wb]) =>
          h('a', { class: 'card-link', href: `${base}/workbook/${id}`, testid: `workbook-card-${id}`, onclick: (e) => { e.preventDefault(); ctx.go(`${base}/workbook/${id}`); } },
            h('span', { class: 'muted' }, wb.folder),
            h('strong', {}, wb.title),
          ),
        ),
      ),
    );
  }

  function renderWorkbook() {
    const dash = DASHBOARDS[workbook.dashboard];
    const rows = applyFilters(dash.view, ctx.data()[dash.view]);
    const bar = dash.widgets.find((w) => w.kind === 'bar');
    const byKey = new Map();
    for (const row of rows) byKey.set(row[bar.dimension], [...(byKey.get(row[bar.dimension]) ?? []), row]);
    mount(content,
      // The workbook header's back button: shown unless showWorkbookBackButton=false.
      ctx.shown('showWorkbookBackButton')
        ? h('button', { type: 'button', class: 'button ghost', testid: 'workbook-back', onclick: () => ctx.go(base) }, '← All workbooks')
        : null,
      h('p', { class: 'crumbs muted' }, `${workbook.folder} / Workbook ${route.workbookId}`),
      h('h1', { testid: 'surface-title', 'data-workbook-id': String(route.workbookId) }, workbook.title),
      h('section', { class: 'widget' },
        h('header', { class: 'widget-head' }, h('h2', {}, bar.title)),
        h('table', { testid: 'workbook-table' },
          h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, bar.title.split(' by ')[1] ?? bar.dimension), h('th', { scope: 'col', class: 'num' }, bar.title.split(' by ')[0]))),
          h('tbody', {}, [...byKey].map(([key, group]) => h('tr', {}, h('td', {}, key), h('td', { class: 'num' }, formatNumber(aggregate(bar, group), bar.style))))),
        ),
      ),
    );
  }

  const rerender = () => (workbook ? renderWorkbook() : renderHome());
  rerender();

  const element = h('article', { class: 'app', testid: 'app' },
    h('header', { class: 'surface-head' },
      h('div', {}, h('p', { class: 'eyebrow' }, `Deployment ${route.deploymentId}`), h('p', { class: 'muted' }, 'Creator app')),
      h('div', { class: 'toolbar' }, ctx.errorButton()),
    ),
    h('div', { class: 'app-body' }, nav, content, chat?.element),
  );
  return { element, title, rerender };
}
