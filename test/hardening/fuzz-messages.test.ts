/**
 * Property-based fuzzing of `<platform-embed>`'s inbound messages, posted for
 * real from a cross-origin tenant iframe (batched: one command per batch, the
 * tenant posts every message, then a marker).
 *
 * Properties, for every message:
 * - a DOM event is dispatched iff the spec accepts the message (independent
 *   oracle in helpers/event-oracle.ts), exactly once, in order;
 * - its `detail` is a fresh object holding only the spec's fields;
 * - no exception escapes (window `error`/`unhandledrejection` stay silent);
 * - `__proto__`/`constructor` keys pollute nothing.
 * The same valid messages from another window or another origin dispatch nothing.
 */
import { expect, fixtureCleanup } from '@open-wc/testing';
import fc from 'fast-check';
import type { PlatformEmbedElement } from '../../src/embed/platform-embed.js';
import { expectedEvent, knownTypes, messageMix, validMessage } from './helpers/event-oracle.js';
import { assertNoPollution, EscapedErrors, fuzzConfig, prototypeSnapshot, reportCases } from './helpers/fuzz-config.js';
import { command, mountEmbed, strayFrame, tenantOrigin } from './helpers/tenant.js';

const domNames = knownTypes.map((t) => `platform-${t.slice('platform:event:'.length)}`);

interface Recorded {
  name: string;
  detail: unknown;
}

/** Records every platform DOM event dispatched on `el`. */
function recordEvents(el: HTMLElement): { events: Recorded[]; stop: () => void } {
  const events: Recorded[] = [];
  const controller = new AbortController();
  for (const name of ['platform-event', ...domNames]) {
    el.addEventListener(name, (e) => events.push({ name, detail: (e as CustomEvent).detail }), { signal: controller.signal });
  }
  return { events, stop: () => controller.abort() };
}

/** Records what arrives in this window from `source`, as the element's listener sees it. */
function recordArrivals(source: () => Window | null | undefined): { data: unknown[]; stop: () => void } {
  const data: unknown[] = [];
  const controller = new AbortController();
  window.addEventListener(
    'message',
    (event) => {
      const d = event.data as { hardening?: unknown } | null;
      if (event.source !== source()) return;
      if (d && typeof d === 'object' && (d.hardening === 'reply' || d.hardening === 'action-seen' || d.hardening === 'loaded')) return;
      data.push(event.data);
    },
    { signal: controller.signal },
  );
  return { data, stop: () => controller.abort() };
}

/** Compares the dispatched events with the oracle's expectation for each arrived message. */
function checkAgainstOracle(arrived: unknown[], events: Recorded[]): void {
  const expected: Recorded[] = [];
  for (const data of arrived) {
    const ev = expectedEvent(data);
    if (!ev) continue;
    expected.push({ name: 'platform-event', detail: ev });
    if (knownTypes.includes(ev.type)) expected.push({ name: `platform-${ev.type.slice('platform:event:'.length)}`, detail: ev.payload });
  }
  // Per message the element may dispatch the specific event and `platform-event` in either order; compare per message group.
  const sortGroup = (list: Recorded[]) => list.map((r) => r.name).join(' ');
  expect(events.length, `dispatched ${sortGroup(events)}; expected ${sortGroup(expected)}`).to.equal(expected.length);
  let i = 0;
  while (i < expected.length) {
    const size = expected[i + 1] && expected[i + 1]!.name !== 'platform-event' ? 2 : 1;
    const want = expected.slice(i, i + size);
    const got = events.slice(i, i + size);
    for (const w of want) {
      const match = got.find((g) => g.name === w.name);
      expect(match, `missing ${w.name}`).to.not.equal(undefined);
      expect(match!.detail).to.deep.equal(w.detail);
    }
    i += size;
  }
}

/** Depth of a value nested as `[[…]]` or `{ v: { v: … } }`, counted without recursion. */
function nestingDepth(value: unknown): number {
  let depth = 0;
  let current = value;
  while (typeof current === 'object' && current !== null) {
    current = Array.isArray(current) ? current[0] : (current as { v: unknown }).v;
    depth += 1;
  }
  return depth;
}

