// The catalog as translators and viewers meet it: a description per key,
// no English left in a shipped language, no sentence put together from other
// catalog messages, every value a viewer reads said in the catalog's words,
// and punctuation and lists in the language's own form.
import { expect, fixture, html } from '@open-wc/testing';
import { englishMessages, registerTranslation } from '../../src/index.js';
import type { PlatformMessages } from '../../src/index.js';
import type { PlatformAdminPanelElement, PlatformApiErrorDetail } from '../../src/admin/index.js';
import { messageDescriptions, messageValues, valueCombinations } from '../../src/i18n/descriptions.js';
import { cspsConfigSchema, deploymentSettingsSchema } from '../../src/api/schemas.js';
import de from '../../src/locales/de.js';
import es from '../../src/locales/es.js';
import fr from '../../src/locales/fr.js';
import ja from '../../src/locales/ja.js';
import { $, $$, button, choose, failNext, mountPanel, panelText, resetMock, settle, toggle, typeInto, until } from './helpers.js';

const shipped: Record<string, PlatformMessages> = { de, fr, es, ja };

/** Every text a catalog can produce: its strings, and its functions called with every combination of their test values. */
function texts(messages: PlatformMessages): [key: string, text: string][] {
  return Object.entries(messages).flatMap(([key, value]): [string, string][] =>
    typeof value === 'string'
      ? [[key, value]]
      : valueCombinations(key as keyof typeof messageValues).map((values) => [key, (value as (v: object) => string)(values)]),
  );
}

/**
 * Words kept as they are in every language: product names and the acronyms
 * of the services the settings name.
 */
const productWords = ['Token', 'Launchpad', 'URL', 'API', 'SQL', 'AWS', 'ARN', 'Azure', 'GCP', 'GCS', 'Google', 'Cloud', 'GitHub', 'SSH', 'Git', 'Workload', 'Identity'];

/**
 * Words of each language that English spells the same (cognates and settled
 * loanwords of that language's software vocabulary). Reviewed per language:
 * a word belongs here only when a native speaker would write it in that sentence.
 */
const ownWords: Record<string, string[]> = {
  de: ['Name', 'Region', 'Version', 'Domain', 'Container', 'Bucket', 'Cluster', 'Multi', 'Deployment', 'Deploy', 'Branch', 'Branches', 'Merges',
    'Release', 'Repository', 'Registry', 'Image', 'Tabs', 'Demo', 'Client', 'Fragment', 'Variable', 'Moment', 'Problem', 'positive', 'absolute'],
  fr: ['Configuration', 'configuration', 'non', 'base', 'fragment', 'variable', 'Variables', 'Version', 'version', 'Mode', 'Type', 'cloud',
    'image', 'client', 'service', 'Bucket', 'Instance', 'Cluster', 'simple', 'Stable', 'branches', 'moment'],
  es: ['General', 'base', 'variable', 'variables', 'Variables', 'simple', 'panel', 'Bucket'],
  ja: [],
};

/** Names developers type, left in every language: attribute and property names, schemes, hosts. */
const codeNames = /\b(?:base-url|deployment-id|tokenProvider|token|https?:|localhost)(?![\w-])/g;

