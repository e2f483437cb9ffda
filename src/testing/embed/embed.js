// The embed page shell: trades its session for a credential (once: a session
// is single-use; a reload of this page presents the credential), mounts the
// surface named by the path, reports protocol events to the host page and
// applies its actions, and checks its credential now and then: an expired
// credential is reported with `session-expired` and renewed in place by a
// `set-session` action, a platform failure reaches the host as a fatal error
// event. Like the platform's, the page sends `session-expiring` on its own a
// little before its credential's usable life ends. One page serves every
// surface (dashboard, app, chat).
import { setColorScheme, setTheme } from './appearance.js';
import { restrictToViewer, sampleData } from './data.js';
import { h, mount } from './dom.js';
import { filtersFromUrl, parseFilterParameter, setFilter } from './filters.js';
import { dayKey, display, formatTime, formatToday, isIanaZone, shippedLocale } from './format.js';
import { connectControl } from './control.js';
import { createEmitter, findParentOrigin, readAction } from './protocol.js';
import { createAppView } from './views/app.js';
import { createChatView } from './views/chat.js';
import { createDashboardView } from './views/dashboard.js';

const params = new URLSearchParams(location.search);
const parentOrigin = findParentOrigin();
const surfaceEl = document.getElementById('surface');
const statusEl = document.getElementById('status');
const toastEl = document.getElementById('toast');
const allowExport = params.get('allowExport') === 'true';

/** Maps an in-embed path to its route, or null when no page exists there. */
function parseRoute(path) {
  let m;
  if ((m = /^\/embed\/dashboard\/([\w-]+)$/.exec(path))) return { surface: 'dashboard', path, publicId: m[1] };
  if ((m = /^\/embed\/d\/(\d+)\/app(?:\/workbook\/(\d+))?$/.exec(path))) {
    return { surface: 'app', path, deploymentId: Number(m[1]), workbookId: m[2] === undefined ? undefined : Number(m[2]) };
  }
  if ((m = /^\/embed\/(?:d\/(\d+)\/)?chat$/.exec(path))) return { surface: 'chat', path, deploymentId: m[1] === undefined ? undefined : Number(m[1]) };
  return null;
}

let route = parseRoute(location.pathname);
let view = null;
let session = null;
let data = sampleData();
/** How often the credential is checked, in ms. */
const CHECK_MS = 2000;
/**
 * The platform mints its credential for 24 hours and stops trusting it an
 * hour early: it is usable for about 23 hours after the session was traded.
 */
const CREDENTIAL_USABLE_MS = 23 * 3_600_000;
/** How long before that end the page says `session-expiring` (the platform names no figure). */
const EXPIRING_NOTICE_MS = 10 * 60_000;
/** `session-expiring` was sent for the current credential. */
let expiringSent = false;
let refreshedAt = new Date();
let toastTimer = 0;
let fatal = false;
/** The credential expired: "Session expired" shows until a set-session renews it. */
let expired = false;

const emit = createEmitter(parentOrigin, () => route?.surface ?? 'dashboard', (type, payload) => {
  // Readable in the frame's console while developing against the mock.
  console.debug('[mock embed] →', type, payload);
});

function toast(message) {
  toastEl.textContent = message;
  toastEl.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => (toastEl.hidden = true), 2500);
}

function errorButton() {
  return h('button', {
    type: 'button',
    class: 'button ghost',
    testid: 'simulate-error',
    onclick: () => {
      const message = 'A query failed: the warehouse did not answer in time (simulated).';
      emit('error', { message, name: 'QueryError', context: 'query', fatal: false });
      showBanner(message);
    },
  }, 'Simulate error');
}

function showBanner(message) {
  document.querySelector('.banner')?.remove();
  const banner = h('div', { class: 'banner', role: 'alert', testid: 'error-banner' },
    h('span', {}, message),
    h('button', { type: 'button', class: 'icon-button', 'aria-label': 'Dismiss', onclick: () => banner.remove() }, '×'),
  );
  surfaceEl.prepend(banner);
}

