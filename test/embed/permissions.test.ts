/**
 * The iframe's permissions policy reaches the embed's document. The iframe is
 * navigated by a link, not by `src`, so a feature without an allowlist (which
 * means the `src` attribute's origin) would grant nothing: the element writes
 * the tenant origin out. The fixture embed reports `document.fullscreenEnabled`
 * from inside its own (cross-origin) document.
 */
import { expect } from '@open-wc/testing';
import { grantAllow } from '../../src/embed/defaults.js';
import { TENANT, nextReady, readyEmbed, report } from './helpers.js';

describe('<platform-embed> allow reaches the embed', () => {
  it('the default allow: full screen is enabled inside the embed, granted to the tenant origin', async () => {
    const el = await readyEmbed();
    expect(el.iframe!.getAttribute('allow')).to.equal(`fullscreen ${TENANT}; clipboard-write ${TENANT}`);
    expect((await report(el)).fullscreen).to.equal(true);
  });

  it('allow="" grants nothing: full screen is disabled inside the embed', async () => {
    const el = await readyEmbed({ allow: '' });
    expect((await report(el)).fullscreen).to.equal(false);
  });

  it("a feature with 'src' alone is granted to the tenant origin; one with its own allowlist stays as written", async () => {
    const granted = await readyEmbed({ allow: "fullscreen 'src'" });
    expect(granted.iframe!.getAttribute('allow')).to.equal(`fullscreen ${TENANT}`);
    expect((await report(granted)).fullscreen).to.equal(true);
    const refused = await readyEmbed({ allow: "fullscreen 'none'; clipboard-write" });
    expect(refused.iframe!.getAttribute('allow')).to.equal(`fullscreen 'none'; clipboard-write ${TENANT}`);
    expect((await report(refused)).fullscreen).to.equal(false);
  });

  it('a change of allow after the load started reloads, and the new document has the new policy', async () => {
    const el = await readyEmbed({ sessionProvider: async () => `allow-${Math.random()}` });
    const before = el.iframe;
    const ready = nextReady(el);
    el.allow = 'clipboard-write';
    await ready;
    expect(el.iframe, 'a new iframe').not.to.equal(before);
    expect((await report(el)).fullscreen).to.equal(false);
  });

  it('a change of referrer-policy after the load started reloads', async () => {
    const el = await readyEmbed({ sessionProvider: async () => `referrer-${Math.random()}` });
    const before = el.iframe;
    const ready = nextReady(el);
    el.referrerPolicy = 'no-referrer';
    await ready;
    expect(el.iframe).not.to.equal(before);
    expect(el.iframe!.getAttribute('referrerpolicy')).to.equal('no-referrer');
  });

  it("grantAllow: only features without an allowlist, or with 'src' alone, get the origin", () => {
    const origin = 'https://acme.platform.example';
    expect(grantAllow('fullscreen; clipboard-write', origin)).to.equal(`fullscreen ${origin}; clipboard-write ${origin}`);
    expect(grantAllow("fullscreen 'SRC';camera *; ; geolocation 'self'; midi 'src' https://b.example", origin)).to.equal(
      `fullscreen ${origin};camera *; ; geolocation 'self'; midi 'src' https://b.example`,
    );
    expect(grantAllow('  fullscreen  ', origin)).to.equal(`  fullscreen ${origin}`);
    expect(grantAllow('', origin)).to.equal('');
  });
});
