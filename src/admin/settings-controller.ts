/**
 * State and requests of the settings section: load, edit, validate, save,
 * revert, cancel. Rendering lives in `settings-form.ts`.
 *
 * Edits survive everything except a change of deployment: a failed or
 * cancelled save keeps them, and a reload for the same deployment (new
 * credentials, reconnection, Retry) re-applies them on top of the fresh
 * values.
 */
import type { ReactiveController } from 'lit';
import type { DeploymentSettings } from '../api/schemas.js';
import type { PanelContext } from './panel-context.js';
import { RequestScope } from './request-scope.js';
import type { RequestTicket } from './request-scope.js';
import { buildUpdate, changedKeys, cloneForm, describeChanges, toForm, validateForm } from './settings-draft.js';
import type { FormValue, PendingChange, SettingsForm } from './settings-draft.js';
import type { SettingKey } from './field-model.js';
import type { Say } from './messages.js';

/** Where the settings section is. `idle`: nothing loaded and nothing loading (see `needsLoad`). */
export type SettingsStatus = 'idle' | 'loading' | 'loaded' | 'error';

/** The settings section's state machine; the element owns one. */
export class SettingsController implements ReactiveController {
  /** Lifecycle of the loaded values. */
  _status: SettingsStatus = 'idle';
  /** The settings as last read from, or returned by, the platform. */
  original: DeploymentSettings | null | undefined;
  /** `original` in form shape. */
  originalForm: SettingsForm = {};
  /** The values the user sees and edits. */
  _form: SettingsForm = {};
  /** Why loading failed, shown with Retry. */
  loadError: Say | null | undefined;
  /** Why the last save failed; the edits stay. */
  saveError: Say | null | undefined;
  /** The confirmation after a successful save. */
  notice: Say | null | undefined;
  /** True while a write is in flight (the Save button is inert then). */
  saving = false;
  /** True once a save was tried with invalid values, so errors are announced. */
  attempted = false;

  readonly #scope = new RequestScope();
  #load: RequestTicket | null | undefined;
  #save: RequestTicket | null | undefined;
  /** Edits waiting for the next load of the same deployment. */
  #pending: SettingsForm = {};

  constructor(private readonly ctx: PanelContext) {
    ctx._host.addController(this);
  }

  /** True when nothing is loaded, loading or failed, so a load should start. */
  get needsLoad(): boolean {
    return this._status === 'idle';
  }

  /** The changed fields. */
  get _changed(): SettingKey[] {
    return this.original ? changedKeys(this.originalForm, this._form) : [];
  }

  /** The summary lines of the pending changes, in the element's language. */
  get _pending(): PendingChange[] {
    return this.original ? describeChanges(this.originalForm, this._form, this.ctx.speech()) : [];
  }

  /** Client-side problems of the changed values, by control path, in the element's language. */
  get _errors(): Map<string, string> {
    return this.original ? validateForm(this.originalForm, this._form, this.ctx.speech().m) : new Map();
  }

  /** The deploy branch of the loaded settings (the branch section refuses to delete it). */
  get _deployBranchName(): string | null {
    return this.original?.deployBranchName ?? null;
  }

  /** Leaving the page aborts the load or save in flight (edits stay). */
  hostDisconnected(): void {
    this.#interrupt();
    this.ctx.rerender();
  }

  /**
   * Drops in-flight requests and loaded values. With `keepEdits` (same
   * deployment, other credentials) the edits wait for the next load.
   */
  _reset(keepEdits: boolean): void {
    if (!keepEdits) this.#pending = {};
    else if (this.original) this.#pending = this.#editsOnly();
    this.#interrupt();
    this.original = null;
    this.originalForm = {};
    this._form = {};
    this._status = 'idle';
    this.loadError = null;
    this.saveError = null;
    this.notice = null;
    this.attempted = false;
  }

