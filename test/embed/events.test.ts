import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import type { PlatformEmbedElement } from '../../src/embed/platform-embed.js';
import { BASE, TENANT, THIRD, envelope, eventsFor, postFromFrame, readyEmbed, spyConsole, signed } from './helpers.js';

/**
 * Resolves when a frame on `origin` posts `{ done: true }`. The router's
 * listener was added before this one, so every earlier message from that
 * frame has been routed by then.
 */
function doneFrom(origin: string): Promise<void> {
  return new Promise((resolve) => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== origin || !event.data?.done) return;
      window.removeEventListener('message', onMessage);
      resolve();
    };
    window.addEventListener('message', onMessage);
  });
}

const sendParam = (messages: unknown[]) => encodeURIComponent(JSON.stringify([...messages, { done: true }]));

/** A plain iframe (not an embed) on `origin` posting `messages` to the page on load. */
async function hostileFrame(origin: string, messages: unknown[]): Promise<void> {
  const frame = document.createElement('iframe');
  frame.title = 'hostile';
  const done = doneFrom(origin);
  frame.src = `${origin}/test/fixtures/embed.html?noready&send=${sendParam(messages)}`;
  document.body.append(frame);
  await done;
  frame.remove();
}

describe('<platform-embed> events', () => {
  it('dispatches platform-ready and platform-event for ready, with only the spec fields', async () => {
    const el = document.createElement('platform-embed');
    Object.assign(el, signed({ baseUrl: BASE, dashboard: 'demo' }));
    const ready = oneEvent(el, 'platform-ready');
    const any = oneEvent(el, 'platform-event');
    await fixture(html`<div>${el}</div>`);
    const [specific, generic] = await Promise.all([ready, any]);
    const payload = { embedTenant: 'acme', deploymentId: 42, mode: 'signed', surface: 'dashboard', publicId: 'demo' };
    expect(specific.detail).to.deep.equal(payload);
    expect(specific.bubbles && specific.composed).to.equal(true);
    expect(generic.detail).to.include({ type: 'platform:event:ready', surface: 'dashboard' });
    expect(generic.detail.timestamp).to.be.a('number');
    expect(generic.detail.payload).to.deep.equal(payload);
    expect(generic.detail.payload).to.not.equal(specific.detail);
    expect(el.ready).to.equal(true);
    expect(el.hasAttribute('ready')).to.equal(true);
    expect(el.readyInfo).to.deep.equal(payload);
  });

  const cases: [string, string, Record<string, unknown>, Record<string, unknown>][] = [
    ['platform:event:view', 'platform-view', { surface: 'dashboard', path: '/embed/dashboard/demo', publicId: 'demo', title: 'Sales' }, {}],
    ['platform:event:navigate', 'platform-navigate', { path: '/embed/d/42/app', previousPath: '/embed/d/42' }, {}],
    ['platform:event:dashboard-loaded', 'platform-dashboard-loaded', { publicId: 'demo', widgetCount: 5, loadDurationMs: 812.5 }, {}],
    ['platform:event:download', 'platform-download', { format: 'csv', target: 'widget', widgetId: 'w1', title: 'Orders', rowCount: 10 }, {}],
    ['platform:event:drilldown', 'platform-drilldown', { member: 'orders.count', value: { city: ['Berlin'] }, widgetId: 'w2' }, {}],
    ['platform:event:ai-query', 'platform-ai-query', { query: 'top cities', status: 'completed', chatId: 'c1', agentId: 'a1' }, { surface: 'chat' }],
    ['platform:event:error', 'platform-error', { message: 'Query failed', name: 'QueryError', context: 'widget', fatal: false }, { surface: 'app' }],
  ];
  for (const [type, domName, payload, overrides] of cases) {
    it(`dispatches ${domName} and platform-event for ${type}, unknown fields dropped`, async () => {
      const el = await readyEmbed();
      const specific = oneEvent(el, domName);
      const generic = oneEvent(el, 'platform-event');
      postFromFrame(el, envelope(type, { ...payload, injected: '<script>' }, overrides));
      const [s, g] = await Promise.all([specific, generic]);
      expect(s.detail).to.deep.equal(payload);
      expect(s.bubbles && s.composed).to.equal(true);
      expect(s).to.be.instanceOf(CustomEvent);
      expect(g.detail).to.deep.equal({
        type,
        surface: (overrides.surface as string) ?? 'dashboard',
        timestamp: 1700000000000,
        payload,
      });
      expect(g.bubbles && g.composed).to.equal(true);
    });
  }

  it('keeps optional fields optional', async () => {
    const el = await readyEmbed();
    const loaded = oneEvent(el, 'platform-dashboard-loaded');
    postFromFrame(el, envelope('platform:event:dashboard-loaded', {}));
    expect((await loaded).detail).to.deep.equal({});
  });

  it('forwards unknown platform:event types to platform-event only', async () => {
    const el = await readyEmbed();
    let specific = 0;
    el.addEventListener('platform-from-the-future', () => specific++);
    const seen = await eventsFor(el, envelope('platform:event:from-the-future', { a: 1, b: { c: 2 } }, { surface: 'app' }));
    expect(seen).to.deep.equal([
      { type: 'platform:event:from-the-future', surface: 'app', timestamp: 1700000000000, payload: { a: 1, b: { c: 2 } } },
    ]);
    expect(specific).to.equal(0);
  });

  it('updates currentPath from view and navigate events', async () => {
    const el = await readyEmbed();
    expect(el.currentPath).to.equal(null);
    const view = oneEvent(el, 'platform-view');
    postFromFrame(el, envelope('platform:event:view', { surface: 'dashboard', path: '/embed/dashboard/demo' }));
    await view;
    expect(el.currentPath).to.equal('/embed/dashboard/demo');
    await eventsFor(el);
    expect(el.currentPath).to.equal('/sentinel');
  });

  const rejected: [string, unknown, string][] = [
    ['a wrong source', envelope('platform:event:navigate', { path: '/x' }, { source: 'other-sdk' }), 'source is not "platform-embed"'],
    ['a wrong direction', envelope('platform:event:navigate', { path: '/x' }, { direction: 'action' }), 'direction is not "event"'],
    ['a type without the event prefix', envelope('platform:action:navigate', { path: '/x' }), 'type does not start with'],
    ['a non-string type', envelope('platform:event:navigate', { path: '/x' }, { type: 7 }), 'type is not a string'],
    ['a non-object payload', envelope('platform:event:navigate', 'x' as never), 'payload of platform:event:navigate is not an object'],
    ['a non-finite timestamp', envelope('platform:event:navigate', { path: '/x' }, { timestamp: Infinity }), 'timestamp of platform:event:navigate is not a finite number'],
    ['a string timestamp', envelope('platform:event:navigate', { path: '/x' }, { timestamp: '1' }), 'timestamp of platform:event:navigate is not a finite number'],
    ['an unknown surface', envelope('platform:event:navigate', { path: '/x' }, { surface: 'desktop' }), 'surface of platform:event:navigate is not one of'],
    ['a missing required field', envelope('platform:event:ai-query', { status: 'submitted' }), 'payload.query is required'],
    ['a wrong field type', envelope('platform:event:download', { format: 'csv', target: 'widget', rowCount: '10' }), 'payload.rowCount must be a number'],
    ['an enum violation', envelope('platform:event:ready', { embedTenant: 'a', deploymentId: 1, mode: 'hunter2-secret', surface: 'dashboard' }), 'payload.mode must be one of signed, private'],
    ['data that is not an object', 'platform:event:navigate', 'data is not a plain object'],
  ];

  it('ignores every malformed message without a DOM event, an exception or a log', async () => {
    const el = await readyEmbed();
    const debug = spyConsole('debug');
    try {
      const seen = await eventsFor(el, ...rejected.map(([, data]) => data));
      expect(seen).to.deep.equal([]);
      expect(el.ready).to.equal(true);
    } finally {
      debug.restore();
    }
    expect(debug.calls).to.deep.equal([]);
  });

  it('with debug, logs one reason per rejected message and never the rejected value', async () => {
    const el = await readyEmbed({ debug: true });
    const debug = spyConsole('debug');
    try {
      await eventsFor(el, ...rejected.map(([, data]) => data));
    } finally {
      debug.restore();
    }
    const lines = debug.calls.filter((line) => line.startsWith('[platform-embed] rejected message: '));
    expect(lines).to.have.length(rejected.length);
    rejected.forEach(([label, , reason], i) => expect(lines[i], label).to.contain(reason));
    expect(debug.calls.join('\n')).to.not.contain('hunter2');
    expect(debug.calls).to.include('[platform-embed] accepted message: platform:event:navigate');
  });

  it("ignores another embed's events on the same tenant", async () => {
    const a = await readyEmbed({ debug: true });
    const b = await readyEmbed();
    const seenByA: unknown[] = [];
    a.addEventListener('platform-event', (e) => seenByA.push(e.detail));
    const debug = spyConsole('debug');
    try {
      const atB = oneEvent(b, 'platform-navigate');
      postFromFrame(b, envelope('platform:event:navigate', { path: '/only-b' }));
      expect((await atB).detail).to.deep.equal({ path: '/only-b' });
    } finally {
      debug.restore();
    }
    expect(seenByA).to.deep.equal([]);
    expect(a.currentPath).to.equal(null);
    expect(debug.calls).to.include("[platform-embed] rejected message: source is not this element's iframe");
  });

  it('ignores frames that are not its iframe, on another origin or on the tenant origin', async () => {
    const el = await readyEmbed({ debug: true });
    const seen: unknown[] = [];
    el.addEventListener('platform-event', (e) => seen.push(e.detail));
    const debug = spyConsole('debug');
    try {
      await hostileFrame(THIRD, [envelope('platform:event:navigate', { path: '/from-third' })]);
      await hostileFrame(TENANT, [envelope('platform:event:navigate', { path: '/from-tenant' })]);
    } finally {
      debug.restore();
    }
    expect(seen).to.deep.equal([]);
    expect(debug.calls).to.include(`[platform-embed] rejected message: origin ${THIRD} is not the tenant origin`);
    expect(debug.calls).to.include("[platform-embed] rejected message: source is not this element's iframe");
  });

  it('ignores its own iframe once it shows another origin', async () => {
    const el: PlatformEmbedElement = await readyEmbed({ debug: true });
    const seen: unknown[] = [];
    el.addEventListener('platform-event', (e) => seen.push(e.detail));
    const debug = spyConsole('debug');
    try {
      const arrived = doneFrom(THIRD);
      const send = sendParam([envelope('platform:event:navigate', { path: '/moved' })]);
      el.iframe!.contentWindow!.postMessage(
        { fixtureCommand: 'navigate', href: `${THIRD}/test/fixtures/embed.html?noready&send=${send}` },
        '*',
      );
      await arrived;
    } finally {
      debug.restore();
    }
    expect(seen).to.deep.equal([]);
    expect(debug.calls).to.include(`[platform-embed] rejected message: origin ${THIRD} is not the tenant origin`);
  });
});
