/**
 * Every built-in text of both elements, in English: the catalog that
 * translations are checked against. A value is a string, or a function of
 * named values where the message carries data or depends on a value. Numbers
 * arrive as numbers (the message formats them, and can pick a plural form);
 * dates and durations arrive as text already formatted with `Intl` in the
 * element's language. Where the wording depends on a value (an operation, an
 * option, a failure), the function selects a whole sentence per case, as an
 * ICU `select` does, so a translator always writes complete sentences.
 * What each key means and where it shows is in `descriptions.ts`, which no
 * bundle carries.
 */
import type { PlatformApiErrorCode, PlatformApiOperation } from '../api/errors.js';
import { embedFailed, embedFrameTitle, embedLoading } from './embed-messages.js';

/**
 * A count or a row number in the element's locale (`1,234`; `en-IN` groups as it reads). The
 * element calls each message that shows a number with its locale as a second argument; a translation formats with it too.
 */
const n = (value: number, locale?: string) => value.toLocaleString(locale || 'en');

type Branch = { branch: string };
type Index = { index: number };
/** A request of the panel that failed, with why: the client's codes, `invalid-argument` (refused before sending) and `unknown`. */
type Failure = { operation: Exclude<PlatformApiOperation, 'generateSession' | 'revokeSession'>; code: PlatformApiErrorCode | 'invalid-argument' | 'unknown'; status: number };

