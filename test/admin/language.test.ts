// The panel and the embed in the viewer's language: the catalog, the shipped
// translations, `lang` resolution, in-place re-rendering, Intl formatting,
// right-to-left layout and accessibility in German and Arabic.
import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { englishMessages, registerTranslation } from '../../src/index.js';
import type { PlatformMessages } from '../../src/index.js';
import type { PlatformApiErrorDetail } from '../../src/admin/index.js';
import { adminPanelStyles } from '../../src/admin/styles.js';
import { messageValues, valueCombinations } from '../../src/i18n/descriptions.js';
import de from '../../src/locales/de.js';
import es from '../../src/locales/es.js';
import fr from '../../src/locales/fr.js';
import ja from '../../src/locales/ja.js';
import { envelope, postFromFrame, readyEmbed } from '../embed/helpers.js';
import { $, button, mountPanel, panelText, resetMock, settle, typeInto, until } from './helpers.js';

const shipped: Record<string, PlatformMessages> = { de, fr, es, ja };

/** Sets `lang` on the panel's wrapper (its closest ancestor). */
const setAncestorLang = (el: Element, lang: string | null) =>
  lang === null ? el.parentElement!.removeAttribute('lang') : el.parentElement!.setAttribute('lang', lang);

/** Waits until the panel rendered after a `lang` change (the observer calls back in a microtask). */
async function rerendered(el: Element & { updateComplete: Promise<boolean> }): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve));
  await el.updateComplete;
}

describe('the message catalog and the shipped translations', () => {
  it('every shipped language has exactly the English keys, each of the same kind, none empty, for every case of a select', () => {
    const keys = Object.keys(englishMessages).sort();
    const say = (messages: PlatformMessages, key: string, values: Record<string, unknown>) =>
      (messages[key as keyof PlatformMessages] as (v: Record<string, unknown>) => string)(values);
    for (const [lang, messages] of Object.entries(shipped)) {
      expect(Object.keys(messages).sort(), lang).to.deep.equal(keys);
      for (const key of keys) {
        const english = englishMessages[key as keyof PlatformMessages];
        const value = messages[key as keyof PlatformMessages];
        expect(typeof value, `${lang}.${key}`).to.equal(typeof english);
        if (typeof english === 'string') {
          expect((value as string).trim(), `${lang}.${key}`).to.not.equal('');
          continue;
        }
        for (const values of valueCombinations(key as keyof typeof messageValues)) {
          const text = say(messages, key, values);
          const where = `${lang}.${key}(${JSON.stringify(values)})`;
          expect(text, where).to.be.a('string');
          expect(text.trim(), where).to.not.equal('');
          // A translation shows every value the English sentence shows: the texts (samples in angle
          // brackets) and the numbers. A select value chooses the sentence and is not shown.
          const shown = say(englishMessages, key, values);
          // Numbers are compared by their digits: each language groups them its own way (1,234 / 1.234).
          const digits = (t: string) => t.replace(/\D/g, '');
          for (const sample of Object.values(values)) {
            if (typeof sample === 'number' && digits(shown).includes(String(sample))) {
              expect(digits(text), `${where} shows ${sample}`).to.contain(String(sample));
            } else if (/^<\w+>$/.test(String(sample)) && shown.includes(String(sample))) {
              expect(text, `${where} shows ${String(sample)}`).to.contain(String(sample));
            }
          }
        }
      }
    }
  });

  it('registerTranslation refuses bad input with a TypeError that names it, registering nothing', () => {
    expect(() => registerTranslation('not a tag!', { cancel: 'x' })).to.throw(TypeError, /"not a tag!" is not a BCP 47/);
    expect(() => registerTranslation('', { cancel: 'x' })).to.throw(TypeError, /BCP 47/);
    expect(() => registerTranslation(42 as unknown as string, {})).to.throw(TypeError, /BCP 47/);
    expect(() => registerTranslation('de', { cancel: 'Abbrechen', nope: 'x' } as never)).to.throw(TypeError, /unknown message key "nope"/);
    expect(() => registerTranslation('de', { cancel: () => 'x' } as never)).to.throw(TypeError, /"cancel" must be a string, got function/);
    expect(() => registerTranslation('de', { branchDeleted: 'x' } as never)).to.throw(TypeError, /"branchDeleted" must be a function, got string/);
    expect(() => registerTranslation('de', null as never)).to.throw(TypeError, /messages must be an object/);
  });
});

