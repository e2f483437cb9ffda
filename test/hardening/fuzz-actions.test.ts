/**
 * Property-based fuzzing of `<platform-embed>`'s action methods with
 * arbitrary arguments: each call either throws a `TypeError`/`RangeError`
 * synchronously, or posts exactly one valid action envelope (as the tenant
 * page received it) — never anything else, never asynchronously failing.
 */
import { expect, fixtureCleanup } from '@open-wc/testing';
import fc from 'fast-check';
import type { PlatformEmbedElement } from '../../src/embed/platform-embed.js';
import { withOwn } from './helpers/event-oracle.js';
import { assertNoPollution, EscapedErrors, fuzzConfig, prototypeSnapshot, reportCases } from './helpers/fuzz-config.js';
import { ActionLog, command, mountEmbed, tenantOrigin, type SeenAction } from './helpers/tenant.js';

type Call = { method: string; args: unknown[] };

const hostileGetter = (): Record<string, unknown> => {
  const o = {};
  Object.defineProperty(o, 'primaryColor', { enumerable: true, get: () => { throw new Error('getter'); } });
  return o;
};
const cyclic = (): Record<string, unknown> => {
  const o: Record<string, unknown> = { primaryColor: 'red' };
  o.self = o;
  return o;
};

const text = fc.oneof(
  fc.string({ maxLength: 24 }),
  fc.constantFrom(
    '', ' ', 'light', 'dark', 'auto', 'Dark', 'Europe/Berlin', 'UTC', 'America/New_York', '+02:00', 'UTC+2', '-0500',
    'GMT\u22123', 'Mars/Olympus', 'en', 'de-CH', 'zh-Hant-TW', 'x-', 'en_US', '/embed/d/1/app', '/', 'embed/x', '//evil.example',
    'orders.status', 'a.b', 'a..b', '.a', 'a.', '1a.b', '__proto__.x', 'constructor.prototype', 'platform:action:refresh',
    'platform:action:custom', 'platform:event:ready', 'javascript:alert(1)',
  ),
);
const anyValue = fc.oneof(
  text,
  fc.anything({ maxDepth: 2, withNullPrototype: true, withMap: true, withSet: true, withDate: true, withBigInt: true, withBoxedValues: true }),
  fc.constantFrom(undefined, null, NaN, Infinity, -0, 0, true, [], {}, Symbol('s'), () => 1),
  fc.constant(null).map(() => hostileGetter()),
  fc.constant(null).map(() => cyclic()),
  fc.constant(null).map(() => withOwn({ primaryColor: 'red' }, '__proto__', { polluted: 'yes' })),
);
const themeish = fc.oneof(
  anyValue,
  fc.record({ primaryColor: fc.oneof(fc.string(), anyValue), borderRadius: fc.oneof(fc.integer(), fc.string(), anyValue), font: fc.string() }, { requiredKeys: [] }),
);
const actionType = fc.oneof(
  fc.constantFrom('platform:action:set-color-scheme', 'platform:action:set-locale', 'platform:action:navigate', 'platform:action:refresh', 'platform:action:set-theme'),
  fc.string({ maxLength: 12 }).map((s) => `platform:action:${s}`),
  anyValue,
);

/** One call with arbitrary, often hostile, arguments. */
const callArb: fc.Arbitrary<Call> = fc.oneof(
  fc.tuple(anyValue).map((args) => ({ method: 'setColorScheme', args })),
  fc.tuple(themeish).map((args) => ({ method: 'setTheme', args })),
  fc.tuple(anyValue).map((args) => ({ method: 'setLocale', args })),
  fc.tuple(anyValue).map((args) => ({ method: 'setTimezone', args })),
  fc.tuple(anyValue, anyValue).map((args) => ({ method: 'setFilter', args })),
  fc.tuple(text, fc.jsonValue({ maxDepth: 2 })).map((args) => ({ method: 'setFilter', args })),
  fc.tuple(anyValue).map((args) => ({ method: 'navigate', args })),
  fc.constant<Call>({ method: 'refresh', args: [] }),
  fc.tuple(actionType, fc.oneof(themeish, fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 2 })))).map((args) => ({ method: 'sendAction', args })),
  fc.tuple(actionType).map((args) => ({ method: 'sendAction', args })),
);

const typeOf: Record<string, string> = {
  setColorScheme: 'platform:action:set-color-scheme',
  setTheme: 'platform:action:set-theme',
  setLocale: 'platform:action:set-locale',
  setTimezone: 'platform:action:set-timezone',
  setFilter: 'platform:action:set-filter',
  navigate: 'platform:action:navigate',
  refresh: 'platform:action:refresh',
};

const isPlain = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype;

/** Calls the spec says are invalid must throw (a subset the oracle can decide on its own). */
function mustThrow(call: Call): boolean {
  const [a, b] = call.args;
  switch (call.method) {
    case 'setColorScheme':
      return !['light', 'dark', 'auto'].includes(a as string);
    case 'setTimezone':
      return typeof a !== 'string' || /^(utc|gmt)?\s*[+\-\u2212]\s*\d/i.test(a);
    case 'navigate':
      return typeof a !== 'string' || !a.startsWith('/');
    case 'setFilter':
      return typeof a !== 'string' || !/^[A-Za-z_]\w*\.[A-Za-z_]\w*$/.test(a) || b === undefined || typeof b === 'function' || typeof b === 'symbol';
    case 'sendAction':
      return typeof a !== 'string' || !a.startsWith('platform:action:');
    case 'setLocale':
      return typeof a !== 'string' || a === '';
    default:
      return false;
  }
}