const english = {
  // <platform-embed>
  embedLoading,
  embedFailed,
  embedFrameTitle,

  // Configuration of the panel
  configDeploymentId: 'deployment-id must be a positive whole number.',
  configInvalid: (v: { problem: 'URL' | 'https' | 'credentials' | 'query' | 'token' | 'tokenProvider' | 'other' }) =>
    ({
      URL: 'Invalid configuration: base-url must be an absolute URL.',
      https: 'Invalid configuration: base-url must use https: (http: only for localhost, 127.0.0.1 and [::1]).',
      credentials: 'Invalid configuration: base-url must not contain a user name or password.',
      query: 'Invalid configuration: base-url must not contain a query or fragment.',
      token: 'Invalid configuration: token must be a non-empty string without line breaks.',
      tokenProvider: 'Invalid configuration: tokenProvider must be a function.',
      other: 'Invalid configuration.',
    })[v.problem],
  configMissingBaseUrl: 'Set the base-url attribute to your tenant URL.',
  configMissingToken: 'Set the token or tokenProvider property to sign in to the platform.',
  configMissingDeployment: 'Set the deployment-id attribute to choose a deployment.',

  // Shared words
  cancel: 'Cancel',
  retry: 'Retry',
  notSet: 'not set',
  yes: 'yes',
  no: 'no',
  on: 'on',
  off: 'off',
  empty: '(empty)',
  listNone: '(none)',
  noKey: '(no key)',
  variableAbsent: '(none)',
  variableRemoved: '(removed)',

  // Settings section
  settingsTitle: 'Deployment settings',
  settingsUnsaved: 'Unsaved changes',
  settingsLoading: 'Loading the settings…',
  settingsReadOnly: 'Read-only values',
  settingsNoChanges: 'No unsaved changes.',
  settingsChanges: (v: { count: number }, locale?: string) => `Changes to save (${n(v.count, locale)})`,
  settingsChange: (v: { label: string; from: string; to: string }) => `${v.label}: ${v.from} → ${v.to}`,
  settingsPart: (v: { label: string; part: string }) => `${v.label} › ${v.part}`,
  settingsSave: 'Save changes',
  settingsSaving: 'Saving…',
  settingsSavingStatus: 'Saving the changes…',
  settingsRevert: 'Discard changes',
  settingsSaved: 'Settings saved.',
  settingsNeedAttention: 'Some values need attention before saving.',
  settingsSaveInterrupted: 'The save was interrupted before the platform answered. Your edits are kept; save again.',
  settingsRequired: (v: { label: string }) => `${v.label} is required.`,

  // List and key/value editors
  listNoEntries: 'No entries.',
  listEntry: (v: { label: string; index: number }, locale?: string) => `${v.label}, entry ${n(v.index, locale)}`,
  listMoveUp: (v: Index, locale?: string) => `Move entry ${n(v.index, locale)} up`,
  listMoveDown: (v: Index, locale?: string) => `Move entry ${n(v.index, locale)} down`,
  listRemove: (v: Index, locale?: string) => `Remove entry ${n(v.index, locale)}`,
  listAdd: 'Add entry',
  listEmptyValue: 'Enter a value or remove this row.',
  listDuplicate: (v: { value: string }) => `“${v.value}” is listed twice.`,
  variablesNone: 'No variables.',
  variablesKey: (v: Index, locale?: string) => `Key ${n(v.index, locale)}`,
  variablesValue: (v: Index, locale?: string) => `Value ${n(v.index, locale)}`,
  variablesKeyPlaceholder: 'key',
  variablesValuePlaceholder: 'value',
  variablesRemove: (v: Index, locale?: string) => `Remove variable ${n(v.index, locale)}`,
  variablesAdd: 'Add variable',
  variablesEmptyKey: 'Enter a key or remove this row.',
  variablesDuplicate: (v: { key: string }) => `The key “${v.key}” is used twice.`,

  // Groups of the settings form
  groupGeneral: 'General',
  groupFlags: 'Configuration flags',
  groupDeploy: 'Deploy',
  groupLaunchpad: 'Launchpad',
  groupStorage: 'Private storage',
  groupOther: 'Other settings',

  // Labels of the settings fields
  fieldId: 'Deployment ID',
  fieldName: 'Name',
  fieldTemplate: 'Template',
  fieldCloudProvider: 'Cloud provider',
  fieldCreationMethod: 'Creation method',
  fieldCreationStep: 'Creation step',
  fieldDeploymentUrl: 'Deployment URL',
  fieldReleaseChannel: 'Release channel',
  fieldReleaseChannelVersion: 'Release channel version',
  fieldReleaseChannelVersionHold: 'Hold the release channel version',
  fieldDeployBranchName: 'Deploy branch',
  fieldDeployBranchReadOnly: 'Read-only deploy branch',
  fieldDeployBranchMergeAllowed: 'Allow merges into the deploy branch',
  fieldDeployProjectRoot: 'Project root',
  fieldDeployMode: 'Deploy mode',
  fieldRepoType: 'Repository type',
  fieldIsPlatformSqlEnabled: 'SQL API enabled',
  fieldIsSupportPreAggregations: 'Pre-aggregations supported',
  fieldIsCold: 'Cold (suspended)',
  fieldIsManaged: 'Managed',
  fieldAutoDomain: 'Automatic domain',
  fieldCustomDomain: 'Custom domain',
  fieldRegion: 'Region',
  fieldTargetPlatform: 'Target platform',
  fieldPlatformImageCloud: 'Image registry',
  fieldPlatformImageVersion: 'Image version',
  fieldDefaultLaunchpadViewGroup: 'Default Launchpad view group',
  fieldLaunchpadTabs: 'Launchpad tabs',
  fieldTemplateVariables: 'Template variables',
  fieldCspsConfig: 'Private storage',
  fieldEnabled: 'Enabled',
  fieldStorageProvider: 'Storage provider',
  fieldAwsRoleArn: 'AWS role ARN',
  fieldAzureClientId: 'Azure client ID',
  fieldAzureContainer: 'Azure container',
  fieldAzureStorageAccount: 'Azure storage account',
  fieldAzureTenantId: 'Azure tenant ID',
  fieldGcpServiceAccountEmail: 'GCP service account email',
  fieldGcpWorkloadIdentityProvider: 'GCP Workload Identity provider',
  fieldGcsBucket: 'GCS bucket',
  fieldS3Bucket: 'S3 bucket',
  fieldS3Region: 'S3 region',
  fieldS3Sse: 'S3 server-side encryption',

  // Option values a viewer reads (a select per field; region codes and ids are shown as they are)
  valueTemplate: (v: { value: 'single' | 'simpleCluster' | 'multiCluster' }) =>
    ({ single: 'Single instance', simpleCluster: 'Simple cluster', multiCluster: 'Multi-cluster' })[v.value],
  valueCloudProvider: (v: { value: 'platformcloud' | 'aws' | 'gcp' }) =>
    ({ platformcloud: 'Platform cloud', aws: 'AWS', gcp: 'Google Cloud' })[v.value],
  valueCreationMethod: (v: { value: 'upload' | 'platformcloud' | 'github' | 'ssh' }) =>
    ({ upload: 'Upload', platformcloud: 'Platform cloud', github: 'GitHub', ssh: 'SSH' })[v.value],
  valueCreationStep: (v: { value: 'project' | 'upload' | 'schema' | 'github' | 'ssh' | 'databases' | 'ready' | 'demo' }) =>
    ({
      project: 'Project',
      upload: 'Upload',
      schema: 'Data model',
      github: 'GitHub',
      ssh: 'SSH',
      databases: 'Databases',
      ready: 'Ready',
      demo: 'Demo',
    })[v.value],
  valueReleaseChannel: (v: { value: 'latest' | 'release' }) => ({ latest: 'Latest', release: 'Stable' })[v.value],
  valueDeployMode: (v: { value: 'git' | 'cli' }) => ({ git: 'Git', cli: 'Command line' })[v.value],
  valueRepoType: (v: { value: 'git' | 'deployRepo' }) => ({ git: 'Git repository', deployRepo: 'Deploy repository' })[v.value],

  // Usage-analytics token section
  tokenTitle: 'Usage-analytics token',
  tokenIntro: 'A one-hour token for querying this account’s usage and billing data.',
  tokenIssue: 'Issue token',
  tokenIssueNew: 'Issue a new token',
  tokenIssuing: 'Issuing…',
  tokenIssuingStatus: 'Issuing a token…',
  tokenApiUrl: 'API URL',
  tokenDeployment: 'Usage-analytics deployment',
  tokenExpires: 'Expires',
  tokenExpiresIn: (v: { timeLeft: string; date: string }) => `in ${v.timeLeft} (${v.date})`,
  tokenExpired: (v: { date: string }) => `Expired (${v.date}). Issue a new token to keep querying.`,
  tokenExpiryUnknown: 'Unknown: the platform gave no readable expiry time.',
  tokenValue: 'Token',
  tokenHidden: 'hidden',
  tokenShow: 'Show token',
  tokenHide: 'Hide token',
  tokenCopy: 'Copy token',
  tokenCopied: 'Token copied to the clipboard.',
  tokenCopyRefused: 'Copying is not allowed here. Show the token and copy it by hand.',

  // Branch deletion section
  branchTitle: 'Delete a branch',
  branchName: 'Branch name',
  branchUpstream: 'Also delete on the Git provider',
  branchDelete: 'Delete branch…',
  branchDeleting: 'Deleting…',
  branchDeletingStatus: 'Deleting the branch…',
  branchNameMissing: 'Enter the name of the branch to delete.',
  branchIsDeployBranch: (v: Branch) => `“${v.branch}” is the deploy branch of this deployment and cannot be deleted.`,
  branchDeleted: (v: Branch) => `Branch “${v.branch}” was deleted.`,
  branchDeletedUpstream: (v: Branch) => `Branch “${v.branch}” was deleted here and on the Git provider.`,
  branchConfirmTitle: (v: Branch) => `Delete branch “${v.branch}”?`,
  branchConfirmUpstream:
    'It will also be deleted on the connected Git provider. Its child branches move to its parent branch. This cannot be undone.',
  branchConfirmPlatformOnly:
    'It will be deleted from the platform only; the branch on your Git provider stays. Its child branches move to its parent branch. This cannot be undone.',
  branchConfirm: 'Delete branch',

  // Failures: a whole sentence per operation, then a whole sentence for the reason (a cancel included)
  failed: (v: Failure) =>
    `${
      {
        getDeploymentSettings: 'The settings could not be loaded.',
        updateDeploymentSettings: 'The settings could not be saved.',
        issueUsageAnalyticsToken: 'The token could not be issued.',
        deleteBranch: 'The branch could not be deleted.',
      }[v.operation]
    } ${
      {
        'bad-request': `The platform rejected the request (${v.status || 400}).`,
        unauthorized: 'The platform did not accept the credentials (401). Check the API key or token.',
        forbidden: 'These credentials are not allowed to do this (403).',
        'not-found': 'The platform could not find what was requested (404).',
        conflict: 'The request conflicts with a change made elsewhere (409). Try again.',
        'rate-limited': 'There were too many requests (429). Wait a moment and try again.',
        'server-error': `The platform had a problem (${v.status || 500}). Try again later.`,
        timeout: 'The platform did not answer in time.',
        network: 'The platform could not be reached. Check the connection and the base URL.',
        'invalid-response': 'The platform sent a response the panel cannot read.',
        'invalid-argument': 'The client refused the request before sending it.',
        aborted: 'The request was cancelled.',
        unknown: 'The reason is not known.',
      }[v.code]
    }`,
  errorDeploymentNotFound: (v: { id: number }) => `Deployment ${v.id} was not found, or these credentials cannot see it.`,
  errorSaveRejected: 'The platform rejected these changes. Check the values under “Changes to save” and try again.',
  errorSaveConflict: 'The settings were changed elsewhere at the same time. Your edits are kept; save again to apply them.',
  errorAnalyticsDisabled: 'Usage analytics is not enabled for this account.',
  errorTokenForbidden: 'Issuing a usage-analytics token requires the admin role.',
  errorDeployBranchRefused: (v: Branch) =>
    `The platform refused to delete “${v.branch}”: it is the deploy branch, which cannot be deleted.`,
  errorBranchNotFound: (v: Branch) => `No branch named “${v.branch}” exists in this deployment.`,
};

/**
 * The type of a complete catalog: every key of {@link englishMessages}, each
 * a string or, where the English one is a function, a function of the same
 * named values.
 */
export type PlatformMessages = typeof english;

/** A key of {@link PlatformMessages}. */
export type MessageKey = keyof PlatformMessages;

/** Every built-in text of `<platform-embed>` and `<platform-admin-panel>`, in English. */
export const englishMessages: PlatformMessages = english;
