/**
 * The HTTP API's resources as data (spec "Resources and their fields"). The
 * client validates responses and write arguments with these tables, the admin
 * panel builds its form from them, and the mock platform checks request
 * bodies with them.
 */
import type { Infer, Schema } from '../schema.js';

const optString = { type: 'string', nullable: true } as const;

export const cspsConfigSchema = {
  enabled: { type: 'boolean', required: true },
  storageProvider: { type: 'string', required: true },
  awsRoleArn: optString,
  azureClientId: optString,
  azureContainer: optString,
  azureStorageAccount: optString,
  azureTenantId: optString,
  gcpServiceAccountEmail: optString,
  gcpWorkloadIdentityProvider: optString,
  gcsBucket: optString,
  s3Bucket: optString,
  s3Region: optString,
  s3Sse: optString,
} as const satisfies Schema;

export const creationSteps = ['project', 'upload', 'schema', 'github', 'ssh', 'databases', 'ready', 'demo'] as const;

export const deploymentSettingsSchema = {
  id: { type: 'integer', required: true, doc: 'deployment id' },
  name: { type: 'string', required: true },
  template: { type: 'string', required: true, enum: ['single', 'simpleCluster', 'multiCluster'] },
  cloudProvider: { type: 'string', required: true, enum: ['platformcloud', 'aws', 'gcp'] },
  creationMethod: { type: 'string', nullable: true, enum: ['upload', 'platformcloud', 'github', 'ssh'] },
  creationStep: { type: 'string', required: true, enum: creationSteps },
  deploymentUrl: { type: 'string', required: true },
  releaseChannel: { type: 'string', required: true, enum: ['latest', 'release'] },
  releaseChannelVersion: optString,
  releaseChannelVersionHold: { type: 'boolean', nullable: true },
  deployBranchName: { type: 'string', required: true },
  deployBranchReadOnly: { type: 'boolean', required: true },
  deployBranchMergeAllowed: { type: 'boolean', required: true },
  deployProjectRoot: { type: 'string', required: true },
  deployMode: { type: 'string', nullable: true, enum: ['git', 'cli'] },
  repoType: { type: 'string', nullable: true, enum: ['git', 'deployRepo'] },
  isPlatformSqlEnabled: { type: 'boolean', required: true },
  isSupportPreAggregations: { type: 'boolean', required: true },
  isCold: { type: 'boolean', nullable: true },
  isManaged: { type: 'boolean', nullable: true },
  autoDomain: optString,
  customDomain: optString,
  region: optString,
  targetPlatform: optString,
  platformImageCloud: optString,
  platformImageVersion: optString,
  defaultLaunchpadViewGroup: optString,
  launchpadTabs: { type: 'array', items: 'string', nullable: true },
  templateVariables: { type: 'object', nullable: true },
  cspsConfig: { type: 'object', nullable: true, fields: cspsConfigSchema },
} as const satisfies Schema;

export const usageAnalyticsTokenSchema = {
  apiUrl: { type: 'string', required: true },
  deploymentId: { type: 'integer', required: true },
  token: { type: 'string', required: true },
  /** Missing or `null` when the platform does not say when the token expires. */
  expiresAt: { type: 'string', nullable: true },
} as const satisfies Schema;

/** The answer of generate-session; other fields the platform adds are kept. */
export const embedSessionSchema = {
  sessionId: { type: 'string', required: true },
} as const satisfies Schema;

export const branchDeletionSchema = {
  success: { type: 'boolean', required: true },
} as const satisfies Schema;

export type CspsConfig = Infer<typeof cspsConfigSchema>;
export type DeploymentSettings = Infer<typeof deploymentSettingsSchema>;
/**
 * The body of a settings write: any subset of `writableSettings`. In
 * `templateVariables`, a key whose value is `null` is deleted: the platform
 * merges the map key by key, so a key left out keeps its value.
 */
export type DeploymentSettingsUpdate = Partial<Pick<DeploymentSettings, (typeof writableSettings)[number]>>;
export type UsageAnalyticsToken = Infer<typeof usageAnalyticsTokenSchema>;
export type BranchDeletionResult = Infer<typeof branchDeletionSchema>;
/** A session id for `<platform-embed>` (single-use, valid for minutes), and any other field the platform sent. */
export type EmbedSession = Infer<typeof embedSessionSchema> & Record<string, unknown>;

/**
 * The settings a write may change: the fields of the platform's
 * `UpdateDeploymentInput`, in schema order. The admin panel edits these and
 * no other; the client refuses a write of any other field; the mock platform
 * answers 400 for one.
 */
export const writableSettings = [
  'name',
  'template',
  'cloudProvider',
  'creationMethod',
  'releaseChannel',
  'releaseChannelVersion',
  'releaseChannelVersionHold',
  'deployBranchName',
  'deployBranchReadOnly',
  'deployBranchMergeAllowed',
  'deployProjectRoot',
  'deployMode',
  'customDomain',
  'region',
  'defaultLaunchpadViewGroup',
  'launchpadTabs',
  'templateVariables',
  'cspsConfig',
] as const satisfies readonly (keyof typeof deploymentSettingsSchema)[];

/** The settings the platform derives itself: shown, never written (every field not in `writableSettings`). */
export const readOnlySettings = (Object.keys(deploymentSettingsSchema) as (keyof typeof deploymentSettingsSchema)[]).filter(
  (key) => !(writableSettings as readonly string[]).includes(key),
);
