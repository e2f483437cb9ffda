/**
 * `<platform-admin-panel>`: manage one deployment from your own admin
 * screens (settings, usage-analytics token, branch deletion). This module
 * defines no custom element; see `platform-embed/admin`.
 */
import { LitElement, html, nothing } from 'lit';
// First on purpose: the bundles place modules in import order, and these styles right after Lit sit
// within gzip's 32 KB window of the embed's styles, which they share much text with (-75 B gzip).
import { adminPanelStyles } from './styles.js';
import type { PropertyValues, TemplateResult } from 'lit';
import { PlatformApiClient } from '../api/client.js';
import { parseBaseUrl as checkTenantBase } from '../embed/url.js';
import { version } from '../version.js';
import { BranchController } from './branch-section.js';
import { emit } from './events.js';
import type { ControlEnv } from './field-controls.js';
import { speechOf } from '../i18n/translations.js';
import type { PlatformMessages } from '../i18n/english.js';
import type { Speech } from '../i18n/translations.js';
import { listHost } from '../i18n/registry.js';
import { failureOf } from './messages.js';
import type { Say } from './messages.js';
import type { PanelContext } from './panel-context.js';
import { SettingsController } from './settings-controller.js';
import { renderSettings } from './settings-form.js';
import { TokenController } from './token-section.js';

/** The outcome of reading the configuration properties. */
interface Configuration {
  _client: PlatformApiClient | null;
  /** An invalid value, shown as a configuration error. */
  _problem: Say | null;
  /** What is still missing before anything can load, shown as a hint. */
  _missing: Say | null;
  _deploymentId: number | null;
}

/** A rule of the configuration, as `configInvalid` selects its sentence. */
type Problem = Parameters<PlatformMessages['configInvalid']>[0]['problem'];

/** True when the tenant base URL rule (the client's own) accepts `baseUrl`. */
const accepts = (baseUrl: string) => checkTenantBase(baseUrl).ok;

/**
 * The rule a refused `base-url` breaks, found from the value itself: the
 * validator's reason is English for developers, and the panel's sentence
 * must not depend on its wording. The origin alone is checked first, as the
 * validator checks the scheme first; then what else the value holds.
 */
function baseUrlProblem(value: string): Problem {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'URL';
  }
  return !accepts(url.origin) ? 'https' : url.username || url.password ? 'credentials' : /[?#]/.test(value) ? 'query' : 'other';
}

/** A configuration error in the panel's language. */
const invalid =
  (problem: Problem): Say =>
  (m) =>
    m.configInvalid({ problem });

const notConfigured: Configuration = { _client: null, _problem: null, _missing: null, _deploymentId: null };

