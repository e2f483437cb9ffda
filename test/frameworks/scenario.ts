/**
 * The checks every framework host must pass, written once. A framework test
 * mounts its host snippet (docs/hosts/<framework>/) through a `HostDriver`
 * and runs `checkBoundHost`: every attribute, object property and event of
 * both elements, through the framework's own bindings.
 */
import { expect } from '@open-wc/testing';
import type { PlatformAdminPanelElement, PlatformApiClient, PlatformEmbedElement } from '../../src/index.js';
import {
  ActionLog,
  adminSampleEvents,
  emitFromTenant,
  expectNoObjectAttributes,
  fakeClient,
  fixtureReady,
  fixtureSession,
  sampleEvents,
  sampleSettings,
  tenantOrigin,
  until,
  urlParam,
} from './helpers.js';
import { frameSrc } from '../navigation-spy.js';

/** What the host component receives from the test (its props / inputs). */
export interface HostState {
  baseUrl: string;
  dashboard: string;
  scheme: 'light' | 'dark' | 'auto';
  theme: { primaryColor?: string; borderRadius?: string; font?: string };
  filters: Record<string, unknown>;
  sessionProvider: () => Promise<string>;
  client: PlatformApiClient;
  deploymentId: number;
}

/** A mounted host: finds its elements and changes its state through the framework. */
export interface HostHandle {
  embed(): PlatformEmbedElement | null;
  admin(): PlatformAdminPanelElement | null;
  /** Applies `change` the framework's way and waits until it has rendered. */
  update(change: Partial<HostState>): Promise<void>;
  unmount(): void;
}

/** Every event a host reported, in order. */
export class EventLog {
  readonly entries: Array<{ name: string; detail: unknown }> = [];
  /** Pass to the host as its event callback. */
  readonly report = (name: string, detail: unknown): void => {
    this.entries.push({ name, detail });
  };
  /** The details reported under `name`. */
  details(name: string): unknown[] {
    return this.entries.filter((e) => e.name === name).map((e) => e.detail);
  }
}

/** A fresh host state; the provider hands out fixture sessions and counts calls. */
export function initialState(): HostState & { providerCalls: () => number } {
  let calls = 0;
  return {
    baseUrl: tenantOrigin,
    dashboard: 'sales',
    scheme: 'light',
    theme: { primaryColor: '#0055ff', borderRadius: '6px' },
    filters: { 'orders.status': 'shipped', 'orders.region': ['EU', 'US'] },
    sessionProvider: async () => {
      calls += 1;
      return `${fixtureSession}-${calls}`;
    },
    client: fakeClient(),
    deploymentId: 42,
    providerCalls: () => calls,
  };
}

const plain = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

/**
 * Runs the shared checks against a mounted host whose elements are defined
 * (or have just been upgraded). `state` is what the host was last given.
 */
