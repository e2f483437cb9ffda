// The usage-analytics token section against the real mock platform, and the
// secrecy of every credential the panel handles.
import { expect, fixture, html } from '@open-wc/testing';
import { englishMessages, registerTranslation } from '../../src/index.js';
import type { PlatformMessages } from '../../src/index.js';
import type { UsageAnalyticsToken } from '../../src/api/index.js';
import type { PlatformApiErrorDetail } from '../../src/admin/index.js';
import { timeToExpiry } from '../../src/admin/token-section.js';
import { formatDuration } from '../../src/i18n/format.js';
import de from '../../src/locales/de.js';
import es from '../../src/locales/es.js';
import fr from '../../src/locales/fr.js';
import ja from '../../src/locales/ja.js';
import { $, $$, allAttributeValues, button, failNext, mockPlatform, mountPanel, panelText, requests, resetMock, settle, until } from './helpers.js';

const shipped: Record<string, PlatformMessages> = { de, fr, es, ja };

/** Records the interval timers started from now on; `restore()` puts `setInterval` back. */
function spyIntervals(): unknown[] & { restore(): void } {
  const real = window.setInterval;
  const started = Object.assign([] as unknown[], {
    restore: () => {
      window.setInterval = real;
    },
  });
  window.setInterval = ((handler: TimerHandler, ms?: number) => {
    const id = real(handler, ms);
    started.push(id);
    return id;
  }) as typeof window.setInterval;
  return started;
}

const issueToken = (el: HTMLElement) => button(el, /^Issue (a new )?token$/).click();

