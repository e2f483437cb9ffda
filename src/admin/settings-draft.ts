/**
 * The settings being edited, in the shape the controls work with, and the
 * three questions asked of it: what changed, is it valid, and what would be
 * sent. Values are compared in this form shape, so a field the user did not
 * touch is never "changed" (a `null` switch shows as off and stays unsent
 * until toggled; a `null` list equals an empty one).
 */
import type { FieldSpec } from '../schema.js';
import { cspsConfigSchema, deploymentSettingsSchema } from '../api/schemas.js';
import type { DeploymentSettings, DeploymentSettingsUpdate } from '../api/schemas.js';
import type { PlatformMessages } from '../i18n/english.js';
import type { Speech } from '../i18n/translations.js';
import { controlKind, cspsKeys, editableKeys, labelFor, optionFor } from './field-model.js';
import type { CspsKey, SettingKey } from './field-model.js';

/** One row of a string-list editor; `id` keeps rows stable while reordering. */
export interface ListRow {
  id: number;
  value: string;
}

/** One row of the key/value editor; `original` is the loaded value, kept to preserve non-string values. */
export interface KeyValueRow {
  id: number;
  key: string;
  value: string;
  original?: unknown;
}

/** The private-storage sub-form: the switch plus one text per string field. */
export type CspsForm = { enabled: boolean } & { [K in Exclude<CspsKey, 'enabled'>]: string };

/** A field's value as its control holds it. */
export type FormValue = string | boolean | ListRow[] | KeyValueRow[] | CspsForm;

/** Every editable field's form value. */
export type SettingsForm = { [K in SettingKey]?: FormValue };

/** One line of the pending-changes summary. */
export interface PendingChange {
  label: string;
  from: string;
  to: string;
}

let nextRowId = 1;

/** A fresh row id, unique within the page. */
export function rowId(): number {
  return nextRowId++;
}

const specOf = (key: SettingKey): FieldSpec => deploymentSettingsSchema[key];

/** Shows a template-variable value that is not a string (numbers, flags, objects) as JSON text. */
function showValue(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value) ?? '';
}

function cspsFromApi(value: unknown): CspsForm {
  const source = (value ?? {}) as Record<string, unknown>;
  const form = { enabled: source['enabled'] === true } as Record<string, unknown>;
  for (const key of cspsKeys) {
    if (key !== 'enabled') form[key] = typeof source[key] === 'string' ? source[key] : '';
  }
  return form as CspsForm;
}

/** The form value of a loaded setting. */
export function fromApi(key: SettingKey, value: unknown): FormValue {
  switch (controlKind(specOf(key))) {
    case 'W': // switch
      return value === true;
    case 'L': // list
      return (Array.isArray(value) ? value : []).map((item) => ({ id: rowId(), value: String(item) }));
    case 'K': // key/value
      return Object.entries((value ?? {}) as Record<string, unknown>).map(([k, v]) => ({
        id: rowId(),
        key: k,
        value: showValue(v),
        original: v,
      }));
    case 'F': // sub-form
      return cspsFromApi(value);
    default:
      return typeof value === 'string' ? value : '';
  }
}

/** The form for loaded settings. */
export function toForm(settings: DeploymentSettings): SettingsForm {
  const form: SettingsForm = {};
  for (const key of editableKeys) form[key] = fromApi(key, settings[key]);
  return form;
}

/** A deep copy of a form, so edits never touch the loaded values. */
export function cloneForm(form: SettingsForm): SettingsForm {
  return structuredClone(form);
}

/** What a value means, without row ids: the basis of change detection. */
function comparable(value: FormValue | undefined): unknown {
  if (Array.isArray(value)) return value.map((row) => ('key' in row ? [row.key, row.value] : row.value));
  return value;
}

/** True when the field's form value differs from the loaded one. */
export function isChanged(key: SettingKey, original: SettingsForm, form: SettingsForm): boolean {
  return JSON.stringify(comparable(original[key])) !== JSON.stringify(comparable(form[key]));
}

/** The edited fields, in schema order. */
export function changedKeys(original: SettingsForm, form: SettingsForm): SettingKey[] {
  return editableKeys.filter((key) => isChanged(key, original, form));
}

function textToApi(spec: FieldSpec, text: string): string | null {
  return text === '' && spec.nullable ? null : text;
}

/**
 * The value a field's form value is sent as. The platform merges a key/value
 * map key by key, so a key of `loaded` (the field's loaded form value) that
 * the form removed is sent as `null`, which deletes it; a key left out would
 * keep its value.
 */
export function toApi(key: SettingKey, value: FormValue | undefined, loaded?: FormValue): unknown {
  const spec = specOf(key);
  switch (controlKind(spec)) {
    case 'W': // switch
      return value === true;
    case 'L': // list
      return (value as ListRow[]).map((row) => row.value);
    case 'K': { // key/value
      const out: Record<string, unknown> = {};
      for (const row of value as KeyValueRow[]) {
        // An untouched non-string value keeps its JSON type; edited text is sent as text.
        const keep = row.original !== undefined && typeof row.original !== 'string' && row.value === showValue(row.original);
        out[row.key] = keep ? row.original : row.value;
      }
      for (const row of (loaded ?? []) as KeyValueRow[]) out[row.key] ??= null;
      return out;
    }
    case 'F': { // sub-form
      const form = value as CspsForm;
      const out: Record<string, unknown> = {};
      for (const sub of cspsKeys) out[sub] = sub === 'enabled' ? form.enabled : textToApi(cspsConfigSchema[sub], form[sub]);
      return out;
    }
    default:
      return textToApi(spec, value as string);
  }
}