const services = {
  data: () => restrictToViewer(data, session?.userAttributes),
  allowExport,
  // The platform's switches (`showDashboardHeader`, …): only the literal `false` hides.
  shown: (name) => params.get(name) !== 'false',
  // An AI surface of the session (`showDashboardChat`, `showWorkbookChat`): shown unless the session's
  // `settings` turn it off, or turn off AI altogether (`allowAi: false`, which outranks every other key).
  ai: (name) => session?.settings?.allowAi !== false && (name === 'allowAi' || session?.settings?.[name] !== false),
  // A preset query parameter (`tg_…`, `ms_…`, `tab_…`), or null.
  preset: (key) => params.get(key),
  emit,
  toast,
  errorButton,
  go: (path) => go(path, 'viewer'),
};

function createView(r) {
  if (r.surface === 'dashboard') return createDashboardView(services, r.publicId);
  if (r.surface === 'app') return createAppView(services, r);
  return createChatView(services);
}

function renderStatus() {
  const now = new Date();
  mount(statusEl,
    h('span', { testid: 'status-today', 'data-date': dayKey(now), 'data-timezone': display.timezone }, `Today: ${formatToday(now)}`),
    h('span', { testid: 'status-timezone' }, display.timezone),
    h('span', { testid: 'status-locale' }, display.locale),
    h('span', { testid: 'status-refreshed', 'data-refreshed-at': refreshedAt.toISOString() }, `Last refreshed ${formatTime(refreshedAt)}`),
    session?.viewer ? h('span', { testid: 'status-user' }, `Viewing as ${viewerLine(session)}`) : null,
    h('span', { class: 'badge', testid: 'status-mode' }, session?.mode ?? ''),
  );
}

/** `ada@example.com (region EMEA)`: the viewer and the attributes that restrict their data. */
function viewerLine(s) {
  const attributes = (s.userAttributes ?? []).map(({ name, value }) => `${name} ${Array.isArray(value) ? value.join(', ') : value}`);
  return attributes.length ? `${s.viewer} (${attributes.join('; ')})` : s.viewer;
}

function showFatal(title, message) {
  view = null;
  mount(document.body,
    h('main', { class: 'fatal', testid: 'error-screen', role: 'alert' },
      h('div', { class: 'fatal-card' }, h('p', { class: 'fatal-icon', 'aria-hidden': 'true' }, '!'), h('h1', {}, title), h('p', {}, message)),
    ),
  );
}

function loadView(v) {
  v.load().then((result) => {
    if (result && view === v) emit('dashboard-loaded', { publicId: v.publicId, ...result });
  });
}

/** Mounts `r` and reports it; `previousPath` is set for a navigation. */
function show(r, previousPath) {
  route = r;
  if (previousPath !== undefined) emit('navigate', { path: r.path, previousPath });
  const next = createView(r);
  view = next;
  const idPart = r.publicId === undefined ? {} : { publicId: r.publicId };
  if (!next) {
    mount(surfaceEl, h('div', { class: 'not-found', testid: 'not-found' }, h('h1', {}, 'Nothing here'), h('p', { class: 'muted' }, `${r.path} does not exist or was unpublished.`)));
    emit('view', { surface: r.surface, path: r.path, ...idPart, title: 'Not found' });
    // An unknown dashboard ends the load, as the platform's does; a missing page reached inside the embed does not.
    emit('error', { message: `Nothing exists at ${r.path}.`, name: 'NotFoundError', context: r.surface, fatal: previousPath === undefined });
    return;
  }
  mount(surfaceEl, next.element);
  document.title = `${next.title} · Platform`;
  emit('view', { surface: r.surface, path: r.path, ...idPart, title: next.title });
  if (next.load) loadView(next);
}

