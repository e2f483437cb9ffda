// Session renewal: the credential renewed in place (`session-expired` →
// one provider call → `set-session`, no navigation) against the reload
// renewal (a fatal `auth` error → one provider call → a new document), both
// against the testing kit's mock platform, alternating over the rounds. Each
// measurement loads bench/pages/renewal.html afresh and waits for the
// dashboard, so every renewal starts from the same state.
//
// Time until the viewer can act again:
// - in place: the host's `platform-session-expired` to the moment the embed
//   page's "Session expired" overlay is removed, seen by a MutationObserver
//   in the frame installed before the expiry;
// - reload: the host's `platform-error` (the fatal auth error) to the new
//   document's `platform-dashboard-loaded` at the host (and to its
//   `platform-ready`).
// Every timestamp is `performance.timeOrigin + performance.now()`: both
// documents count from the same epoch, so the host's and the frame's times
// compare although they run in different processes.
//
// The mock comes from this checkout's dist/testing (it is the fixture, not
// what is measured); BENCH_DIST changes the element the page loads.
import { startMockPlatform } from '../../dist/testing/index.js';
import { alternate, median, ratio, summary } from '../stats.mjs';

const VARIANTS = ['in-place', 'reload'];
const OVERLAY = '.expired, [data-testid="session-expired"]';
/** After the viewer can act again: long enough for a stray second navigation or provider call to show up. */
const SETTLE_MS = 1000;

/** Installs the overlay watcher in the embed frame; its timestamps are read after the renewal. */
function watchOverlay(selector) {
  const now = () => performance.timeOrigin + performance.now();
  const watch = (window.__benchOverlay = { shownAt: null, goneAt: null, shownAgain: 0 });
  new MutationObserver(() => {
    const shown = document.querySelector(selector) !== null;
    if (shown && watch.shownAt === null) watch.shownAt = now();
    else if (shown && watch.goneAt !== null) watch.shownAgain += 1;
    else if (!shown && watch.shownAt !== null && watch.goneAt === null) watch.goneAt = now();
  }).observe(document.body, { childList: true, subtree: true });
}

async function measure({ page, server, platform, variant }) {
  const embedPrefix = `${platform.url}/embed/`;
  const next = platform.nextEmbed({ timeout: 20_000 });
  const query = `mock&base=${encodeURIComponent(platform.url)}&key=${encodeURIComponent(platform.apiKey)}`;
  await page.goto(`${server.hostOrigin}/pages/renewal.html?${query}`);
  await page.waitForFunction(() => window.bench?.ready === true);
  const { providerCalls: callsBefore } = await page.evaluate(() => window.bench.start());
  const embed = await next;
  const frame = page.frames().find((f) => f.url().startsWith(embedPrefix));
  if (!frame) throw new Error('no embed frame on the page');
  await frame.evaluate(watchOverlay, OVERLAY);

  // Counted from here on: the loads the renewal makes, nothing of the first one.
  // Document requests, not `framenavigated`: Playwright reports same-document
  // history updates there too, and the mock keeps its credential in the
  // history entry (replaceState), so an in-place renewal would look like one.
  const documents = [];
  const onRequest = (request) => {
    if (request.isNavigationRequest() && request.url().startsWith(embedPrefix)) documents.push(request.url());
  };
  page.on('request', onRequest);
  const apiBefore = platform.requests().length;
  const embedsBefore = platform.embeds().length;
  const sessionsBefore = platform.sessions().length;

  try {
    let sample;
    if (variant === 'in-place') {
      await embed.expire();
      await frame.waitForFunction(() => window.__benchOverlay.goneAt !== null, null, { timeout: 30_000, polling: 50 });
      await page.waitForTimeout(SETTLE_MS);
      const overlay = await frame.evaluate(() => ({ ...window.__benchOverlay }));
      const { events } = await page.evaluate(() => window.bench.state());
      const expired = events.find((e) => e.type === 'platform-session-expired');
      if (!expired) throw new Error('in place: no platform-session-expired at the host');
      sample = {
        usableMs: overlay.goneAt - expired.at,
        overlayShownMs: overlay.goneAt - overlay.shownAt,
        overlayShownAgain: overlay.shownAgain,
      };
    } else {
      await embed.fail('The session ended (bench).', { context: 'auth' });
      await page.evaluate(() => window.bench.seen('platform-dashboard-loaded', 2, 30_000));
      // The reloaded document is a new embed page of the mock: consume it, so the next page load's nextEmbed() is its own.
      const reloaded = await platform.nextEmbed({ timeout: 20_000 });
      if (!reloaded.session) throw new Error('reload: the new embed page did not authenticate with a session');
      await page.waitForTimeout(SETTLE_MS);
      const { events } = await page.evaluate(() => window.bench.state());
      const error = events.find((e) => e.type === 'platform-error' && e.fatal && e.context === 'auth');
      if (!error) throw new Error('reload: no fatal auth platform-error at the host');
      const after = (type) => events.find((e) => e.type === type && e.at > error.at);
      sample = {
        usableMs: after('platform-dashboard-loaded').at - error.at,
        readyMs: after('platform-ready').at - error.at,
      };
    }
    const { events, providerCalls, provider } = await page.evaluate(() => window.bench.state());
    const renewals = events.filter((e) => e.type === 'platform-session-renewal');
    const generated = platform.requests().slice(apiBefore).filter((r) => r.path === '/api/v1/embed/generate-session').length;
    const newSessions = platform.sessions().slice(sessionsBefore);
    const trigger = events.find((e) => e.type === (variant === 'in-place' ? 'platform-session-expired' : 'platform-error'))?.at;
    return {
      ...sample,
      // Trigger to the provider's answer: how much of the time is the session route.
      providerMs: provider.answered.at(-1) - trigger,
      navigations: documents.length,
      embedPagesConnected: platform.embeds().length - embedsBefore,
      providerCalls: providerCalls - callsBefore,
      generateSessionRequests: generated,
      sessionsUsed: newSessions.filter((s) => s.used).length,
      renewals: renewals.map(({ inPlace, trigger: t, attempt }) => ({ inPlace, trigger: t, attempt })),
    };
  } finally {
    page.off('request', onRequest);
  }
}

