// In-memory data of the mock platform: two accounts, their API keys,
// deployments with settings and branch trees, plus what tests read back
// (recorded requests, branch deletions, upstream deletions). `reset()`
// re-seeds everything in place, so references to the state object stay valid.

/** API keys of the seed data. Fixed, so demos and our own tests can name them. */
export const apiKeys: Readonly<ApiKeys> = Object.freeze({
  /** Account Acme, administrator: every operation. */
  admin: 'mock-key-acme-admin-7f3c9a2e',
  /** Account Acme, non-admin member: everything but the usage-analytics token (403). */
  viewer: 'mock-key-acme-viewer-2b81de4c',
  /** Account Globex, administrator, usage analytics not enabled (token: 404). */
  noAnalytics: 'mock-key-globex-admin-5d02f4b1',
});

/** The three keys of the seed data, by role. */
export interface ApiKeys {
  admin: string;
  viewer: string;
  noAnalytics: string;
}

export type Settings = Record<string, unknown> & { id: number; deployBranchName: string };
export interface Branch {
  name: string;
  parent: string | null;
}
export interface Deployment {
  accountId: number;
  settings: Settings;
  branches: Map<string, Branch>;
}
export interface Account {
  id: number;
  name: string;
  usageAnalyticsDeploymentId: number | null;
}
export interface KeyRecord {
  name: keyof ApiKeys;
  accountId: number;
  role: 'admin' | 'member';
}
export interface BranchDeletion {
  deploymentId: number;
  branchName: string;
  removeOnUpstream: boolean;
}
/** One logged request; it records whether auth was sent, never the token. */
export interface RequestEntry {
  seq: number;
  method: string;
  path: string;
  query: Record<string, string>;
  operation: string | null;
  auth: boolean;
  key: string | null;
  origin: string | null;
  contentType: string | null;
  body?: unknown;
}
/** Groups and dashboard access a mock starts with (default: `seedGroups`, every dashboard open). */
export interface StateSeed {
  groups?: readonly string[];
  dashboardAccess?: Readonly<Record<string, readonly string[]>>;
}
/** A checked failure rule (see hooks.ts). */
export interface FailureRule {
  operation?: string;
  path?: string;
  method?: string;
  status?: number;
  body?: unknown;
  contentType?: string;
  retryAfter?: string | number;
  delayMs?: number;
  drop?: boolean;
  times: number | null;
}

const acme = 1;
const globex = 2;

/**
 * The groups each seed account holds: generate-session refuses any other, as
 * the platform does. They include WordPress's default roles, which the
 * WordPress plugin sends as groups.
 */
export const seedGroups: readonly string[] = Object.freeze([
  'administrator', 'editor', 'author', 'contributor', 'subscriber',
  'analysts', 'sales', 'operations', 'finance', 'marketing', 'public', 'wordpress',
]);

/** A version a deployment can run: the head of a release channel, or one the tenant ran before. */
export interface ReleaseVersion {
  releaseChannel: 'latest' | 'release';
  /** As `releaseChannelVersion` names it, e.g. `1.3.14`. */
  releaseChannelVersion: string;
  /** As the version picker shows it, e.g. `v1.3.14`. Either form may be written. */
  version: string;
}

/** The versions of each channel, newest first (the first is the channel's head). */
const seedVersions = (): ReleaseVersion[] =>
  [
    ['release', '1.3.14'],
    ['release', '1.3.13'],
    ['release', '1.3.10'],
    ['latest', '1.4.2'],
    ['latest', '1.4.1'],
  ].map(([releaseChannel, releaseChannelVersion]) => ({
    releaseChannel: releaseChannel as ReleaseVersion['releaseChannel'],
    releaseChannelVersion: releaseChannelVersion!,
    version: `v${releaseChannelVersion}`,
  }));

function cspsNulls(): Record<string, null> {
  return {
    awsRoleArn: null,
    azureClientId: null,
    azureContainer: null,
    azureStorageAccount: null,
    azureTenantId: null,
    gcpServiceAccountEmail: null,
    gcpWorkloadIdentityProvider: null,
    gcsBucket: null,
    s3Bucket: null,
    s3Region: null,
    s3Sse: null,
  };
}

