/**
 * The usage-analytics token section: issue a token, show where it works and
 * how long it lasts, and let the user reveal or copy it. The JWT is in the
 * DOM only while revealed (as text, never in an attribute) and is never
 * logged.
 */
import { html, nothing } from 'lit';
import type { ReactiveController, TemplateResult } from 'lit';
import type { UsageAnalyticsToken } from '../api/schemas.js';
import type { Speech } from '../i18n/translations.js';
import { formatDateTime, formatDuration } from '../i18n/format.js';
import { breakable } from './breakable.js';
import type { Say } from './messages.js';
import type { PanelContext } from './panel-context.js';
import { RequestScope } from './request-scope.js';
import type { RequestTicket } from './request-scope.js';

/**
 * The whole seconds left until `expiresAt` (`0` once expired), or `null`
 * when the timestamp is missing or unreadable.
 */
export function secondsToExpiry(expiresAt: string | null | undefined, now: number): number | null {
  if (!expiresAt) return null;
  const end = Date.parse(expiresAt);
  if (Number.isNaN(end)) return null;
  return Math.max(0, Math.floor((end - now) / 1000));
}

/**
 * The expiry as the panel says it, one catalog message in the language of
 * `speech`: the time left and the date (`in 23 hr, 59 min (Nov 26, 2026,
 * 9:00 AM)`), expired with the date, or unknown when the timestamp is
 * missing or unreadable (never the raw value).
 */
export function timeToExpiry(expiresAt: string | null | undefined, now: number, { m, locale }: Speech): string {
  const left = secondsToExpiry(expiresAt, now);
  if (left === null) return m.tokenExpiryUnknown;
  const date = formatDateTime(Date.parse(expiresAt!), locale);
  return left ? m.tokenExpiresIn({ date, timeLeft: formatDuration(left, locale) }) : m.tokenExpired({ date });
}

/** The usage-analytics token section: state, requests, countdown timer and markup. */
export class TokenController implements ReactiveController {
  /** The last issued token. */
  _token: UsageAnalyticsToken | null | undefined;
  /** True while the JWT is shown in clear. */
  revealed = false;
  /** True while the issue request is in flight. */
  issuing = false;
  /** Why issuing failed. */
  _error: Say | null | undefined;
  /** The outcome of the last Copy. */
  copyMessage: Say | null | undefined;
  /** The clock the expiry countdown is computed against. */
  _now = Date.now();

  readonly #scope = new RequestScope();
  #timer: ReturnType<typeof setInterval> | undefined;
  #issue: RequestTicket | null | undefined;

  constructor(private readonly ctx: PanelContext) {
    ctx._host.addController(this);
  }

  /** Restarts the countdown of a token still shown. */
  hostConnected(): void {
    if (this._token) this.#tick();
  }

  /** Stops the countdown and aborts an issue in flight. */
  hostDisconnected(): void {
    this.#stop();
    this.#scope._reset();
    this.#issue = null;
    this.issuing = false;
    this.ctx.rerender();
  }

  /** Forgets the token and aborts an issue in flight (the credentials changed). */
  _reset(): void {
    this.hostDisconnected();
    this._token = null;
    this.revealed = false;
    this._error = null;
    this.copyMessage = null;
  }

