/**
 * The usage-analytics token section: issue a token, show where it works and
 * how long it lasts, and let the user reveal or copy it. The JWT is in the
 * DOM only while revealed (as text, never in an attribute) and is never
 * logged.
 */
import { html, nothing } from 'lit';
import type { ReactiveController, TemplateResult } from 'lit';
import type { UsageAnalyticsToken } from '../api/schemas.js';
import type { PanelContext } from './panel-context.js';
import { RequestScope } from './request-scope.js';
import type { RequestTicket } from './request-scope.js';

/** "23 h 59 min 58 s" until `expiresAt`, "expired", or `null` when the timestamp is unreadable. */
export function timeToExpiry(expiresAt: string | null | undefined, now: number): string | null {
  if (!expiresAt) return null;
  const end = Date.parse(expiresAt);
  if (Number.isNaN(end)) return null;
  const left = Math.floor((end - now) / 1000);
  if (left <= 0) return 'expired';
  const h = Math.floor(left / 3600);
  const m = Math.floor((left % 3600) / 60);
  const s = left % 60;
  return [h ? `${h} h` : '', h || m ? `${m} min` : '', `${s} s`].filter(Boolean).join(' ');
}

/** The usage-analytics token section: state, requests, countdown timer and markup. */
export class TokenController implements ReactiveController {
  /** The last issued token. */
  token: UsageAnalyticsToken | null = null;
  /** True while the JWT is shown in clear. */
  revealed = false;
  /** True while the issue request is in flight. */
  issuing = false;
  /** Why issuing failed. */
  error: string | null = null;
  /** The outcome of the last Copy. */
  copyMessage: string | null = null;
  /** The clock the expiry countdown is computed against. */
  now = Date.now();

  readonly #scope = new RequestScope();
  #timer: ReturnType<typeof setInterval> | undefined;
  #issue: RequestTicket | null = null;

  constructor(private readonly ctx: PanelContext) {
    ctx.host.addController(this);
  }

  /** Restarts the countdown of a token still shown. */
  hostConnected(): void {
    if (this.token?.expiresAt) this.#tick();
  }

  /** Stops the countdown and aborts an issue in flight. */
  hostDisconnected(): void {
    this.#stop();
    this.#scope.reset();
    this.#issue = null;
    this.issuing = false;
    this.ctx.host.requestUpdate();
  }

  /** Forgets the token and aborts an issue in flight (the credentials changed). */
  reset(): void {
    this.hostDisconnected();
    this.token = null;
    this.revealed = false;
    this.error = null;
    this.copyMessage = null;
  }

  // One timer per connected panel with a live token; cleared on disconnect and expiry.
  #tick(): void {
    this.#stop();
    this.now = Date.now();
    this.#timer = setInterval(() => {
      this.now = Date.now();
      if (this.token && timeToExpiry(this.token.expiresAt, this.now) === 'expired') this.#stop();
      this.ctx.host.requestUpdate();
    }, 1000);
  }

  #stop(): void {
    if (this.#timer !== undefined) clearInterval(this.#timer);
    this.#timer = undefined;
  }

  /** Requests a new usage-analytics token (one request at a time). */
  async issue(): Promise<void> {
    const client = this.ctx.client();
    if (!client || this.issuing) return;
    const ticket = (this.#issue = this.#scope.begin());
    this.issuing = true;
    this.error = null;
    this.copyMessage = null;
    this.ctx.host.requestUpdate();
    try {
      const token = await client.issueUsageAnalyticsToken({ signal: ticket.signal });
      if (!ticket.isCurrent()) return;
      this.token = token;
      this.revealed = false;
      this.issuing = false;
      this.#issue = null;
      // Without an expiry there is nothing to count down.
      if (this.ctx.host.isConnected && token.expiresAt) this.#tick();
      this.ctx.host.requestUpdate();
      this.ctx.emit('platform-token-issued', token);
    } catch (error) {
      if (!ticket.isCurrent()) return;
      this.ctx.fail('issueUsageAnalyticsToken', error, {}, (message) => {
        this.error = message;
        this.issuing = false;
        this.#issue = null;
      });
    } finally {
      ticket.end();
      if (this.#issue === ticket) {
        this.#issue = null;
        this.issuing = false;
        this.ctx.host.requestUpdate();
      }
    }
  }

  /** Shows or hides the JWT. */
  toggleReveal(): void {
    this.revealed = !this.revealed;
    this.ctx.host.requestUpdate();
  }

  /** Copies the JWT to the clipboard, saying so or saying why not. */
  async copy(): Promise<void> {
    const token = this.token?.token;
    if (!token) return;
    try {
      if (!navigator.clipboard?.writeText) throw new Error('no clipboard');
      await navigator.clipboard.writeText(token);
      this.copyMessage = 'Token copied to the clipboard.';
    } catch {
      this.copyMessage = 'Copying is not allowed here. Show the token and copy it by hand.';
    }
    this.ctx.host.requestUpdate();
  }

  #details(token: UsageAnalyticsToken): TemplateResult {
    const left = timeToExpiry(token.expiresAt, this.now);
    return html`<dl class="token-details">
        <div><dt>API URL</dt><dd><code>${token.apiUrl}</code></dd></div>
        <div><dt>Usage-analytics deployment</dt><dd>${token.deploymentId}</dd></div>
        <div>
          <dt>Expires</dt>
          <dd>
            ${token.expiresAt
              ? html`<time datetime=${token.expiresAt}>${left === null ? token.expiresAt : left === 'expired' ? 'Expired' : `in ${left}`}</time>`
              : 'Not known: the platform did not say when this token expires.'}
            ${left === 'expired' ? html` <span class="hint">Issue a new token to keep querying.</span>` : nothing}
          </dd>
        </div>
        <div>
          <dt>Token</dt>
          <dd class="token-value" part="token">
            ${this.revealed
              ? html`<code class="jwt">${token.token}</code>`
              : html`<span aria-hidden="true">••••••••••••••••</span><span class="visually-hidden">hidden</span>`}
          </dd>
        </div>
      </dl>
      <div class="actions">
        <button type="button" part="button" aria-pressed=${this.revealed ? 'true' : 'false'} @click=${() => this.toggleReveal()}>
          Show token
        </button>
        <button type="button" part="button" @click=${() => void this.copy()}>Copy token</button>
      </div>
      <p class="status" role="status" part="status">${this.copyMessage ?? nothing}</p>`;
  }

  /** The section body. */
  render(): TemplateResult {
    return html`<h2 id="token-title">Usage analytics token</h2>
      <p class="hint">A short-lived token for querying this account's usage and billing data.</p>
      <div class="actions">
        <button type="button" part="button primary" aria-disabled=${this.issuing ? 'true' : 'false'}
          @click=${() => void this.issue()}>
          ${this.issuing ? 'Issuing…' : this.token ? 'Issue a new token' : 'Issue token'}
        </button>
      </div>
      <p class="status" role="status" part="status">${this.issuing ? 'Issuing a token…' : nothing}</p>
      <div class="error" role="alert" part="error">${this.error ?? nothing}</div>
      ${this.token ? this.#details(this.token) : nothing}`;
  }
}