/** In-embed navigation, by the viewer or by a `navigate` action. */
function go(target) {
  let url;
  try {
    url = new URL(target, location.origin);
  } catch {
    url = null;
  }
  const next = url && url.origin === location.origin && target.startsWith('/') ? parseRoute(url.pathname) : null;
  if (!next) {
    emit('error', { message: `Cannot navigate to ${target}: no such page.`, name: 'NavigationError', context: 'navigate', fatal: false });
    return;
  }
  if (next.deploymentId !== undefined && next.deploymentId !== session.deploymentId) {
    emit('error', { message: `This session cannot open deployment ${next.deploymentId}.`, name: 'NavigationError', context: 'navigate', fatal: false });
    return;
  }
  filtersFromUrl(url.searchParams);
  const previousPath = route.path;
  // Keep the query (session, timezone, allowExport) so a reload stays authenticated.
  history.pushState({ ...history.state }, '', next.path + location.search);
  show(next, previousPath);
  renderStatus();
}

/**
 * The credential lives in this page's history entry: it survives a reload of
 * the embed (as the platform's credential does) without storage, which a
 * browser may deny to a third-party frame.
 */
const credential = {
  get: () => history.state?.credential ?? null,
  /** When the credential in use was traded for its session (a reload keeps it). */
  since: () => history.state?.credentialAt ?? Date.now(),
  set: (value, fresh) => {
    history.replaceState({ ...history.state, credential: value, credentialAt: fresh ? Date.now() : credential.since() }, '');
    if (fresh) expiringSent = false;
  },
};

/** Posts `body` to a mock-embed route; rejects with the platform's message on an error status. */
async function ask(path, body) {
  const response = await fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  const answer = await response.json().catch(() => ({}));
  if (!response.ok) throw Object.assign(new Error(answer?.error?.message ?? `The session was refused (${response.status}).`), { revoked: answer?.revoked === true, notAllowed: answer?.notAllowed === true });
  return answer;
}

/**
 * The embed's authentication: the session id is traded for a credential the
 * first time; a reload of this page presents the credential instead.
 */
async function authenticate() {
  const saved = credential.get();
  const who = { path: location.pathname, ...(control ? { embed: control.id } : {}) };
  const answer = await ask('/mock-embed/session', saved ? { credential: saved, ...who } : { session: params.get('session') ?? '', ...who });
  credential.set(answer.credential, !saved);
  return answer;
}

function failSession(message) {
  // A session problem is reported once, as the only event, and takes the surface down.
  fail({ message, name: 'SessionError', context: 'auth', fatal: true }, 'This embed could not be opened');
}

function fail(payload, title) {
  fatal = true;
  clearInterval(checkTimer);
  emit('error', payload);
  showFatal(title, payload.message);
}

let checkTimer = 0;
/** The credential is checked now and then: an expired one is reported, a platform failure ends this embed. */
async function check() {
  if (fatal || expired) return;
  // A timer of the page's own, as the platform's: checked with the credential, so a device that slept sends it at once on waking.
  if (!expiringSent && Date.now() >= credential.since() + CREDENTIAL_USABLE_MS - EXPIRING_NOTICE_MS) {
    expiringSent = true;
    emit('session-expiring', {});
  }
  // Revocation is noticed here, at the next check (every CHECK_MS) or refresh.
  try {
    const answer = await ask('/mock-embed/credential', { credential: credential.get() ?? '' });
    if (answer.fault && !fatal) fail({ ...answer.fault, context: 'render', fatal: true }, 'Something went wrong');
  } catch (error) {
    // A revoked session's credential is refused for good: the platform's fatal session error, nothing to renew.
    if (fatal) return;
    if (error.revoked) failSession(error.message);
    else expire();
  }
}

/** The credential is over: the platform says so once and waits for a new session (no reload). */
function expire() {
  if (expired || fatal) return;
  expired = true;
  emit('session-expired', {});
  document.body.append(
    h('div', { class: 'expired', testid: 'session-expired', role: 'alert' },
      h('div', { class: 'fatal-card' }, h('h1', {}, 'Session expired'), h('p', {}, 'Waiting for the host page to renew it.')),
    ),
  );
}

/** `set-session`: a fresh, unused session renews the credential in place; any other is refused, fatally. */
async function renew(sessionId) {
  try {
    const answer = await ask('/mock-embed/session', { session: sessionId, renew: true, path: location.pathname, ...(control ? { embed: control.id } : {}) });
    credential.set(answer.credential, true);
    expired = false;
    document.querySelector('.expired')?.remove();
    toast('Session renewed');
  } catch (error) {
    if (!fatal) failSession(error.message);
  }
}