/**
 * Manages one deployment of the platform: reads and edits its settings,
 * issues a usage-analytics token, and deletes branches, showing every failure
 * with a human message and never losing edits to a failed save.
 *
 * Configure it with `base-url` plus the `token` (or `tokenProvider`)
 * property, or inject a ready `client`; set `deployment-id` to pick the
 * deployment. Changing the deployment or the credentials aborts requests in
 * flight and drops their answers; edits are discarded only when the
 * deployment changes.
 *
 * @tag platform-admin-panel
 * @summary Deployment settings, usage-analytics token and branch deletion for one deployment.
 *
 * @fires platform-settings-loaded - The settings were read. `detail`: the `DeploymentSettings`.
 * @fires platform-settings-saved - A save succeeded. `detail`: the settings the platform returned.
 * @fires platform-token-issued - A usage-analytics token was issued. `detail`: the `UsageAnalyticsToken`.
 * @fires platform-branch-deleted - A branch was deleted. `detail`: `{ deploymentId, branchName, removeOnUpstream }`.
 * @fires platform-api-error - A request failed. `detail`: `{ operation, status, code, message }` (`message` is the text shown).
 *
 * @csspart section - Each of the three sections (also `settings-section`, `token-section`, `branch-section`).
 * @csspart group - A titled group of settings.
 * @csspart editor - A list, key/value or private-storage editor.
 * @csspart input - Every text input, select, switch and checkbox (also `select`, `switch`).
 * @csspart button - Every button (also `primary` and `danger`).
 * @csspart summary - The pending-changes summary.
 * @csspart badge - The "Unsaved changes" marker.
 * @csspart status - Loading, progress and success messages.
 * @csspart error - Failure messages (also `config-error`).
 * @csspart field-error - A validation message beside its control.
 * @csspart empty - The hint shown until the panel is configured.
 * @csspart token - The (masked) usage-analytics token.
 * @csspart dialog - The branch deletion confirmation.
 *
 * @cssprop [--platform-admin-accent=#2f5bd3] - Primary buttons, switches, focus ring.
 * @cssprop [--platform-admin-accent-text=#ffffff] - Text on the accent color.
 * @cssprop [--platform-admin-danger=#b3261e] - Errors and the delete buttons.
 * @cssprop [--platform-admin-success=#1b6b36] - Success and progress messages.
 * @cssprop [--platform-admin-text=#1d1d1f] - Text color.
 * @cssprop [--platform-admin-muted=#55575d] - Hints and labels of read-only values.
 * @cssprop [--platform-admin-surface=#ffffff] - Background.
 * @cssprop [--platform-admin-border=#8a8d94] - Borders of sections and controls.
 * @cssprop [--platform-admin-radius=6px] - Corner radius.
 * @cssprop [--platform-admin-gap=1rem] - Spacing between sections.
 * @cssprop [--platform-admin-font=system-ui] - Font family.
 */
export class PlatformAdminPanelElement extends LitElement {
  /** The package version this class was built from. */
  static readonly version = version;

  static override styles = adminPanelStyles;

  /** Reactive properties, declared here rather than with decorators: no decorator code in the bundle. */
  static override properties = {
    baseUrl: { attribute: 'base-url' },
    deploymentId: { attribute: 'deployment-id', type: Number },
    client: { attribute: false },
  };

  /** Tenant base URL: `https:`, or `http:` on `localhost`, `127.0.0.1` and `[::1]`. Not needed with `client`. */
  baseUrl = '';

  /** The deployment to manage (a positive integer). */
  deploymentId: number | undefined = undefined;

  /** A ready API client; when set, `baseUrl`, `token` and `tokenProvider` are not used. */
  client: PlatformApiClient | undefined = undefined;

  // Private fields, not Lit-managed properties: a reactive property keeps its
  // value on an enumerable instance key, and a credential must not show up there.
  #token: string | undefined;
  #tokenProvider: (() => Promise<string>) | undefined;
  #credentialsChanged = true;
  #config: Configuration = notConfigured;
  #focusTarget: string | null | undefined;
  #speech: Speech | null | undefined;

  readonly #ctx: PanelContext = {
    _host: this,
    rerender: () => this.requestUpdate(),
    _client: () => this.#config._client,
    _deploymentId: () => this.#config._deploymentId,
    speech: () => (this.#speech ??= speechOf(this)),
    _emit: (name, detail) => emit(this, name, detail),
    _fail: (operation, error, ctx, show) => {
      const { status, code, _say: say } = failureOf(operation, error, ctx);
      show(say);
      this.requestUpdate();
      emit(this, 'platform-api-error', { operation, status, code, message: say(speechOf(this).m) });
    },
  };

  readonly #settings = new SettingsController(this.#ctx);
  readonly #tokenSection = new TokenController(this.#ctx);
  readonly #branches = new BranchController(this.#ctx, () => this.#settings._deployBranchName);

  constructor() {
    super();
    // Texts follow the `lang` of the element or an ancestor, and registered translations.
    listHost(this);
  }

  /**
   * Bearer token for the platform API. Property only: never read from or
   * written to an attribute, never rendered, logged or put in a URL.
   */
  get token(): string | undefined {
    return this.#token;
  }

