// The demo page: one <platform-embed> driven by controls for its attributes
// and methods, a live event log, and the admin view. It uses only the
// package's public names (tags, attributes, properties, methods, events).
import { createLog } from './event-log.js';

const $ = (selector) => document.querySelector(selector);
/** True from a fatal `platform-error` until the next load asks for a session or gets ready. */
let failed = false;
const config = await (await fetch('/backend/config')).json();
const log = createLog($('#log'), { count: $('[data-testid="log-count"]'), onSelect: renderListener });

$('#host-origin').textContent = location.origin;
$('#platform-origin').textContent = new URL(config.platformUrl).origin;

/** The host backend creates sessions; the API key never reaches this page. */
async function sessionProvider() {
  const surface = $('#content-form').elements.surface.value;
  const response = await fetch('/backend/session', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ deploymentId: config.deploymentId, surface }),
  });
  if (!response.ok) throw new Error(`The demo backend could not create a session (HTTP ${response.status}).`);
  const { sessionId } = await response.json();
  // A new load has started: an earlier fatal error no longer describes the embed.
  failed = false;
  renderStatus();
  // The session id itself is not logged: it is a credential for the embed.
  log.add('call', 'sessionProvider()', { fresh: true });
  return sessionId;
}

// The element is in the page's markup, where a CSS rule holds its box until the script defines it.
const embed = $('#embed-host platform-embed');
embed.setAttribute('base-url', config.platformUrl);
embed.setAttribute('dashboard', 'sales-overview');
embed.setAttribute('frame-title', 'Acme analytics');
embed.sessionProvider = sessionProvider;

// Each embed event is logged under the DOM event name a listener uses
// (`platform:event:ready` arrives as `platform-ready`); `platform-event`
// carries every one of them with its surface.
embed.addEventListener('platform-event', (event) => {
  const { type, surface, payload } = event.detail;
  log.add('event', `platform-${type.replace(/^platform:event:/, '')}`, payload, surface);
});
// Host-side problems and renewals are not embed events: they have their own.
embed.addEventListener('platform-error', (event) => {
  if (event.detail?.context === 'host') log.add('event', 'platform-error', event.detail);
  // A fatal error ends the load: the status says so until the next load starts.
  if (event.detail?.fatal) {
    failed = true;
    renderStatus();
  }
});
embed.addEventListener('platform-session-renewal', (event) => log.add('event', 'platform-session-renewal', event.detail));

/** Shows the listener code for a logged event: what a page writes to receive it. */
function renderListener(name, detail) {
  const fields = detail && typeof detail === 'object' ? Object.keys(detail) : [];
  const body = fields.length ? `  const { ${fields.join(', ')} } = event.detail;\n  console.log(${fields[0]});` : '  console.log(event.detail);';
  $('#listener').textContent = `embed.addEventListener('${name}', (event) => {\n${body}\n});`;
}
renderListener('platform-ready', { embedTenant: '', deploymentId: 0, mode: '', surface: '' });
for (const type of ['platform-ready', 'platform-view', 'platform-navigate']) embed.addEventListener(type, renderStatus);

embed.addEventListener('platform-ready', () => (failed = false));

function renderStatus() {
  const pill = $('[data-testid="status-ready"]');
  pill.dataset.ready = String(embed.ready === true);
  pill.dataset.state = embed.ready ? 'ready' : failed ? 'error' : 'loading';
  pill.textContent = embed.ready ? 'Ready' : failed ? 'Error' : 'Loading';
  $('[data-testid="status-path"]').textContent = embed.currentPath ?? '—';
}

function renderMarkup() {
  const attrs = [...embed.attributes].filter((a) => a.name !== 'ready').map((a) => (a.value === '' ? `  ${a.name}` : `  ${a.name}="${a.value}"`));
  $('#markup').textContent = `<platform-embed\n${attrs.join('\n')}\n></platform-embed>\n\nembed.sessionProvider = () =>\n  fetch('/backend/session', …)`;
}

new MutationObserver(() => {
  renderStatus();
  renderMarkup();
}).observe(embed, { attributes: true });

renderMarkup();

/**
 * Runs a method of the element, logs the call, and shows a thrown
 * TypeError/RangeError next to the control instead of failing silently.
 */
