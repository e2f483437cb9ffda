/**
 * The form controls, one per control kind (see `field-model.ts`). Each label
 * is bound to its control; a validation message sits right after the control
 * and is linked with `aria-describedby`, with `aria-invalid` on the control.
 */
import { html, nothing } from 'lit';
import type { TemplateResult } from 'lit';
import type { FieldSpec } from '../schema.js';
import { cspsConfigSchema } from '../api/schemas.js';
import type { Speech } from '../i18n/translations.js';
import { cspsKeys, labelFor, optionFor } from './field-model.js';
import { rowId } from './settings-draft.js';
import type { CspsForm, KeyValueRow, ListRow } from './settings-draft.js';

/** What every control needs from the form. */
export interface ControlEnv {
  /** The validation message of a control path, if any. */
  _error(path: string): string | undefined;
  /** True while a save is in flight. */
  readonly _disabled: boolean;
  /** Moves focus to the element with this id once the next render is done. */
  focusSoon(id: string): void;
  /** The texts and `Intl` locale of the element's language. */
  readonly speech: Speech;
}

/** A 1-based row number: the message formats it, so a language can pick a plural form. */
const nth = (index: number) => ({ index: index + 1 });

/** The element id of a control path (`cspsConfig.s3Bucket` → `field-cspsConfig-s3Bucket`). */
export function controlId(path: string): string {
  return `field-${path.split('.').join('-')}`;
}

const errorId = (path: string) => `${controlId(path)}-error`;

function message(env: ControlEnv, path: string): TemplateResult | typeof nothing {
  const text = env._error(path);
  return text ? html`<p id=${errorId(path)} class="field-error" part="field-error">${text}</p>` : nothing;
}

const invalid = (env: ControlEnv, path: string) => (env._error(path) ? 'true' : nothing);
const describedBy = (env: ControlEnv, path: string) => (env._error(path) ? errorId(path) : nothing);
const valueOf = (event: Event) => (event.target as HTMLInputElement | HTMLSelectElement).value;
const checkedOf = (event: Event) => (event.target as HTMLInputElement).checked;

/** A one-line text input. */
export function textControl(env: ControlEnv, path: string, label: string, value: string, onChange: (value: string) => void, required = false) {
  const id = controlId(path);
  return html`<div class="field">
    <label for=${id}>${label}${required ? html`<span class="required" aria-hidden="true"> *</span>` : nothing}</label>
    <input id=${id} part="input" type="text" autocomplete="off" .value=${value} ?disabled=${env._disabled}
      ?required=${required} aria-invalid=${invalid(env, path)} aria-describedby=${describedBy(env, path)}
      @input=${(e: Event) => onChange(valueOf(e))} />
    ${message(env, path)}
  </div>`;
}

/** A `<select>` of the allowed values, with a "not set" option for nullable fields. */
export function selectControl(
  env: ControlEnv,
  path: string,
  label: string,
  options: readonly string[],
  nullable: boolean,
  value: string,
  onChange: (value: string) => void,
) {
  const id = controlId(path);
  return html`<div class="field">
    <label for=${id}>${label}</label>
    <select id=${id} part="input select" ?disabled=${env._disabled} aria-invalid=${invalid(env, path)}
      aria-describedby=${describedBy(env, path)} @change=${(e: Event) => onChange(valueOf(e))}>
      ${nullable ? html`<option value="" ?selected=${value === ''}>${env.speech.m.notSet}</option>` : nothing}
      ${options.map((option) => html`<option value=${option} ?selected=${option === value}>${optionFor(path, option, env.speech.m)}</option>`)}
    </select>
    ${message(env, path)}
  </div>`;
}

/** An on/off switch (`<input type=checkbox role=switch>`). */
export function switchControl(env: ControlEnv, path: string, label: string, value: boolean, onChange: (value: boolean) => void) {
  const id = controlId(path);
  return html`<div class="field switch">
    <input id=${id} part="input switch" type="checkbox" role="switch" .checked=${value} ?disabled=${env._disabled}
      @change=${(e: Event) => onChange(checkedOf(e))} />
    <label for=${id}>${label}</label>
  </div>`;
}

function move<T>(rows: readonly T[], from: number, to: number): T[] {
  const next = [...rows];
  const [row] = next.splice(from, 1);
  next.splice(to, 0, row!);
  return next;
}

/**
 * Remove and add handlers shared by the row editors: focus follows the row
 * (to its neighbour after a removal, into the new row after an addition).
 * Rows are rendered by position with plain bindings: every input writes
 * the model at once, so a bound value always matches what the control shows,
 * and every change of the rows moves focus by row id after the render.
 */
function rowHandlers<R extends { id: number }>(
  env: ControlEnv,
  path: string,
  rows: readonly R[],
  onChange: (rows: R[]) => void,
  blank: () => R,
) {
  const rowPath = (row: R) => `${path}.${row.id}`;
  const remove = (index: number) => {
    const next = rows.filter((_, i) => i !== index);
    onChange(next);
    const neighbour = next[index] ?? next[index - 1];
    env.focusSoon(neighbour ? controlId(rowPath(neighbour)) : `${controlId(path)}-add`);
  };
  const add = () => {
    const row = blank();
    onChange([...rows, row]);
    env.focusSoon(controlId(rowPath(row)));
  };
  return [rowPath, remove, add] as const;
}

