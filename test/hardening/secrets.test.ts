/**
 * Secrets scan. Across every admin flow (load, save, failed save, token
 * issue, reveal and hide, branch delete, errors — including a server that
 * echoes the token back) the bearer token and the issued JWT never appear in
 * attributes, the light or shadow DOM, request URLs (the mock's request log
 * and the resource timeline), console output or error objects and event
 * details (the JWT is shown only while revealed and is, by contract, the
 * `platform-token-issued` detail). The embed's session appears only in the
 * iframe `src`.
 */
import { expect, fixture, fixtureCleanup, html, waitUntil } from '@open-wc/testing';
import type { PlatformEmbedElement } from '../../src/embed/platform-embed.js';
import { PlatformApiClient, PlatformApiError, type UsageAnalyticsToken } from '../../src/api/index.js';
import {
  $,
  allAttributeValues,
  button,
  failNext,
  mockPlatform,
  mountPanel,
  requests,
  resetMock,
  typeInto,
} from '../admin/helpers.js';
import { ActionLog, command, tenantBase, tenantOrigin } from './helpers/tenant.js';
import { frameSrc } from '../navigation-spy.js';

const consoleMethods = ['log', 'info', 'warn', 'error', 'debug', 'trace'] as const;

/** Wraps the console methods and records every call's arguments as text. */
function captureConsole(): { lines: string[]; restore: () => void } {
  const lines: string[] = [];
  const originals = consoleMethods.map((m) => [m, console[m]] as const);
  for (const [name, original] of originals) {
    console[name] = (...args: unknown[]) => {
      lines.push(args.map(textOf).join(' '));
      original.apply(console, args);
    };
  }
  return { lines, restore: () => originals.forEach(([name, original]) => (console[name] = original)) };
}

/** Everything reachable about a value as text: JSON, message, own props, cause. */
function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  const parts: string[] = [String(value)];
  try {
    parts.push(JSON.stringify(value) ?? '');
  } catch {
    // not serialisable
  }
  if (value instanceof Error) {
    parts.push(value.message, value.stack ?? '', textOf((value as Error & { cause?: unknown }).cause ?? ''));
    for (const key of Object.getOwnPropertyNames(value)) parts.push(textOf((value as unknown as Record<string, unknown>)[key]));
  }
  return parts.join(' ');
}

/** Text and attribute values of a host element, its light children and its shadow tree. */
function domText(el: Element): string {
  const values = allAttributeValues(el);
  for (const node of el.querySelectorAll('*')) values.push(...[...node.attributes].map((a) => a.value));
  return [...values, el.textContent ?? '', el.shadowRoot?.textContent ?? ''].join('\n');
}

function resourceUrls(): string[] {
  return performance.getEntriesByType('resource').map((e) => e.name);
}