function call(label, fn, errorEl) {
  try {
    fn();
    log.add('call', label);
    if (errorEl) errorEl.hidden = true;
  } catch (error) {
    log.add('host-error', `${error.name} from ${label.split('(')[0]}()`, { message: error.message });
    if (errorEl) {
      errorEl.textContent = error.message;
      errorEl.hidden = false;
    }
  }
}

const show = (value) => JSON.stringify(value);

// Content: dashboard, app (workbooks) or standalone chat.
const contentForm = $('#content-form');
function applyContent() {
  const { surface, dashboard, workbook } = contentForm.elements;
  for (const field of contentForm.querySelectorAll('[data-for]')) field.hidden = field.dataset.for !== surface.value;
  if (surface.value === 'dashboard') {
    embed.removeAttribute('path');
    embed.setAttribute('dashboard', dashboard.value);
    log.add('call', `dashboard = ${show(dashboard.value)}`);
    return;
  }
  const path = surface.value === 'app'
    ? `/embed/d/${config.deploymentId}/app${workbook.value ? `/workbook/${workbook.value}` : ''}`
    : `/embed/d/${config.deploymentId}/chat`;
  // `path` is only used without `dashboard`; both change in the same task.
  embed.setAttribute('path', path);
  embed.removeAttribute('dashboard');
  log.add('call', `path = ${show(path)}`);
}
for (const name of ['surface', 'dashboard', 'workbook']) {
  for (const input of contentForm.querySelectorAll(`[name="${name}"]`)) input.addEventListener('change', applyContent);
}
contentForm.elements.allowExport.addEventListener('change', (event) => {
  embed.toggleAttribute('allow-export', event.target.checked);
  log.add('call', `allow-export = ${event.target.checked}`);
});
// `hide` and a preset shape the load: a change reloads the embed with a fresh session.
for (const box of contentForm.querySelectorAll('[name="hide"]')) {
  box.addEventListener('change', () => {
    const hide = [...contentForm.querySelectorAll('[name="hide"]:checked')].map((b) => b.value).join(' ');
    embed.setAttribute('hide', hide);
    log.add('call', `hide = ${show(hide)}`);
  });
}
contentForm.elements.granularity.addEventListener('change', (event) => {
  // The time dimension of the dashboard shown: `<view>.<date field>`.
  const members = { 'sales-overview': 'orders.created_at', 'ops-health': 'incidents.opened_at', 'marketing-funnel': 'campaigns.sent_at' };
  const member = members[contentForm.elements.dashboard.value];
  embed.granularities = event.target.value && member ? { [member]: event.target.value } : {};
  log.add('call', `granularities = ${JSON.stringify(embed.granularities)}`);
});
contentForm.elements.debug.addEventListener('change', (event) => {
  embed.toggleAttribute('debug', event.target.checked);
  log.add('call', `debug = ${event.target.checked}`);
});
contentForm.addEventListener('submit', (event) => event.preventDefault());

// Appearance: the page follows the same scheme as the embed.
const appearance = $('#appearance-form');
const darkQuery = matchMedia('(prefers-color-scheme: dark)');
function applyPageScheme() {
  const scheme = appearance.elements.scheme.value;
  document.documentElement.dataset.scheme = scheme;
  document.documentElement.dataset.resolvedScheme = scheme === 'auto' ? (darkQuery.matches ? 'dark' : 'light') : scheme;
}
darkQuery.addEventListener('change', applyPageScheme);
for (const radio of appearance.querySelectorAll('[name="scheme"]')) {
  radio.addEventListener('change', () => {
    applyPageScheme();
    call(`setColorScheme(${show(radio.value)})`, () => embed.setColorScheme(radio.value));
  });
}
appearance.elements.borderRadius.addEventListener('input', (event) => {
  appearance.elements.radiusOut.value = `${event.target.value}px`;
});
appearance.addEventListener('submit', (event) => {
  event.preventDefault();
  const theme = {
    primaryColor: appearance.elements.primaryColor.value,
    borderRadius: Number(appearance.elements.borderRadius.value),
    font: appearance.elements.font.value,
  };
  document.documentElement.style.setProperty('--accent', theme.primaryColor);
  call(`setTheme(${show(theme)})`, () => embed.setTheme(theme));
});

