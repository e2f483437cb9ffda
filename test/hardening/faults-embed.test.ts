/**
 * Fault injection for `<platform-embed>` against the scriptable cross-origin
 * tenant: the iframe reloads or is navigated away mid-session, the session
 * provider fails or never answers, the element is moved while ready, and
 * `base-url` changes at runtime.
 */
import { expect, fixture, fixtureCleanup, html, oneEvent, waitUntil } from '@open-wc/testing';
import type { PlatformEmbedElement } from '../../src/embed/platform-embed.js';
import { ActionLog, command, mountEmbed, nextLoaded, tenantBase, tenantOrigin } from './helpers/tenant.js';
import { frameSrc } from '../navigation-spy.js';

type HostError = { name: string; context: string; fatal: boolean; message: string };

/** Posts one valid `view` event from `frame` and resolves once it was dispatched in this window. */
async function postView(frame: HTMLIFrameElement, origin: string, path: string): Promise<void> {
  const view = { source: 'platform-embed', direction: 'event', type: 'platform:event:view', surface: 'dashboard', timestamp: 1, payload: { surface: 'dashboard', path } };
  await command(frame.contentWindow!, origin, { hardening: 'post', messages: [view] });
}

describe('hardening: embed faults', () => {
  let log: ActionLog;
  beforeEach(() => {
    log = new ActionLog();
  });
  afterEach(() => {
    log.stop();
    fixtureCleanup();
  });

  it('an iframe reload mid-session fires ready again and re-applies the state', async () => {
    const el = await mountEmbed({ dashboard: 'auto-reload' });
    el.setColorScheme('dark');
    el.setLocale('de-CH');
    el.setTimezone('Europe/Berlin');
    el.setTheme({ primaryColor: '#123456' });
    await command(el.iframe!.contentWindow!, tenantOrigin(), { hardening: 'ping' });
    log.seen.length = 0;
    const readyAgain = oneEvent(el, 'platform-ready');
    el.iframe!.contentWindow!.postMessage({ hardening: 'reload' }, tenantOrigin());
    await readyAgain;
    expect(el.ready).to.equal(true);
    await log.until((seen) => seen.length >= 4);
    const types = log.seen.map((s) => s.action.type).sort();
    expect(types).to.deep.equal([
      'platform:action:set-color-scheme',
      'platform:action:set-locale',
      'platform:action:set-theme',
      'platform:action:set-timezone',
    ]);
    expect(log.ofType('platform:action:set-color-scheme')[0]!.action.payload).to.deep.equal({ scheme: 'dark' });
    expect(log.ofType('platform:action:set-locale')[0]!.action.payload).to.deep.equal({ locale: 'de-CH' });
    expect(log.ofType('platform:action:set-theme')[0]!.action.payload).to.deep.equal({ primaryColor: '#123456' });
  });

  it('after the iframe is navigated to another origin, nothing is accepted from it and no action reaches it', async () => {
    const el = await mountEmbed({ dashboard: 'auto-away' });
    const frame = el.iframe!;
    const foreignOrigin = `http://127.0.0.2:${location.port}`;
    const loaded = nextLoaded(frame);
    frame.contentWindow!.postMessage({ hardening: 'navigate', url: `${tenantBase('127.0.0.2')}/embed/dashboard/elsewhere` }, tenantOrigin());
    await loaded;
    const events: string[] = [];
    for (const name of ['platform-event', 'platform-ready', 'platform-view']) el.addEventListener(name, () => events.push(name));
    // The foreign page now speaks the protocol perfectly from the element's own iframe window.
    await command(frame.contentWindow!, foreignOrigin, { hardening: 'ready' });
    await postView(frame, foreignOrigin, '/embed/elsewhere');
    expect(events).to.deep.equal([]);
    // Actions are posted with the tenant origin as target, so the browser does not deliver them to the foreign page.
    el.setColorScheme('light');
    el.refresh();
    el.sendAction('platform:action:custom', { secret: 'tenant-only' });
    await el.updateComplete;
    await command(frame.contentWindow!, foreignOrigin, { hardening: 'ping' });
    expect(log.seen.filter((s) => s.href.startsWith(foreignOrigin))).to.deep.equal([]);
  });

  it('a rejecting session provider gives a fatal SessionError and no iframe load', async () => {
    const errors: HostError[] = [];
    const el = await fixture<PlatformEmbedElement>(html`<platform-embed
      base-url=${tenantBase()}
      dashboard="auto-session"
      .sessionProvider=${() => Promise.reject(new Error('backend down'))}
      @platform-error=${(e: CustomEvent<HostError>) => errors.push(e.detail)}
    ></platform-embed>`);
    const pending = el.whenReady();
    await waitUntil(() => errors.length > 0, 'no platform-error');
    expect(errors).to.have.length(1);
    expect(errors[0]).to.include({ name: 'SessionError', context: 'host', fatal: true });
    const rejection = await pending.then(
      () => null,
      (error: Error) => error,
    );
    expect(rejection?.name).to.equal('SessionError');
    expect(el.ready).to.equal(false);
    expect(frameSrc(el.iframe)).to.equal(null);
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('[part="error"]')!.hasAttribute('hidden')).to.equal(false);
  });

  it('a provider that never answers ends in a ready timeout; reload() asks the provider again and recovers', async () => {
    let calls = 0;
    let answer: (session: string) => void = () => {};
    const provider = () => {
      calls += 1;
      // The first call never settles; later ones answer when the test says so.
      return calls === 1 ? new Promise<string>(() => {}) : new Promise<string>((resolve) => (answer = resolve));
    };
    const el = await fixture<PlatformEmbedElement>(html`<platform-embed
      base-url=${tenantBase()}
      dashboard="auto-timeout"
      ready-timeout="300"
      .sessionProvider=${provider}
    ></platform-embed>`);
    const timeout = (await oneEvent(el, 'platform-error')) as CustomEvent<HostError>;
    expect(timeout.detail).to.include({ name: 'ReadyTimeoutError', context: 'host', fatal: true });
    expect(calls).to.equal(1);
    el.readyTimeout = 0;
    await el.updateComplete;
    el.reload();
    expect(calls).to.equal(2);
    const ready = oneEvent(el, 'platform-ready');
    answer('fresh-session');
    await ready;
    expect(el.ready).to.equal(true);
    expect(new URL(frameSrc(el.iframe)!).searchParams.get('session')).to.equal('fresh-session');
  });

  it('moving the element in the DOM while ready reloads cleanly and dispatches each event once', async () => {
    const el = await mountEmbed({ dashboard: 'auto-move' });
    const other = document.createElement('div');
    document.body.append(other);
    try {
      const readyAgain = oneEvent(el, 'platform-ready');
      other.append(el);
      await readyAgain;
      const views: unknown[] = [];
      el.addEventListener('platform-view', (e) => views.push((e as CustomEvent).detail));
      await postView(el.iframe!, tenantOrigin(), '/embed/after-move');
      expect(views).to.deep.equal([{ surface: 'dashboard', path: '/embed/after-move' }]);
      expect(el.currentPath).to.equal('/embed/after-move');
    } finally {
      other.remove();
    }
  });

  it('a base-url change at runtime moves the tenant origin: accepted from and posted to the new one only', async () => {
    const el = await mountEmbed({ dashboard: 'auto-rebase' });
    const newBase = `http://localhost:${location.port}/__hardening/tenant`;
    const ready = oneEvent(el, 'platform-ready');
    el.baseUrl = newBase;
    await ready;
    expect(new URL(frameSrc(el.iframe)!).origin).to.equal(location.origin);
    log.seen.length = 0;
    el.setColorScheme('dark');
    await el.updateComplete;
    await command(el.iframe!.contentWindow!, location.origin, { hardening: 'ping' });
    expect(log.seen.map((s) => [new URL(s.href).origin, s.action.type])).to.deep.equal([[location.origin, 'platform:action:set-color-scheme']]);
    // A change to an invalid base URL loads nothing and reports a ConfigError.
    const error = oneEvent(el, 'platform-error');
    el.baseUrl = 'http://evil.example';
    const detail = ((await error) as CustomEvent<HostError>).detail;
    expect(detail).to.include({ name: 'ConfigError', context: 'host' });
    expect(frameSrc(el.iframe)).to.equal(null);
  });
});