  #interrupt(): void {
    this.#scope._reset();
    this.#load = null;
    this.#save = null;
    if (this._status === 'loading') this._status = 'idle';
    if (this.saving) {
      this.saving = false;
      this.saveError = (m) => m.settingsSaveInterrupted;
    }
  }

  #editsOnly(): SettingsForm {
    const edits: SettingsForm = {};
    for (const key of changedKeys(this.originalForm, this._form)) edits[key] = this._form[key];
    return cloneForm(edits);
  }

  /** Reads the settings of the current deployment (re-applying kept edits). */
  async _load(): Promise<void> {
    const client = this.ctx._client();
    const deploymentId = this.ctx._deploymentId();
    if (!client || deploymentId === null || this.#load) return;
    const ticket = (this.#load = this.#scope.begin());
    this._status = 'loading';
    this.loadError = null;
    this.ctx.rerender();
    try {
      const settings = await client.getDeploymentSettings(deploymentId, { signal: ticket._signal });
      if (!ticket.isCurrent()) return;
      this.#accept(settings, true);
      this._status = 'loaded';
      this.#load = null;
      // State first, then the event: a listener awaiting `updateComplete` sees the rendered form.
      this.ctx.rerender();
      this.ctx._emit('platform-settings-loaded', settings);
    } catch (error) {
      if (!ticket.isCurrent()) return;
      this.ctx._fail('getDeploymentSettings', error, { deploymentId }, (say) => {
        this._status = 'error';
        this.loadError = say;
        this.#load = null;
      });
    } finally {
      ticket._end();
      if (this.#load === ticket) this.#load = null;
      if (ticket.isCurrent()) this.ctx.rerender();
    }
  }

  #accept(settings: DeploymentSettings, rebase: boolean): void {
    this.original = settings;
    this.originalForm = toForm(settings);
    this._form = { ...cloneForm(this.originalForm), ...(rebase ? cloneForm(this.#pending) : {}) };
    this.#pending = {};
  }

  /** Sets one field's value from its control. */
  _set(key: SettingKey, value: FormValue): void {
    if (this.saving) return;
    this._form = { ...this._form, [key]: value };
    this.notice = null;
    this.ctx.rerender();
  }

  /** Puts every field back to the loaded value. */
  _revert(): void {
    if (this.saving || !this.original) return;
    this._form = cloneForm(this.originalForm);
    this.saveError = null;
    this.attempted = false;
    this.ctx.rerender();
  }

  /** Aborts the in-flight load or save; it is reported as cancelled and nothing is lost. */
  _cancel(): void {
    (this.#save ?? this.#load)?._cancel();
  }

  /**
   * Sends the changed fields, once: a second call while a write is in flight
   * (double click, Enter pressed twice) does nothing.
   */
  async _save(): Promise<void> {
    const client = this.ctx._client();
    const deploymentId = this.ctx._deploymentId();
    if (this.saving || !this.original || !client || deploymentId === null) return;
    this.notice = null;
    if (this._errors.size > 0) {
      this.attempted = true;
      this.saveError = (m) => m.settingsNeedAttention;
      this.ctx.rerender();
      return;
    }
    const update = buildUpdate(this.originalForm, this._form);
    if (Object.keys(update).length === 0) return;
    const ticket = (this.#save = this.#scope.begin());
    this.saving = true;
    this.saveError = null;
    this.ctx.rerender();
    try {
      const saved = await client.updateDeploymentSettings(deploymentId, update, { signal: ticket._signal });
      if (!ticket.isCurrent()) return;
      this.#accept(saved, false);
      this.attempted = false;
      this.notice = (m) => m.settingsSaved;
      this.saving = false;
      this.#save = null;
      this.ctx.rerender();
      this.ctx._emit('platform-settings-saved', saved);
    } catch (error) {
      if (!ticket.isCurrent()) return;
      this.ctx._fail('updateDeploymentSettings', error, { deploymentId }, (say) => {
        this.saveError = say;
        this.saving = false;
        this.#save = null;
      });
    } finally {
      ticket._end();
      // Only this save's own state: a listener may already have started the next one.
      if (this.#save === ticket) {
        this.saving = false;
        this.#save = null;
        this.ctx.rerender();
      }
    }
  }
}