describe('<platform-admin-panel> in the viewer\'s language', () => {
  before(() => registerTranslation('de', de));
  beforeEach(resetMock);

  it('is English by default and German under an ancestor with lang="de-AT" (primary subtag)', async () => {
    const { el } = await mountPanel();
    expect($(el, '#settings-title').textContent).to.contain('Deployment settings');
    setAncestorLang(el, 'de-AT');
    await rerendered(el);
    expect($(el, '#settings-title').textContent).to.contain('Deployment-Einstellungen');
    expect(button(el, 'Änderungen speichern')).to.exist;
    expect(panelText(el)).to.contain('Branch löschen');
    // An unknown language is English.
    setAncestorLang(el, 'pt-BR');
    await rerendered(el);
    expect($(el, '#settings-title').textContent).to.contain('Deployment settings');
  });

  it('its own lang wins over the ancestor, an exact tag over its primary subtag, English keys fill the gaps', async () => {
    registerTranslation('de-CH', { settingsSave: 'Änderungen sichern' });
    const { el } = await mountPanel();
    setAncestorLang(el, 'fr');
    el.setAttribute('lang', 'de-CH');
    await rerendered(el);
    // de-CH has one key: the rest is English, not German (an exact tag does not borrow from its primary subtag).
    expect(button(el, 'Änderungen sichern')).to.exist;
    expect($(el, '#settings-title').textContent).to.contain('Deployment settings');
    el.setAttribute('lang', 'de');
    await rerendered(el);
    expect($(el, '#settings-title').textContent).to.contain('Deployment-Einstellungen');
  });

  it('re-renders in place on a change of <html lang>: the half-edited form, focus and the open dialog survive', async () => {
    const { el } = await mountPanel();
    const name = $<HTMLInputElement>(el, '#field-name');
    typeInto(name, 'Half-edited name');
    await settle(el);
    name.focus();
    name.setSelectionRange(4, 4);
    const html = document.documentElement;
    const before = html.getAttribute('lang');
    try {
      html.setAttribute('lang', 'de');
      await rerendered(el);
      expect($(el, '#settings-title').textContent).to.contain('Ungespeicherte Änderungen');
      // The same input, with its value, its focus and its caret.
      expect($<HTMLInputElement>(el, '#field-name')).to.equal(name);
      expect(name.value).to.equal('Half-edited name');
      expect(el.shadowRoot!.activeElement).to.equal(name);
      expect(name.selectionStart).to.equal(4);
      expect(panelText(el)).to.contain('Zu speichernde Änderungen (1)');

      // An open confirmation dialog stays open and changes language.
      typeInto($<HTMLInputElement>(el, '#branch-name'), 'feature/x');
      await settle(el);
      $(el, '#branch-delete').click();
      await settle(el);
      const dialog = $<HTMLDialogElement>(el, 'dialog');
      expect(dialog.open).to.equal(true);
      html.setAttribute('lang', 'en');
      await rerendered(el);
      expect(dialog.open).to.equal(true);
      expect($(el, '#confirm-title').textContent).to.equal('Delete branch “feature/x”?');
      expect(el.shadowRoot!.activeElement).to.equal(el.shadowRoot!.querySelector('.cancel'));
      button(el, 'Cancel').click();
      await settle(el);
      // The edit is still there to save.
      expect($<HTMLInputElement>(el, '#field-name').value).to.equal('Half-edited name');
    } finally {
      if (before === null) html.removeAttribute('lang');
      else html.setAttribute('lang', before);
    }
  });

  it('platform-api-error carries the sentence shown, in the panel\'s language; a shown failure changes language with it', async () => {
    const root = document.documentElement;
    const before = root.getAttribute('lang');
    root.setAttribute('lang', 'de');
    try {
      const { el, log } = await mountPanel({ deploymentId: 999 });
      const detail = log.of<PlatformApiErrorDetail>('platform-api-error')[0]!;
      expect(detail.code).to.equal('not-found');
      expect(detail.message).to.equal('Deployment 999 wurde nicht gefunden, oder diese Anmeldedaten haben keinen Zugriff darauf.');
      expect($(el, '[part="error"] [role="alert"]').textContent).to.equal(detail.message);
      el.setAttribute('lang', 'en');
      await rerendered(el);
      expect($(el, '[part="error"] [role="alert"]').textContent).to.equal(
        'Deployment 999 was not found, or these credentials cannot see it.',
      );
    } finally {
      if (before === null) root.removeAttribute('lang');
      else root.setAttribute('lang', before);
    }
  });

  it('registering a translation re-renders panels already on the page; English itself can be overridden', async () => {
    const { el } = await mountPanel();
    registerTranslation('en', { settingsRevert: 'Undo edits' });
    try {
      await settle(el);
      expect(button(el, 'Undo edits')).to.exist;
    } finally {
      registerTranslation('en', { settingsRevert: englishMessages.settingsRevert });
    }
    await settle(el);
    expect(button(el, 'Discard changes')).to.exist;
  });

  it('formats the token expiry and time left with Intl in its language', async () => {
    const { el, log } = await mountPanel();
    el.setAttribute('lang', 'de');
    await rerendered(el);
    button(el, 'Token ausstellen').click();
    await until(() => log.count('platform-token-issued') === 1);
    await settle(el);
    const token = log.of<{ expiresAt: string }>('platform-token-issued')[0]!;
    // The date is held on one line: its spaces are no-break spaces.
    const date = new Intl.DateTimeFormat('de', { dateStyle: 'medium', timeStyle: 'short' }).format(Date.parse(token.expiresAt)).replace(/ /g, '\u00a0');
    const text = $(el, 'time').textContent!;
    // The platform's usage-analytics token lasts about an hour.
    expect(text).to.match(/^in (1 Std\.|59 Min\.)[, ]/);
    expect(text).to.contain(`(${date})`);
  });

  it('is accessible in German', async () => {
    const { el } = await mountPanel();
    el.setAttribute('lang', 'de');
    typeInto($<HTMLInputElement>(el, '#field-name'), '');
    await rerendered(el);
    button(el, 'Änderungen speichern').click();
    await settle(el);
    expect(panelText(el)).to.contain('„Name“ ist ein Pflichtfeld.');
    await expect(el).to.be.accessible();
  });
});

