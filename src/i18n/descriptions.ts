/**
 * Context for translators: where each message of {@link PlatformMessages}
 * appears and what it means, one line per key (as `@lit/localize`'s `desc`),
 * and the values each function is called with. No runtime module imports
 * this file, so no bundle carries it; the tests read it (every key described,
 * every select case tried in every shipped language) and
 * `docs/translating.md` points translators to it.
 */
import { platformApiErrorCodes } from '../api/errors.js';
import type { PlatformApiOperation } from '../api/errors.js';
import { deploymentSettingsSchema } from '../api/schemas.js';
import type { MessageKey, PlatformMessages } from './english.js';

/** One line per key: where the text appears and what it means. */
export const messageDescriptions: { readonly [K in MessageKey]: string } = {
  embedLoading: 'Embed: shown over the embedded content while it loads. A short status, ends with an ellipsis.',
  embedFailed: 'Embed: alert when the embedded content failed to load and the platform gave no message.',
  embedFrameTitle: 'Embed: the accessible name of the embedded frame, read by screen readers when they reach the dashboard, app or chat inside. A short noun phrase, no final period.',

  configDeploymentId: 'Panel alert: the deployment-id attribute is not a positive whole number. deployment-id is an attribute name: keep it as is.',
  configInvalid:
    'Panel alert: a configuration value breaks a rule. A select on `problem`: URL (base-url is not an absolute URL), https (base-url is not https:, which only localhost may skip), credentials (base-url holds a user name or password), query (base-url holds ?… or #…), token (the token property is empty or holds a line break), tokenProvider (not a function), other (any other configuration error). base-url, token and tokenProvider are attribute and property names: keep them as is.',
  configMissingBaseUrl: 'Panel hint before anything loads: the base-url attribute (keep as is) must be set to the tenant URL.',
  configMissingToken: 'Panel hint: the token or tokenProvider property (keep as is) must be set to sign in.',
  configMissingDeployment: 'Panel hint: the deployment-id attribute (keep as is) must be set to choose which deployment to manage.',

  cancel: 'Button: stops a request in flight, or closes the delete confirmation without deleting.',
  retry: 'Button after a failed load of the settings: loads them again.',
  notSet:
    'A setting with no value: the first option of an optional select, a read-only value, a side of a change in the summary. It stands beside any field label, whatever its gender or number: use words that do not agree with a noun (French "aucune valeur", not "non défini"). Lowercase in English because it reads as a value.',
  yes: 'Read-only yes/no value (for example beside "Managed").',
  no: 'Read-only yes/no value (for example beside "Cold (suspended)").',
  on: 'A switch that is on, in the change summary ("SQL API enabled: off → on"). It follows any switch label: use a word that does not agree with the label (French "oui", Spanish "sí"; not "activé").',
  off: 'A switch that is off, in the change summary ("SQL API enabled: on → off"). A word that does not agree with the label, as for `on` (French "non").',
  empty: 'An empty text in the change summary: a required text left empty ("Name: Orders → (empty)"), a template variable with an empty value, a blank row of a list. Use a word that does not agree with a noun.',
  listNone: 'A list with no entries (for example "Launchpad tabs"), in the change summary ("Launchpad tabs: (none) → dashboards").',
  noKey: 'A template variable whose key is empty, named in the change summary.',
  variableAbsent: 'A template variable that did not exist before, on the left of its change summary line ("Template variables › region: (none) → eu"). Agrees with "variable".',
  variableRemoved: 'A template variable that was deleted, in the change summary ("Template variables › region: eu → (removed)"). Agrees with "variable".',

  settingsTitle: 'Heading of the settings section.',
  settingsUnsaved: 'Badge beside the settings heading while there are edits not saved yet.',
  settingsLoading: 'Status while the settings load.',
  settingsReadOnly: 'Heading of the list of values the platform sets itself and the panel only shows.',
  settingsNoChanges: 'Hint in the change summary when nothing was edited.',
  settingsChanges: 'Heading of the change summary. `count` is a number (1 or more): format it, and pick a plural form if the language needs one.',
  settingsChange:
    'One line of the change summary: a field, its saved value and its edited value. `label` is a field label (or a settingsPart), `from` and `to` are values or words such as notSet. Keep the arrow or use the one your language reads; French puts a no-break space before the colon.',
  settingsPart:
    'A part of a field in the change summary: a template variable of "Template variables", or a field of "Private storage" ("Private storage › S3 bucket"). `label` is the field label, `part` a variable key or a field label.',
  settingsSave: 'Primary button: saves the edited settings.',
  settingsSaving: 'The save button while the save is in flight.',
  settingsSavingStatus: 'Status line (read by screen readers) while the save is in flight.',
  settingsRevert: 'Button: throws away every unsaved edit and shows the saved values again. Not Undo (one step back) and not Redo: a discard of all edits.',
  settingsSaved: 'Status after a successful save.',
  settingsNeedAttention: 'Alert when Save was pressed while some edited values are invalid; the problems are listed below it.',
  settingsSaveInterrupted: 'Alert when the panel left the page (or changed deployment) during a save: the edits are kept and can be saved again.',
  settingsRequired: 'Field error: a required field is empty. `label` is the field label; quote it as your language quotes a name.',

  listNoEntries: 'Hint in an empty list editor (for example "Launchpad tabs").',
  listEntry: 'Hidden label (screen readers) of one row of a list editor. `label` is the list label, `index` the row number, from 1.',
  listMoveUp: 'Label of the ↑ button of a list row. `index` is the row number, from 1.',
  listMoveDown: 'Label of the ↓ button of a list row. `index` is the row number, from 1.',
  listRemove: 'Label of the ✕ button of a list row. `index` is the row number, from 1.',
  listAdd: 'Button below a list editor: adds an empty row.',
  listEmptyValue: 'Field error on an empty list row.',
  listDuplicate: 'Field error: a list has the same value twice. `value` is that value, as the user typed it.',
  variablesNone: 'Hint in the empty "Template variables" editor.',
  variablesKey: 'Hidden label of the key input of a template variable row. `index` is the row number, from 1.',
  variablesValue: 'Hidden label of the value input of a template variable row. `index` is the row number, from 1.',
  variablesKeyPlaceholder: 'Placeholder of the key input of a template variable row (lowercase, a hint).',
  variablesValuePlaceholder: 'Placeholder of the value input of a template variable row.',
  variablesRemove: 'Label of the ✕ button of a template variable row. `index` is the row number, from 1.',
  variablesAdd: 'Button below the template variables: adds an empty row.',
  variablesEmptyKey: 'Field error on a template variable with an empty key.',
  variablesDuplicate: 'Field error: two template variables have the same key. `key` is that key.',

  groupGeneral: 'Legend of the first group of settings (name, template, release channel, custom domain).',
  groupFlags: 'Legend of the group of on/off switches that turn platform features on.',
  groupDeploy: 'Legend of the group about how the deployment is deployed (deploy branch, deploy mode, repository). Not the word for the deployment itself, which names the whole settings screen.',
  groupLaunchpad: 'Legend of the Launchpad group. Launchpad is a product name.',
  groupStorage: 'Legend of the private storage group (the customer\'s own cloud bucket).',
  groupOther: 'Legend of the group of settings no other group names. Use the same word for "settings" as settingsTitle.',

  fieldId: 'Read-only value: the number of the deployment. Use the same word for ID as the other ID labels.',
  fieldName: 'Setting label: the name of the deployment.',
  fieldTemplate: 'Setting label: the kind of deployment (see valueTemplate).',
  fieldCloudProvider: 'Read-only value: the cloud the deployment runs in (see valueCloudProvider).',
  fieldCreationMethod: 'Read-only value: how the deployment was created (see valueCreationMethod).',
  fieldCreationStep: 'Read-only value: how far the creation of the deployment got (see valueCreationStep).',
  fieldDeploymentUrl: 'Read-only value: the address of the deployment.',
  fieldReleaseChannel: 'Setting label: which platform releases the deployment follows (see valueReleaseChannel).',
  fieldReleaseChannelVersion: 'Setting label: the platform version on that channel.',
  fieldReleaseChannelVersionHold: 'Switch label: when on, the deployment stays on its version instead of following the channel. A toggle label: an action the switch turns on.',
  fieldDeployBranchName: 'Setting label: the git branch that is deployed.',
  fieldDeployBranchReadOnly: 'Switch label: when on, nobody can push to the deploy branch.',
  fieldDeployBranchMergeAllowed: 'Switch label: when on, other branches may be merged into the deploy branch.',
  fieldDeployProjectRoot: 'Setting label: the folder of the repository that holds the project.',
  fieldDeployMode: 'Setting label: how new versions are deployed (see valueDeployMode).',
  fieldRepoType: 'Setting label: what kind of repository holds the project (see valueRepoType).',
  fieldIsPlatformSqlEnabled: 'Switch label: the SQL API of the deployment is on.',
  fieldIsSupportPreAggregations: 'Switch label: the deployment builds pre-aggregations (precomputed summary tables).',
  fieldIsCold: 'Read-only yes/no: the deployment is suspended to save resources.',
  fieldIsManaged: 'Read-only yes/no: the platform manages the deployment\'s infrastructure.',
  fieldAutoDomain: 'Read-only value: the domain the platform gave the deployment.',
  fieldCustomDomain: 'Setting label: the customer\'s own domain for the deployment.',
  fieldRegion: 'Read-only value: the cloud region. The value is a region code (aws-us-east-1), shown as it is.',
  fieldTargetPlatform: 'Read-only value: the processor architecture the deployment runs on (linux/amd64, shown as it is).',
  fieldPlatformImageCloud: 'Read-only value: the container registry the runtime image comes from (an address, shown as it is).',
  fieldPlatformImageVersion: 'Read-only value: the version of the runtime image.',
  fieldDefaultLaunchpadViewGroup: 'Setting label: the view group Launchpad opens on. Launchpad is a product name.',
  fieldLaunchpadTabs: 'List label: the tabs Launchpad shows, in order.',
  fieldTemplateVariables: 'Label of the key/value editor of variables passed to the template.',
  fieldCspsConfig: 'Name of the private storage sub-form (screen readers, change summary).',
  fieldEnabled: 'Switch label under the Private storage legend, which already names the storage: private storage is on. Also the part of a change summary line ("Private storage › Enabled: on → off").',
  fieldStorageProvider: 'Setting label: which storage service holds the private storage (a name the admin types, such as s3 or gcs).',
  fieldAwsRoleArn: 'Setting label: the ARN of the AWS role the platform assumes.',
  fieldAzureClientId: 'Setting label: the client ID of the Azure app registration. Use the same word for ID as fieldId.',
  fieldAzureContainer: 'Setting label: the Azure storage container.',
  fieldAzureStorageAccount: 'Setting label: the Azure storage account.',
  fieldAzureTenantId: 'Setting label: the Azure tenant (directory) ID.',
  fieldGcpServiceAccountEmail: 'Setting label: the email address of the GCP service account.',
  fieldGcpWorkloadIdentityProvider: 'Setting label: the GCP Workload Identity provider (Workload Identity is a Google product name).',
  fieldGcsBucket: 'Setting label: the Google Cloud Storage bucket.',
  fieldS3Bucket: 'Setting label: the Amazon S3 bucket.',
  fieldS3Region: 'Setting label: the region of the S3 bucket.',
  fieldS3Sse: 'Setting label: the server-side encryption setting of the S3 bucket.',

  valueTemplate: 'Options of "Template" (select and change summary): single (one instance), simpleCluster (a small cluster), multiCluster (several clusters).',
  valueCloudProvider: 'Read-only "Cloud provider": platformcloud (the platform\'s own cloud), aws, gcp. AWS and Google Cloud are product names.',
  valueCreationMethod: 'Read-only "Creation method": upload (files uploaded), platformcloud (made in the platform), github, ssh (connected repository).',
  valueCreationStep:
    'Read-only "Creation step", the step the creation wizard reached: project, upload, schema (the data model), github, ssh (connecting a repository), databases, ready (finished), demo (a demo deployment).',
  valueReleaseChannel: 'Options of "Release channel": latest (every new version, first) or release (stable versions only).',
  valueDeployMode: 'Options of "Deploy mode": git (deployed on push) or cli (deployed from the command line).',
  valueRepoType: 'Options of "Repository type": git (the customer\'s own git repository) or deployRepo (a repository the platform keeps for deploys).',

  tokenTitle: 'Heading of the usage analytics token section.',
  tokenIntro: 'Text under the token heading: what the token is for.',
  tokenIssue: 'Primary button: asks the platform for a token.',
  tokenIssueNew: 'The same button once a token was issued.',
  tokenIssuing: 'The issue button while the request is in flight.',
  tokenIssuingStatus: 'Status line (screen readers) while the token is being issued.',
  tokenApiUrl: 'Label of the address to send queries with the token to.',
  tokenDeployment: 'Label of the deployment the token queries.',
  tokenExpires: 'Label of the token\'s expiry, followed by tokenExpiresIn, tokenExpired or tokenExpiryUnknown.',
  tokenExpiresIn: 'Expiry of a live token, updated every second. `timeLeft` is a duration ("23 hr, 59 min") and `date` a date and time, both already formatted for your language.',
  tokenExpired: 'Expiry of a token that has expired, and what to do about it: issue a new token to go on querying. `date` is a formatted date and time.',
  tokenExpiryUnknown: 'Expiry when the platform did not say when the token expires, or said it in a form the panel cannot read.',
  tokenValue: 'Label of the token itself (hidden until shown).',
  tokenHidden: 'Text read by screen readers in place of the hidden token.',
  tokenShow: 'Button while the token is masked: shows it.',
  tokenHide: 'The same button while the token is shown: masks it again.',
  tokenCopy: 'Button: copies the token to the clipboard.',
  tokenCopied: 'Status after a copy.',
  tokenCopyRefused: 'Status when the browser refused the clipboard.',

  branchTitle: 'Heading of the branch deletion section. It sits above branchDelete, and the dialog\'s branchConfirm follows: three different texts read better than one repeated.',
  branchName: 'Label of the input for the name of the git branch to delete.',
  branchUpstream: 'Checkbox label: also delete the branch in the connected Git hosting service (GitHub, GitLab…).',
  branchDelete: 'Danger button: asks for confirmation before deleting (hence the ellipsis).',
  branchDeleting: 'The delete button while the deletion is in flight.',
  branchDeletingStatus: 'Status line (screen readers) while the branch is being deleted.',
  branchNameMissing: 'Field error: Delete was pressed with no branch name.',
  branchIsDeployBranch: 'Field error: the name is the deploy branch, which cannot be deleted. `branch` is the name typed.',
  branchDeleted: 'Status after a deletion on the platform only. `branch` is the branch name.',
  branchDeletedUpstream: 'Status after a deletion on the platform and the Git provider. `branch` is the branch name.',
  branchConfirmTitle: 'Title of the confirmation dialog. `branch` is the branch name.',
  branchConfirmUpstream:
    'Text of the confirmation dialog when the branch is also deleted on the Git provider: that, then that the branch\'s child branches are attached to its parent branch (the branch it was created from, not the main branch), then that this cannot be undone.',
  branchConfirmPlatformOnly:
    'Text of the confirmation dialog when the branch is deleted on the platform only: the branch on the Git provider stays; then, as in branchConfirmUpstream, what happens to child branches and that this cannot be undone.',
  branchConfirm: 'Danger button in the confirmation dialog: deletes the branch.',

  failed:
    'Alert when a request failed: a sentence for what failed (select on `operation`), then a sentence for why (select on `code`; aborted is a cancel, by the Cancel button or because the panel left the page). getDeploymentSettings loads the settings, updateDeploymentSettings saves them, issueUsageAnalyticsToken issues the token, deleteBranch deletes a branch. `status` is the HTTP status of a refused request (400, 422…) or of a server error (500, 503…). Join the two sentences as your language does (Japanese: no space).',
  errorDeploymentNotFound: 'Alert when the settings of a deployment could not be found. `id` is the deployment number, shown as it is (no digit grouping).',
  errorSaveRejected:
    'Alert when the platform refused the edited settings (it does not say which value): the user checks the lines of the change summary. Name that summary with the words of settingsChanges, without the count.',
  errorSaveConflict: 'Alert when someone else changed the settings during the save. The edits are kept.',
  errorAnalyticsDisabled: 'Alert: usage analytics is not enabled for the account, so no token can be issued.',
  errorTokenForbidden: 'Alert: only an administrator may issue a usage analytics token.',
  errorDeployBranchRefused: 'Alert: the platform refused (400) to delete the branch because it is the deploy branch. `branch` is the branch name: say that this branch is the deploy branch, not a general rule.',
  errorBranchNotFound: 'Alert: no branch has that name. `branch` is the branch name.',
};