describe('hardening: secrets never leak', () => {
  beforeEach(async () => {
    await resetMock();
    performance.clearResourceTimings();
  });
  afterEach(async () => {
    fixtureCleanup();
    await resetMock();
  });

  it('the bearer token and the issued JWT stay out of DOM, URLs, console, errors and events across every admin flow', async function () {
    this.timeout(30_000);
    const { adminKey } = await mockPlatform();
    const logged = captureConsole();
    const issued: UsageAnalyticsToken[] = [];
    const snapshots: string[] = [];
    try {
      const { el, log } = await mountPanel();
      el.addEventListener('platform-token-issued', (e) => issued.push((e as CustomEvent<UsageAnalyticsToken>).detail));
      snapshots.push(domText(el));

      // save
      typeInto($<HTMLInputElement>(el, '#field-name'), 'Secret scan');
      await el.updateComplete;
      $<HTMLButtonElement>(el, 'section[part~="settings-section"] button[type="submit"]').click();
      await waitUntil(() => log.count('platform-settings-saved') === 1, 'not saved');
      snapshots.push(domText(el));

      // failed save, from a server that echoes the token in its error message
      await failNext({
        operation: 'updateDeploymentSettings',
        status: 500,
        body: { error: { message: `token ${adminKey} rejected; Authorization: Bearer ${adminKey}` } },
      });
      typeInto($<HTMLInputElement>(el, '#field-name'), 'Secret scan 2');
      await el.updateComplete;
      $<HTMLButtonElement>(el, 'section[part~="settings-section"] button[type="submit"]').click();
      await waitUntil(() => log.count('platform-api-error') === 1, 'no failure');
      await el.updateComplete;
      snapshots.push(domText(el));

      // token issue, reveal, hide
      button(el, /^Issue/).click();
      await waitUntil(() => issued.length === 1, 'no token');
      await el.updateComplete;
      const jwt = issued[0]!.token;
      expect(jwt).to.match(/^[\w-]+\.[\w-]+\.[\w-]+$/);
      const masked = domText(el);
      expect(masked).to.not.include(jwt);
      button(el, 'Show token').click();
      await el.updateComplete;
      // Revealed on purpose: the text shows it, attributes still never carry it.
      expect(el.shadowRoot!.textContent).to.include(jwt);
      expect(allAttributeValues(el).join('\n')).to.not.include(jwt);
      button(el, 'Hide token').click();
      await el.updateComplete;
      snapshots.push(domText(el));

      // branch delete, confirmed
      typeInto($<HTMLInputElement>(el, '#branch-name'), 'feature/orders/fix-totals');
      await el.updateComplete;
      $<HTMLButtonElement>(el, '#branch-delete').click();
      await el.updateComplete;
      $<HTMLButtonElement>(el, 'dialog .confirm-delete').click();
      await waitUntil(() => log.count('platform-branch-deleted') === 1, 'not deleted');
      await el.updateComplete;
      snapshots.push(domText(el));

      // errors: unknown branch (404) and a non-admin token issue (403)
      typeInto($<HTMLInputElement>(el, '#branch-name'), 'no/such/branch');
      await el.updateComplete;
      $<HTMLButtonElement>(el, '#branch-delete').click();
      await el.updateComplete;
      $<HTMLButtonElement>(el, 'dialog .confirm-delete').click();
      await waitUntil(() => log.count('platform-api-error') === 2, 'no 404');
      await el.updateComplete;
      snapshots.push(domText(el));

      // the client's own errors, thrown directly
      const { mockUrl } = await mockPlatform();
      const client = new PlatformApiClient({ baseUrl: mockUrl, token: adminKey, retries: 0 });
      await failNext({ operation: 'getDeploymentSettings', status: 401, body: { message: `bad ${adminKey}` } });
      const thrown = await client.getDeploymentSettings(42).catch((e: unknown) => e);
      expect(thrown).to.be.instanceOf(PlatformApiError);
      const errorTexts = [textOf(thrown), textOf(client), String(client)];

      const eventTexts = log.events.filter((e) => e.type !== 'platform-token-issued').map((e) => textOf(e.detail));
      const seen = await requests();
      const urls = [...seen.map((r) => `${r.path}?${new URLSearchParams(r.query).toString()}`), ...resourceUrls()];
      expect(seen.length).to.be.greaterThan(4);

      for (const secret of [adminKey, jwt]) {
        snapshots.forEach((s, i) => expect(s, `DOM snapshot ${i}`).to.not.include(secret));
        urls.forEach((u) => expect(u, 'a request URL').to.not.include(secret));
        logged.lines.forEach((l) => expect(l, 'console output').to.not.include(secret));
        errorTexts.forEach((t) => expect(t, 'an error object').to.not.include(secret));
        eventTexts.forEach((t) => expect(t, 'an event detail').to.not.include(secret));
        expect(allAttributeValues(el).join('\n')).to.not.include(secret);
        // No enumerable instance field holds it (a reactive property would).
        const fields = Object.entries(el).map(([k, v]) => `${k}=${typeof v === 'string' ? v : ''}`);
        expect(fields.join(' ')).to.not.include(secret);
      }
      // The client quotes the server's explanation with the echoed token redacted.
      expect((thrown as PlatformApiError).message).to.include('[redacted]');
    } finally {
      logged.restore();
    }
  });

  it("the embed's session appears only in the iframe src", async function () {
    this.timeout(20_000);
    const session = 'sess-7d1f0c-SECRET';
    const logged = captureConsole();
    const actions = new ActionLog();
    const details: string[] = [];
    try {
      const el = await fixture<PlatformEmbedElement>(html`<platform-embed
        base-url=${tenantBase()}
        dashboard="auto-secret"
        debug
        ready-timeout="0"
        .session=${session}
        @platform-event=${(e: CustomEvent) => details.push(textOf(e.detail))}
        @platform-error=${(e: CustomEvent) => details.push(textOf(e.detail))}
      ></platform-embed>`);
      await el.whenReady();
      el.setColorScheme('dark');
      el.refresh();
      el.sendAction('platform:action:custom', { a: 1 });
      // A message from a stranger makes the debug log explain a rejection.
      window.postMessage({ source: 'platform-embed', direction: 'event', type: 'platform:event:ready', payload: {}, timestamp: 1, surface: 'app' }, '*');
      el.baseUrl = 'ftp://not-allowed.example'; // a ConfigError with a console warning
      await el.updateComplete;
      el.baseUrl = tenantBase();
      await el.whenReady();
      await command(el.iframe!.contentWindow!, tenantOrigin(), { hardening: 'ping' });

      const src = frameSrc(el.iframe)!;
      expect(new URL(src).searchParams.get('session')).to.equal(session);
      const attributes = allAttributeValues(el).filter((v) => v !== src);
      expect(attributes.join('\n')).to.not.include(session);
      expect([...el.attributes].map((a) => a.value).join('\n')).to.not.include(session);
      expect(el.shadowRoot!.textContent).to.not.include(session);
      expect(logged.lines.join('\n')).to.not.include(session);
      expect(details.join('\n')).to.not.include(session);
      expect(actions.seen.length).to.be.greaterThan(0);
      expect(JSON.stringify(actions.seen.map((s) => s.action))).to.not.include(session);
      // The only resource URLs carrying it are the iframe navigations themselves.
      const carrying = performance.getEntriesByType('resource').filter((e) => e.name.includes(session)) as PerformanceResourceTiming[];
      for (const entry of carrying) expect(entry.initiatorType).to.equal('iframe');
    } finally {
      logged.restore();
      actions.stop();
    }
  });
});