  set token(value: string | undefined) {
    if (value === this.#token) return;
    this.#token = value;
    this.#credentialsChanged = true;
    this.requestUpdate();
  }

  /** Called for a current bearer token before each request; used when `token` is not set. */
  get tokenProvider(): (() => Promise<string>) | undefined {
    return this.#tokenProvider;
  }

  set tokenProvider(value: (() => Promise<string>) | undefined) {
    if (value === this.#tokenProvider) return;
    this.#tokenProvider = value;
    this.#credentialsChanged = true;
    this.requestUpdate();
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // Back on the page after a disconnect aborted a load: load again (kept edits are re-applied).
    if (this.hasUpdated && this.#settings.needsLoad) void this.#settings._load();
  }

  /** The deployment id and its problem, with no client yet. */
  #readDeploymentId(): Configuration {
    const value: unknown = this.deploymentId;
    if (value === undefined || value === null) return notConfigured;
    if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return { ...notConfigured, _deploymentId: value };
    return { ...notConfigured, _problem: (m) => m.configDeploymentId };
  }

  #resolve(): Configuration {
    const base = this.#readDeploymentId();
    if (this.client) return { ...base, _client: this.client };
    if (!this.baseUrl) return { ...base, _missing: (m) => m.configMissingBaseUrl };
    if (!accepts(this.baseUrl)) return { ...base, _problem: invalid(baseUrlProblem(this.baseUrl)) };
    const token = this.#token;
    const provider = this.#tokenProvider;
    if (!token && !provider) {
      return { ...base, _missing: (m) => m.configMissingToken };
    }
    try {
      // `token` wins when both are set.
      const client = new PlatformApiClient(token ? { baseUrl: this.baseUrl, token } : { baseUrl: this.baseUrl, tokenProvider: provider! });
      return { ...base, _client: client };
    } catch {
      // The base URL passed above, so the credential the client was given is the one it refused.
      return { ...base, _problem: invalid(token ? 'token' : 'tokenProvider') };
    }
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    // Resolved once per update: the language may have changed since the last one.
    this.#speech = null;
    const credentials = this.#credentialsChanged || changed.has('baseUrl') || changed.has('client');
    const deployment = changed.has('deploymentId');
    if (this.hasUpdated && !credentials && !deployment) return;
    this.#credentialsChanged = false;
    // Lit batches every property set in one task into this single update, so several changes load once.
    this.#config = this.#resolve();
    if (credentials) this.#tokenSection._reset();
    this.#branches._reset();
    this.#settings._reset(!deployment);
    void this.#settings._load();
  }

  protected override updated(): void {
    const id = this.#focusTarget;
    this.#focusTarget = null;
    if (id) this.renderRoot.querySelector<HTMLElement>(`#${id}`)?.focus();
  }

  #env(): ControlEnv {
    const errors = this.#settings._errors;
    return {
      _error: (path) => errors.get(path),
      _disabled: this.#settings.saving,
      speech: this.#ctx.speech(),
      focusSoon: (id) => {
        this.#focusTarget = id;
      },
    };
  }

  #noDeployment(title: string, id: string): TemplateResult {
    return html`<h2 id=${id}>${title}</h2>
      <p class="empty" part="empty">${this.#ctx.speech().m.configMissingDeployment}</p>`;
  }

  protected override render(): TemplateResult {
    const { _client: client, _problem: problem, _missing: missing, _deploymentId: deploymentId } = this.#config;
    const { m } = this.#ctx.speech();
    const hasDeployment = deploymentId !== null;
    return html`${problem ? html`<div class="error-box" part="error config-error"><p role="alert">${problem(m)}</p></div>` : nothing}
    ${!client && missing ? html`<p class="empty" part="empty">${missing(m)}</p>` : nothing}
    ${client
      ? html`<section part="section settings-section" aria-labelledby="settings-title">
            ${hasDeployment ? renderSettings(this.#settings, this.#env()) : this.#noDeployment(m.settingsTitle, 'settings-title')}
          </section>
          <section part="section token-section" aria-labelledby="token-title">${this.#tokenSection._render()}</section>
          <section part="section branch-section" aria-labelledby="branch-title">
            ${hasDeployment ? this.#branches._render() : this.#noDeployment(m.branchTitle, 'branch-title')}
          </section>`
      : nothing}`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'platform-admin-panel': PlatformAdminPanelElement;
  }
}
