/**
 * Svelte 5 hosting both elements: docs/hosts/svelte/PlatformHost.svelte inside
 * test/frameworks/svelte/Harness.svelte (state in runes), compiled by the test
 * server with svelte/compiler.
 */
import { expect } from '@open-wc/testing';
import { flushSync, mount as svelteMount, unmount, type Component } from 'svelte';
import {
  attributesOf,
  checkBoundHost,
  EventLog,
  initialState,
  itBindsWhenDefinedFirst,
  type HostHandle,
  type HostState,
} from './scenario.js';

// A path in a variable: the repository type check cannot read .svelte files;
// svelte-check checks the snippet in test/types.
const harness = '/test/frameworks/svelte/Harness.svelte';

interface HarnessExports {
  update(change: Partial<HostState>): void;
}

async function mount(state: HostState, log: EventLog): Promise<HostHandle> {
  const Harness = ((await import(harness)) as { default: Component<Record<string, unknown>, HarnessExports> }).default;
  const container = document.createElement('div');
  document.body.append(container);
  const instance = svelteMount(Harness, { target: container, props: { initial: state, onPlatformEvent: log.report } });
  flushSync();
  return {
    embed: () => container.querySelector('platform-embed'),
    admin: () => container.querySelector('platform-admin-panel'),
    async update(change) {
      instance.update(change);
      flushSync();
    },
    unmount() {
      void unmount(instance);
      container.remove();
    },
  };
}

describe('Svelte 5 host', () => {
  // Runs first: the elements are not defined until this test imports them.
  it('works when the elements are defined after the first render, once the function is set again', async () => {
    expect(customElements.get('platform-embed')).to.equal(undefined);
    const log = new EventLog();
    const state = initialState();
    const handle = await mount(state, log);
    try {
      // Svelte 5 on an undefined element: objects become properties (its
      // "object → property" rule), but a function is written as an attribute.
      const early = handle.embed()!;
      const attrs = attributesOf(early);
      expect(attrs).not.to.have.any.keys('theme', 'filters');
      expect(Object.prototype.hasOwnProperty.call(early, 'theme')).to.equal(true);
      expect(attrs).to.have.property('sessionprovider');
      expect(Object.prototype.hasOwnProperty.call(handle.admin()!, 'client')).to.equal(true);

      await import('../../src/define.js');
      // Once defined, Svelte uses the element's setter: a new provider is a property.
      const sessionProvider = async () => 'fw-fixture-session-late';
      await handle.update({ sessionProvider });
      await checkBoundHost(handle, { ...state, sessionProvider }, log);
    } finally {
      handle.unmount();
    }
  });

  itBindsWhenDefinedFirst(mount);
});
