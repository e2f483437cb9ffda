/**
 * The settings section's markup: the grouped form built from the schema
 * table, the read-only values, the pending-changes summary and the actions.
 * State and requests are in `settings-controller.ts`.
 */
import { html, nothing } from 'lit';
import type { TemplateResult } from 'lit';
import type { FieldSpec } from '../schema.js';
import type { PlatformMessages } from '../i18n/english.js';
import { deploymentSettingsSchema, readOnlySettings } from '../api/schemas.js';
import { breakable } from './breakable.js';
import { controlKind, labelFor, optionFor, settingGroups } from './field-model.js';
import type { SettingKey } from './field-model.js';
import { cspsSubform, keyValueEditor, listEditor, selectControl, switchControl, textControl } from './field-controls.js';
import type { ControlEnv } from './field-controls.js';
import type { SettingsController } from './settings-controller.js';
import type { CspsForm, KeyValueRow, ListRow } from './settings-draft.js';

function field(s: SettingsController, env: ControlEnv, key: SettingKey): TemplateResult {
  const spec: FieldSpec = deploymentSettingsSchema[key];
  const value = s._form[key];
  const label = labelFor(key, env.speech.m);
  const set = (next: unknown) => s._set(key, next as never);
  switch (controlKind(spec)) {
    case 'S': // select
      return selectControl(env, key, label, spec.enum ?? [], spec.nullable === true, value as string, set);
    case 'W': // switch
      return switchControl(env, key, label, value as boolean, set);
    case 'L': // list
      return listEditor(env, key, label, value as ListRow[], set);
    case 'K': // key/value
      return keyValueEditor(env, key, label, value as KeyValueRow[], set);
    case 'F': // sub-form
      return cspsSubform(env, key, label, value as CspsForm, set);
    default:
      return textControl(env, key, label, value as string, set, spec.required === true);
  }
}

// An option a viewer reads is said in the catalog's words; an id, a URL or a region code is shown as it is.
function show(key: string, value: unknown, m: PlatformMessages): string {
  if (value === null || value === undefined || value === '') return m.notSet;
  if (typeof value === 'boolean') return value ? m.yes : m.no;
  return optionFor(key, String(value), m);
}

function readOnlyValues(s: SettingsController, m: PlatformMessages): TemplateResult {
  const settings = s.original!;
  return html`<div class="readonly">
    <h3>${m.settingsReadOnly}</h3>
    <dl>
      ${readOnlySettings.map((key) => {
        const text = show(key, settings[key], m);
        // Words said by the catalog wrap between words; a value shown as it is may also break after its dots and slashes.
        return html`<div><dt>${labelFor(key, m)}</dt><dd>${text === String(settings[key]) ? breakable(text) : text}</dd></div>`;
      })}
    </dl>
  </div>`;
}

function summary(s: SettingsController, env: ControlEnv): TemplateResult {
  const { m, locale } = env.speech;
  const changes = s._pending;
  if (changes.length === 0) return html`<div class="summary" part="summary"><p class="hint">${m.settingsNoChanges}</p></div>`;
  return html`<div class="summary" part="summary">
    <h3 id="pending-title">${m.settingsChanges({ count: changes.length }, locale)}</h3>
    <ul aria-labelledby="pending-title">
      ${changes.map((c) => html`<li>${m.settingsChange(c)}</li>`)}
    </ul>
  </div>`;
}

function errorList(s: SettingsController, m: PlatformMessages): TemplateResult | typeof nothing {
  const saveError = s.saveError;
  if (!saveError) return nothing;
  const problems = s.attempted ? [...s._errors.values()] : [];
  return html`${saveError(m)}${problems.length ? html`<ul>${problems.map((p) => html`<li>${p}</li>`)}</ul>` : nothing}`;
}

/** The form of loaded settings. */
function form(s: SettingsController, env: ControlEnv): TemplateResult {
  const { m } = env.speech;
  const dirty = s._changed.length > 0;
  const inert = s.saving || !dirty;
  const onSubmit = (event: Event) => {
    event.preventDefault();
    void s._save();
  };
  return html`<form novalidate @submit=${onSubmit}>
    ${settingGroups.map(
      ([title, fields]) => html`<fieldset class="group" part="group" ?disabled=${s.saving}>
        <legend>${m[title]}</legend>
        ${fields.map((key) => field(s, env, key))}
      </fieldset>`,
    )}
    ${readOnlyValues(s, m)}
    ${summary(s, env)}
    <div class="actions">
      <button type="submit" part="button primary" aria-disabled=${inert}>
        ${s.saving ? m.settingsSaving : m.settingsSave}
      </button>
      <button type="button" part="button" aria-disabled=${inert} @click=${() => s._revert()}>${m.settingsRevert}</button>
      ${s.saving ? html`<button type="button" part="button" @click=${() => s._cancel()}>${m.cancel}</button>` : nothing}
    </div>
    <p class="status" role="status" part="status">${s.saving ? m.settingsSavingStatus : s.notice?.(m) ?? nothing}</p>
    <div class="error" role="alert" part="error">${errorList(s, m)}</div>
  </form>`;
}

/** The whole settings section body for the controller's state. */
export function renderSettings(s: SettingsController, env: ControlEnv): TemplateResult {
  const { m } = env.speech;
  const dirty = s._changed.length > 0;
  return html`<h2 id="settings-title">
      ${m.settingsTitle}${dirty ? html` <span class="badge" part="badge">${m.settingsUnsaved}</span>` : nothing}
    </h2>
    ${s._status === 'loading'
      ? html`<div class="loading">
          <p class="status" role="status" part="status">${m.settingsLoading}</p>
          <button type="button" part="button" @click=${() => s._cancel()}>${m.cancel}</button>
        </div>`
      : nothing}
    ${s._status === 'error'
      ? html`<div class="error-box" part="error">
          <p role="alert">${s.loadError?.(m)}</p>
          <button type="button" part="button" @click=${() => void s._load()}>${m.retry}</button>
        </div>`
      : nothing}
    ${s._status === 'loaded' ? form(s, env) : nothing}`;
}
