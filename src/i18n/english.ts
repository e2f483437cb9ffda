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
  configInvalid: ({ reason }: { reason: string }) => `Invalid configuration: ${reason}.`,
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
  settingsChanges: ({ count }: { count: string }) => `Changes to save (${count})`,
  settingsSave: 'Save changes',
  settingsSaving: 'Saving…',
  settingsSavingStatus: 'Saving the changes…',
  settingsRevert: 'Revert',
  settingsSaved: 'Settings saved.',
  settingsNeedAttention: 'Some values need attention before saving.',
  settingsSaveInterrupted: 'The save was interrupted before the platform answered. Your edits are kept; save again.',
  settingsRequired: ({ label }: { label: string }) => `${label} is required.`,

  // List and key/value editors
  listNoEntries: 'No entries.',
  listEntry: ({ label, index }: { label: string; index: string }) => `${label}, entry ${index}`,
  listMoveUp: ({ index }: Index) => `Move entry ${index} up`,
  listMoveDown: ({ index }: Index) => `Move entry ${index} down`,
  listRemove: ({ index }: Index) => `Remove entry ${index}`,
  listAdd: 'Add entry',
  listEmptyValue: 'Enter a value or remove this row.',
  listDuplicate: ({ value }: { value: string }) => `"${value}" is listed twice.`,
  variablesNone: 'No variables.',
  variablesKey: ({ index }: Index) => `Key ${index}`,
  variablesValue: ({ index }: Index) => `Value ${index}`,
  variablesKeyPlaceholder: 'key',
  variablesValuePlaceholder: 'value',
  variablesRemove: ({ index }: Index) => `Remove variable ${index}`,
  variablesAdd: 'Add variable',
  variablesEmptyKey: 'Enter a key or remove this row.',
  variablesDuplicate: ({ key }: { key: string }) => `The key "${key}" is used twice.`,

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
  tokenExpiresIn: ({ timeLeft, date }: { timeLeft: string; date: string }) => `in ${timeLeft} (${date})`,
  tokenExpired: ({ date }: { date: string }) => `Expired (${date})`,
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
  branchIsDeployBranch: ({ branch }: Branch) => `"${branch}" is the deploy branch of this deployment and cannot be deleted.`,
  branchDeleted: ({ branch }: Branch) => `Branch "${branch}" was deleted.`,
  branchDeletedUpstream: ({ branch }: Branch) => `Branch "${branch}" was deleted, also on the git provider.`,
  branchConfirmTitle: ({ branch }: Branch) => `Delete branch "${branch}"?`,
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
  failed: ({ action, reason }: { action: string; reason: string }) => `${action} failed: ${reason}`,
  failedBadRequest: 'the platform rejected the request (400).',
  failedUnauthorized: 'the platform did not accept the credentials (401). Check the API key or token.',
  failedForbidden: 'these credentials are not allowed to do this (403).',
  failedNotFound: 'the platform could not find it (404).',
  failedConflict: 'it conflicts with a change made elsewhere (409). Try again.',
  failedRateLimited: 'too many requests (429). Wait a moment and try again.',
  failedServerError: ({ status }: { status: string }) => `the platform had a problem (${status}). Try again later.`,
  failedTimeout: 'the platform did not answer in time.',
  failedNetwork: 'the platform could not be reached. Check the connection and the base URL.',
  failedInvalidResponse: 'the platform sent a response the panel cannot read.',
  failedInvalidArgument: 'the client refused the request before sending it.',
  failedAborted: ({ action }: { action: string }) => `${action} was cancelled.`,
  failedUnknown: ({ action }: { action: string }) => `${action} failed for an unexpected reason.`,
  errorDeploymentNotFound: ({ id }: { id: string }) => `Deployment ${id} was not found, or these credentials cannot see it.`,
  errorSaveRejected: 'The platform rejected these changes. Check the highlighted values and try again.',
  errorSaveConflict: 'The settings were changed elsewhere at the same time. Your edits are kept; save again to apply them.',
  errorAnalyticsDisabled: 'Usage analytics is not enabled for this account.',
  errorTokenForbidden: 'Issuing a usage-analytics token requires the admin role.',
  errorDeployBranchRefused: ({ branch }: Branch) =>
    `The platform refused to delete "${branch}": it is the deploy branch, which cannot be deleted.`,
  errorBranchNotFound: ({ branch }: Branch) => `No branch named "${branch}" exists in this deployment.`,
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
