/**
 * Browser-side access to the mock platform that the test runner's
 * `mock-platform` plugin starts: its address and keys, and its mock-only
 * `/__mock/` hooks (reset, injected failures, the request log, the data).
 */

/** What the plugin's virtual module `/__mock-platform.js` exports. */
export interface MockPlatform {
  /** Base URL of the mock platform, e.g. `http://127.0.0.1:41234`. */
  mockUrl: string;
  /** Account Acme, administrator. */
  adminKey: string;
  /** Account Acme, non-admin. */
  viewerKey: string;
  /** Account Globex, administrator, usage analytics not enabled. */
  noAnalyticsKey: string;
  /** A loopback URL where nothing listens (connection refused). */
  closedUrl: string;
}

/** A failure the mock injects into the next matching request(s). */
export interface MockFailure {
  /** Client operation name, e.g. `getDeploymentSettings`. */
  operation?: string;
  /** Path prefix, e.g. `/build/`. */
  path?: string;
  method?: string;
  status?: number;
  /** A string is sent as is; anything else as JSON. */
  body?: unknown;
  contentType?: string;
  retryAfter?: number | string;
  delayMs?: number;
  drop?: boolean;
  /** Default 1; `null` for every matching request. */
  times?: number | null;
}

/** One entry of the mock's request log. */
export interface MockRequest {
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

// A variable specifier: the module exists only on the test server, not on disk.
const modulePath: string = '/__mock-platform.js';
let loaded: Promise<MockPlatform> | undefined;

/** The running mock platform's address and keys. */
export function mockPlatform(): Promise<MockPlatform> {
  loaded ??= import(/* @vite-ignore */ modulePath) as Promise<MockPlatform>;
  return loaded;
}

async function hook(method: string, path: string, body?: unknown): Promise<unknown> {
  const { mockUrl } = await mockPlatform();
  const init: RequestInit = { method };
  if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers = { 'Content-Type': 'application/json' };
  }
  const res = await fetch(`${mockUrl}/__mock/${path}`, init);
  if (!res.ok) throw new Error(`mock hook ${method} ${path} answered ${res.status}: ${await res.text()}`);
  return res.json();
}

/** Restores the seed data and clears injected failures and the request log. */
export async function mockReset(): Promise<void> {
  await hook('POST', 'reset');
}

/** Injects failures into the next matching requests. */
export async function mockFail(...rules: MockFailure[]): Promise<void> {
  await hook('POST', 'fail', rules);
}

/** The requests the mock received since the last reset (hooks and preflights excluded). */
export async function mockRequests(): Promise<MockRequest[]> {
  return ((await hook('GET', 'requests')) as { requests: MockRequest[] }).requests;
}

/** The mock's data: deployments with settings and branches, deletions. */
export async function mockState(): Promise<{
  deployments: { id: number; settings: Record<string, unknown>; branches: { name: string; parent: string | null }[] }[];
  deletedBranches: { deploymentId: number; branchName: string; removeOnUpstream: boolean }[];
  upstreamDeletions: { deploymentId: number; branchName: string; removeOnUpstream: boolean }[];
}> {
  return (await hook('GET', 'state')) as Awaited<ReturnType<typeof mockState>>;
}

/** Resolves once the mock has received `count` requests (for aborting mid-flight). */
export async function untilRequests(count: number): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if ((await mockRequests()).length >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`the mock never received ${count} request(s)`);
}
