// `platform-embed/testing`: the mock platform for a host's own tests and
// offline development (Node ≥ 20). One call starts it; every wait it offers
// ends with a message that says what it waited for; `close()` leaves nothing
// open.
import { randomBytes } from 'node:crypto';
import type { EmbedAction, EmbedFailure, MockEmbed } from './types.js';
import { DASHBOARDS } from './embed/data.js';
import { checkRule, ruleKeys } from './hooks.js';
import { routes } from './api.js';
import { checkOptions } from './options.js';
import { startMockServer, type MockServer } from './server.js';

export type { EmbedAction, EmbedFailure, MockEmbed };

/** Options of {@link startMockPlatform}. */
export interface MockPlatformOptions {
  /** Port to listen on; default 0 (a free port). */
  port?: number;
  /** Interface to listen on; default `127.0.0.1`. */
  host?: string;
  /** The API key the mock accepts (an administrator's); default a random one. */
  apiKey?: string;
  /**
   * The groups that exist on the mock's tenant: generate-session refuses a
   * `groups` entry not listed, as the platform does. Default: WordPress's
   * roles and `analysts`, `sales`, `operations`, `finance`, `marketing`, `public`, `wordpress`.
   */
  groups?: readonly string[];
  /**
   * Per-dashboard access by groups: dashboard public id → the groups that may
   * open it. A session none of whose groups is listed gets no dashboard (the
   * embed reports the platform's fatal error). Dashboards not named are open
   * to every session; default: every dashboard open.
   */
  dashboardAccess?: Readonly<Record<string, readonly string[]>>;
}

/** One API request the mock received. */
export interface MockRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  /** The parsed JSON body of a write (`generateSession`, `updateDeploymentSettings`), else undefined. */
  body: unknown;
  /** Whether the request carried a key the mock accepts. */
  authorized: boolean;
}

/** A session generate-session created. */
export interface MockSession {
  sessionId: string;
  /** The `externalId` it was created for, or null for an `internalId`. */
  externalId: string | null;
  /** Whether an embed page has used it (sessions are single-use). */
  used: boolean;
}

/**
 * A failure rule: the next matching API request(s) fail. Name the request by
 * `operation` (`generateSession`, `getDeploymentSettings`,
 * `updateDeploymentSettings`, `deleteBranch`, `issueUsageAnalyticsToken`) or
 * by `path` (a prefix).
 */
export interface FailRule {
  operation?: string;
  path?: string;
  /** Only requests with this method. */
  method?: string;
  /** Answer with this status (with the platform's error body unless `body` is given). */
  status?: number;
  /** Answer with this body: an object is sent as JSON, a string as it is. */
  body?: unknown;
  contentType?: string;
  /** A `Retry-After` header, e.g. with status 429. */
  retryAfter?: string | number;
  /** Wait this long first; alone, the request then proceeds normally. */
  delayMs?: number;
  /** Cut the connection mid-answer. */
  drop?: boolean;
  /** How many requests it applies to; default 1, `null` for every one. */
  times?: number | null;
}

/** The running mock platform. */
export interface MockPlatform {
  /** Base URL for `base-url` and `new PlatformApiClient({ baseUrl })`, e.g. `http://127.0.0.1:41234`. */
  readonly url: string;
  /** The key its API accepts (`Authorization: Bearer <apiKey>`). */
  readonly apiKey: string;
  /** Public ids of its sample dashboards. */
  readonly dashboards: readonly string[];
  /** Ids of its sample deployments (settings, branches, usage-analytics token). */
  readonly deployments: readonly number[];
  /** Every API request so far, oldest first. */
  requests(): MockRequest[];
  /** Every session generated so far, oldest first. */
  sessions(): MockSession[];
  /** The next matching API request(s) fail as the rule says. Throws a TypeError for a malformed rule. */
  fail(rule: FailRule): void;
  /** The embed pages that have connected so far, oldest first. */
  embeds(): MockEmbed[];
  /** The next embed page to connect (one connected since the last call counts); rejects after `timeout` ms (default 5000). */
  nextEmbed(options?: { timeout?: number }): Promise<MockEmbed>;
  /**
   * Restricts dashboard `publicId` to sessions with one of `groups`, or opens
   * it to every session again with `null`. Applies to loads that start
   * afterwards. Throws a TypeError for malformed arguments.
   */
  setDashboardAccess(publicId: string, groups: readonly string[] | null): void;
  /** Stops listening and closes every connection; resolves when the port is free. */
  close(): Promise<void>;
}

const operations = ['generateSession', 'revokeSession', ...routes.map((r) => r.operation)];

const isNames = (value: unknown): value is readonly string[] =>
  Array.isArray(value) && value.every((name) => typeof name === 'string' && name !== '');