/** Deployment 42: every DeploymentSettings field set, cspsConfig with all 13 fields. */
function ordersSettings(): Settings {
  return {
    id: 42,
    name: 'Orders analytics',
    template: 'simpleCluster',
    cloudProvider: 'aws',
    creationMethod: 'github',
    creationStep: 'ready',
    deploymentUrl: 'https://orders-analytics.acme.platform.example',
    releaseChannel: 'release',
    releaseChannelVersion: '1.3.14',
    releaseChannelVersionHold: false,
    deployBranchName: 'main',
    deployBranchReadOnly: true,
    deployBranchMergeAllowed: true,
    deployProjectRoot: '/analytics',
    deployMode: 'git',
    repoType: 'git',
    isPlatformSqlEnabled: true,
    isSupportPreAggregations: true,
    isCold: false,
    isManaged: true,
    autoDomain: 'orders-analytics.acme.platform.example',
    customDomain: 'analytics.acme.example',
    region: 'aws-us-east-1',
    targetPlatform: 'linux/amd64',
    platformImageCloud: 'registry.platform.example/runtime',
    platformImageVersion: '1.3.14',
    defaultLaunchpadViewGroup: 'Sales',
    launchpadTabs: ['dashboards', 'workbooks', 'chat'],
    templateVariables: { fiscalYearStartMonth: 2, currency: 'EUR', regions: ['emea', 'amer'] },
    cspsConfig: {
      enabled: true,
      storageProvider: 's3',
      ...cspsNulls(),
      awsRoleArn: 'arn:aws:iam::123456789012:role/platform-preaggregations',
      s3Bucket: 'acme-preaggregations',
      s3Region: 'eu-central-1',
      s3Sse: 'aws:kms',
    },
  };
}

/** Deployment 43: a young deployment, optional fields null. */
function sandboxSettings(): Settings {
  return {
    id: 43,
    name: 'Marketing sandbox',
    template: 'single',
    cloudProvider: 'platformcloud',
    creationMethod: 'upload',
    creationStep: 'databases',
    deploymentUrl: 'https://marketing-sandbox.acme.platform.example',
    releaseChannel: 'latest',
    releaseChannelVersion: null,
    releaseChannelVersionHold: null,
    deployBranchName: 'main',
    deployBranchReadOnly: false,
    deployBranchMergeAllowed: false,
    deployProjectRoot: '/',
    deployMode: 'cli',
    repoType: 'deployRepo',
    isPlatformSqlEnabled: false,
    isSupportPreAggregations: false,
    isCold: true,
    isManaged: false,
    autoDomain: null,
    customDomain: null,
    region: null,
    targetPlatform: null,
    platformImageCloud: null,
    platformImageVersion: null,
    defaultLaunchpadViewGroup: null,
    launchpadTabs: null,
    templateVariables: null,
    cspsConfig: null,
  };
}

/** Deployment 77 of the second account. */
function ledgerSettings(): Settings {
  return {
    ...sandboxSettings(),
    id: 77,
    name: 'Globex ledger',
    template: 'multiCluster',
    cloudProvider: 'gcp',
    creationMethod: 'ssh',
    creationStep: 'ready',
    deploymentUrl: 'https://ledger.globex.platform.example',
    deployBranchName: 'trunk',
    deployMode: 'git',
    repoType: 'git',
    region: 'gcp-europe-west3',
    cspsConfig: {
      enabled: false,
      storageProvider: 'gcs',
      ...cspsNulls(),
      gcpServiceAccountEmail: 'preagg@globex-ledger.iam.gserviceaccount.com',
      gcpWorkloadIdentityProvider: 'projects/1234/locations/global/workloadIdentityPools/platform/providers/ledger',
      gcsBucket: 'globex-preaggregations',
    },
  };
}

/** A branch tree from `[name, parent]` pairs. */
function tree(pairs: [string, string | null][]): Map<string, Branch> {
  return new Map(pairs.map(([name, parent]) => [name, { name, parent }]));
}

/**
 * The mock platform's data. Fields:
 * - `accounts`: Map id → `{ id, name, usageAnalyticsDeploymentId | null }`
 * - `keys`: Map API key → `{ name, accountId, role }` (`name` is admin/viewer/noAnalytics)
 * - `deployments`: Map id → `{ accountId, settings, branches: Map name → { name, parent } }`
 * - `deletedBranches`, `upstreamDeletions`: `{ deploymentId, branchName, removeOnUpstream }` in order
 * - `requests`: the request log; `failures`: pending injected failures
 * - `embed`: free space for the embed surfaces, emptied on reset
 * - `resetHooks`: functions called with the state after each reset (kept across resets)
 */