/** The write body: only the changed fields (a key removed from a key/value map is sent as `null`; see `toApi`). */
export function buildUpdate(original: SettingsForm, form: SettingsForm): DeploymentSettingsUpdate {
  const update: Record<string, unknown> = {};
  for (const key of changedKeys(original, form)) update[key] = toApi(key, form[key], original[key]);
  return update as DeploymentSettingsUpdate;
}

function checkRows(
  key: SettingKey,
  rows: readonly { id: number; value: string; key?: string }[],
  errors: Map<string, string>,
  m: PlatformMessages,
) {
  const seen = new Set<string>();
  for (const row of rows) {
    const name = row.key ?? row.value;
    const path = `${key}.${row.id}`;
    if (name.trim() === '') {
      errors.set(path, row.key === undefined ? m.listEmptyValue : m.variablesEmptyKey);
    } else if (seen.has(name)) {
      errors.set(path, row.key === undefined ? m.listDuplicate({ value: name }) : m.variablesDuplicate({ key: name }));
    }
    seen.add(name);
  }
}

/**
 * Client-side checks of the changed fields, keyed by control path
 * (`name`, `launchpadTabs.<rowId>`, `cspsConfig.storageProvider`). Unchanged
 * fields are not checked: they are not sent, and a value the platform holds
 * is not the user's to fix before saving something else.
 */
export function validateForm(original: SettingsForm, form: SettingsForm, m: PlatformMessages): Map<string, string> {
  const errors = new Map<string, string>();
  for (const key of changedKeys(original, form)) {
    const spec = specOf(key);
    const value = form[key];
    switch (controlKind(spec)) {
      case 'L': // list
      case 'K': // key/value
        checkRows(key, value as ListRow[] | KeyValueRow[], errors, m);
        break;
      case 'F': // sub-form
        if ((value as CspsForm).storageProvider.trim() === '') {
          errors.set(`${key}.storageProvider`, m.settingsRequired({ label: labelFor('storageProvider', m) }));
        }
        break;
      case 'T': // text
        if (spec.required && (value as string).trim() === '') errors.set(key, m.settingsRequired({ label: labelFor(key, m) }));
        break;
      default:
        break;
    }
  }
  return errors;
}

function showText(spec: FieldSpec, text: string, m: PlatformMessages): string {
  if (text !== '') return text;
  return spec.nullable ? m.notSet : m.empty;
}

function showForm(key: SettingKey, value: FormValue | undefined, { m, locale }: Speech): string {
  const spec = specOf(key);
  switch (controlKind(spec)) {
    case 'W': // switch
      return value ? m.on : m.off;
    case 'L': { // list
      const rows = value as ListRow[];
      // A list in the language's own form (`a, b und c`, `a、b、c`), not joined by a comma in code.
      // A blank row is said as such: an empty item would leave `a, b und` with nothing after it.
      return rows.length
        ? new Intl.ListFormat(locale, { style: 'narrow' }).format(rows.map((row) => (row.value.trim() ? row.value : m.empty)))
        : m.listNone;
    }
    default:
      // A select's option in the catalog's words; any other text as it is.
      return value ? optionFor(key, value as string, m) : showText(spec, '', m);
  }
}

function entryChanges(key: SettingKey, from: KeyValueRow[], to: KeyValueRow[], m: PlatformMessages): PendingChange[] {
  const before = new Map(from.map((row) => [row.key, row.value]));
  const after = new Map(to.map((row) => [row.key, row.value]));
  const out: PendingChange[] = [];
  for (const name of new Set([...before.keys(), ...after.keys()])) {
    const a = before.get(name);
    const b = after.get(name);
    if (a === b) continue;
    out.push({
      label: m.settingsPart({ label: labelFor(key, m), part: name || m.noKey }),
      from: a === undefined ? m.variableAbsent : a || m.empty,
      to: b === undefined ? m.variableRemoved : b || m.empty,
    });
  }
  return out;
}

function cspsChanges(key: SettingKey, from: CspsForm, to: CspsForm, m: PlatformMessages): PendingChange[] {
  const out: PendingChange[] = [];
  for (const sub of cspsKeys) {
    if (from[sub] === to[sub]) continue;
    const show = (v: string | boolean) => (typeof v === 'boolean' ? (v ? m.on : m.off) : showText(cspsConfigSchema[sub], v, m));
    out.push({ label: m.settingsPart({ label: labelFor(key, m), part: labelFor(sub, m) }), from: show(from[sub]), to: show(to[sub]) });
  }
  return out;
}

/** The pending-changes summary: one line per changed value (`settingsChange`: `field: old → new` in English). */
export function describeChanges(original: SettingsForm, form: SettingsForm, speech: Speech): PendingChange[] {
  const { m } = speech;
  return changedKeys(original, form).flatMap((key): PendingChange[] => {
    const kind = controlKind(specOf(key));
    if (kind === 'K') return entryChanges(key, original[key] as KeyValueRow[], form[key] as KeyValueRow[], m);
    if (kind === 'F') return cspsChanges(key, original[key] as CspsForm, form[key] as CspsForm, m);
    return [{ label: labelFor(key, m), from: showForm(key, original[key], speech), to: showForm(key, form[key], speech) }];
  });
}