describe('the catalog for translators', () => {
  it('describes every key in one line, and only the keys there are', () => {
    expect(Object.keys(messageDescriptions).sort()).to.deep.equal(Object.keys(englishMessages).sort());
    for (const [key, description] of Object.entries(messageDescriptions)) {
      expect(description.trim(), key).to.have.length.greaterThan(10);
      expect(description, key).to.not.contain('\n');
    }
  });

  it('names test values for every function, and every value name a function reads', () => {
    for (const [key, value] of Object.entries(englishMessages)) {
      if (typeof value !== 'function') continue;
      expect(messageValues, key).to.have.property(key);
      // Each combination yields a sentence: a select case left out would give `undefined`.
      for (const values of valueCombinations(key as keyof typeof messageValues)) {
        expect((value as (v: object) => unknown)(values), `${key}(${JSON.stringify(values)})`).to.be.a('string');
      }
    }
  });

  it('has a label for every settings field and a select for every field with options', () => {
    const capital = (key: string) => key.charAt(0).toUpperCase() + key.slice(1);
    const catalog = englishMessages as unknown as Record<string, unknown>;
    for (const [key, spec] of Object.entries({ ...deploymentSettingsSchema, ...cspsConfigSchema })) {
      expect(catalog[`field${capital(key)}`], `field${capital(key)}`).to.be.a('string');
      const options = (spec as { enum?: readonly string[] }).enum;
      if (options) expect(messageValues, `value${capital(key)} tries every option`).to.have.deep.property(`value${capital(key)}`, { value: options });
    }
  });

  it('leaves no English in a shipped language, outside product words and the language\'s own words', () => {
    const words = (text: string) => text.replace(/<\w+>/g, ' ').replace(codeNames, ' ').match(/\p{L}[\p{L}\p{M}\p{N}]*/gu) ?? [];
    const english = new Set(
      texts(englishMessages)
        .flatMap(([, text]) => words(text))
        .filter((word) => /^[A-Za-z]{3,}$/.test(word))
        .map((word) => word.toLowerCase()),
    );
    for (const [lang, messages] of Object.entries(shipped)) {
      const allowed = new Set([...productWords, ...ownWords[lang]!]);
      const left = texts(messages).flatMap(([key, text]) =>
        words(text)
          .filter((word) => english.has(word.toLowerCase()) && !allowed.has(word))
          .map((word) => `${key}: ${word}`),
      );
      expect(left, `${lang}: English words`).to.deep.equal([]);
      // The allow-list is for words the language uses: each entry is used somewhere.
      const used = new Set(texts(messages).flatMap(([, text]) => words(text)));
      expect(ownWords[lang]!.filter((word) => !used.has(word)), `${lang}: unused own words`).to.deep.equal([]);
    }
  });

  it('the check finds English: a sentence left untranslated fails it', () => {
    const english = new Set(texts(englishMessages).flatMap(([, t]) => t.match(/[A-Za-z]{3,}/g) ?? []).map((w) => w.toLowerCase()));
    const leftover = 'Die Einstellungen konnten nicht geladen werden. The reason is not known.';
    const found = (leftover.match(/\p{L}+/gu) ?? []).filter((w) => english.has(w.toLowerCase()) && !ownWords.de!.includes(w));
    expect(found).to.deep.equal(['The', 'reason', 'not', 'known']);
  });

  it('every value a viewer reads has catalog words in every shipped language, and punctuation follows the language', () => {
    expect(fr.settingsChange({ label: 'Nom', from: 'a', to: 'b' })).to.equal('Nom\u00a0: a → b');
    expect(ja.settingsChange({ label: '名前', from: 'a', to: 'b' })).to.equal('名前：a → b');
    expect(ja.failed({ operation: 'deleteBranch', code: 'timeout', status: 0 })).to.not.match(/。 /);
    for (const messages of Object.values(shipped)) {
      for (const [key, text] of texts(messages)) {
        // Japanese sentences use full-width punctuation; French guillemets and colons keep their no-break space.
        if (messages === ja) expect(text, `ja.${key}`).to.not.match(/[\u3040-\u30ff\u4e00-\u9fff]: |[\u3040-\u30ff\u4e00-\u9fff] ?\(\d/);
        if (messages === fr) expect(text, `fr.${key}`).to.not.match(/« | »| [:;?!]/);
      }
    }
  });
});

/** A catalog where each message is its own key in brackets, and each call's values are recorded. */
function markerCatalog(calls: { key: string; values: Record<string, unknown> }[]): Partial<PlatformMessages> {
  return Object.fromEntries(
    Object.entries(englishMessages).map(([key, value]) => [
      key,
      typeof value === 'string'
        ? `⟦${key}⟧`
        : (values: Record<string, unknown>) => {
            calls.push({ key, values });
            return `⟦${key}⟧`;
          },
    ]),
  );
}

/**
 * Keys that name a thing rather than say a sentence: a field, a group, a
 * value, a part of a field. These may be the values of another message
 * (`"Name" is required`); a sentence never is.
 */
const isTerm = (key: string) => /^(field|value|group)[A-Z]|^(notSet|yes|no|on|off|empty|listNone|noKey|variableAbsent|variableRemoved|settingsPart)$/.test(key);

describe('<platform-admin-panel> says each text as one catalog message', () => {
  const calls: { key: string; values: Record<string, unknown> }[] = [];
  before(() => registerTranslation('zz', markerCatalog(calls)));
  beforeEach(resetMock);

  /** Every text of the panel: each element's own text, and its labelling attributes. */
  function shownTexts(el: PlatformAdminPanelElement): string[] {
    const out: string[] = [];
    for (const node of el.shadowRoot!.querySelectorAll('*')) {
      const own = [...node.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE).map((n) => n.textContent).join('').trim();
      if (own) out.push(own);
      for (const name of ['aria-label', 'placeholder', 'title']) {
        const value = node.getAttribute(name);
        if (value) out.push(value);
      }
    }
    return out;
  }

  function expectWhole(el: PlatformAdminPanelElement): void {
    for (const text of shownTexts(el)) {
      // A text holding a message is exactly one message: no two joined, no punctuation or words added in code.
      if (text.includes('⟦')) expect(text).to.match(/^⟦\w+⟧$/);
    }
    for (const option of $$<HTMLOptionElement>(el, 'option')) expect(option.textContent!.trim(), 'an option').to.match(/^⟦\w+⟧$/);
    for (const { key, values } of calls) {
      for (const [name, value] of Object.entries(values)) {
        if (typeof value !== 'string') continue;
        for (const [, inner] of value.matchAll(/⟦(\w+)⟧/g)) {
          expect(isTerm(inner!), `${key} got the message ${inner} as ${name}`).to.equal(true);
        }
      }
    }
  }

  it('in the settings form, the change summary and its errors', async () => {
    const wrapper = await fixture(html`<div lang="zz"></div>`);
    const { el } = await mountPanel();
    wrapper.append(el);
    await settle(el);
    typeInto($<HTMLInputElement>(el, '#field-name'), '');
    choose($<HTMLSelectElement>(el, '#field-releaseChannel'), 'latest');
    toggle($<HTMLInputElement>(el, '#field-deployBranchMergeAllowed'));
    // The ✕ of the first launchpad tab: a list change in the summary.
    $$<HTMLButtonElement>(el, 'fieldset.editor button.icon')[2]!.click();
    await settle(el);
    const key = $$<HTMLInputElement>(el, 'input[id^="field-templateVariables-"]')[0]!;
    typeInto(key, 'renamed');
    typeInto($<HTMLInputElement>(el, '#field-cspsConfig-s3Bucket'), 'bucket-2');
    await settle(el);
    $<HTMLButtonElement>(el, 'button[type="submit"]').click();
    await settle(el);
    expect($$(el, '.summary li').length, 'summary lines').to.be.greaterThan(4);
    expect(calls.some((c) => c.key === 'settingsChange')).to.equal(true);
    expect(calls.some((c) => c.key === 'settingsRequired')).to.equal(true);
    expectWhole(el);
  });

  it('in the delete dialog and in failures, and the event carries one message', async () => {
    const wrapper = await fixture(html`<div lang="zz"></div>`);
    const { el, log } = await mountPanel();
    wrapper.append(el);
    await settle(el);
    typeInto($<HTMLInputElement>(el, '#branch-name'), 'feature/x');
    await settle(el);
    $(el, '#branch-delete').click();
    await settle(el);
    expect($<HTMLDialogElement>(el, 'dialog').open).to.equal(true);
    expectWhole(el);
    $(el, '.cancel').click();
    await settle(el);

    await failNext({ operation: 'deleteBranch', status: 503 });
    $(el, '#branch-delete').click();
    await settle(el);
    $(el, '.confirm-delete').click();
    await until(() => log.count('platform-api-error') === 1, 'no failure');
    await settle(el);
    await failNext({ operation: 'issueUsageAnalyticsToken', status: 400 });
    button(el, '⟦tokenIssue⟧').click();
    await until(() => log.count('platform-api-error') === 2, 'no second failure');
    await settle(el);
    for (const detail of log.of<PlatformApiErrorDetail>('platform-api-error')) expect(detail.message).to.match(/^⟦failed⟧$/);
    expect(calls.filter((c) => c.key === 'failed').map((c) => c.values.operation)).to.include.members(['deleteBranch', 'issueUsageAnalyticsToken']);
    expectWhole(el);
  });
});

describe('<platform-admin-panel> values in the viewer\'s language', () => {
  before(() => {
    registerTranslation('de', de);
    registerTranslation('fr', fr);
    registerTranslation('ja', ja);
  });
  beforeEach(resetMock);

  async function panelIn(lang: string): Promise<PlatformAdminPanelElement> {
    const wrapper = await fixture(html`<div lang=${lang}></div>`);
    const { el } = await mountPanel();
    wrapper.append(el);
    await settle(el);
    return el;
  }

  it('says the options, the read-only values and the summary in German', async () => {
    const el = await panelIn('de');
    const options = (id: string) => [...$<HTMLSelectElement>(el, id).options].map((o) => o.textContent!.trim());
    expect(options('#field-deployMode')).to.deep.equal(['nicht festgelegt', 'Git', 'Befehlszeile']);
    expect(options('#field-template')).to.deep.equal(['Einzelinstanz', 'Einfacher Cluster', 'Multi-Cluster']);
    expect(options('#field-releaseChannel')).to.deep.equal(['Neueste Version', 'Stabile Version']);
    const readOnly = Object.fromEntries($$(el, '.readonly dl > div').map((d) => [d.querySelector('dt')!.textContent, d.querySelector('dd')!.textContent]));
    expect(options('#field-cloudProvider')).to.deep.equal(['Plattform-Cloud', 'AWS', 'Google Cloud']);
    expect(readOnly['Repository-Typ']).to.equal('Git-Repository');
    expect(readOnly['Erstellungsschritt']).to.equal('Bereit');
    expect(readOnly['Verwaltet']).to.equal('ja');
    // A region code is read by engineers, and shown as it is (the platform writes it: a text field).
    expect($<HTMLInputElement>(el, '#field-region').value).to.equal('aws-us-east-1');
    choose($<HTMLSelectElement>(el, '#field-releaseChannel'), 'latest');
    await settle(el);
    expect(panelText(el)).to.contain('Release-Kanal: Stabile Version → Neueste Version');
  });

  it('joins a list with Intl.ListFormat: 、 in Japanese, with a full-width colon', async () => {
    const el = await panelIn('ja');
    button(el, '項目 3 を削除').click();
    await settle(el);
    expect(panelText(el)).to.contain('Launchpad のタブ：dashboards、workbooks、chat → dashboards、workbooks');
  });

  it('keeps the French no-break space before the colon of a change line', async () => {
    const el = await panelIn('fr');
    typeInto($<HTMLInputElement>(el, '#field-name'), 'Commandes');
    await settle(el);
    expect($(el, '.summary li').textContent).to.equal('Nom\u00a0: Orders analytics → Commandes');
  });

  it('lets a translation pick a plural form: the count arrives as a number', async () => {
    const plural = new Intl.PluralRules('pl');
    const forms: Record<string, string> = { one: 'zmiana', few: 'zmiany', many: 'zmian', other: 'zmiany' };
    registerTranslation('pl', {
      settingsChanges: ({ count }) => `${count.toLocaleString('pl')} ${forms[plural.select(count)]} do zapisania`,
    });
    const el = await panelIn('pl');
    typeInto($<HTMLInputElement>(el, '#field-name'), 'Zamówienia');
    await settle(el);
    expect($(el, '#pending-title').textContent).to.equal('1 zmiana do zapisania');
    choose($<HTMLSelectElement>(el, '#field-releaseChannel'), 'latest');
    await settle(el);
    expect($(el, '#pending-title').textContent).to.equal('2 zmiany do zapisania');
    for (const id of ['#field-deployBranchMergeAllowed', '#field-releaseChannelVersionHold', '#field-deployBranchReadOnly']) toggle($<HTMLInputElement>(el, id));
    await settle(el);
    expect($(el, '#pending-title').textContent).to.equal('5 zmian do zapisania');
  });

  it('says each configuration problem in the panel\'s language, never the validator\'s English', async () => {
    const cases: [options: Parameters<typeof mountPanel>[0], problem: Parameters<PlatformMessages['configInvalid']>[0]['problem']][] = [
      [{ baseUrl: 'not a url' }, 'URL'],
      [{ baseUrl: 'http://tenant.example' }, 'https'],
      [{ baseUrl: 'https://user:secret@tenant.example' }, 'credentials'],
      [{ baseUrl: 'https://tenant.example/?x=1' }, 'query'],
      [{ baseUrl: 'https://tenant.example#top' }, 'query'],
      [{ baseUrl: 'https://tenant.example', token: 'a\nb' }, 'token'],
      [{ baseUrl: 'https://tenant.example', tokenProvider: 42 as never }, 'tokenProvider'],
    ];
    for (const [options, problem] of cases) {
      const wrapper = await fixture(html`<div lang="de"></div>`);
      const { el } = await mountPanel({ ...options, waitLoaded: false });
      wrapper.append(el);
      await settle(el);
      expect($(el, '[part~="config-error"] [role="alert"]').textContent, JSON.stringify(options)).to.equal(de.configInvalid({ problem }));
    }
  });
});
