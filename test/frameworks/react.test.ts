/**
 * React 19 hosting both elements as native JSX custom elements
 * (docs/hosts/react/NativeHost.tsx, no wrapper components), with
 * react-dom/client from the pre-bundle in scripts/wtr-framework-plugins.mjs.
 */
import { expect } from '@open-wc/testing';
import * as React from 'react';
import type { FunctionComponent } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import {
  attributesOf,
  checkBoundHost,
  EventLog,
  initialState,
  itBindsWhenDefinedFirst,
  type HostHandle,
  type HostState,
} from './scenario.js';
import { until } from './helpers.js';
import { mountReact } from './react-components.js';

// A path in a variable: the .tsx snippet is compiled by the test server, and
// the repository type check (no JSX) does not follow it; test/types checks it.
const snippet = '/docs/hosts/react/NativeHost.tsx';

async function mount(state: HostState, log: EventLog): Promise<HostHandle> {
  const { NativeHost } = (await import(snippet)) as { NativeHost: FunctionComponent<Record<string, unknown>> };
  return mountReact({ React, createRoot, flushSync }, NativeHost, state, { onPlatformEvent: log.report });
}

describe('React 19 host, native custom elements', () => {
  // Runs first: the elements are not defined until this test imports them.
  it('recovers when the elements are defined after the first render, once React sets the properties again', async () => {
    expect(customElements.get('platform-embed')).to.equal(undefined);
    const log = new EventLog();
    const state = initialState();
    const handle = await mount(state, log);
    try {
      // What React 19 does with an undefined custom element: `key in element`
      // is false, so objects become "[object Object]" attributes and functions
      // are dropped; kebab-case attributes are set as given.
      const before = attributesOf(handle.embed()!);
      expect(before['theme']).to.equal('[object Object]');
      expect(before['filters']).to.equal('[object Object]');
      expect(before).not.to.have.property('sessionprovider');
      expect(before['base-url']).to.equal(state.baseUrl);
      expect(attributesOf(handle.admin()!)['client']).to.equal('[object Object]');

      await import('../../src/define.js');
      // The upgrade finds "[object Object]": invalid, reported, never sent.
      await until(
        () => log.details('platform-error').some((d) => (d as { name?: string }).name === 'ConfigError'),
        'a ConfigError for the "[object Object]" attribute',
      );
      expect(log.details('platform-error')[0]).to.include({ name: 'ConfigError', context: 'host' });

      // React sets properties on a defined element, but only for props that
      // changed: the host passes fresh objects (e.g. after whenDefined()).
      const fresh: Partial<HostState> = {
        theme: { ...state.theme },
        filters: { ...state.filters },
        sessionProvider: async () => 'fw-fixture-session-late',
        client: { ...state.client } as HostState['client'],
      };
      await handle.update(fresh);
      await checkBoundHost(handle, { ...state, ...fresh }, log, { staleObjectAttributes: true });
    } finally {
      handle.unmount();
    }
  });

  itBindsWhenDefinedFirst(mount);
});