type FunctionKey = { [K in MessageKey]: PlatformMessages[K] extends (values: never) => string ? K : never }[MessageKey];
type ValuesOf<K extends FunctionKey> = Parameters<PlatformMessages[K]>[0];

const operations: readonly Exclude<PlatformApiOperation, 'generateSession' | 'revokeSession'>[] = [
  'getDeploymentSettings',
  'updateDeploymentSettings',
  'issueUsageAnalyticsToken',
  'deleteBranch',
];
const enumOf = <K extends keyof typeof deploymentSettingsSchema>(key: K) =>
  (deploymentSettingsSchema[key] as { enum: readonly string[] }).enum as never;

/**
 * The values each function is tried with: per named value, every case of a
 * select, or a few samples (a text sample is its own name in angle brackets,
 * so a test can see where it lands). The tests call each function with every
 * combination, in every shipped language.
 */
export const messageValues: { readonly [K in FunctionKey]: { readonly [P in keyof ValuesOf<K>]: readonly ValuesOf<K>[P][] } } = {
  configInvalid: { problem: ['URL', 'https', 'credentials', 'query', 'token', 'tokenProvider', 'other'] },
  settingsChanges: { count: [1, 2, 5, 21, 1234] },
  settingsChange: { label: ['<label>'], from: ['<from>'], to: ['<to>'] },
  settingsPart: { label: ['<label>'], part: ['<part>'] },
  settingsRequired: { label: ['<label>'] },
  listEntry: { label: ['<label>'], index: [1, 2, 11] },
  listMoveUp: { index: [1, 2, 11] },
  listMoveDown: { index: [1, 2, 11] },
  listRemove: { index: [1, 2, 11] },
  listDuplicate: { value: ['<value>'] },
  variablesKey: { index: [1, 2, 11] },
  variablesValue: { index: [1, 2, 11] },
  variablesRemove: { index: [1, 2, 11] },
  variablesDuplicate: { key: ['<key>'] },
  valueTemplate: { value: enumOf('template') },
  valueCloudProvider: { value: enumOf('cloudProvider') },
  valueCreationMethod: { value: enumOf('creationMethod') },
  valueCreationStep: { value: enumOf('creationStep') },
  valueReleaseChannel: { value: enumOf('releaseChannel') },
  valueDeployMode: { value: enumOf('deployMode') },
  valueRepoType: { value: enumOf('repoType') },
  tokenExpiresIn: { timeLeft: ['<timeLeft>'], date: ['<date>'] },
  tokenExpired: { date: ['<date>'] },
  branchIsDeployBranch: { branch: ['<branch>'] },
  branchDeleted: { branch: ['<branch>'] },
  branchDeletedUpstream: { branch: ['<branch>'] },
  branchConfirmTitle: { branch: ['<branch>'] },
  failed: {
    operation: operations,
    code: [...platformApiErrorCodes, 'invalid-argument', 'unknown'],
    status: [422, 503],
  },
  errorDeploymentNotFound: { id: [4217] },
  errorDeployBranchRefused: { branch: ['<branch>'] },
  errorBranchNotFound: { branch: ['<branch>'] },
};

/** Every combination of the values a function is tried with. */
export function valueCombinations(key: FunctionKey): Record<string, unknown>[] {
  let out: Record<string, unknown>[] = [{}];
  for (const [name, samples] of Object.entries(messageValues[key] as Record<string, readonly unknown[]>)) {
    out = out.flatMap((partial) => samples.map((sample) => ({ ...partial, [name]: sample })));
  }
  return out;
}