/** Rounds of both variants in rotated order after one warm-up round; resolves with samples and the budgets. */
export async function runRenewal({ page, server, options, log }) {
  const rounds = Number(options.renewalRounds ?? (options.quick ? 5 : 15));
  const platform = await startMockPlatform();
  const samples = Object.fromEntries(VARIANTS.map((v) => [v, []]));
  try {
    for (let round = 0; round <= rounds; round += 1) {
      for (const variant of alternate(VARIANTS, round)) {
        const r = await measure({ page, server, platform, variant });
        if (round > 0) samples[variant].push(r);
      }
      log(`renewal: round ${round === 0 ? 'warm-up' : `${round}/${rounds}`} done`);
    }
  } finally {
    // Leave no embed page talking to a closed mock.
    await page.goto('about:blank').catch(() => {});
    await platform.close();
  }

  const pick = (variant, key) => samples[variant].map((s) => s[key]);
  const med = (variant, key) => median(pick(variant, key));
  const all = (variant, key, n) => pick(variant, key).every((v) => v === n);
  const ms = (v) => `${v.toFixed(1)} ms`;
  const timeRatio = ratio(med('in-place', 'usableMs'), med('reload', 'usableMs'));
  const renewalsRight =
    samples['in-place'].every((s) => s.renewals.length === 1 && s.renewals[0].inPlace === true && s.renewals[0].trigger === 'expired') &&
    samples.reload.every((s) => s.renewals.length === 1 && s.renewals[0].inPlace === false && s.renewals[0].trigger === 'error');
  const countsRight =
    all('in-place', 'navigations', 0) && all('in-place', 'providerCalls', 1) && all('in-place', 'generateSessionRequests', 1) &&
    all('in-place', 'embedPagesConnected', 0) && all('in-place', 'sessionsUsed', 1) &&
    all('reload', 'navigations', 1) && all('reload', 'providerCalls', 1) && all('reload', 'generateSessionRequests', 1) &&
    all('reload', 'embedPagesConnected', 1) && all('reload', 'sessionsUsed', 1);
  const values = (variant, key) => [...new Set(pick(variant, key))].join('/');
  const counts = (variant) =>
    `navigations ${values(variant, 'navigations')} (embed pages the mock saw connect: ${values(variant, 'embedPagesConnected')}), provider calls ${values(variant, 'providerCalls')} (generate-session requests: ${values(variant, 'generateSessionRequests')}, sessions used: ${values(variant, 'sessionsUsed')})`;
  const keys = ['usableMs', 'readyMs', 'providerMs', 'overlayShownMs'];
  return {
    raw: {
      rounds,
      settleMs: SETTLE_MS,
      medians: Object.fromEntries(VARIANTS.map((v) => [v, Object.fromEntries(keys.filter((k) => samples[v][0]?.[k] !== undefined).map((k) => [k, summary(pick(v, k), 1)]))])),
      usableRatio: timeRatio,
      samples,
    },
    budgets: [
      {
        id: 'renewal-in-place-vs-reload',
        measure: 'time until the viewer can act again after the credential ends, renewal in place / reload renewal',
        value: timeRatio,
        budget: '≤ 0.5',
        detail: `medians of ${rounds} rounds, variants alternating: in place ${ms(med('in-place', 'usableMs'))} (host's session-expired → the frame's "Session expired" overlay removed), reload ${ms(med('reload', 'usableMs'))} (host's fatal auth platform-error → the new document's platform-dashboard-loaded; → platform-ready ${ms(med('reload', 'readyMs'))}); trigger → the provider's answer: ${ms(med('in-place', 'providerMs'))} vs ${ms(med('reload', 'providerMs'))}`,
        pass: timeRatio <= 0.5,
      },
      {
        id: 'renewal-work',
        measure: 'per renewal: embed navigations and provider calls, in place / reload',
        value: `${med('in-place', 'navigations')} and ${med('in-place', 'providerCalls')} / ${med('reload', 'navigations')} and ${med('reload', 'providerCalls')}`,
        budget: 'in place: 0 navigations, 1 call; reload: 1 and 1',
        detail: `every round: in place ${counts('in-place')}; reload ${counts('reload')}; one platform-session-renewal per renewal with the right inPlace and trigger: ${renewalsRight}`,
        pass: countsRight && renewalsRight,
      },
    ],
  };
}
