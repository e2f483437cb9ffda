/**
 * `keep-alive` in React 19 with React Router: the route the viewer leaves is
 * unmounted (its `<platform-embed>` removed); coming back mounts a new element,
 * which adopts the kept embed: no navigation and no session.
 */
import { expect } from '@open-wc/testing';
import * as React from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router';
import '../../src/embed.js';
import '../../src/keep-alive.js';
import type { PlatformEmbedElement } from '../../src/index.js';
import { tenantOrigin, until } from './helpers.js';
import { LoadCounter, readyEmbed, settle } from './keep-alive.js';

const h = React.createElement;
const Embed = customElements.get('platform-embed') as unknown as { discardKeptAlive(scope?: string): void };

describe('React Router: keep-alive across routes', () => {
  it('a route away and back adopts the kept embed: 0 navigations, 0 sessions', async () => {
    const counter = new LoadCounter();
    const Analytics = () => h('platform-embed', { 'keep-alive': 'viewer-1', 'base-url': tenantOrigin, dashboard: 'sales', sessionProvider: counter.provider });
    const router = createMemoryRouter(
      [
        { path: '/analytics', element: h(Analytics) },
        { path: '/settings', element: h('p', null, 'Settings') },
      ],
      { initialEntries: ['/analytics'] },
    );
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    flushSync(() => root.render(h(RouterProvider, { router })));
    const find = () => container.querySelector<PlatformEmbedElement>('platform-embed');
    try {
      const first = await readyEmbed(find);
      const iframe = first.iframe;
      await router.navigate('/settings');
      await until(() => !find(), 'the analytics route unmounted');
      await settle();
      await router.navigate('/analytics');
      await until(() => !!find(), 'the analytics route mounted again');
      const second = find()!;
      expect(second, 'a new element').to.not.equal(first);
      await until(() => second.ready, 'ready');
      expect(second.iframe, 'the same iframe').to.equal(iframe);
      await settle();
      expect([counter.navigations, counter.sessions], '[navigations, sessions]').to.deep.equal([1, 1]);
    } finally {
      root.unmount();
      container.remove();
      counter.dispose();
      Embed.discardKeptAlive();
    }
  });
});
