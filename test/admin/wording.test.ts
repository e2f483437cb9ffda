// The panel's words as a native speaker reads them: values in the change
// summary that neither repeat nor agree with their labels, lists without empty
// items, empty values that show, a rejected save that points at what to check,
// configuration problems decided from the values rather than from English
// text, the wording reviewers asked for, and how lines break.
import { expect, fixture, html } from '@open-wc/testing';
import { englishMessages, registerTranslation } from '../../src/index.js';
import type { PlatformMessages } from '../../src/index.js';
import type { PlatformAdminPanelElement, PlatformApiErrorDetail } from '../../src/admin/index.js';
import { adminPanelStyles } from '../../src/admin/styles.js';
import { messageValues, valueCombinations } from '../../src/i18n/descriptions.js';
import { speechOf } from '../../src/i18n/translations.js';
import { deploymentSettingsSchema, readOnlySettings } from '../../src/api/schemas.js';
import de from '../../src/locales/de.js';
import es from '../../src/locales/es.js';
import fr from '../../src/locales/fr.js';
import ja from '../../src/locales/ja.js';
import { $, $$, button, failNext, mountPanel, resetMock, settle, toggle, typeInto, until } from './helpers.js';
import type { PanelOptions } from './helpers.js';

const translations: Record<string, PlatformMessages> = { de, fr, es, ja };
const everyLanguage: Record<string, PlatformMessages> = { en: englishMessages, ...translations };

/** A loaded panel under a wrapper with `lang`. */
async function panelIn(lang: string, options: PanelOptions = {}): Promise<PlatformAdminPanelElement> {
  const wrapper = await fixture(html`<div lang=${lang}></div>`);
  const { el } = await mountPanel(options);
  wrapper.append(el);
  await settle(el);
  return el;
}

const summaryLines = (el: PlatformAdminPanelElement) => $$(el, '.summary li').map((li) => li.textContent!);

/** The editable switches: boolean settings and the private-storage switch, with their control ids. */
const switches = [
  ...Object.entries(deploymentSettingsSchema)
    .filter(([key, spec]) => spec.type === 'boolean' && !(readOnlySettings as readonly string[]).includes(key))
    .map(([key]) => key),
  'enabled',
];
const capital = (key: string) => key.charAt(0).toUpperCase() + key.slice(1);

before(() => {
  for (const [lang, messages] of Object.entries(translations)) registerTranslation(lang, messages);
});