/** A string-list editor: add, remove and reorder rows. */
export function listEditor(env: ControlEnv, path: string, label: string, rows: readonly ListRow[], onChange: (rows: ListRow[]) => void) {
  const [rowPath, remove, add] = rowHandlers(env, path, rows, onChange, (): ListRow => ({ id: rowId(), value: '' }));
  const shift = (index: number, by: -1 | 1) => {
    const row = rows[index]!;
    onChange(move(rows, index, index + by));
    // Keep focus on the moved row; its own button may be disabled at the ends.
    const edge = (by < 0 && index + by === 0) || (by > 0 && index + by === rows.length - 1);
    env.focusSoon(edge ? controlId(rowPath(row)) : `${controlId(rowPath(row))}-${by < 0 ? 'up' : 'down'}`);
  };
  const { m, locale } = env.speech;
  return html`<fieldset class="editor" part="editor">
    <legend>${label}</legend>
    ${rows.length ? nothing : html`<p class="hint">${m.listNoEntries}</p>`}
    <ol class="rows">
      ${rows.map((row, index) => {
        const id = controlId(rowPath(row));
        return html`<li class="row">
          <label class="visually-hidden" for=${id}>${m.listEntry({ label, ...nth(index) }, locale)}</label>
          <input id=${id} part="input" type="text" autocomplete="off" .value=${row.value} ?disabled=${env._disabled}
            aria-invalid=${invalid(env, rowPath(row))} aria-describedby=${describedBy(env, rowPath(row))}
            @input=${(e: Event) => onChange(rows.map((r) => (r.id === row.id ? { ...r, value: valueOf(e) } : r)))} />
          <button id="${id}-up" type="button" part="button" class="icon" ?disabled=${env._disabled || index === 0}
            aria-label=${m.listMoveUp(nth(index), locale)} @click=${() => shift(index, -1)}>↑</button>
          <button id="${id}-down" type="button" part="button" class="icon" ?disabled=${env._disabled || index === rows.length - 1}
            aria-label=${m.listMoveDown(nth(index), locale)} @click=${() => shift(index, 1)}>↓</button>
          <button type="button" part="button" class="icon" ?disabled=${env._disabled}
            aria-label=${m.listRemove(nth(index), locale)} @click=${() => remove(index)}>✕</button>
          ${message(env, rowPath(row))}
        </li>`;
      })}
    </ol>
    <button id="${controlId(path)}-add" type="button" part="button" ?disabled=${env._disabled} @click=${add}>${m.listAdd}</button>
  </fieldset>`;
}

/** A key/value editor for an object with arbitrary properties. */
export function keyValueEditor(
  env: ControlEnv,
  path: string,
  label: string,
  rows: readonly KeyValueRow[],
  onChange: (rows: KeyValueRow[]) => void,
) {
  const [rowPath, remove, add] = rowHandlers(env, path, rows, onChange, (): KeyValueRow => ({ id: rowId(), key: '', value: '' }));
  const edit = (row: KeyValueRow, patch: Partial<KeyValueRow>) => onChange(rows.map((r) => (r.id === row.id ? { ...r, ...patch } : r)));
  const { m, locale } = env.speech;
  return html`<fieldset class="editor" part="editor">
    <legend>${label}</legend>
    ${rows.length ? nothing : html`<p class="hint">${m.variablesNone}</p>`}
    <ol class="rows">
      ${rows.map((row, index) => {
        const id = controlId(rowPath(row));
        return html`<li class="row">
          <label class="visually-hidden" for=${id}>${m.variablesKey(nth(index), locale)}</label>
          <input id=${id} part="input" type="text" autocomplete="off" placeholder=${m.variablesKeyPlaceholder} .value=${row.key}
            ?disabled=${env._disabled} aria-invalid=${invalid(env, rowPath(row))} aria-describedby=${describedBy(env, rowPath(row))}
            @input=${(e: Event) => edit(row, { key: valueOf(e) })} />
          <label class="visually-hidden" for="${id}-value">${m.variablesValue(nth(index), locale)}</label>
          <input id="${id}-value" part="input" type="text" autocomplete="off" placeholder=${m.variablesValuePlaceholder} .value=${row.value}
            ?disabled=${env._disabled} @input=${(e: Event) => edit(row, { value: valueOf(e) })} />
          <button type="button" part="button" class="icon" ?disabled=${env._disabled}
            aria-label=${m.variablesRemove(nth(index), locale)} @click=${() => remove(index)}>✕</button>
          ${message(env, rowPath(row))}
        </li>`;
      })}
    </ol>
    <button id="${controlId(path)}-add" type="button" part="button" ?disabled=${env._disabled} @click=${add}>${m.variablesAdd}</button>
  </fieldset>`;
}

/** The private-storage sub-form: the enabled switch, the provider and the optional strings. */
export function cspsSubform(env: ControlEnv, path: string, label: string, value: CspsForm, onChange: (value: CspsForm) => void) {
  // The private-storage group's own legend names this sub-form, so it needs no second one.
  return html`<div class="subform" part="editor" role="group" aria-label=${label}>
    ${cspsKeys.map((key) => {
      const sub = `${path}.${key}`;
      if (key === 'enabled') {
        return switchControl(env, sub, labelFor(key, env.speech.m), value.enabled, (enabled) => onChange({ ...value, enabled }));
      }
      return textControl(env, sub, labelFor(key, env.speech.m), value[key], (text) => onChange({ ...value, [key]: text }), (cspsConfigSchema[key] as FieldSpec).required === true);
    })}
  </div>`;
}
