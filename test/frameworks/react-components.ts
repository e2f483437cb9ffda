/**
 * The React components of `platform-embed/react` (docs/hosts/react/PlatformHost.tsx)
 * under one React version, through the shared host scenario: camelCase props,
 * objects and functions as properties, state changes as actions, every event
 * through its `on…` prop, `ref`, and elements defined after the first render.
 * Each version's test file runs in its own page with its own React.
 */
import { expect } from '@open-wc/testing';
import type { FunctionComponent, RefObject } from 'react';
import type { PlatformEmbedElement } from '../../src/index.js';
import { checkBoundHost, EventLog, initialState, type HostHandle, type HostState } from './scenario.js';
import { fixtureReady, fixtureSession, until } from './helpers.js';

/** What a test file brings: its React, react-dom and the snippet compiled against them. */
export interface ReactRuntime {
  React: typeof import('react');
  createRoot: typeof import('react-dom/client').createRoot;
  flushSync: typeof import('react-dom').flushSync;
  /** Imports docs/hosts/react/PlatformHost.tsx (and so the components) for this React. */
  importSnippet(): Promise<{ PlatformHost: FunctionComponent<Record<string, unknown>> }>;
}

/** Renders `Host` with `state` (and `extra` props) into a new container; `update` re-renders synchronously. */
export function mountReact(
  runtime: Pick<ReactRuntime, 'React' | 'createRoot' | 'flushSync'>,
  Host: FunctionComponent<Record<string, unknown>>,
  state: HostState,
  extra: Record<string, unknown>,
): HostHandle {
  const container = document.createElement('div');
  document.body.append(container);
  const root = runtime.createRoot(container);
  let current = state;
  const render = (): void => runtime.flushSync(() => root.render(runtime.React.createElement(Host, { ...current, ...extra })));
  render();
  return {
    embed: () => container.querySelector('platform-embed'),
    admin: () => container.querySelector('platform-admin-panel'),
    async update(change) {
      current = { ...current, ...change };
      render();
    },
    unmount() {
      root.unmount();
      container.remove();
    },
  };
}

/** Holds back the definition of both elements until `release()`, as a page that loads them late does. */
function deferDefinitions() {
  const registry = window.customElements;
  const define = registry.define.bind(registry);
  const held: Array<[string, CustomElementConstructor]> = [];
  registry.define = (name: string, ctor: CustomElementConstructor) => {
    if (name.startsWith('platform-')) held.push([name, ctor]);
    else define(name, ctor);
  };
  return {
    release() {
      registry.define = define;
      for (const [name, ctor] of held) define(name, ctor);
    },
  };
}

export function describeReactComponents(version: 18 | 19, load: () => Promise<ReactRuntime>): void {
  let runtime: ReactRuntime;
  let React: ReactRuntime['React'];
  before(async () => {
    runtime = await load();
    React = runtime.React;
  });

  async function mount(state: HostState, log: EventLog, ref: RefObject<PlatformEmbedElement | null>): Promise<HostHandle> {
    const { PlatformHost } = await runtime.importSnippet();
    return mountReact(runtime, PlatformHost, state, { onPlatformEvent: log.report, embedRef: ref });
  }

  describe(`React ${version}: PlatformEmbed and PlatformAdminPanel`, () => {
    it(`runs on React ${version}`, () => {
      expect(React.version.split('.')[0]).to.equal(String(version));
    });

    // Runs first: nothing is defined yet in this page.
    it('works when the elements are defined after the first render', async () => {
      expect(customElements.get('platform-embed')).to.equal(undefined);
      const deferred = deferDefinitions();
      const log = new EventLog();
      const state = initialState();
      const ref = React.createRef<PlatformEmbedElement>();
      const handle = await mount(state, log, ref);
      try {
        expect(customElements.get('platform-embed')).to.equal(undefined);
        // Objects and functions went in as properties, never as "[object Object]" attributes.
        expect(handle.embed()!.hasAttribute('theme')).to.equal(false);
        expect(handle.embed()!.getAttribute('sessionprovider')).to.equal(null);
        deferred.release();
        await checkBoundHost(handle, state, log);
        expect(state.providerCalls()).to.equal(1);
      } finally {
        handle.unmount();
      }
    });

    it('binds every prop and event when defined first; ref is the element', async () => {
      expect(customElements.get('platform-embed')).to.be.a('function');
      const log = new EventLog();
      const state = initialState();
      const ref = React.createRef<PlatformEmbedElement>();
      const handle = await mount(state, log, ref);
      try {
        await checkBoundHost(handle, state, log);
        expect(ref.current).to.equal(handle.embed());
        expect(ref.current).to.be.instanceOf(customElements.get('platform-embed')!);
        expect(await ref.current!.whenReady()).to.deep.include(fixtureReady);
        // debug={false} is the boolean false, not a "false" attribute that would switch it on.
        expect(ref.current!.debug).to.equal(false);
        expect(ref.current!.hasAttribute('debug')).to.equal(false);
      } finally {
        handle.unmount();
      }
    });

    it('an inline sessionProvider, new at each of 20 re-renders: one navigation, one provider call', async () => {
      const log = new EventLog();
      const state = initialState();
      const ref = React.createRef<PlatformEmbedElement>();
      const handle = await mount(state, log, ref);
      try {
        await until(() => log.details('platform-ready').length > 0, 'ready');
        const frame = ref.current!.iframe;
        let inline = 0;
        for (let i = 0; i < 20; i++) {
          // What `sessionProvider={() => fetch(…)}` in a parent's render gives the element each time.
          await handle.update({ sessionProvider: async () => `${fixtureSession}-inline-${++inline}`, scheme: i % 2 ? 'dark' : 'light' });
        }
        await new Promise((r) => setTimeout(r, 300));
        expect(ref.current!.iframe).to.equal(frame);
        expect(log.details('platform-ready').length).to.equal(1);
        expect(state.providerCalls()).to.equal(1);
        expect(inline).to.equal(0);
        // The newest provider serves the next load.
        ref.current!.reload();
        await until(() => log.details('platform-ready').length === 2, 'the reload\'s ready');
        expect(inline).to.equal(1);
        expect(state.providerCalls()).to.equal(1);
      } finally {
        handle.unmount();
      }
    });

    it('a re-render with the same props sends nothing again', async () => {
      const log = new EventLog();
      const state = initialState();
      const ref = React.createRef<PlatformEmbedElement>();
      const handle = await mount(state, log, ref);
      try {
        await until(() => log.details('platform-ready').length > 0, 'ready');
        const readies = log.details('platform-ready').length;
        await handle.update({});
        await handle.update({});
        expect(log.details('platform-ready').length).to.equal(readies);
        expect(state.providerCalls()).to.equal(1);
      } finally {
        handle.unmount();
      }
    });
  });
}
