/**
 * The branch deletion section: a name, an "also delete on the Git provider"
 * checkbox (off by default) and a Delete button that asks for an explicit
 * confirmation in a modal `<dialog>`. The deploy branch is refused before any
 * request; focus moves into the confirmation and comes back to Delete.
 */
import { html, nothing } from 'lit';
import type { ReactiveController, TemplateResult } from 'lit';
import type { Say } from './messages.js';
import type { PanelContext } from './panel-context.js';
import { RequestScope } from './request-scope.js';
import type { RequestTicket } from './request-scope.js';

/** A deletion waiting for confirmation. */
interface PendingDeletion {
  branchName: string;
  removeOnUpstream: boolean;
}

/** The branch deletion section: state, confirmation dialog, request and markup. */
export class BranchController implements ReactiveController {
  /** The branch name input. */
  _branchName = '';
  /** The "also delete on the Git provider" checkbox. */
  _removeOnUpstream = false;
  /** The deletion the confirmation dialog asks about. */
  confirming: PendingDeletion | null | undefined;
  /** True while the delete request is in flight. */
  deleting = false;
  /** A problem with the name, shown beside the input. */
  fieldError: Say | null | undefined;
  /** Why the last deletion failed. */
  _error: Say | null | undefined;
  /** The confirmation of the last deletion. */
  notice: Say | null | undefined;

  readonly #scope = new RequestScope();
  #delete: RequestTicket | null | undefined;

  constructor(
    private readonly ctx: PanelContext,
    private readonly deployBranch: () => string | null,
  ) {
    ctx._host.addController(this);
  }

  /** Aborts a deletion in flight and drops the confirmation. */
  hostDisconnected(): void {
    this.#scope._reset();
    this.#delete = null;
    this.deleting = false;
    this.confirming = null;
    this.ctx.rerender();
  }

  /** Opens the modal confirmation once it is rendered, with focus on Cancel. */
  hostUpdated(): void {
    const dialog = this.#dialog();
    if (this.confirming && dialog && !dialog.open) {
      dialog.showModal();
      dialog.querySelector<HTMLButtonElement>('.cancel')?.focus();
    }
  }

  /** Forgets everything about the previous deployment and aborts its request. */
  _reset(): void {
    this.hostDisconnected();
    this.#dialog()?.close();
    this.fieldError = null;
    this._error = null;
    this.notice = null;
  }

