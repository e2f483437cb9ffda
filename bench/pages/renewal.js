// One `<platform-embed>` of the mock platform (`?base=` its URL, `?key=` its
// API key) with a `sessionProvider` that asks the mock's generate-session
// route directly. A host's backend would hold the key; the bench page may,
// as the mock is local and made for tests. Each measurement loads this page
// afresh, so every renewal starts from one ready, loaded dashboard.
import '/dist/platform-embed-embed.min.js';
import { once, stage, withTimeout } from './common.js';

const params = new URL(location.href).searchParams;
const base = params.get('base');
const key = params.get('key');

/** The same clock in every document of every process: the frame's timestamps compare with these. */
const now = () => performance.timeOrigin + performance.now();

/** Host-side timeline of the element's events, in the order they came. */
const events = [];
const provider = { calls: 0, started: [], answered: [] };

async function sessionProvider() {
  provider.calls += 1;
  provider.started.push(now());
  const response = await fetch(`${base}/api/v1/embed/generate-session`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ deploymentId: 42, externalId: 'bench@example.com' }),
  });
  if (!response.ok) throw new Error(`generate-session answered ${response.status}`);
  const { sessionId } = await response.json();
  provider.answered.push(now());
  return sessionId;
}

const TYPES = ['platform-ready', 'platform-dashboard-loaded', 'platform-session-expired', 'platform-session-renewal', 'platform-error'];

/** Inserts the element and resolves once the dashboard is loaded (the state every renewal starts from). */
async function start() {
  const el = document.createElement('platform-embed');
  el.setAttribute('base-url', base);
  el.setAttribute('dashboard', 'sales-overview');
  el.sessionProvider = sessionProvider;
  for (const type of TYPES) {
    el.addEventListener(type, (event) => {
      const { detail } = event;
      // Only what the report needs: the renewal's kind and the error's context.
      const info = type === 'platform-session-renewal' ? { inPlace: detail.inPlace, trigger: detail.trigger, attempt: detail.attempt }
        : type === 'platform-error' ? { context: detail.context, fatal: detail.fatal } : {};
      events.push({ type, at: now(), ...info });
    });
  }
  const loaded = once(el, 'platform-dashboard-loaded');
  stage.append(el);
  await withTimeout(loaded, 30_000, 'the dashboard loaded');
  return { providerCalls: provider.calls };
}

/** Resolves once `type` has been seen `count` times in all (an event already seen counts). */
async function seen(type, count, ms) {
  const has = () => events.filter((e) => e.type === type).length >= count;
  const el = stage.querySelector('platform-embed');
  while (!has()) await withTimeout(once(el, type), ms, `${type} #${count}`);
}

window.bench = {
  start,
  seen,
  state: () => ({ events: [...events], providerCalls: provider.calls, provider: structuredClone(provider) }),
  ready: true,
};