async function refresh() {
  await check();
  if (fatal) return;
  data = sampleData();
  refreshedAt = new Date();
  renderStatus();
  if (view?.load) loadView(view);
  else view?.rerender();
  toast('Data refreshed');
}

function onAction(type, payload) {
  switch (type) {
    case 'set-color-scheme':
      setColorScheme(payload.scheme);
      return;
    case 'set-theme':
      setTheme({ ...(session.embedTheme ?? {}), ...payload });
      return;
    case 'set-locale':
      // A language the platform does not ship is ignored.
      if (!applyLocale(payload.locale)) return;
      break;
    case 'set-timezone':
      // Offsets are ignored, as the platform does; only IANA names apply.
      if (!isIanaZone(payload.timezone)) return;
      display.timezone = payload.timezone;
      break;
    case 'set-filter': {
      const parsed = parseFilterParameter(payload.filterUrlParameter);
      if (!parsed) return;
      setFilter(parsed);
      break;
    }
    case 'navigate':
      if (typeof payload.path === 'string') go(payload.path);
      return;
    case 'refresh':
      void refresh();
      return;
    case 'set-session':
      if (typeof payload.sessionId === 'string' && payload.sessionId) void renew(payload.sessionId);
      return;
    default:
      return; // unknown actions are ignored, as newer hosts may send them
  }
  view?.rerender();
  renderStatus();
}

/** Shows the page in the shipped language `tag` resolves to; false (and nothing changes) when it resolves to none. */
function applyLocale(tag) {
  const locale = shippedLocale(tag);
  if (locale) display.locale = document.documentElement.lang = locale;
  return !!locale;
}

/** The testing kit's control channel (control.js), or null when the page is not driven. */
let control = null;

/** A command from Node (a test using the testing kit), acknowledged once carried out. */
function onCommand(command) {
  if (command.cmd === 'send') {
    emit(command.type, command.payload);
  } else if (command.cmd === 'expire') {
    expire();
  } else if (command.cmd === 'fail') {
    const payload = command.payload;
    if (payload.fatal) fail(payload, payload.context === 'auth' ? 'Your session has ended' : 'Something went wrong');
    else {
      emit('error', payload);
      showBanner(payload.message);
    }
  }
  control?.ack(command.seq);
  // After the acknowledgement is on its way (a keepalive request outlives the page).
  if (command.cmd === 'reload') setTimeout(() => location.reload(), 50);
}

function listen() {
  window.addEventListener('message', (event) => {
    const action = readAction(event, parentOrigin);
    if (typeof action === 'string') {
      console.debug('[mock embed] ignored message:', action);
      return;
    }
    control?.report(action.type, action.payload);
    if (fatal) return;
    onAction(action.type, action.payload);
  });
}

async function boot() {
  if (isIanaZone(params.get('timezone'))) display.timezone = params.get('timezone');
  filtersFromUrl(params);
  if (!route) {
    showFatal('Nothing here', 'No embed page exists at this address.');
    return;
  }
  control = await connectControl(onCommand);
  try {
    session = await authenticate();
  } catch (error) {
    // The viewer's groups may not open this dashboard: the platform's "not allowed", not a session to renew.
    if (error.notAllowed) fail({ message: error.message, name: 'NotAllowedError', context: 'access', fatal: true }, 'Not allowed');
    else failSession(error.message);
    return;
  }
  setTheme(session.embedTheme ?? {});
  if (!params.has('timezone') && isIanaZone(session.settings?.timezone)) display.timezone = session.settings.timezone;
  // The URL's `locale` before the session's `settings.locale`; one the platform cannot use falls through.
  applyLocale(params.get('locale')) || applyLocale(session.settings?.locale);
  checkTimer = setInterval(check, CHECK_MS);
  listen();
  emit('ready', {
    embedTenant: session.embedTenant ?? null,
    deploymentId: session.deploymentId ?? null,
    mode: session.mode,
    surface: route.surface,
    ...(route.publicId === undefined ? {} : { publicId: route.publicId }),
  });
  renderStatus();
  show(route);
}

void boot();