describe('<platform-admin-panel> change summary wording', () => {
  beforeEach(resetMock);

  it('says a switch with words that neither repeat nor agree with its label ("API SQL activée : oui → non")', async () => {
    // The first five letters of each word: "activée" and "activé" share "activ", as "activada" and "activado" do.
    const stems = (text: string) => (text.match(/\p{L}{4,}/gu) ?? []).map((word) => word.toLowerCase().slice(0, 5));
    for (const lang of ['en', 'de', 'fr', 'es']) {
      const messages = everyLanguage[lang]!;
      const el = await panelIn(lang);
      for (const id of ['deployBranchMergeAllowed', 'deployBranchReadOnly', 'releaseChannelVersionHold', 'cspsConfig-enabled']) {
        toggle($<HTMLInputElement>(el, `#field-${id}`));
      }
      await settle(el);
      const lines = summaryLines(el);
      expect(lines, lang).to.have.length(4);
      for (const line of lines) {
        const colon = line.lastIndexOf(':');
        const label = line.slice(0, colon);
        const values = line.slice(colon + 1);
        expect(values.replace(/\s/g, ''), line).to.match(new RegExp(`^(${messages.on}|${messages.off})→(${messages.on}|${messages.off})$`));
        expect(stems(values).filter((stem) => stems(label).includes(stem)), `${lang}: ${line}`).to.deep.equal([]);
      }
      el.parentElement!.remove();
    }
    expect(fr.fieldIsPlatformSqlEnabled).to.equal('API SQL activée');
    expect(fr.settingsChange({ label: fr.fieldIsPlatformSqlEnabled, from: fr.on, to: fr.off })).to.equal('API SQL activée\u00a0: oui → non');
    expect(es.settingsChange({ label: es.fieldIsPlatformSqlEnabled, from: es.on, to: es.off })).to.equal('API de SQL activada: sí → no');
  });

  it('Japanese names each switch as a setting, not as an action, so "label：オン → オフ" reads as a state', async () => {
    for (const key of switches) {
      const label = ja[`field${capital(key)}` as keyof PlatformMessages] as string;
      expect(label, key).to.be.a('string');
      expect(label, key).to.not.match(/する$/);
    }
    const el = await panelIn('ja');
    toggle($<HTMLInputElement>(el, '#field-deployBranchMergeAllowed'));
    await settle(el);
    expect(summaryLines(el)).to.deep.equal([`${ja.fieldDeployBranchMergeAllowed}：${ja.on} → ${ja.off}`]);
  });

  it('gives Intl.ListFormat no empty item: a blank row of a list is said as the empty word', async () => {
    const format = Intl.ListFormat.prototype.format;
    const items: string[][] = [];
    Intl.ListFormat.prototype.format = function (this: Intl.ListFormat, list: Iterable<string>) {
      items.push([...list]);
      return format.call(this, list);
    };
    try {
      for (const lang of ['en', 'de']) {
        const messages = everyLanguage[lang]!;
        const el = await panelIn(lang);
        button(el, messages.listAdd).click();
        await settle(el);
        const line = summaryLines(el)[0]!;
        const list = (values: string[]) => new Intl.ListFormat(lang, { style: 'narrow' }).format(values);
        expect(line, lang).to.equal(
          messages.settingsChange({
            label: messages.fieldLaunchpadTabs,
            from: list(['dashboards', 'workbooks', 'chat']),
            to: list(['dashboards', 'workbooks', 'chat', messages.empty]),
          }),
        );
        expect(line, lang).to.not.match(/ (and|und)$/);
        el.parentElement!.remove();
      }
    } finally {
      Intl.ListFormat.prototype.format = format;
    }
    expect(items.length).to.be.greaterThan(0);
    for (const list of items) expect(list.filter((item) => item.trim() === ''), JSON.stringify(list)).to.deep.equal([]);
  });

  it('shows an emptied template-variable value as the empty word, in every language', async () => {
    for (const [lang, messages] of Object.entries(everyLanguage)) {
      const el = await panelIn(lang);
      const keys = $$<HTMLInputElement>(el, 'input[id^="field-templateVariables-"]:not([id$="-value"])');
      const currency = keys.find((input) => input.value === 'currency')!;
      typeInto($<HTMLInputElement>(el, `#${currency.id}-value`), '');
      await settle(el);
      const label = messages.settingsPart({ label: messages.fieldTemplateVariables, part: 'currency' });
      expect(summaryLines(el), lang).to.deep.equal([messages.settingsChange({ label, from: 'EUR', to: messages.empty })]);
      el.parentElement!.remove();
    }
  });

  it('says a removed and an added template variable in words that agree with "variable"', async () => {
    for (const [lang, messages] of Object.entries(everyLanguage)) {
      const el = await panelIn(lang);
      // The ✕ of the second variable (currency), then a new one.
      button(el, messages.variablesRemove({ index: 2 })).click();
      await settle(el);
      button(el, messages.variablesAdd).click();
      await settle(el);
      const rows = $$<HTMLInputElement>(el, 'input[id^="field-templateVariables-"]:not([id$="-value"])');
      const added = rows[rows.length - 1]!;
      typeInto(added, 'region');
      await settle(el);
      typeInto($<HTMLInputElement>(el, `#${added.id}-value`), 'eu');
      await settle(el);
      const part = (name: string) => messages.settingsPart({ label: messages.fieldTemplateVariables, part: name });
      expect(summaryLines(el), lang).to.deep.equal([
        messages.settingsChange({ label: part('currency'), from: 'EUR', to: messages.variableRemoved }),
        messages.settingsChange({ label: part('region'), from: messages.variableAbsent, to: 'eu' }),
      ]);
      el.parentElement!.remove();
    }
    // "variable" is feminine in French and Spanish.
    expect([fr.variableRemoved, fr.variableAbsent, es.variableRemoved, es.variableAbsent]).to.deep.equal(['(supprimée)', '(aucune)', '(eliminada)', '(ninguna)']);
  });
});

