/**
 * How the settings form is laid out, derived from the schema table in
 * `api/schemas.ts`: the control of each field follows from its `FieldSpec`,
 * so a field added to the schema shows up in the form (in "Other settings"
 * when no group names it) without touching the panel.
 */
import type { FieldSpec } from '../schema.js';
import { cspsConfigSchema, deploymentSettingsSchema, readOnlySettings } from '../api/schemas.js';

/** A field of `DeploymentSettings`. */
export type SettingKey = keyof typeof deploymentSettingsSchema;

/** A field of `CspsConfig`. */
export type CspsKey = keyof typeof cspsConfigSchema;

/** The control a field is edited with. */
export type ControlKind = 'select' | 'switch' | 'text' | 'list' | 'keyValue' | 'subform';

/** One titled group of the form. */
export interface FieldGroup {
  readonly id: string;
  readonly title: string;
  readonly fields: readonly SettingKey[];
}

/** The control for a field: enum → select, boolean → switch, string list → list editor, etc. */
export function controlKind(spec: FieldSpec): ControlKind {
  if (spec.enum) return 'select';
  switch (spec.type) {
    case 'boolean':
      return 'switch';
    case 'array':
      return 'list';
    case 'object':
      return spec.fields ? 'subform' : 'keyValue';
    default:
      return 'text';
  }
}

const readOnly: ReadonlySet<string> = new Set(readOnlySettings);

/** True for settings the panel shows as text and never sends. */
export function isReadOnly(key: string): boolean {
  return readOnly.has(key);
}

/** Every settings field in schema order. */
export const settingKeys = Object.keys(deploymentSettingsSchema) as SettingKey[];

/** Fields the form edits (everything except `readOnlySettings`). */
export const editableKeys: readonly SettingKey[] = settingKeys.filter((key) => !isReadOnly(key));

/** Fields of the private-storage sub-form in schema order. */
export const cspsKeys = Object.keys(cspsConfigSchema) as CspsKey[];

const named: readonly FieldGroup[] = [
  {
    id: 'general',
    title: 'General',
    fields: ['name', 'template', 'releaseChannel', 'releaseChannelVersion', 'releaseChannelVersionHold', 'customDomain'],
  },
  { id: 'flags', title: 'Configuration flags', fields: ['isPlatformSqlEnabled', 'isSupportPreAggregations'] },
  {
    id: 'deploy',
    title: 'Deploy',
    fields: [
      'deployBranchName',
      'deployBranchReadOnly',
      'deployBranchMergeAllowed',
      'deployProjectRoot',
      'deployMode',
      'repoType',
    ],
  },
  { id: 'launchpad', title: 'Launchpad', fields: ['defaultLaunchpadViewGroup', 'launchpadTabs', 'templateVariables'] },
  { id: 'storage', title: 'Private storage', fields: ['cspsConfig'] },
];

function withRest(groups: readonly FieldGroup[]): readonly FieldGroup[] {
  const placed = new Set(groups.flatMap((g) => g.fields));
  const rest = editableKeys.filter((key) => !placed.has(key));
  return rest.length ? [...groups, { id: 'other', title: 'Other settings', fields: rest }] : groups;
}

/** The editable groups in display order; read-only values are shown after them. */
export const settingGroups: readonly FieldGroup[] = withRest(named);

const labels: Readonly<Record<string, string>> = {
  id: 'Deployment id',
  name: 'Name',
  template: 'Template',
  cloudProvider: 'Cloud provider',
  creationMethod: 'Creation method',
  creationStep: 'Creation step',
  deploymentUrl: 'Deployment URL',
  releaseChannel: 'Release channel',
  releaseChannelVersion: 'Release channel version',
  releaseChannelVersionHold: 'Hold the release channel version',
  deployBranchName: 'Deploy branch',
  deployBranchReadOnly: 'Deploy branch is read-only',
  deployBranchMergeAllowed: 'Allow merges into the deploy branch',
  deployProjectRoot: 'Project root',
  deployMode: 'Deploy mode',
  repoType: 'Repository type',
  isPlatformSqlEnabled: 'SQL API enabled',
  isSupportPreAggregations: 'Pre-aggregations supported',
  isCold: 'Cold (suspended)',
  isManaged: 'Managed',
  autoDomain: 'Automatic domain',
  customDomain: 'Custom domain',
  region: 'Region',
  targetPlatform: 'Target platform',
  platformImageCloud: 'Image cloud',
  platformImageVersion: 'Image version',
  defaultLaunchpadViewGroup: 'Default launchpad view group',
  launchpadTabs: 'Launchpad tabs',
  templateVariables: 'Template variables',
  cspsConfig: 'Private storage',
  enabled: 'Private storage enabled',
  storageProvider: 'Storage provider',
  awsRoleArn: 'AWS role ARN',
  azureClientId: 'Azure client id',
  azureContainer: 'Azure container',
  azureStorageAccount: 'Azure storage account',
  azureTenantId: 'Azure tenant id',
  gcpServiceAccountEmail: 'GCP service account email',
  gcpWorkloadIdentityProvider: 'GCP workload identity provider',
  gcsBucket: 'GCS bucket',
  s3Bucket: 'S3 bucket',
  s3Region: 'S3 region',
  s3Sse: 'S3 server-side encryption',
};

/** The human label of a settings or private-storage field (`someField` → "Some field" when unnamed). */
export function labelFor(key: string): string {
  const known = labels[key];
  if (known) return known;
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
