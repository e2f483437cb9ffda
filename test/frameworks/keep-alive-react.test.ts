/**
 * Keeping a dashboard warm in React 19: `<Activity mode="hidden">` keeps the
 * element in the document (hidden with display: none), so the embed stays
 * alive; rendering it conditionally unmounts it, and showing it again loads
 * it anew with a fresh session. The recipe of the README's "Keeping a
 * dashboard alive across tabs and routes".
 */
import { expect } from '@open-wc/testing';
import * as React from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import '../../src/embed.js';
import { tenantOrigin } from './helpers.js';
import { checkKeptAlive, checkReloads, LoadCounter } from './keep-alive.js';

const h = React.createElement;

/** The tab's content: a native custom element, a property for the provider (React 19). */
function Dashboard({ provider }: { provider: () => Promise<string> }) {
  return h('platform-embed', { 'base-url': tenantOrigin, dashboard: 'sales', sessionProvider: provider });
}

function mount(render: (shown: boolean) => React.ReactNode) {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  const show = (shown: boolean): void => flushSync(() => root.render(render(shown)));
  return {
    show,
    find: () => container.querySelector('platform-embed'),
    unmount() {
      root.unmount();
      container.remove();
    },
  };
}

describe('React 19: a dashboard kept warm across tabs', () => {
  it('<Activity mode="hidden">: no navigation, no session, still ready when shown again', async () => {
    const counter = new LoadCounter();
    const app = mount((shown) => h(React.Activity, { mode: shown ? 'visible' : 'hidden', children: h(Dashboard, { provider: counter.provider }) }));
    try {
      app.show(true);
      await checkKeptAlive(app.find, counter, () => app.show(false), () => app.show(true), (embed) => {
        expect(getComputedStyle(embed).display, 'hidden by Activity').to.equal('none');
      });
    } finally {
      app.unmount();
      counter.dispose();
    }
  });

  it('{shown && …} unmounts the element: showing it again is a new load with a fresh session', async () => {
    const counter = new LoadCounter();
    const app = mount((shown) => (shown ? h(Dashboard, { provider: counter.provider }) : null));
    try {
      app.show(true);
      await checkReloads(app.find, counter, () => app.show(false), () => app.show(true));
    } finally {
      app.unmount();
      counter.dispose();
    }
  });
});