  #dialog(): HTMLDialogElement | null {
    return this.ctx._host.shadowRoot?.querySelector('dialog.confirm') ?? null;
  }

  #focusDelete(): void {
    this.ctx._host.shadowRoot?.querySelector<HTMLButtonElement>('#branch-delete')?.focus();
  }

  /** Checks the name and opens the confirmation; the deploy branch is refused here, without a request. */
  _requestDelete(): void {
    if (this.deleting || this.confirming) return;
    const name = this._branchName.trim();
    this._error = null;
    this.notice = null;
    this.fieldError = null;
    if (name === '') {
      this.fieldError = (m) => m.branchNameMissing;
    } else if (name === this.deployBranch()) {
      this.fieldError = (m) => m.branchIsDeployBranch({ branch: name });
    } else {
      this.confirming = { branchName: name, removeOnUpstream: this._removeOnUpstream };
    }
    this.ctx.rerender();
  }

  /** Closes the confirmation without deleting (also what Escape does). */
  _cancel(): void {
    this.#close();
  }

  // Focus goes back to Delete at once, not on the (asynchronous) `close` event.
  #close(): void {
    // Cleared now, or the next update would open the dialog again before its `close` event.
    this.confirming = null;
    this.ctx.rerender();
    this.#dialog()?.close();
    this.#focusDelete();
  }

  #onClose(): void {
    this.confirming = null;
    this.ctx.rerender();
    this.#focusDelete();
  }

  /** Deletes the confirmed branch (one request, however often it is clicked). */
  async _confirm(): Promise<void> {
    const pending = this.confirming;
    const client = this.ctx._client();
    const deploymentId = this.ctx._deploymentId();
    if (!pending || this.deleting) return;
    this.deleting = true;
    this.#close();
    if (!client || deploymentId === null) {
      this.deleting = false;
      return;
    }
    const ticket = (this.#delete = this.#scope.begin());
    const { branchName, removeOnUpstream } = pending;
    this.ctx.rerender();
    try {
      const result = await client.deleteBranch(deploymentId, branchName, { removeOnUpstream, signal: ticket._signal });
      if (!ticket.isCurrent()) return;
      // Classified as `unknown`: the panel says the deletion failed for a reason it does not know.
      if (!result.success) throw new Error('success: false');
      this.notice = (m) => (removeOnUpstream ? m.branchDeletedUpstream : m.branchDeleted)({ branch: branchName });
      this._branchName = '';
      this.deleting = false;
      this.#delete = null;
      this.ctx.rerender();
      this.ctx._emit('platform-branch-deleted', { deploymentId, branchName, removeOnUpstream });
    } catch (error) {
      if (!ticket.isCurrent()) return;
      this.ctx._fail('deleteBranch', error, { deploymentId, branchName }, (say) => {
        this._error = say;
        this.deleting = false;
        this.#delete = null;
      });
    } finally {
      ticket._end();
      if (this.#delete === ticket) {
        this.#delete = null;
        this.deleting = false;
        this.ctx.rerender();
      }
    }
  }

  #dialogBody(p: PendingDeletion): TemplateResult {
    const { m } = this.ctx.speech();
    return html`<h3 id="confirm-title">${m.branchConfirmTitle({ branch: p.branchName })}</h3>
      <p id="confirm-desc">${p.removeOnUpstream ? m.branchConfirmUpstream : m.branchConfirmPlatformOnly}</p>
      <div class="actions">
        <button type="button" part="button" class="cancel" @click=${() => this._cancel()}>${m.cancel}</button>
        <button type="button" part="button danger" class="confirm-delete" @click=${() => void this._confirm()}>${m.branchConfirm}</button>
      </div>`;
  }

  /** The section body. */
  _render(): TemplateResult {
    const onSubmit = (event: Event) => {
      event.preventDefault();
      this._requestDelete();
    };
    const { m } = this.ctx.speech();
    return html`<h2 id="branch-title">${m.branchTitle}</h2>
      <form novalidate @submit=${onSubmit}>
        <div class="field">
          <label for="branch-name">${m.branchName}</label>
          <input id="branch-name" part="input" type="text" autocomplete="off" spellcheck="false"
            placeholder="feature/orders" .value=${this._branchName} ?disabled=${this.deleting}
            aria-invalid=${this.fieldError ? 'true' : nothing} aria-describedby=${this.fieldError ? 'branch-name-error' : nothing}
            @input=${(e: Event) => {
              this._branchName = (e.target as HTMLInputElement).value;
              this.fieldError = null;
              this.ctx.rerender();
            }} />
          ${this.fieldError ? html`<p id="branch-name-error" class="field-error" part="field-error" role="alert">${this.fieldError(m)}</p>` : nothing}
        </div>
        <div class="field checkbox">
          <input id="branch-upstream" part="input" type="checkbox" .checked=${this._removeOnUpstream} ?disabled=${this.deleting}
            @change=${(e: Event) => {
              this._removeOnUpstream = (e.target as HTMLInputElement).checked;
            }} />
          <label for="branch-upstream">${m.branchUpstream}</label>
        </div>
        <div class="actions">
          <button id="branch-delete" type="submit" part="button danger" aria-disabled=${this.deleting}>
            ${this.deleting ? m.branchDeleting : m.branchDelete}
          </button>
        </div>
      </form>
      <p class="status" role="status" part="status">${this.deleting ? m.branchDeletingStatus : this.notice?.(m) ?? nothing}</p>
      <div class="error" role="alert" part="error">${this._error?.(m) ?? nothing}</div>
      <dialog class="confirm" part="dialog" aria-labelledby=${this.confirming ? 'confirm-title' : nothing}
        aria-describedby=${this.confirming ? 'confirm-desc' : nothing} @close=${() => this.#onClose()}>
        ${this.confirming ? this.#dialogBody(this.confirming) : nothing}
      </dialog>`;
  }
}