/** Checks one envelope as the tenant received it against the call that produced it. */
function checkEnvelope(call: Call, seen: SeenAction, hostOrigin: string): void {
  const { action } = seen;
  expect(seen.origin).to.equal(hostOrigin);
  expect(Object.keys(action).sort()).to.deep.equal(['direction', 'payload', 'source', 'timestamp', 'type']);
  expect(action.source).to.equal('platform-embed');
  expect(action.direction).to.equal('action');
  expect(Number.isFinite(action.timestamp)).to.equal(true);
  expect(isPlain(action.payload), 'payload is a plain object').to.equal(true);
  const expectedType = call.method === 'sendAction' ? call.args[0] : typeOf[call.method];
  expect(action.type).to.equal(expectedType);
  const p = action.payload;
  // The payload must survive JSON unchanged: it is plain data, never a proxy, class or function.
  expect(JSON.parse(JSON.stringify(p))).to.deep.equal(p);
  switch (action.type) {
    case 'platform:action:set-color-scheme':
      expect(['light', 'dark', 'auto']).to.include(p.scheme);
      break;
    case 'platform:action:set-locale':
      expect(p.locale).to.be.a('string').and.not.equal('');
      expect(() => Intl.getCanonicalLocales(p.locale as string)).to.not.throw();
      break;
    case 'platform:action:set-timezone':
      expect(p.timezone).to.be.a('string');
      expect(/^(utc|gmt)?\s*[+\-\u2212]\s*\d/i.test(p.timezone as string)).to.equal(false);
      expect(() => new Intl.DateTimeFormat('en', { timeZone: p.timezone as string })).to.not.throw();
      break;
    case 'platform:action:navigate':
      expect(p.path).to.be.a('string');
      expect((p.path as string).startsWith('/')).to.equal(true);
      break;
    case 'platform:action:set-filter': {
      const param = p.filterUrlParameter as string;
      const m = /^f_([A-Za-z_]\w*\.[A-Za-z_]\w*)=(.*)$/s.exec(param);
      expect(m, param).to.not.equal(null);
      expect(() => JSON.parse(m![2]!)).to.not.throw();
      if (call.method === 'setFilter') expect(param).to.equal(`f_${call.args[0] as string}=${JSON.stringify(call.args[1])}`);
      break;
    }
    case 'platform:action:refresh':
      if (call.method === 'refresh') expect(p).to.deep.equal({});
      break;
    case 'platform:action:set-theme':
      if (p.primaryColor !== undefined) expect(p.primaryColor).to.be.a('string');
      if (p.font !== undefined) expect(p.font).to.be.a('string');
      if (p.borderRadius !== undefined) expect(['string', 'number']).to.include(typeof p.borderRadius);
      break;
  }
}

describe('hardening: action method fuzzing (property-based)', () => {
  let el: PlatformEmbedElement;
  let escaped: EscapedErrors;
  let log: ActionLog;

  beforeEach(async () => {
    log = new ActionLog();
    el = await mountEmbed({ dashboard: 'auto-actions' });
    // Let the state re-applied at ready arrive before the property starts counting.
    await el.updateComplete;
    await command(el.iframe!.contentWindow!, tenantOrigin(), { hardening: 'ping' });
    escaped = new EscapedErrors();
  });

  afterEach(() => {
    escaped.stop();
    log.stop();
    fixtureCleanup();
  });

  it('every call throws TypeError/RangeError synchronously or posts one valid envelope', async function () {
    this.timeout(0);
    const { cases, seed } = await fuzzConfig();
    const before = prototypeSnapshot();
    const hostOrigin = location.origin;
    let ran = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(callArb, { minLength: 1, maxLength: 25 }), async (calls) => {
        log.seen.length = 0;
        const posted: Call[] = [];
        for (const call of calls) {
          ran += 1;
          let threw: unknown;
          try {
            (el as unknown as Record<string, (...a: unknown[]) => unknown>)[call.method]!(...call.args);
          } catch (error) {
            threw = error;
          }
          if (threw === undefined) {
            if (mustThrow(call)) throw new Error(`${call.method}(${describeArgs(call.args)}) did not throw`);
            posted.push(call);
          } else if (!(threw instanceof TypeError || threw instanceof RangeError)) {
            throw new Error(`${call.method}(${describeArgs(call.args)}) threw ${String(threw)}, not a TypeError/RangeError`);
          }
        }
        // Property setters schedule an update; an action sent from it would arrive before the ping reply.
        await el.updateComplete;
        await command(el.iframe!.contentWindow!, tenantOrigin(), { hardening: 'ping' });
        expect(log.seen.map((s) => s.action.type)).to.deep.equal(
          posted.map((c) => (c.method === 'sendAction' ? c.args[0] : typeOf[c.method])),
        );
        posted.forEach((call, i) => checkEnvelope(call, log.seen[i]!, hostOrigin));
        assertNoPollution(before);
      }),
      { seed, numRuns: Math.max(1, Math.ceil(cases / 6)) },
    );
    expect(escaped.errors).to.deep.equal([]);
    await reportCases('embed.actions', ran, seed);
  });
});

function describeArgs(args: unknown[]): string {
  return args
    .map((a) => {
      try {
        return typeof a === 'string' ? JSON.stringify(a) : String(a);
      } catch {
        return typeof a;
      }
    })
    .join(', ');
}