describe('hardening: inbound message fuzzing (property-based, real cross-origin iframe)', () => {
  let el: PlatformEmbedElement;
  let escaped: EscapedErrors;
  let before: string;

  beforeEach(async () => {
    before = prototypeSnapshot();
    el = await mountEmbed({ dashboard: 'manual' });
    escaped = new EscapedErrors();
  });

  afterEach(() => {
    escaped.stop();
    fixtureCleanup();
  });

  it('dispatches exactly the messages the spec accepts, once each, with spec fields only', async function () {
    this.timeout(0);
    const { cases, seed } = await fuzzConfig();
    const frame = el.iframe!;
    let ran = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(messageMix, { minLength: 1, maxLength: 40 }), async (batch) => {
        const recorder = recordEvents(el);
        const arrivals = recordArrivals(() => frame.contentWindow);
        try {
          const reply = await command(frame.contentWindow!, tenantOrigin(), { hardening: 'post', messages: batch });
          ran += batch.length;
          expect(reply.sent! + reply.unsendable!).to.equal(batch.length);
          expect(arrivals.data.length).to.equal(reply.sent);
          checkAgainstOracle(arrivals.data, recorder.events);
          for (const r of recorder.events) {
            const detail = r.detail as { payload?: unknown };
            // Fresh objects: the detail never hands out the received message's own objects.
            for (const data of arrivals.data) {
              expect(r.detail).to.not.equal(data);
              if (detail && typeof detail === 'object' && 'payload' in detail) {
                expect(detail.payload).to.not.equal((data as { payload?: unknown } | null)?.payload);
              }
            }
          }
          assertNoPollution(before);
        } finally {
          recorder.stop();
          arrivals.stop();
        }
      }),
      { seed, numRuns: Math.max(1, Math.ceil(cases / 6)) },
    );
    expect(escaped.errors).to.deep.equal([]);
    await reportCases('embed.inbound', ran, seed);
  });

  it('dispatches nothing for valid messages from another window, another origin or the host page', async function () {
    this.timeout(0);
    const { cases, seed } = await fuzzConfig();
    const sameOriginStray = await strayFrame('127.0.0.1');
    const foreign = await strayFrame('127.0.0.2');
    const recorder = recordEvents(el);
    let ran = 0;
    try {
      await fc.assert(
        fc.asyncProperty(fc.array(validMessage, { minLength: 1, maxLength: 20 }), async (batch) => {
          await command(sameOriginStray.contentWindow!, tenantOrigin(), { hardening: 'post', messages: batch });
          await command(foreign.contentWindow!, `http://127.0.0.2:${location.port}`, { hardening: 'post', messages: batch });
          for (const message of batch) window.postMessage(message, '*');
          // The host page's own messages are queued behind this marker.
          await new Promise<void>((resolve) => {
            const marker = { marker: Math.random() };
            const onMessage = (e: MessageEvent) => {
              if ((e.data as { marker?: number })?.marker !== marker.marker) return;
              window.removeEventListener('message', onMessage);
              resolve();
            };
            window.addEventListener('message', onMessage);
            window.postMessage(marker, '*');
          });
          ran += batch.length * 3;
          expect(recorder.events).to.deep.equal([]);
        }),
        { seed, numRuns: Math.max(1, Math.ceil(cases / 18)) },
      );
      // Control: the same kind of message from the element's own iframe is accepted, so the property above can fail.
      const [one] = fc.sample(validMessage, { seed, numRuns: 1 });
      await command(el.iframe!.contentWindow!, tenantOrigin(), { hardening: 'post', messages: [one] });
      expect(recorder.events.length).to.be.greaterThan(0);
    } finally {
      recorder.stop();
      sameOriginStray.remove();
      foreign.remove();
    }
    expect(escaped.errors).to.deep.equal([]);
    await reportCases('embed.foreign-sources', ran, seed);
  });

  it('handles 1 MB strings and deeply nested drilldown values without an escaped error', async function () {
    this.timeout(60_000);
    const frame = el.iframe!;
    const recorder = recordEvents(el);
    const arrivals = recordArrivals(() => frame.contentWindow);
    const huge = 'x'.repeat(1 << 20);
    const base = { source: 'platform-embed', direction: 'event', surface: 'dashboard', timestamp: 1 };
    const messages = [
      { ...base, type: 'platform:event:view', payload: { surface: 'dashboard', path: `/embed/${huge}`, title: huge } },
      { ...base, type: `platform:event:${huge}`, payload: { note: huge } },
      { ...base, type: 'platform:event:view', payload: { surface: huge, path: '/' } },
      { ...base, type: huge, payload: {} },
    ];
    try {
      const reply = await command(frame.contentWindow!, tenantOrigin(), { hardening: 'post', messages });
      expect(reply.sent).to.equal(4);
      checkAgainstOracle(arrivals.data, recorder.events);
      // The two 1 MB messages that are valid dispatch; the two with a 1 MB type or surface do not.
      expect(recorder.events.filter((e) => e.name === 'platform-event').length).to.equal(2);
      arrivals.stop();
      recorder.events.length = 0;
      for (const kind of ['array', 'object'] as const) {
        for (const depth of [1_000, 10_000]) {
          const r = await command(frame.contentWindow!, tenantOrigin(), { hardening: 'post-deep', kind, depth });
          const drill = recorder.events.filter((e) => e.name === 'platform-drilldown');
          // Either the browser's structured clone refused the value, or it arrived and was dispatched once, intact.
          expect(drill.length, `${kind} depth ${depth}`).to.equal(r.sent);
          if (r.sent) expect(nestingDepth((drill[0]!.detail as { value: unknown }).value)).to.equal(depth);
          recorder.events.length = 0;
        }
      }
      // The page is still responsive: a frame gets rendered after all of it.
      await new Promise((resolve) => requestAnimationFrame(resolve));
    } finally {
      recorder.stop();
      arrivals.stop();
    }
    expect(escaped.errors).to.deep.equal([]);
  });
});