export async function checkBoundHost(
  handle: HostHandle,
  state: HostState,
  log: EventLog,
  options: { staleObjectAttributes?: boolean } = {},
): Promise<void> {
  await until(() => handle.embed() !== null && handle.admin() !== null, 'both elements to render');
  const embed = handle.embed()!;
  const admin = handle.admin()!;
  const actions = new ActionLog(() => handle.embed());
  try {
    await until(() => log.details('platform-ready').length > 0, 'platform-ready through the framework handler');
    expect(log.details('platform-ready')[0]).to.deep.equal(fixtureReady);
    expect(embed.ready).to.equal(true);

    // Object and function properties arrive as the real values, never as attributes.
    expect(embed.sessionProvider).to.equal(state.sessionProvider);
    expect(plain(embed.theme)).to.deep.equal(state.theme);
    expect(plain(embed.filters)).to.deep.equal(state.filters);
    // A framework that wrote "[object Object]" before the upgrade leaves it
    // there; the property set afterwards is what the element uses.
    if (!options.staleObjectAttributes) {
      expectNoObjectAttributes(embed);
      expectNoObjectAttributes(admin);
    }
    expect(admin.client).to.equal(state.client);

    // Attributes and properties reached the embed URL.
    const src = new URL(frameSrc(embed.iframe)!);
    expect(src.origin).to.equal(tenantOrigin);
    expect(src.pathname).to.equal('/embed/dashboard/sales');
    expect(src.searchParams.get('session')).to.match(/^fw-fixture-session-/);
    expect(src.searchParams.get('timezone')).to.equal('Europe/Berlin');
    expect(src.searchParams.get('allowExport')).to.equal('true');
    expect(urlParam(embed, 'f_orders.status')).to.equal('"shipped"');
    expect(urlParam(embed, 'f_orders.region')).to.equal('["EU","US"]');
    expect(embed.iframe!.title).to.equal('Sales dashboard');

    // The state set before ready was applied after it.
    const firstTheme = await actions.waitFor('platform:action:set-theme');
    expect(firstTheme.payload).to.deep.equal(state.theme);
    expect(firstTheme).not.to.have.property('surface');
    await actions.waitFor('platform:action:set-color-scheme', (p) => p.scheme === state.scheme);
    await actions.waitFor('platform:action:set-locale', (p) => p.locale === 'en-US');

    // Changes made through the framework become actions.
    const nextScheme = state.scheme === 'dark' ? 'light' : 'dark';
    await handle.update({ scheme: nextScheme });
    await actions.waitFor('platform:action:set-color-scheme', (p) => p.scheme === nextScheme);
    // React and Svelte set `scheme` as a property once defined, Vue and Angular as an attribute.
    expect(embed.scheme).to.equal(nextScheme);

    const nextTheme = { primaryColor: '#ff3300', font: 'Inter' };
    await handle.update({ theme: nextTheme });
    const themed = await actions.waitFor('platform:action:set-theme', (p) => p.primaryColor === '#ff3300');
    expect(themed.payload).to.deep.equal(nextTheme);

    await handle.update({ filters: { 'orders.status': 'returned', 'orders.region': ['EU', 'US'] } });
    const filtered = await actions.waitFor('platform:action:set-filter', (p) => String(p.filterUrlParameter).includes('returned'));
    expect(filtered.payload).to.deep.equal({ filterUrlParameter: 'f_orders.status="returned"' });

    // Every embed event reaches its framework handler with the payload as detail.
    for (const sample of sampleEvents) {
      const before = log.details(sample.name).length;
      emitFromTenant(embed, sample.type, sample.payload);
      await until(() => log.details(sample.name).length > before, `${sample.name} through the framework handler`);
      expect(log.details(sample.name).at(-1), sample.name).to.deep.equal(sample.payload);
    }
    const generic = log.details('platform-event') as Array<{ type: string; surface: string; payload: unknown }>;
    expect(generic.map((d) => d.type)).to.include.members(['platform:event:ready', ...sampleEvents.map((s) => s.type)]);
    expect(generic.find((d) => d.type === 'platform:event:drilldown')).to.deep.include({
      surface: 'dashboard',
      payload: { member: 'orders.count', value: 12, widgetId: 'w1' },
    });

    // The admin panel: loaded through the injected client; every event binding works.
    await until(() => log.details('platform-settings-loaded').length > 0, 'platform-settings-loaded');
    expect(log.details('platform-settings-loaded')[0]).to.deep.equal(sampleSettings);
    for (const sample of adminSampleEvents) {
      admin.dispatchEvent(new CustomEvent(sample.name, { detail: sample.detail, bubbles: true, composed: true }));
      expect(log.details(sample.name).at(-1), sample.name).to.deep.equal(sample.detail);
    }
  } finally {
    actions.dispose();
  }
}

/** Records which attributes a framework left on a not-yet-defined element. */
export function attributesOf(el: Element): Record<string, string> {
  return Object.fromEntries(Array.from(el.attributes).map((a) => [a.name, a.value]));
}

export { tenantOrigin };

/** Mounts a framework's host snippet with `state`, reporting events to `log`. */
export type MountHost = (state: HostState, log: EventLog) => Promise<HostHandle>;

/** The test every framework shares: the elements defined before the first render. */
export function itBindsWhenDefinedFirst(mount: MountHost): void {
  it('binds every attribute, property and event when the elements are defined first', async () => {
    await import('../../src/define.js');
    const log = new EventLog();
    const state = initialState();
    const handle = await mount(state, log);
    try {
      await checkBoundHost(handle, state, log);
      expect(state.providerCalls()).to.equal(1);
    } finally {
      handle.unmount();
    }
  });
}