describe('<platform-admin-panel> usage-analytics token', () => {
  beforeEach(resetMock);

  it('issues a token: apiUrl, deployment, live expiry, masked until revealed, platform-token-issued', async () => {
    const { el, log } = await mountPanel();
    issueToken(el);
    await until(() => log.count('platform-token-issued') === 1);
    await settle(el);
    const token = log.of<UsageAnalyticsToken>('platform-token-issued')[0]!;
    expect(token.token.split('.')).to.have.length(3);
    expect(token.deploymentId).to.be.a('number');
    expect((await requests('issueUsageAnalyticsToken'))).to.have.length(1);

    const text = panelText(el);
    expect(text).to.contain(token.apiUrl);
    expect(text).to.contain(String(token.deploymentId));
    // Intl.DurationFormat in English (short style), then the expiry date; the token lasts about an hour.
    expect(text).to.match(/in (1 hr|59 min)(, \d+ min)?(, \d+ sec)? \(/);
    expect($(el, 'time').getAttribute('datetime')).to.equal(token.expiresAt);
    // Masked: not in the DOM at all.
    expect(el.shadowRoot!.innerHTML).to.not.contain(token.token);
    expect($(el, '[part="token"]').textContent).to.contain('••••');

    // The button says what it does next ("Show token", then "Hide token"), so it carries no
    // aria-pressed: a pressed state beside a label that changes would be said twice, contradicting.
    const reveal = button(el, 'Show token');
    expect(reveal.hasAttribute('aria-pressed')).to.equal(false);
    reveal.click();
    await settle(el);
    expect(reveal.textContent!.trim()).to.equal('Hide token');
    expect(button(el, 'Hide token')).to.equal(reveal);
    expect($(el, '[part="token"]').textContent).to.contain(token.token);
    expect(allAttributeValues(el).some((v) => v.includes(token.token))).to.equal(false);
    reveal.click();
    await settle(el);
    expect(reveal.textContent!.trim()).to.equal('Show token');
    expect(el.shadowRoot!.innerHTML).to.not.contain(token.token);

    // The countdown moves on by itself.
    const first = $(el, 'time').textContent;
    await until(() => $(el, 'time').textContent !== first, 'the expiry countdown did not update', 3000);
  });

  it('clears its countdown timer when the panel is disconnected', async () => {
    const { el, log } = await mountPanel();
    const started: unknown[] = [];
    const cleared: unknown[] = [];
    const { setInterval: realSet, clearInterval: realClear } = window;
    window.setInterval = ((handler: TimerHandler, ms?: number) => {
      const id = realSet(handler, ms);
      started.push(id);
      return id;
    }) as typeof window.setInterval;
    window.clearInterval = ((id?: number) => {
      cleared.push(id);
      realClear(id);
    }) as typeof window.clearInterval;
    try {
      issueToken(el);
      await until(() => log.count('platform-token-issued') === 1);
      expect(started).to.have.length(1);
      el.remove();
      expect(cleared).to.include(started[0]);
    } finally {
      window.setInterval = realSet;
      window.clearInterval = realClear;
    }
  });

  it('copies the token, and says so when the clipboard refuses', async () => {
    const { el, log } = await mountPanel();
    issueToken(el);
    await until(() => log.count('platform-token-issued') === 1);
    await settle(el);
    const token = log.of<UsageAnalyticsToken>('platform-token-issued')[0]!;
    const copied: string[] = [];
    const original = Object.getOwnPropertyDescriptor(Navigator.prototype, 'clipboard');
    try {
      Object.defineProperty(navigator, 'clipboard', {
        configurable: true,
        value: { writeText: async (text: string) => void copied.push(text) },
      });
      button(el, 'Copy token').click();
      await until(() => panelText(el).includes('Token copied'));
      expect(copied).to.deep.equal([token.token]);

      Object.defineProperty(navigator, 'clipboard', {
        configurable: true,
        value: { writeText: () => Promise.reject(new DOMException('denied', 'NotAllowedError')) },
      });
      button(el, 'Copy token').click();
      await until(() => panelText(el).includes('Copying is not allowed here'));
    } finally {
      delete (navigator as { clipboard?: unknown }).clipboard;
      if (original && !('clipboard' in navigator)) Object.defineProperty(Navigator.prototype, 'clipboard', original);
    }
  });

  it('a token without a readable expiresAt: the panel says the expiry is unknown, never the raw value, and counts nothing down', async () => {
    for (const expiresAt of [undefined, null, 'soon', '2026-13-45T99:00:00Z']) {
      const body: Record<string, unknown> = { apiUrl: 'https://ua.example/api/v1', deploymentId: 9001, token: 'h.p.s' };
      if (expiresAt !== undefined) body.expiresAt = expiresAt;
      await failNext({ operation: 'issueUsageAnalyticsToken', status: 200, body });
      const started = spyIntervals();
      try {
        const { el, log } = await mountPanel();
        issueToken(el);
        await until(() => log.count('platform-token-issued') === 1);
        await settle(el);
        expect(panelText(el), String(expiresAt)).to.contain('Unknown: the platform gave no readable expiry time.');
        if (expiresAt) expect(el.shadowRoot!.innerHTML, expiresAt).to.not.contain(expiresAt);
        expect(el.shadowRoot!.querySelector('time')).to.equal(null);
        expect(started.length, `${String(expiresAt)}: a countdown timer`).to.equal(0);
        expect(log.count('platform-api-error')).to.equal(0);
        el.remove();
      } finally {
        started.restore();
      }
    }
  });

  it('an unreadable expiresAt is unknown in every shipped language', async () => {
    for (const [lang, messages] of Object.entries(shipped)) {
      registerTranslation(lang, messages);
      const body = { apiUrl: 'https://ua.example/api/v1', deploymentId: 9001, token: 'h.p.s', expiresAt: 'tomorrow' };
      await failNext({ operation: 'issueUsageAnalyticsToken', status: 200, body });
      const wrapper = await fixture(html`<div lang=${lang}></div>`);
      const { el, log } = await mountPanel();
      wrapper.append(el);
      await settle(el);
      button(el, messages.tokenIssue).click();
      await until(() => log.count('platform-token-issued') === 1);
      await settle(el);
      const expiry = $$(el, '.token-details dt').find((dt) => dt.textContent === messages.tokenExpires)!.nextElementSibling!;
      expect(expiry.textContent!.trim(), lang).to.equal(messages.tokenExpiryUnknown);
      expect(el.shadowRoot!.innerHTML, lang).to.not.contain('tomorrow');
    }
  });

  it('an expired token says so in one message, with what to do, in the panel\'s language', async () => {
    registerTranslation('de', de);
    const expiresAt = '2020-01-01T00:00:00Z';
    const body = { apiUrl: 'https://ua.example/api/v1', deploymentId: 9001, token: 'h.p.s', expiresAt };
    await failNext({ operation: 'issueUsageAnalyticsToken', status: 200, body });
    const wrapper = await fixture(html`<div lang="de"></div>`);
    const { el, log } = await mountPanel();
    wrapper.append(el);
    await settle(el);
    button(el, de.tokenIssue).click();
    await until(() => log.count('platform-token-issued') === 1);
    await settle(el);
    const date = new Intl.DateTimeFormat('de', { dateStyle: 'medium', timeStyle: 'short' }).format(Date.parse(expiresAt)).replace(/ /g, '\u00a0');
    const expiry = $(el, 'time').parentElement!;
    // The whole text of the expiry is one message: nothing is joined to it in code.
    expect(expiry.textContent!.trim()).to.equal(de.tokenExpired({ date }));
    expect(expiry.textContent).to.contain('Stellen Sie ein neues Token aus');
  });

  it('403 for a non-admin key: "requires the admin role"', async () => {
    const { viewerKey } = await mockPlatform();
    const { el, log } = await mountPanel({ token: viewerKey });
    issueToken(el);
    await until(() => log.count('platform-api-error') === 1);
    await settle(el);
    const detail = log.of<PlatformApiErrorDetail>('platform-api-error')[0]!;
    expect(detail).to.deep.equal({
      operation: 'issueUsageAnalyticsToken',
      status: 403,
      code: 'forbidden',
      message: 'Issuing a usage-analytics token requires the admin role.',
    });
    expect($(el, '[part~="token-section"] [role="alert"]').textContent).to.equal(detail.message);
    expect(log.count('platform-token-issued')).to.equal(0);
  });

  it('404 when the account has no usage analytics: "not enabled for this account"', async () => {
    const { noAnalyticsKey } = await mockPlatform();
    const { el, log } = await mountPanel({ token: noAnalyticsKey, deploymentId: 77 });
    issueToken(el);
    await until(() => log.count('platform-api-error') === 1);
    await settle(el);
    const detail = log.of<PlatformApiErrorDetail>('platform-api-error')[0]!;
    expect(detail.code).to.equal('not-found');
    expect(detail.status).to.equal(404);
    expect($(el, '[part~="token-section"] [role="alert"]').textContent).to.equal('Usage analytics is not enabled for this account.');
  });

  it('never puts the API key or the JWT in an attribute, the DOM text or the console', async () => {
    const { adminKey } = await mockPlatform();
    const seen: string[] = [];
    const methods = ['log', 'info', 'debug', 'warn', 'error'] as const;
    const originals = methods.map((m) => console[m]);
    methods.forEach((m, i) => {
      console[m] = (...args: unknown[]) => {
        seen.push(args.map((a) => (typeof a === 'string' ? a : JSON.stringify(a) ?? String(a))).join(' '));
        originals[i]!.apply(console, args);
      };
    });
    try {
      const { el, log } = await mountPanel();
      issueToken(el);
      await until(() => log.count('platform-token-issued') === 1);
      await settle(el);
      const jwt = log.of<UsageAnalyticsToken>('platform-token-issued')[0]!.token;
      el.deploymentId = 999; // a failing load, so error paths run too
      await until(() => log.count('platform-api-error') === 1);
      await settle(el);

      expect(el.getAttribute('token')).to.equal(null);
      expect(el.token).to.equal(adminKey);
      expect(Object.keys(el).some((k) => String((el as unknown as Record<string, unknown>)[k]).includes(adminKey))).to.equal(false);
      for (const secret of [adminKey, jwt]) {
        expect(allAttributeValues(el).some((v) => v.includes(secret))).to.equal(false);
        expect(el.shadowRoot!.innerHTML).to.not.contain(secret);
        expect(el.outerHTML).to.not.contain(secret);
        expect(seen.some((line) => line.includes(secret))).to.equal(false);
      }
      for (const detail of log.of<PlatformApiErrorDetail>('platform-api-error')) {
        expect(JSON.stringify(detail)).to.not.contain(adminKey);
      }
    } finally {
      methods.forEach((m, i) => {
        console[m] = originals[i]!;
      });
    }
  });

  it('keeps the token across a deployment change, and forgets it when the credentials change', async () => {
    const { viewerKey } = await mockPlatform();
    const { el, log } = await mountPanel();
    issueToken(el);
    await until(() => log.count('platform-token-issued') === 1);
    el.deploymentId = 43;
    await until(() => log.count('platform-settings-loaded') === 2);
    await settle(el);
    expect(el.shadowRoot!.querySelector('[part="token"]')).to.not.equal(null);
    el.token = viewerKey;
    await settle(el);
    expect(el.shadowRoot!.querySelector('[part="token"]')).to.equal(null);
  });
});

describe('timeToExpiry', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');
  const speech = (locale: string, m: PlatformMessages) => ({ m, locale });
  /** The date as the panel shows it: Intl's, on one line (no-break spaces). */
  const date = (iso: string, locale: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(Date.parse(iso)).replace(/ /g, '\u00a0');

  it('says the time left and the date in the panel\'s language, as one message', () => {
    const iso = '2026-01-01T01:00:09Z';
    expect(timeToExpiry(iso, now, speech('en', englishMessages))).to.equal(`in 1 hr, 9 sec (${date(iso, 'en')})`);
    expect(timeToExpiry(iso, now, speech('de', de))).to.equal(`in 1 Std., 9 Sek. (${date(iso, 'de')})`);
    // The date never breaks across lines ("26" / "nov. 2026"): no ordinary space inside its parentheses.
    for (const [lang, messages] of Object.entries(shipped)) {
      const text = timeToExpiry(iso, now, speech(lang, messages));
      expect(text.slice(text.search(/[(（]/)), lang).to.not.contain(' ');
    }
  });

  it('says "expired" and "unknown" in the panel\'s language, not in English', () => {
    const past = '2025-12-31T23:59:59Z';
    for (const [lang, messages] of Object.entries(shipped)) {
      const expired = timeToExpiry(past, now, speech(lang, messages));
      expect(expired, lang).to.equal(messages.tokenExpired({ date: date(past, lang) }));
      expect(expired, lang).to.not.match(/expired/i);
      for (const unreadable of ['not a date', '', null, undefined]) {
        expect(timeToExpiry(unreadable, now, speech(lang, messages)), `${lang} ${String(unreadable)}`).to.equal(messages.tokenExpiryUnknown);
      }
    }
  });
});

describe('formatDuration', () => {
  const cases = () => [formatDuration(86_400, 'en'), formatDuration(125, 'en'), formatDuration(9, 'en'), formatDuration(3609, 'de')];

  it('formats hours, minutes and seconds with Intl, leaving out the leading zero units', () => {
    expect(cases()).to.deep.equal(['24 hr', '2 min, 5 sec', '9 sec', '1 Std., 9 Sek.']);
  });

  it('says the same without Intl.DurationFormat (unit numbers in a unit list)', () => {
    const intl = Intl as unknown as { DurationFormat?: unknown };
    const saved = intl.DurationFormat;
    delete intl.DurationFormat;
    try {
      expect(cases()).to.deep.equal(['24 hr', '2 min, 5 sec', '9 sec', '1 Std., 9 Sek.']);
    } finally {
      if (saved) intl.DurationFormat = saved;
    }
  });
});