describe('<platform-admin-panel> right to left', () => {
  const arabic: Partial<PlatformMessages> = {
    settingsTitle: 'إعدادات النشر',
    settingsSave: 'حفظ التغييرات',
    branchTitle: 'حذف فرع',
    branchName: 'اسم الفرع',
    branchUpstream: 'الحذف أيضًا لدى مزوّد git',
    tokenTitle: 'رمز تحليلات الاستخدام',
    tokenIssue: 'إصدار رمز',
  };
  before(() => registerTranslation('ar', arabic));
  beforeEach(resetMock);

  it('uses logical properties only: no physical left or right in its styles', () => {
    const css = [adminPanelStyles].flat().map((s) => s.cssText).join('\n');
    expect(css).to.not.match(/\b(left|right)\b|translateX/);
  });

  it('mirrors under dir="rtl" with a partial Arabic translation, and is accessible', async () => {
    const wrapper = await fixture(html`<div lang="ar" dir="rtl"></div>`);
    const { el } = await mountPanel();
    wrapper.append(el);
    await rerendered(el);
    expect($(el, '#settings-title').textContent).to.contain('إعدادات النشر');
    // Keys Arabic leaves out are English.
    expect(button(el, 'Discard changes')).to.exist;
    // The checkbox sits at the start of its row, which is the right in RTL.
    const box = $(el, '#branch-upstream').getBoundingClientRect();
    const label = $(el, 'label[for="branch-upstream"]').getBoundingClientRect();
    expect(box.left).to.be.greaterThan(label.left);
    // Text starts at the right edge of each section.
    const section = $(el, '[part~="branch-section"]').getBoundingClientRect();
    const range = document.createRange();
    range.selectNodeContents($(el, '#branch-title'));
    const title = range.getBoundingClientRect();
    expect(section.right - title.right).to.be.lessThan(title.left - section.left);
    await expect(el).to.be.accessible();
  });
});

describe('<platform-embed> in the viewer\'s language', () => {
  before(() => registerTranslation('de', de));

  it('shows its loading text in its language, following a change of lang', async () => {
    const wrapper = await fixture(html`<div lang="de"><platform-embed></platform-embed></div>`);
    const el = wrapper.firstElementChild as HTMLElement & { updateComplete: Promise<boolean> };
    await el.updateComplete;
    const loading = () => el.shadowRoot!.querySelector('[part="loading"] span')!.textContent;
    expect(loading()).to.equal('Wird geladen…');
    wrapper.setAttribute('lang', 'en-GB');
    await rerendered(el);
    expect(loading()).to.equal('Loading…');
  });

  it('gives its iframe an accessible title in its language, following a change of lang; frame-title wins', async () => {
    registerTranslation('fr', fr);
    const wrapper = await fixture(html`<div lang="de"><platform-embed></platform-embed><platform-embed frame-title="Umsatz"></platform-embed></div>`);
    const [el, titled] = [...wrapper.children] as (HTMLElement & { updateComplete: Promise<boolean> })[];
    await el!.updateComplete;
    await titled!.updateComplete;
    const title = (e: Element) => e.shadowRoot!.querySelector('iframe')!.getAttribute('title');
    expect(title(el!)).to.equal('Eingebettete Analysen');
    expect(title(titled!)).to.equal('Umsatz');
    wrapper.setAttribute('lang', 'fr-CA');
    await rerendered(el!);
    expect(title(el!)).to.equal('Analyses intégrées');
    wrapper.setAttribute('lang', 'en-GB');
    await rerendered(el!);
    expect(title(el!)).to.equal('Embedded analytics');
    expect(title(titled!)).to.equal('Umsatz');
    expect((el as unknown as { frameTitle: string }).frameTitle).to.equal('Embedded analytics');
  });

  it('a fatal error with a blank message shows the default sentence in its language, never an empty alert', async () => {
    const el = await readyEmbed();
    el.setAttribute('lang', 'de');
    const failed = oneEvent(el, 'platform-error');
    postFromFrame(el, envelope('platform:event:error', { message: '   ', name: 'RenderError', fatal: true }));
    await failed;
    await el.updateComplete;
    const alert = el.shadowRoot!.querySelector('[part="error"] [role="alert"]')!;
    expect(alert.textContent).to.equal('Der eingebettete Inhalt konnte nicht geladen werden.');
  });
});