function checkStartOptions(options: MockPlatformOptions): void {
  checkOptions('startMockPlatform', options, ['port', 'host', 'apiKey', 'groups', 'dashboardAccess']);
  const { port, host, apiKey, groups, dashboardAccess } = options;
  if (groups !== undefined && !isNames(groups)) throw new TypeError('startMockPlatform: groups must be an array of non-empty strings.');
  if (dashboardAccess !== undefined && !(typeof dashboardAccess === 'object' && dashboardAccess !== null && Object.values(dashboardAccess).every(isNames))) {
    throw new TypeError('startMockPlatform: dashboardAccess must map dashboard ids to arrays of group names.');
  }
  if (port !== undefined && !(Number.isInteger(port) && port >= 0 && port <= 65535)) {
    throw new RangeError(`startMockPlatform: port must be an integer from 0 to 65535 (got ${String(port)}).`);
  }
  if (host !== undefined && (typeof host !== 'string' || !host)) throw new TypeError('startMockPlatform: host must be a non-empty string.');
  if (apiKey !== undefined && (typeof apiKey !== 'string' || !/^[\x21-\x7e]{8,200}$/.test(apiKey))) {
    throw new TypeError('startMockPlatform: apiKey must be 8 to 200 printable characters without spaces.');
  }
}

/** Checks a rule as {@link MockPlatform.fail} takes it; throws a TypeError naming what is wrong. */
function checkFailRule(rule: unknown) {
  if (typeof rule === 'object' && rule !== null && !Array.isArray(rule)) {
    const unknown = Object.keys(rule).filter((key) => !ruleKeys.has(key));
    if (unknown.length) throw new TypeError(`fail: unknown rule field${unknown.length > 1 ? 's' : ''} ${unknown.map((k) => `"${k}"`).join(', ')}.`);
    const { operation } = rule as FailRule;
    if (typeof operation === 'string' && !operations.includes(operation)) {
      throw new TypeError(`fail: unknown operation "${operation}" (one of ${operations.join(', ')}).`);
    }
  }
  const checked = checkRule(rule);
  if (checked.error !== undefined) throw new TypeError(`fail: ${checked.error}.`);
  return checked.rule;
}

/** The kit's view of a running server. */
function platformOf(server: MockServer, apiKey: string): MockPlatform {
  const { state, registry } = server;
  // The key's account: its deployments are the ones the key can reach.
  const account = state.principal(apiKey)?.accountId;
  return {
    url: server.url,
    apiKey,
    dashboards: Object.freeze(Object.keys(DASHBOARDS)),
    deployments: Object.freeze([...state.deployments.entries()].filter(([, d]) => d.accountId === account).map(([id]) => id)),
    requests: () =>
      state.requests
        .filter((r) => r.operation !== null || !(r.path.startsWith('/embed/') || r.path.startsWith('/mock-embed/')))
        .map((r) => ({
          method: r.method,
          path: r.path,
          query: { ...r.query },
          body: r.body === undefined ? undefined : structuredClone(r.body),
          authorized: r.key !== null,
        })),
    sessions: () =>
      state.generated.map(({ sessionId, record: s }) => ({ sessionId, externalId: s.external ? s.viewer : null, used: s.used })),
    fail(rule) {
      state.failures.push(checkFailRule(rule));
    },
    setDashboardAccess(publicId, groups) {
      if (typeof publicId !== 'string' || publicId === '') throw new TypeError('setDashboardAccess: publicId must be a non-empty string.');
      if (groups === null) state.dashboardAccess.delete(publicId);
      else if (isNames(groups)) state.dashboardAccess.set(publicId, [...groups]);
      else throw new TypeError('setDashboardAccess: groups must be an array of non-empty strings, or null.');
    },
    embeds: () => registry.embeds(),
    nextEmbed: (options) => registry.nextEmbed(options),
    close: () => server.close(),
  };
}

/**
 * Starts the mock platform: its HTTP API (generate-session and the
 * management operations, with the platform's error bodies), its embed pages
 * (dashboards, apps, chat) and their control channel.
 *
 * @example
 *   const platform = await startMockPlatform();
 *   // … <platform-embed base-url={platform.url}> …
 *   const embed = await platform.nextEmbed();
 *   await embed.send('drilldown', { widgetId: 'kpi-revenue', member: 'orders.region', value: 'EMEA' });
 *   await platform.close();
 */
export async function startMockPlatform(options: MockPlatformOptions = {}): Promise<MockPlatform> {
  checkStartOptions(options);
  const apiKey = options.apiKey ?? `mock_${randomBytes(18).toString('base64url')}`;
  // The seed's other keys (a non-admin, another account) get random values: only `apiKey` is known to the test.
  const random = () => `mock_${randomBytes(18).toString('base64url')}`;
  const keys = { admin: apiKey, viewer: random(), noAnalytics: random() };
  const { groups, dashboardAccess } = options;
  const server = await startMockServer({ port: options.port ?? 0, host: options.host ?? '127.0.0.1', keys, seed: { groups, dashboardAccess } });
  return platformOf(server, apiKey);
}
