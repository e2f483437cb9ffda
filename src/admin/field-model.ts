/**
 * How the settings form is laid out, derived from the schema table in
 * `api/schemas.ts`: the control of each field follows from its `FieldSpec`,
 * so a field added to the schema shows up in the form (in "Other settings"
 * when no group names it) without touching the panel.
 */
import type { FieldSpec } from '../schema.js';
import { cspsConfigSchema, deploymentSettingsSchema, writableSettings } from '../api/schemas.js';
import type { PlatformMessages } from '../i18n/english.js';

/** A field of `DeploymentSettings`. */
export type SettingKey = keyof typeof deploymentSettingsSchema;

/** A field of `CspsConfig`. */
export type CspsKey = keyof typeof cspsConfigSchema;

/**
 * The control a field is edited with: `S` select, `W` switch, `T` text input,
 * `L` list editor, `K` key/value editor, `F` sub-form. One letter each: every
 * switch over the kinds repeats them in the bundle.
 */
export type ControlKind = 'S' | 'W' | 'T' | 'L' | 'K' | 'F';

/** One titled group of the form: the catalog key of its legend, and its fields. */
export type FieldGroup = readonly [
  title: 'groupGeneral' | 'groupFlags' | 'groupDeploy' | 'groupLaunchpad' | 'groupStorage' | 'groupOther',
  fields: readonly SettingKey[],
];

/** The control for a field: enum → select, boolean → switch, string list → list editor, etc. */
export function controlKind(spec: FieldSpec): ControlKind {
  if (spec.enum) return 'S';
  switch (spec.type) {
    case 'boolean':
      return 'W';
    case 'array':
      return 'L';
    case 'object':
      return spec.fields ? 'F' : 'K';
    default:
      return 'T';
  }
}

/** Every settings field in schema order. */
export const settingKeys = Object.keys(deploymentSettingsSchema) as SettingKey[];

/** Fields the form edits, in schema order: the platform's writable settings (everything except `readOnlySettings`). */
export const editableKeys: readonly SettingKey[] = writableSettings;

/** Fields of the private-storage sub-form in schema order. */
export const cspsKeys = Object.keys(cspsConfigSchema) as CspsKey[];

const named: readonly FieldGroup[] = [
  [
    'groupGeneral',
    ['name', 'template', 'releaseChannel', 'releaseChannelVersion', 'releaseChannelVersionHold', 'customDomain', 'cloudProvider', 'region'],
  ],
  [
    'groupDeploy',
    ['deployBranchName', 'deployBranchReadOnly', 'deployBranchMergeAllowed', 'deployProjectRoot', 'deployMode', 'creationMethod'],
  ],
  ['groupLaunchpad', ['defaultLaunchpadViewGroup', 'launchpadTabs', 'templateVariables']],
  ['groupStorage', ['cspsConfig']],
];

function withRest(groups: readonly FieldGroup[]): readonly FieldGroup[] {
  const placed = groups.flatMap(([, fields]) => fields);
  const rest = editableKeys.filter((key) => !placed.includes(key));
  return rest.length ? [...groups, ['groupOther', rest]] : groups;
}

/** The editable groups in display order; read-only values are shown after them. */
export const settingGroups: readonly FieldGroup[] = withRest(named);

/** `deployMode` → `DeployMode`: how catalog keys name a field (`fieldDeployMode`, `valueDeployMode`). */
const capital = (key: string) => key.charAt(0).toUpperCase() + key.slice(1);

/**
 * The label of a settings or private-storage field in the language of `m`:
 * its catalog entry (`field` + the key with a capital, e.g. `fieldDeployMode`).
 * A field the catalog does not name yet shows its key, an identifier the
 * engineer who added it reads, rather than English words guessed from it in
 * every language (`catalog.test.ts` checks that every schema field has a label).
 */
export function labelFor(key: string, m: PlatformMessages): string {
  const known: unknown = (m as Record<string, unknown>)[`field${capital(key)}`];
  return typeof known === 'string' ? known : key;
}

/**
 * An option of a select field as a viewer reads it: the field's catalog select
 * (`value` + the key with a capital, e.g. `valueDeployMode`), or the value
 * itself for a field the catalog does not name yet.
 */
export function optionFor(key: string, value: string, m: PlatformMessages): string {
  const select: unknown = (m as Record<string, unknown>)[`value${capital(key)}`];
  return (typeof select === 'function' && (select as (v: { value: string }) => string | undefined)({ value })) || value;
}