describe('<platform-admin-panel> a rejected save', () => {
  beforeEach(resetMock);

  it('points at the change summary, whose heading is on screen, in every language (nothing is highlighted after a 400)', async () => {
    for (const [lang, messages] of Object.entries(everyLanguage)) {
      // The heading without its count: "Changes to save", "保存する変更".
      const heading = messages.settingsChanges({ count: 1 }).replace(/\s*[(（].*$/, '');
      expect(messages.errorSaveRejected, lang).to.contain(heading);
      const el = await panelIn(lang);
      const errors: PlatformApiErrorDetail[] = [];
      el.addEventListener('platform-api-error', (e) => errors.push((e as CustomEvent<PlatformApiErrorDetail>).detail));
      typeInto($<HTMLInputElement>(el, '#field-name'), 'Rejected name');
      await settle(el);
      await failNext({ operation: 'updateDeploymentSettings', status: 400 });
      button(el, messages.settingsSave).click();
      await until(() => errors.length === 1, `${lang}: no platform-api-error`);
      await settle(el);
      expect(errors[0]!.message, lang).to.equal(messages.errorSaveRejected);
      expect($(el, 'form [role="alert"]').textContent, lang).to.equal(messages.errorSaveRejected);
      expect($(el, '#pending-title').textContent, lang).to.equal(messages.settingsChanges({ count: 1 }));
      expect($$(el, '[aria-invalid="true"]'), `${lang}: nothing is marked invalid`).to.deep.equal([]);
      el.parentElement!.remove();
    }
    expect(englishMessages.errorSaveRejected).to.not.contain('highlighted');
  });
});

describe('<platform-admin-panel> configuration problems', () => {
  beforeEach(resetMock);

  it('are decided from the values, whatever the validators\' messages say', async () => {
    const cases: [options: PanelOptions, problem: Parameters<PlatformMessages['configInvalid']>[0]['problem']][] = [
      [{ baseUrl: 'not a url' }, 'URL'],
      [{ baseUrl: 'http://tenant.example' }, 'https'],
      [{ baseUrl: 'ftp://tenant.example' }, 'https'],
      [{ baseUrl: 'http://tenant.example/?x=1' }, 'https'],
      [{ baseUrl: 'https://user:secret@tenant.example' }, 'credentials'],
      [{ baseUrl: 'http://user@localhost:8080' }, 'credentials'],
      [{ baseUrl: 'https://tenant.example/?x=1' }, 'query'],
      [{ baseUrl: 'https://tenant.example/?' }, 'query'],
      [{ baseUrl: 'http://127.0.0.1:9/#top' }, 'query'],
      [{ baseUrl: 'https://tenant.example', token: 'a\nb' }, 'token'],
      [{ baseUrl: 'https://tenant.example', tokenProvider: 42 as never }, 'tokenProvider'],
    ];
    // A runtime whose TypeErrors say something else (a wrapper, another language): the panel must not care.
    const RealTypeError = globalThis.TypeError;
    class RewordedTypeError extends RealTypeError {
      constructor() {
        super('Ungültiger Wert');
      }
    }
    globalThis.TypeError = RewordedTypeError as TypeErrorConstructor;
    try {
      for (const [options, problem] of cases) {
        const el = await panelIn('de', { ...options, waitLoaded: false });
        expect($(el, '[part~="config-error"] [role="alert"]').textContent, JSON.stringify(options)).to.equal(de.configInvalid({ problem }));
        el.parentElement!.remove();
      }
    } finally {
      globalThis.TypeError = RealTypeError;
    }
  });
});

describe('the wording reviewers asked for', () => {
  it('is kept in every language', () => {
    const expected: [actual: string, wanted: string][] = [
      // English
      [englishMessages.configInvalid({ problem: 'https' }), 'Invalid configuration: base-url must use https: (http: only for localhost, 127.0.0.1 and [::1]).'],
      [englishMessages.fieldId, 'Deployment ID'],
      [englishMessages.fieldAzureClientId, 'Azure client ID'],
      [englishMessages.fieldAzureTenantId, 'Azure tenant ID'],
      [englishMessages.fieldPlatformImageCloud, 'Image registry'],
      [englishMessages.fieldDefaultLaunchpadViewGroup, 'Default Launchpad view group'],
      [englishMessages.fieldGcpWorkloadIdentityProvider, 'GCP Workload Identity provider'],
      [englishMessages.branchUpstream, 'Also delete on the Git provider'],
      [englishMessages.fieldDeployBranchReadOnly, 'Read-only deploy branch'],
      [englishMessages.settingsRevert, 'Discard changes'],
      [englishMessages.tokenShow, 'Show token'],
      [englishMessages.tokenHide, 'Hide token'],
      [englishMessages.embedFrameTitle, 'Embedded analytics'],
      // German
      [de.groupDeploy, 'Deploy-Ablauf'],
      [de.valueReleaseChannel({ value: 'release' }), 'Stabile Version'],
      [de.tokenCopyRefused, 'Kopieren ist hier nicht möglich. Zeigen Sie das Token an und kopieren Sie es manuell.'],
      [de.tokenHide, 'Token verbergen'],
      [de.errorDeployBranchRefused({ branch: 'main' }), 'Die Plattform hat das Löschen abgelehnt: „main“ ist der Deploy-Branch dieses Deployments und kann nicht gelöscht werden.'],
      // French
      [fr.valueCreationStep({ value: 'ready' }), 'Terminée'],
      [fr.groupDeploy, 'Processus de déploiement'],
      [fr.branchDeletedUpstream({ branch: 'main' }), 'La branche «\u00a0main\u00a0» a été supprimée sur la plateforme et chez le fournisseur Git.'],
      [fr.branchIsDeployBranch({ branch: 'main' }), '«\u00a0main\u00a0» est la branche de déploiement et ne peut pas être supprimée.'],
      [fr.fieldAzureClientId, 'ID de client Azure'],
      [fr.fieldAzureTenantId, 'ID de locataire Azure'],
      [fr.fieldGcpWorkloadIdentityProvider, 'Fournisseur Workload Identity de GCP'],
      // Spanish
      [es.valueCreationStep({ value: 'ready' }), 'Completado'],
      [es.groupDeploy, 'Proceso de implementación'],
      [es.groupOther, 'Configuración adicional'],
      [es.fieldDeployBranchReadOnly, 'Rama de implementación de solo lectura'],
      [es.embedFailed, 'No se ha podido cargar el contenido integrado.'],
      [es.tokenCopied, 'Token copiado en el portapapeles.'],
      [es.fieldGcpServiceAccountEmail, 'Correo electrónico de la cuenta de servicio de GCP'],
      [es.fieldGcpWorkloadIdentityProvider, 'Proveedor de Workload Identity de GCP'],
      [es.embedFrameTitle, 'Analítica integrada'],
      [es.tokenExpired({ date: '28 nov 2026, 15:02' }), 'Caducó el 28 nov 2026, 15:02. Emite un token nuevo para seguir consultando.'],
      [es.fieldId, 'ID de la implementación'],
      // Japanese
      [ja.settingsChanges({ count: 6 }), '保存する変更（6件）'],
      // English
      [englishMessages.branchDeletedUpstream({ branch: 'main' }), 'Branch “main” was deleted here and on the Git provider.'],
      // French: the token's expiry (« Expiration ») agrees in gender whatever its state.
      [fr.tokenExpired({ date: '28 nov. 2026, 15:02' }), 'Dépassée (28 nov. 2026, 15:02). Émettez un nouveau jeton pour continuer à interroger les données.'],
    ];
    expect(fr.tokenExpiryUnknown).to.match(/^Inconnue\u00a0:/);
    // Spanish says tú, as WordPress's es_ES does, and puts no comma before "o": every text, every case of every function.
    const usted = /\b(Indique|Introduzca|Elija|Compruebe|Inténtelo|inténtelo|Revise|Espere|Muestre|cópielo|Emita|elimine|desea|debe revisar|vuelva|Sus cambios|su espacio|su proveedor)\b|, o /;
    for (const [key, value] of Object.entries(es)) {
      const said =
        typeof value === 'function'
          ? valueCombinations(key as keyof typeof messageValues).map((values) => (value as (v: object) => string)(values))
          : [value];
      for (const text of said) expect(text, `es.${key}`).to.not.match(usted);
    }
    for (const [actual, wanted] of expected) expect(actual).to.equal(wanted);
    for (const text of [de.branchConfirmUpstream, de.branchConfirmPlatformOnly]) expect(text).to.contain('seinem übergeordneten Branch');
    expect(es.branchConfirmPlatformOnly).to.contain('no se modificará');
    expect(englishMessages.branchConfirmPlatformOnly).to.contain('It will be deleted from the platform only; the branch on your Git provider stays.');
    // The deploy group is named for the process, never with the deployment's own word.
    expect(fr.groupDeploy).to.not.equal(fr.fieldId.replace(/^ID d[eu] /i, ''));
    expect(es.groupDeploy.toLowerCase()).to.not.equal('implementación');
    // The German heading, the button and the dialog's button are three different texts.
    expect(new Set([de.branchTitle, de.branchDelete, de.branchConfirm]).size).to.equal(3);
    expect(de.branchDelete.replace('…', '')).to.not.equal(de.branchConfirm);
  });
});

describe('<platform-admin-panel> line breaking', () => {
  beforeEach(resetMock);

  it('wraps words only between words, and lets URLs and paths break after their dots and slashes', async () => {
    const el = await panelIn('en');
    const value = (label: string) => $$(el, '.readonly dt').find((dt) => dt.textContent === label)!.nextElementSibling as HTMLElement;
    // The mock's values: a URL, a domain and a registry path, shown as they are.
    for (const label of [englishMessages.fieldDeploymentUrl, englishMessages.fieldAutoDomain, englishMessages.fieldPlatformImageCloud]) {
      const dd = value(label);
      const text = dd.textContent!;
      // Where each <wbr> stands in the text: right after each dot and slash (one at the very end changes nothing).
      const breaks: number[] = [];
      let length = 0;
      const walker = document.createTreeWalker(dd, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (node.nodeType === Node.TEXT_NODE) length += node.textContent!.length;
        else if ((node as Element).localName === 'wbr') breaks.push(length);
      }
      const afterPunctuation = [...text.matchAll(/[./]/g)].map((match) => match.index + 1);
      expect(breaks.filter((at) => at < text.length), label).to.deep.equal(afterPunctuation);
    }
    expect(value(englishMessages.fieldDeploymentUrl).textContent).to.equal('https://orders-analytics.acme.platform.example');
    // Words said by the catalog have no extra break, and no value may break inside a word that fits its line.
    for (const label of [englishMessages.fieldCreationStep, englishMessages.fieldRepoType, englishMessages.fieldIsManaged]) {
      expect(value(label).querySelector('wbr'), label).to.equal(null);
    }
    for (const dd of $$(el, '.readonly dd')) expect(getComputedStyle(dd).overflowWrap, dd.textContent!).to.equal('break-word');
    const css = [adminPanelStyles].flat().map((s) => s.cssText).join('\n');
    expect(css).to.not.match(/dd\s*\{[^}]*overflow-wrap:\s*anywhere/);
  });

  it('wraps Japanese between phrases (word-break: auto-phrase under :lang(ja))', async () => {
    const css = [adminPanelStyles].flat().map((s) => s.cssText).join('\n');
    expect(css).to.match(/:host\(:lang\(ja\)\)\s*\{\s*word-break:\s*auto-phrase/);
    if (!CSS.supports('word-break', 'auto-phrase')) return;
    const inJapanese = await panelIn('ja');
    expect(getComputedStyle(inJapanese).wordBreak).to.equal('auto-phrase');
    expect(getComputedStyle($(inJapanese, '.readonly dd')).wordBreak).to.equal('auto-phrase');
    const inGerman = await panelIn('de');
    expect(getComputedStyle(inGerman).wordBreak).to.equal('normal');
  });
});


/** Every text of a catalog: each string, and each function with every combination of its sample values. */
function everyText(messages: PlatformMessages): [where: string, text: string][] {
  return Object.entries(messages).flatMap(([key, value]): [string, string][] =>
    typeof value === 'string'
      ? [[key, value]]
      : valueCombinations(key as keyof typeof messageValues).map((values) => [
          `${key}(${JSON.stringify(values)})`,
          (value as (v: Record<string, unknown>) => string)(values),
        ]),
  );
}

describe('typography and terms', () => {
  it('English uses curly quotes and apostrophes, never straight ones', () => {
    for (const [where, text] of everyText(englishMessages)) {
      // A straight quote inside a code-like name (none today) would need its own rule.
      expect(text, where).to.not.match(/["']/);
    }
    expect(englishMessages.tokenIntro).to.contain('account’s');
    expect(englishMessages.branchConfirmTitle({ branch: 'main' })).to.equal('Delete branch “main”?');
  });

  it('spells "usage-analytics token" one way in English, and says it lasts one hour', () => {
    const spellings = new Set(
      everyText(englishMessages).flatMap(([, text]) => [...text.matchAll(/usage[\s-]analytics token/gi)].map((m) => m[0].toLowerCase())),
    );
    expect([...spellings]).to.deep.equal(['usage-analytics token']);
    expect(englishMessages.tokenTitle).to.equal('Usage-analytics token');
    expect(englishMessages.tokenIntro).to.contain('one-hour token');
    expect(de.tokenIntro).to.contain('eine Stunde');
    expect(fr.tokenIntro).to.contain('une heure');
    expect(es.tokenIntro).to.contain('una hora');
    expect(ja.tokenIntro).to.contain('1 時間');
  });

  it('Japanese puts no half-width space after a full-width bracket', () => {
    const words = [ja.empty, ja.listNone, ja.notSet, ja.noKey, ja.variableAbsent, ja.variableRemoved];
    const texts = [
      ...everyText(ja),
      ...words.map((from): [string, string] => [`settingsChange from ${from}`, ja.settingsChange({ label: 'テンプレート変数 › region', from, to: 'eu' })]),
    ];
    for (const [where, text] of texts) expect(text, where).to.not.match(/[）」』】] /);
    expect(ja.settingsChange({ label: 'リージョン', from: '（空）', to: 'eu' })).to.equal('リージョン：（空）→ eu');
  });
});

describe('numbers in the element\'s own locale', () => {
  before(() => {
    for (const [lang, messages] of Object.entries(translations)) registerTranslation(lang, messages);
  });

  it('a Swiss page gets Swiss grouping from the German catalog (1’234, not 1.234); each language its own', async () => {
    const wrapper = await fixture(html`<div lang="de-CH"></div>`);
    const { m, locale } = speechOf(wrapper);
    expect(locale).to.equal('de-CH');
    const swiss = (1234).toLocaleString('de-CH');
    expect(swiss).to.not.equal('1.234');
    expect(m.settingsChanges({ count: 1234 }, locale)).to.equal(`Zu speichernde Änderungen (${swiss})`);
    expect(m.listRemove({ index: 1234 }, locale)).to.contain(swiss);
    expect(englishMessages.settingsChanges({ count: 123456 }, 'en-IN')).to.equal(`Changes to save (${(123456).toLocaleString('en-IN')})`);
    // Called without a locale, each catalog keeps its own language.
    expect(de.settingsChanges({ count: 1234 })).to.equal('Zu speichernde Änderungen (1.234)');
    expect(englishMessages.settingsChanges({ count: 1234 })).to.equal('Changes to save (1,234)');
    wrapper.remove();
  });

  it('the panel passes its own locale to every message that shows a number', async () => {
    // A translation that shows the locale it was given, for each message with a number.
    const seen = (_v: unknown, locale?: string) => `[${locale}]`;
    const spy = { settingsChanges: seen, listEntry: seen, listMoveUp: seen, listMoveDown: seen, listRemove: seen, variablesKey: seen, variablesValue: seen, variablesRemove: seen };
    registerTranslation('de-CH', spy);
    try {
      const el = await panelIn('de-CH');
      typeInto($<HTMLInputElement>(el, '#field-name'), 'Umsatz');
      await settle(el);
      expect($(el, '#pending-title').textContent).to.equal('[de-CH]');
      const names = $$(el, '.rows button, .rows label').map((b) => b.getAttribute('aria-label') ?? b.textContent!.trim());
      expect(names.length).to.be.greaterThan(6);
      for (const name of names) expect(name).to.equal('[de-CH]');
      el.parentElement!.remove();
    } finally {
      registerTranslation('de-CH', Object.fromEntries(Object.keys(spy).map((key) => [key, de[key as keyof typeof spy]])) as never);
    }
  });
});

describe('<platform-admin-panel> hyphenation', () => {
  beforeEach(resetMock);

  it('hyphenates words (hyphens: auto) in its language, but never code', async () => {
    const el = await panelIn('de');
    expect(getComputedStyle(el).hyphens).to.equal('auto');
    expect(getComputedStyle($(el, '#settings-title')).hyphens).to.equal('auto');
    const code = document.createElement('code');
    el.shadowRoot!.append(code);
    expect(getComputedStyle(code).hyphens).to.equal('manual');
    code.remove();
  });
});
