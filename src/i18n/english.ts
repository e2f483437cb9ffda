/**
 * Every built-in text of both elements, in English: the catalog that
 * translations are checked against. A value is a string, or a function of
 * named values where the sentence carries data (values arrive formatted for
 * the element's language: numbers, dates and durations as text).
 */
import { embedFailed, embedLoading } from './embed-messages.js';

type Branch = { branch: string };
type Index = { index: string };

const english = {
  // <platform-embed>
  embedLoading,
  embedFailed,

  // Configuration of the panel
  configDeploymentId: 'deployment-id must be a positive whole number.',
  configInvalid: (v: { reason: string }) => `Invalid configuration: ${v.reason}.`,
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
  none: '(none)',
  noKey: '(no key)',
  removed: '(removed)',

  // Settings section
  settingsTitle: 'Deployment settings',
  settingsUnsaved: 'Unsaved changes',
  settingsLoading: 'Loading the settings…',
  settingsReadOnly: 'Read-only values',
  settingsNoChanges: 'No unsaved changes.',
  settingsChanges: (v: { count: string }) => `Changes to save (${v.count})`,
  settingsSave: 'Save changes',
  settingsSaving: 'Saving…',
  settingsSavingStatus: 'Saving the changes…',
  settingsRevert: 'Revert',
  settingsSaved: 'Settings saved.',
  settingsNeedAttention: 'Some values need attention before saving.',
  settingsSaveInterrupted: 'The save was interrupted before the platform answered. Your edits are kept; save again.',
  settingsRequired: (v: { label: string }) => `${v.label} is required.`,

  // List and key/value editors
  listNoEntries: 'No entries.',
  listEntry: (v: { label: string; index: string }) => `${v.label}, entry ${v.index}`,
  listMoveUp: (v: Index) => `Move entry ${v.index} up`,
  listMoveDown: (v: Index) => `Move entry ${v.index} down`,
  listRemove: (v: Index) => `Remove entry ${v.index}`,
  listAdd: 'Add entry',
  listEmptyValue: 'Enter a value or remove this row.',
  listDuplicate: (v: { value: string }) => `"${v.value}" is listed twice.`,
  variablesNone: 'No variables.',
  variablesKey: (v: Index) => `Key ${v.index}`,
  variablesValue: (v: Index) => `Value ${v.index}`,
  variablesKeyPlaceholder: 'key',
  variablesValuePlaceholder: 'value',
  variablesRemove: (v: Index) => `Remove variable ${v.index}`,
  variablesAdd: 'Add variable',
  variablesEmptyKey: 'Enter a key or remove this row.',
  variablesDuplicate: (v: { key: string }) => `The key "${v.key}" is used twice.`,

  // Groups of the settings form
  groupGeneral: 'General',
  groupFlags: 'Configuration flags',
  groupDeploy: 'Deploy',
  groupLaunchpad: 'Launchpad',
  groupStorage: 'Private storage',
  groupOther: 'Other settings',

  // Labels of the settings fields
  fieldId: 'Deployment id',
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
  fieldDeployBranchReadOnly: 'Deploy branch is read-only',
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
  fieldPlatformImageCloud: 'Image cloud',
  fieldPlatformImageVersion: 'Image version',
  fieldDefaultLaunchpadViewGroup: 'Default launchpad view group',
  fieldLaunchpadTabs: 'Launchpad tabs',
  fieldTemplateVariables: 'Template variables',
  fieldCspsConfig: 'Private storage',
  fieldEnabled: 'Private storage enabled',
  fieldStorageProvider: 'Storage provider',
  fieldAwsRoleArn: 'AWS role ARN',
  fieldAzureClientId: 'Azure client id',
  fieldAzureContainer: 'Azure container',
  fieldAzureStorageAccount: 'Azure storage account',
  fieldAzureTenantId: 'Azure tenant id',
  fieldGcpServiceAccountEmail: 'GCP service account email',
  fieldGcpWorkloadIdentityProvider: 'GCP workload identity provider',
  fieldGcsBucket: 'GCS bucket',
  fieldS3Bucket: 'S3 bucket',
  fieldS3Region: 'S3 region',
  fieldS3Sse: 'S3 server-side encryption',

  // Usage-analytics token section
  tokenTitle: 'Usage analytics token',
  tokenIntro: "A short-lived token for querying this account's usage and billing data.",
  tokenIssue: 'Issue token',
  tokenIssueNew: 'Issue a new token',
  tokenIssuing: 'Issuing…',
  tokenIssuingStatus: 'Issuing a token…',
  tokenApiUrl: 'API URL',
  tokenDeployment: 'Usage-analytics deployment',
  tokenExpires: 'Expires',
  tokenExpiresIn: (v: { timeLeft: string; date: string }) => `in ${v.timeLeft} (${v.date})`,
  tokenExpired: (v: { date: string }) => `Expired (${v.date})`,
  tokenExpiryUnknown: 'Not known: the platform did not say when this token expires.',
  tokenExpiredHint: 'Issue a new token to keep querying.',
  tokenValue: 'Token',
  tokenHidden: 'hidden',
  tokenShow: 'Show token',
  tokenCopy: 'Copy token',
  tokenCopied: 'Token copied to the clipboard.',
  tokenCopyRefused: 'Copying is not allowed here. Show the token and copy it by hand.',

  // Branch deletion section
  branchTitle: 'Delete a branch',
  branchName: 'Branch name',
  branchUpstream: 'Also delete on the git provider',
  branchDelete: 'Delete branch…',
  branchDeleting: 'Deleting…',
  branchDeletingStatus: 'Deleting the branch…',
  branchNameMissing: 'Enter the name of the branch to delete.',
  branchIsDeployBranch: (v: Branch) => `"${v.branch}" is the deploy branch of this deployment and cannot be deleted.`,
  branchDeleted: (v: Branch) => `Branch "${v.branch}" was deleted.`,
  branchDeletedUpstream: (v: Branch) => `Branch "${v.branch}" was deleted, also on the git provider.`,
  branchConfirmTitle: (v: Branch) => `Delete branch "${v.branch}"?`,
  branchConfirmUpstream: 'It will also be deleted on the connected git provider.',
  branchConfirmPlatformOnly: 'It is deleted from the platform only; the branch on your git provider is left alone.',
  branchConfirmConsequences: 'Its child branches move to its parent. This cannot be undone.',
  branchConfirm: 'Delete branch',

  // Failures: what was attempted, then why it failed
  operationGetDeploymentSettings: 'Loading the settings',
  operationUpdateDeploymentSettings: 'Saving the settings',
  operationIssueUsageAnalyticsToken: 'Issuing the token',
  operationGenerateSession: 'Creating the session',
  operationDeleteBranch: 'Deleting the branch',
  failed: (v: { action: string; reason: string }) => `${v.action} failed: ${v.reason}`,
  failedBadRequest: 'the platform rejected the request (400).',
  failedUnauthorized: 'the platform did not accept the credentials (401). Check the API key or token.',
  failedForbidden: 'these credentials are not allowed to do this (403).',
  failedNotFound: 'the platform could not find it (404).',
  failedConflict: 'it conflicts with a change made elsewhere (409). Try again.',
  failedRateLimited: 'too many requests (429). Wait a moment and try again.',
  failedServerError: (v: { status: string }) => `the platform had a problem (${v.status}). Try again later.`,
  failedTimeout: 'the platform did not answer in time.',
  failedNetwork: 'the platform could not be reached. Check the connection and the base URL.',
  failedInvalidResponse: 'the platform sent a response the panel cannot read.',
  failedInvalidArgument: 'the client refused the request before sending it.',
  failedAborted: (v: { action: string }) => `${v.action} was cancelled.`,
  failedUnknown: (v: { action: string }) => `${v.action} failed for an unexpected reason.`,
  errorDeploymentNotFound: (v: { id: string }) => `Deployment ${v.id} was not found, or these credentials cannot see it.`,
  errorSaveRejected: 'The platform rejected these changes. Check the highlighted values and try again.',
  errorSaveConflict: 'The settings were changed elsewhere at the same time. Your edits are kept; save again to apply them.',
  errorAnalyticsDisabled: 'Usage analytics is not enabled for this account.',
  errorTokenForbidden: 'Issuing a usage-analytics token requires the admin role.',
  errorDeployBranchRefused: (v: Branch) =>
    `The platform refused to delete "${v.branch}": it is the deploy branch, which cannot be deleted.`,
  errorBranchNotFound: (v: Branch) => `No branch named "${v.branch}" exists in this deployment.`,
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