// Locale and time zone. `auto` is an attribute value: the element resolves it.
const localeForm = $('#locale-form');
localeForm.elements.locale.addEventListener('change', (event) => {
  const value = event.target.value;
  if (value === 'auto') {
    embed.setAttribute('locale', 'auto');
    log.add('call', 'locale = "auto"');
  } else call(`setLocale(${show(value)})`, () => embed.setLocale(value));
});
localeForm.addEventListener('submit', (event) => {
  event.preventDefault();
  const value = localeForm.elements.timezone.value.trim();
  const errorEl = $('[data-testid="timezone-error"]');
  if (value === 'auto') {
    embed.setAttribute('timezone', 'auto');
    errorEl.hidden = true;
    log.add('call', 'timezone = "auto"');
  } else call(`setTimezone(${show(value)})`, () => embed.setTimezone(value), errorEl);
});

// Filters: `<view>.<dimension>` and a JSON value (plain text is taken as a string), sent in the
// platform's filter form `{ value: … }`: the element sends the value it is given as it is.
const filterForm = $('#filter-form');
function filterValue(text) {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
filterForm.addEventListener('submit', (event) => {
  event.preventDefault();
  const member = filterForm.elements.member.value.trim();
  const value = filterValue(filterForm.elements.value.value.trim());
  call(`setFilter(${show(member)}, { value: ${show(value)} })`, () => embed.setFilter(member, { value }), $('[data-testid="filter-error"]'));
});
$('[data-testid="filter-clear"]').addEventListener('click', () => {
  const member = filterForm.elements.member.value.trim();
  call(`setFilter(${show(member)}, { value: null })`, () => embed.setFilter(member, { value: null }), $('[data-testid="filter-error"]'));
});

// Navigation, refresh and reload.
const navigateForm = $('#navigate-form');
navigateForm.addEventListener('submit', (event) => {
  event.preventDefault();
  const path = navigateForm.elements.path.value.trim();
  call(`navigate(${show(path)})`, () => embed.navigate(path), $('[data-testid="navigate-error"]'));
});
$('[data-testid="action-refresh"]').addEventListener('click', () => call('refresh()', () => embed.refresh()));
$('[data-testid="action-reload"]').addEventListener('click', () => {
  call('reload()', () => embed.reload());
  failed = false;
  renderStatus();
  embed.whenReady().then(
    (info) => log.add('call', 'whenReady() resolved', info),
    (error) => log.add('host-error', `whenReady() rejected: ${error.name}`, { message: error.message }),
  );
});
// Failures the platform causes: the mock ends the session, or the embed fails.
async function platformControl(label, route) {
  const response = await fetch(route, { method: 'POST' });
  log.add('call', label, response.ok ? undefined : { status: response.status });
}
$('[data-testid="action-expire"]').addEventListener('click', () => platformControl('the platform expires the credential', '/backend/expire-session'));
$('[data-testid="action-fail"]').addEventListener('click', () => platformControl('the platform fails the embed', '/backend/fail-embed'));

const advanced = $('#advanced-form');
advanced.addEventListener('submit', (event) => {
  event.preventDefault();
  const { frameTitle, readyTimeout } = advanced.elements;
  embed.setAttribute('frame-title', frameTitle.value);
  embed.setAttribute('ready-timeout', readyTimeout.value);
  log.add('call', `frame-title = ${show(frameTitle.value)}, ready-timeout = ${show(readyTimeout.value)}`);
});
$('[data-testid="log-clear"]').addEventListener('click', () => log.clear());

// Tabs: the admin view, with its own bundle, is loaded the first time it is
// opened, so the embed tab loads the embed-only bundle and nothing else.
let admin;
function loadAdmin() {
  admin ??= import('./admin.js').then((module) => {
    module.languageSwitcher($('#admin-lang'), $('#admin-host'));
    return module;
  });
  return admin;
}
const tabs = [...document.querySelectorAll('[role="tab"]')];
function selectTab(tab) {
  for (const t of tabs) {
    const selected = t === tab;
    t.setAttribute('aria-selected', String(selected));
    t.tabIndex = selected ? 0 : -1;
    document.getElementById(t.getAttribute('aria-controls')).hidden = !selected;
  }
  if (tab.id === 'tab-admin') void loadAdmin().then((module) => module.mountAdminPanel($('#admin-host'), config));
}
for (const tab of tabs) {
  tab.addEventListener('click', () => selectTab(tab));
  tab.addEventListener('keydown', (event) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    const next = tabs[(tabs.indexOf(tab) + (event.key === 'ArrowRight' ? 1 : tabs.length - 1)) % tabs.length];
    next.focus();
    selectTab(next);
  });
}