  // One timer per connected panel with a live token; cleared on disconnect and expiry.
  #tick(): void {
    this.#stop();
    this._now = Date.now();
    // Without a readable expiry there is nothing to count down.
    if (!secondsToExpiry(this._token!.expiresAt, this._now)) return;
    this.#timer = setInterval(() => {
      this._now = Date.now();
      if (this._token && secondsToExpiry(this._token.expiresAt, this._now) === 0) this.#stop();
      this.ctx.rerender();
    }, 1000);
  }

  #stop(): void {
    if (this.#timer !== undefined) clearInterval(this.#timer);
    this.#timer = undefined;
  }

  /** Requests a new usage-analytics token (one request at a time). */
  async _issue(): Promise<void> {
    const client = this.ctx._client();
    if (!client || this.issuing) return;
    const ticket = (this.#issue = this.#scope.begin());
    this.issuing = true;
    this._error = null;
    this.copyMessage = null;
    this.ctx.rerender();
    try {
      const token = await client.issueUsageAnalyticsToken({ signal: ticket._signal });
      if (!ticket.isCurrent()) return;
      this._token = token;
      this.revealed = false;
      this.issuing = false;
      this.#issue = null;
      if (this.ctx._host.isConnected) this.#tick();
      this.ctx.rerender();
      this.ctx._emit('platform-token-issued', token);
    } catch (error) {
      if (!ticket.isCurrent()) return;
      this.ctx._fail('issueUsageAnalyticsToken', error, {}, (say) => {
        this._error = say;
        this.issuing = false;
        this.#issue = null;
      });
    } finally {
      ticket._end();
      if (this.#issue === ticket) {
        this.#issue = null;
        this.issuing = false;
        this.ctx.rerender();
      }
    }
  }

  /** Shows or hides the JWT. */
  _toggleReveal(): void {
    this.revealed = !this.revealed;
    this.ctx.rerender();
  }

  /** Copies the JWT to the clipboard, saying so or saying why not. */
  async _copy(): Promise<void> {
    const token = this._token?.token;
    if (!token) return;
    try {
      // Without a clipboard (an insecure context) or its writeText, this throws a TypeError: the same refusal.
      await navigator.clipboard.writeText(token);
      this.copyMessage = (m) => m.tokenCopied;
    } catch {
      this.copyMessage = (m) => m.tokenCopyRefused;
    }
    this.ctx.rerender();
  }

  #details(token: UsageAnalyticsToken): TemplateResult {
    const speech = this.ctx.speech();
    const { m } = speech;
    const left = secondsToExpiry(token.expiresAt, this._now);
    const expiry = timeToExpiry(token.expiresAt, this._now, speech);
    return html`<dl class="token-details">
        <div><dt>${m.tokenApiUrl}</dt><dd><code>${breakable(token.apiUrl)}</code></dd></div>
        <div><dt>${m.tokenDeployment}</dt><dd>${token.deploymentId}</dd></div>
        <div>
          <dt>${m.tokenExpires}</dt>
          <dd>
            ${left === null ? expiry : html`<time datetime=${token.expiresAt!}>${expiry}</time>`}
          </dd>
        </div>
        <div>
          <dt>${m.tokenValue}</dt>
          <dd class="token-value" part="token">
            ${this.revealed
              ? html`<code class="jwt">${token.token}</code>`
              : html`<span aria-hidden="true">••••••••••••••••</span><span class="visually-hidden">${m.tokenHidden}</span>`}
          </dd>
        </div>
      </dl>
      <div class="actions">
        <button type="button" part="button" @click=${() => this._toggleReveal()}>
          ${this.revealed ? m.tokenHide : m.tokenShow}
        </button>
        <button type="button" part="button" @click=${() => void this._copy()}>${m.tokenCopy}</button>
      </div>
      <p class="status" role="status" part="status">${this.copyMessage?.(m) ?? nothing}</p>`;
  }

  /** The section body. */
  _render(): TemplateResult {
    const { m } = this.ctx.speech();
    return html`<h2 id="token-title">${m.tokenTitle}</h2>
      <p class="hint">${m.tokenIntro}</p>
      <div class="actions">
        <button type="button" part="button primary" aria-disabled=${this.issuing}
          @click=${() => void this._issue()}>
          ${this.issuing ? m.tokenIssuing : this._token ? m.tokenIssueNew : m.tokenIssue}
        </button>
      </div>
      <p class="status" role="status" part="status">${this.issuing ? m.tokenIssuingStatus : nothing}</p>
      <div class="error" role="alert" part="error">${this._error?.(m) ?? nothing}</div>
      ${this._token ? this.#details(this._token) : nothing}`;
  }
}
