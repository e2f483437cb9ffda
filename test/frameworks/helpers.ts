/**
 * Shared pieces of the framework host tests: the tenant fixture on the second
 * origin, a log of the actions it reports, sample events and an injected API
 * client for the admin panel. Imports only types from the package, so a test
 * decides itself when the elements get defined.
 */
import { expect } from '@open-wc/testing';
import type { PlatformApiClient } from '../../src/index.js';
import type { DeploymentSettings } from '../../src/api/schemas.js';
import { frameSrc } from '../navigation-spy.js';

/** The tenant origin: same server, a real second origin. */
export const tenantOrigin = `http://127.0.0.1:${location.port}`;

/** Sessions starting with `fw-fixture` are answered by the tenant fixture page. */
export const fixtureSession = 'fw-fixture-session';

/** An action envelope as the fixture echoes it back. */
export interface ReportedAction {
  source: string;
  direction: string;
  type: string;
  payload: Record<string, unknown>;
  timestamp: number;
  surface?: unknown;
}

type FrameHost = HTMLElement & { readonly iframe?: HTMLIFrameElement | null };

/** Records the actions that reached the tenant fixture inside `find()`'s iframe. */
export class ActionLog {
  readonly actions: ReportedAction[] = [];
  private readonly waiters = new Set<() => void>();

  constructor(private readonly find: () => FrameHost | null) {
    window.addEventListener('message', this.onMessage);
  }

  private readonly onMessage = (event: MessageEvent): void => {
    const frame = this.find()?.iframe;
    if (event.origin !== tenantOrigin || !frame || event.source !== frame.contentWindow) return;
    const data = event.data as { fixtureReport?: string; data?: ReportedAction } | null;
    if (data?.fixtureReport !== 'action' || !data.data) return;
    this.actions.push(data.data);
    for (const wake of [...this.waiters]) wake();
  };

  /** The first recorded action (past or future) of `type` matching `test`. */
  waitFor(type: string, test: (payload: Record<string, unknown>) => boolean = () => true): Promise<ReportedAction> {
    return new Promise((resolve) => {
      const check = (): boolean => {
        const hit = this.actions.find((a) => a.type === type && test(a.payload));
        if (hit) {
          this.waiters.delete(check);
          resolve(hit);
        }
        return Boolean(hit);
      };
      if (!check()) this.waiters.add(check);
    });
  }

  /** Stops listening. */
  dispose(): void {
    window.removeEventListener('message', this.onMessage);
  }
}

/** Asks the tenant fixture to send the embed event `type` with `payload`. */
export function emitFromTenant(el: FrameHost, type: string, payload: Record<string, unknown>): void {
  const win = el.iframe?.contentWindow;
  if (!win) throw new Error('the embed has no iframe yet');
  win.postMessage({ fixtureControl: 'emit', type, payload }, tenantOrigin);
}

/** One sample of every embed event after ready, with its DOM event name. */
export const sampleEvents: ReadonlyArray<{ name: string; type: string; payload: Record<string, unknown> }> = [
  { name: 'platform-view', type: 'platform:event:view', payload: { surface: 'dashboard', path: '/embed/dashboard/sales', title: 'Sales' } },
  { name: 'platform-navigate', type: 'platform:event:navigate', payload: { path: '/embed/d/42/app', previousPath: '/embed/dashboard/sales' } },
  { name: 'platform-dashboard-loaded', type: 'platform:event:dashboard-loaded', payload: { publicId: 'sales', widgetCount: 3 } },
  { name: 'platform-download', type: 'platform:event:download', payload: { format: 'csv', target: 'widget', widgetId: 'w1', rowCount: 10 } },
  { name: 'platform-drilldown', type: 'platform:event:drilldown', payload: { member: 'orders.count', value: 12, widgetId: 'w1' } },
  { name: 'platform-ai-query', type: 'platform:event:ai-query', payload: { query: 'top customers', status: 'completed', chatId: 'c1' } },
  { name: 'platform-error', type: 'platform:event:error', payload: { message: 'Query failed', name: 'QueryError', context: 'widget', fatal: false } },
];

/** The ready payload the fixture sends. */
export const fixtureReady = { embedTenant: 'acme', deploymentId: 42, mode: 'signed', surface: 'dashboard' };

/** Settings the injected client returns. */
export const sampleSettings: DeploymentSettings = {
  id: 42,
  name: 'Analytics',
  template: 'single',
  cloudProvider: 'platformcloud',
  creationStep: 'ready',
  deploymentUrl: 'https://acme.platform.example',
  releaseChannel: 'latest',
  deployBranchName: 'main',
  deployBranchReadOnly: false,
  deployBranchMergeAllowed: true,
  deployProjectRoot: '/',
  isPlatformSqlEnabled: true,
  isSupportPreAggregations: true,
};

/** A stand-in API client with the four methods of `PlatformApiClient`. */
export function fakeClient(): PlatformApiClient {
  const client = {
    getDeploymentSettings: async () => ({ ...sampleSettings }),
    updateDeploymentSettings: async (_id: number, settings: Partial<DeploymentSettings>) => ({ ...sampleSettings, ...settings }),
    issueUsageAnalyticsToken: async () => ({
      apiUrl: 'https://usage.platform.example',
      deploymentId: 7,
      token: 'not-a-real-token',
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    }),
    deleteBranch: async () => ({ success: true }),
  };
  return client as unknown as PlatformApiClient;
}

/** Admin panel events the tests dispatch to check each host binding, with their details. */
export const adminSampleEvents: ReadonlyArray<{ name: string; detail: unknown }> = [
  { name: 'platform-settings-saved', detail: { ...sampleSettings, name: 'Renamed' } },
  { name: 'platform-token-issued', detail: { apiUrl: 'https://usage.platform.example', deploymentId: 7, token: 'x', expiresAt: '2030-01-01T00:00:00Z' } },
  { name: 'platform-branch-deleted', detail: { deploymentId: 42, branchName: 'feature/a', removeOnUpstream: false } },
  { name: 'platform-api-error', detail: { operation: 'deleteBranch', status: 404, code: 'not-found', message: 'Branch not found' } },
];

/** Resolves once `check()` is true, re-checking after each macrotask. */
export async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 1000; i += 1) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`gave up waiting for ${what}`);
}

/** No attribute of `el` carries a stringified object. */
export function expectNoObjectAttributes(el: Element): void {
  for (const attr of Array.from(el.attributes)) {
    expect(attr.value, `attribute ${attr.name}`).not.to.equal('[object Object]');
  }
}

/** A filter value as it appears in the iframe URL. */
export function urlParam(el: FrameHost, name: string): string | null {
  const src = frameSrc(el.iframe);
  return src ? new URL(src).searchParams.get(name) : null;
}