export class MockState {
  accounts!: Map<number, Account>;
  keys!: Map<string, KeyRecord>;
  deployments!: Map<number, Deployment>;
  deletedBranches!: BranchDeletion[];
  upstreamDeletions!: BranchDeletion[];
  requests!: RequestEntry[];
  requestSeq!: number;
  failures!: FailureRule[];
  embed!: Record<string, unknown>;
  /** Account id → the names of its groups. */
  groups!: Map<number, Set<string>>;
  /** Dashboard public id → the groups that may open it; a dashboard not listed is open to every session. */
  dashboardAccess!: Map<string, readonly string[]>;
  versions!: ReleaseVersion[];
  readonly resetHooks = new Set<(state: MockState) => void>();
  /** The keys this instance accepts: each mock may have its own admin key. */
  readonly apiKeys: Readonly<ApiKeys>;

  /** What `reset()` restores besides the fixed seed: the groups and dashboard access the mock was started with. */
  readonly seed: Readonly<StateSeed>;

  constructor(keys: Readonly<ApiKeys> = apiKeys, seed: StateSeed = {}) {
    this.apiKeys = keys;
    this.seed = seed;
    this.reset();
  }

  /** Whether a session with `groups` may open dashboard `publicId`. */
  mayOpen(publicId: string, groups: readonly string[]): boolean {
    const allowed = this.dashboardAccess.get(publicId);
    return !allowed || groups.some((group) => allowed.includes(group));
  }

  /** Re-seeds every collection in place. */
  reset(): void {
    const apiKeys = this.apiKeys;
    this.accounts = new Map<number, Account>([
      [acme, { id: acme, name: 'Acme', usageAnalyticsDeploymentId: 9001 }],
      [globex, { id: globex, name: 'Globex', usageAnalyticsDeploymentId: null }],
    ]);
    this.keys = new Map<string, KeyRecord>([
      [apiKeys.admin, { name: 'admin', accountId: acme, role: 'admin' }],
      [apiKeys.viewer, { name: 'viewer', accountId: acme, role: 'member' }],
      [apiKeys.noAnalytics, { name: 'noAnalytics', accountId: globex, role: 'admin' }],
    ]);
    this.deployments = new Map<number, Deployment>([
      [
        42,
        {
          accountId: acme,
          settings: ordersSettings(),
          branches: tree([
            ['main', null],
            ['feature/orders', 'main'],
            ['feature/orders/fix-totals', 'feature/orders'],
            ['release/2026-11', 'main'],
            ['release/2026-11/hotfix-vat', 'release/2026-11'],
          ]),
        },
      ],
      [43, { accountId: acme, settings: sandboxSettings(), branches: tree([['main', null], ['experiment/new-funnel', 'main']]) }],
      [77, { accountId: globex, settings: ledgerSettings(), branches: tree([['trunk', null], ['feature/ledger-close', 'trunk']]) }],
    ]);
    this.deletedBranches = [];
    this.upstreamDeletions = [];
    this.requests = [];
    this.requestSeq = 0;
    this.failures = [];
    this.embed = {};
    this.groups = new Map([acme, globex].map((id) => [id, new Set(this.seed.groups ?? seedGroups)]));
    this.dashboardAccess = new Map(Object.entries(this.seed.dashboardAccess ?? {}));
    this.versions = seedVersions();
    for (const hook of this.resetHooks) hook(this);
  }

  /** The key record for a bearer token, or undefined. */
  principal(token: string): KeyRecord | undefined {
    return this.keys.get(token);
  }

  /** The deployment `id` when it belongs to `accountId`; another account's is as unknown as a missing one. */
  deploymentOf(accountId: number, id: number): Deployment | undefined {
    const deployment = this.deployments.get(id);
    return deployment && deployment.accountId === accountId ? deployment : undefined;
  }

  /** A JSON view for `GET /__mock/state`. */
  snapshot(): Record<string, unknown> {
    return {
      accounts: [...this.accounts.values()],
      deployments: [...this.deployments.entries()].map(([id, d]) => ({
        id,
        accountId: d.accountId,
        settings: d.settings,
        branches: [...d.branches.values()],
      })),
      deletedBranches: this.deletedBranches,
      upstreamDeletions: this.upstreamDeletions,
    };
  }
}
