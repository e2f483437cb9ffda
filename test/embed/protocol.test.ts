import { expect } from '@open-wc/testing';
import fc from 'fast-check';
import {
  actionCatalog,
  actionTypes,
  buildAction,
  domEventName,
  eventCatalog,
  eventTypes,
  filterMemberProblem,
  isKnownActionType,
  isKnownEventType,
  localeProblem,
  parseEventMessage,
  timeZoneProblem,
} from '../../src/protocol/index.js';
import { protocolDocs } from '../../src/protocol/docs.js';
import { jsonSnapshot } from '../../src/protocol/values.js';

const env = (type: string, payload: unknown, extra: Record<string, unknown> = {}) => ({
  source: 'platform-embed',
  direction: 'event',
  type,
  surface: 'app',
  timestamp: 5,
  payload,
  ...extra,
});

describe('protocol catalog', () => {
  it('lists the ten events and eight actions of the spec (1.0.0 and its additions)', () => {
    expect(eventTypes).to.deep.equal([
      'platform:event:ready',
      'platform:event:view',
      'platform:event:navigate',
      'platform:event:dashboard-loaded',
      'platform:event:download',
      'platform:event:drilldown',
      'platform:event:ai-query',
      'platform:event:error',
      'platform:event:session-expiring',
      'platform:event:session-expired',
    ]);
    expect(actionTypes).to.deep.equal([
      'platform:action:set-color-scheme',
      'platform:action:set-theme',
      'platform:action:set-locale',
      'platform:action:set-timezone',
      'platform:action:set-filter',
      'platform:action:navigate',
      'platform:action:refresh',
      'platform:action:set-session',
    ]);
  });

  it('documents every type, and only payload fields the catalog has', () => {
    for (const type of [...eventTypes, ...actionTypes]) {
      const { doc, fields } = protocolDocs[type];
      expect(doc, type).to.be.a('string').and.not.equal('');
      const payload = isKnownEventType(type) ? eventCatalog[type].payload : actionCatalog[type].payload;
      for (const field of Object.keys(fields)) expect(payload, `${type} documents ${field}`).to.have.property(field);
      for (const field of Object.keys(payload)) expect(fields, `${type} leaves ${field} undocumented`).to.have.property(field);
    }
    expect(Object.keys(protocolDocs)).to.have.members([...eventTypes, ...actionTypes]);
  });

  it('derives DOM event names from the types', () => {
    expect(domEventName('platform:event:dashboard-loaded')).to.equal('platform-dashboard-loaded');
    expect(domEventName('platform:event:ai-query')).to.equal('platform-ai-query');
    expect(eventTypes.map(domEventName)).to.include.members(['platform-ready', 'platform-error', 'platform-view']);
  });

  it('recognises known types only by own keys', () => {
    expect(isKnownEventType('platform:event:ready')).to.equal(true);
    expect(isKnownEventType('constructor')).to.equal(false);
    expect(isKnownEventType('__proto__')).to.equal(false);
    expect(isKnownEventType(3)).to.equal(false);
    expect(isKnownActionType('platform:action:refresh')).to.equal(true);
    expect(isKnownActionType('toString')).to.equal(false);
  });
});

describe('parseEventMessage', () => {
  it('accepts a known event and keeps only the spec fields', () => {
    const result = parseEventMessage(
      env('platform:event:ready', { embedTenant: null, deploymentId: 7, mode: 'private', surface: 'app', token: 'secret' }),
    );
    expect(result).to.deep.equal({
      ok: true,
      message: {
        type: 'platform:event:ready',
        surface: 'app',
        timestamp: 5,
        payload: { embedTenant: null, deploymentId: 7, mode: 'private', surface: 'app' },
      },
    });
  });

  it('requires nullable ready fields to be present', () => {
    const result = parseEventMessage(env('platform:event:ready', { deploymentId: null, mode: 'signed', surface: 'app' }));
    expect(result).to.deep.equal({ ok: false, reason: 'platform:event:ready: payload.embedTenant is required' });
  });

  it('accepts any value for drilldown value, including null and nested data', () => {
    for (const value of [null, 0, 'x', { a: [1, { b: 2 }] }]) {
      const result = parseEventMessage(env('platform:event:drilldown', { member: 'orders.count', value }));
      expect(result.ok && result.message.payload).to.deep.equal({ member: 'orders.count', value });
    }
  });

  it('accepts unknown platform:event types with a shallow plain copy of the payload', () => {
    const payload = { a: 1, nested: { b: 2 } };
    const result = parseEventMessage(env('platform:event:from-the-future', payload));
    expect(result.ok).to.equal(true);
    if (!result.ok) return;
    expect(result.message.payload).to.deep.equal(payload);
    expect(result.message.payload).to.not.equal(payload);
  });

  const rejections: [string, unknown, string][] = [
    ['null data', null, 'data is not a plain object'],
    ['a string', 'platform:event:ready', 'data is not a plain object'],
    ['an array', [env('platform:event:navigate', { path: '/' })], 'data is not a plain object'],
    ['a class instance', new (class X {})(), 'data is not a plain object'],
    ['a wrong source', env('platform:event:navigate', { path: '/' }, { source: 'other' }), 'source is not "platform-embed"'],
    ['a wrong direction', env('platform:event:navigate', { path: '/' }, { direction: 'action' }), 'direction is not "event"'],
    ['a non-string type', env('platform:event:navigate', { path: '/' }, { type: 1 }), 'type is not a string'],
    ['a wrong prefix', env('platform:action:navigate', { path: '/' }), 'type does not start with "platform:event:"'],
    ['an array payload', env('platform:event:navigate', ['/']), 'payload of platform:event:navigate is not an object'],
    ['a null payload', env('platform:event:navigate', null), 'payload of platform:event:navigate is not an object'],
    ['a string timestamp', env('platform:event:navigate', { path: '/' }, { timestamp: '5' }), 'timestamp of platform:event:navigate is not a finite number'],
    ['an infinite timestamp', env('platform:event:navigate', { path: '/' }, { timestamp: Infinity }), 'timestamp of platform:event:navigate is not a finite number'],
    ['a missing surface', env('platform:event:navigate', { path: '/' }, { surface: undefined }), 'surface of platform:event:navigate is not one of dashboard, app, chat'],
    ['an unknown surface', env('platform:event:navigate', { path: '/' }, { surface: 'desktop' }), 'surface of platform:event:navigate is not one of dashboard, app, chat'],
    ['a missing required field', env('platform:event:view', { surface: 'app' }), 'platform:event:view: payload.path is required'],
    ['a wrong field type', env('platform:event:navigate', { path: 5 }), 'platform:event:navigate: payload.path must be a string, got number'],
    ['a wrong optional field type', env('platform:event:dashboard-loaded', { widgetCount: '3' }), 'platform:event:dashboard-loaded: payload.widgetCount must be a number, got string'],
    ['null in a non-nullable field', env('platform:event:navigate', { path: null }), 'platform:event:navigate: payload.path must not be null'],
    ['an enum violation', env('platform:event:download', { format: 'docx', target: 'widget' }), 'platform:event:download: payload.format must be one of csv, xlsx, png, pdf'],
  ];
  for (const [label, data, reason] of rejections) {
    it(`rejects ${label}`, () => {
      expect(parseEventMessage(data)).to.deep.equal({ ok: false, reason });
    });
  }

  it('never puts a rejected value in the reason', () => {
    const result = parseEventMessage(env('platform:event:ready', { embedTenant: 'a', deploymentId: 1, mode: 'secret-value', surface: 'app' }));
    expect(result.ok).to.equal(false);
    expect(JSON.stringify(result)).to.not.contain('secret-value');
  });

  it('pollutes no prototype through __proto__ or constructor keys', () => {
    const data = JSON.parse(
      '{"source":"platform-embed","direction":"event","type":"platform:event:navigate","surface":"app","timestamp":1,' +
        '"payload":{"path":"/x","__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}}',
    );
    const known = parseEventMessage(data);
    expect(known.ok && known.message.payload).to.deep.equal({ path: '/x' });
    const unknown = parseEventMessage({ ...data, type: 'platform:event:other' });
    expect(unknown.ok).to.equal(true);
    expect(({} as Record<string, unknown>).polluted).to.equal(undefined);
    expect(Object.getPrototypeOf(unknown.ok && unknown.message.payload)).to.equal(Object.prototype);
  });

  it('does not throw on a proxy whose getters throw', () => {
    const hostile = new Proxy({}, { get: () => { throw new Error('no'); } });
    expect(parseEventMessage(hostile)).to.deep.equal({ ok: false, reason: 'data could not be read' });
  });

  it('never throws on arbitrary input', () => {
    fc.assert(
      fc.property(fc.anything({ withObjectString: true, withNullPrototype: true }), (data) => {
        const result = parseEventMessage(data);
        return typeof result.ok === 'boolean';
      }),
    );
    fc.assert(
      fc.property(fc.constantFrom(...eventTypes), fc.dictionary(fc.string(), fc.anything()), (type, payload) => {
        const result = parseEventMessage(env(type, payload));
        return result.ok ? typeof result.message.payload === 'object' : typeof result.reason === 'string';
      }),
    );
  });
});

describe('buildAction', () => {
  it('builds the action envelope without surface, with a plain copy of the payload', () => {
    const payload = { scheme: 'dark' as const };
    const action = buildAction('platform:action:set-color-scheme', payload);
    expect(action).to.have.keys(['source', 'direction', 'type', 'payload', 'timestamp']);
    expect(action).to.include({ source: 'platform-embed', direction: 'action', type: 'platform:action:set-color-scheme' });
    expect(action.payload).to.deep.equal({ scheme: 'dark' });
    expect(action.payload).to.not.equal(payload);
    expect(action.timestamp).to.be.a('number');
  });

  it('copies a proxy payload into plain data and keeps extra theme fields', () => {
    const theme = new Proxy({ primaryColor: '#f00', borderRadius: 4, customField: { a: 1 } }, {});
    const action = buildAction('platform:action:set-theme', theme);
    expect(action.payload).to.deep.equal({ primaryColor: '#f00', borderRadius: 4, customField: { a: 1 } });
    expect(Object.getPrototypeOf(action.payload)).to.equal(Object.prototype);
  });

  it('drops unknown fields of closed known actions and passes unknown actions through', () => {
    expect(buildAction('platform:action:navigate', { path: '/a', extra: 1 } as never).payload).to.deep.equal({ path: '/a' });
    expect(buildAction('platform:action:future', { x: [1] }).payload).to.deep.equal({ x: [1] });
    expect(buildAction('platform:action:refresh', {}).payload).to.deep.equal({});
  });

  const throws: [string, () => unknown, typeof TypeError | typeof RangeError][] = [
    ['a non-string type', () => buildAction(5 as never, {} as never), TypeError],
    ['a type without the action prefix', () => buildAction('platform:event:ready', {}), RangeError],
    ['a non-object payload', () => buildAction('platform:action:x', 'x' as never), TypeError],
    ['an array payload', () => buildAction('platform:action:x', [] as never), TypeError],
    ['a cyclic payload', () => { const p: Record<string, unknown> = {}; p.self = p; return buildAction('platform:action:x', p); }, TypeError],
    ['a bigint in the payload', () => buildAction('platform:action:x', { n: 1n }), TypeError],
    ['a missing required field', () => buildAction('platform:action:navigate', {} as never), TypeError],
    ['a wrong field type', () => buildAction('platform:action:set-locale', { locale: 1 } as never), TypeError],
    ['an enum violation', () => buildAction('platform:action:set-color-scheme', { scheme: 'pink' } as never), RangeError],
    ['an offset time zone', () => buildAction('platform:action:set-timezone', { timezone: '+02:00' }), RangeError],
    ['an unknown time zone', () => buildAction('platform:action:set-timezone', { timezone: 'Mars/Olympus' }), RangeError],
    ['an invalid locale', () => buildAction('platform:action:set-locale', { locale: 'not a locale' }), RangeError],
    ['a relative navigate path', () => buildAction('platform:action:navigate', { path: 'x' }), RangeError],
    ['a filter without f_', () => buildAction('platform:action:set-filter', { filterUrlParameter: 'orders.status=1' }), RangeError],
    ['a filter with a bad member', () => buildAction('platform:action:set-filter', { filterUrlParameter: 'f_orders=1' }), RangeError],
    ['a filter with a non-JSON value', () => buildAction('platform:action:set-filter', { filterUrlParameter: 'f_a.b=shipped' }), RangeError],
    ['a boolean borderRadius', () => buildAction('platform:action:set-theme', { borderRadius: true } as never), TypeError],
    ['a numeric primaryColor', () => buildAction('platform:action:set-theme', { primaryColor: 1 } as never), TypeError],
  ];
  for (const [label, call, ErrorClass] of throws) {
    it(`throws ${ErrorClass.name} on ${label}`, () => {
      expect(call).to.throw(ErrorClass);
    });
  }

  it('accepts a valid filter parameter', () => {
    const action = buildAction('platform:action:set-filter', { filterUrlParameter: 'f_orders.status=["a","b"]' });
    expect(action.payload).to.deep.equal({ filterUrlParameter: 'f_orders.status=["a","b"]' });
  });
});

describe('value checks', () => {
  it('refuses bare UTC offsets and unknown zones, accepts IANA names', () => {
    for (const zone of ['+02:00', 'UTC+2', '-0500', 'GMT+1', 'utc-03:30', '\u221203:00']) {
      expect(timeZoneProblem(zone), zone).to.contain('offset');
    }
    expect(timeZoneProblem('Mars/Olympus')).to.contain('not a known');
    expect(timeZoneProblem('')).to.contain('empty');
    for (const zone of ['Europe/Berlin', 'America/New_York', 'UTC', 'Etc/GMT+1']) expect(timeZoneProblem(zone), zone).to.equal(null);
  });

  it('checks locales and filter members', () => {
    expect(localeProblem('de-CH')).to.equal(null);
    expect(localeProblem('')).to.contain('empty');
    expect(localeProblem('x y')).to.contain('BCP 47');
    expect(filterMemberProblem('orders.status')).to.equal(null);
    expect(filterMemberProblem('_a1._b2')).to.equal(null);
    for (const bad of ['orders', 'orders.', '.status', '1a.b', 'a.b.c', 'a-b.c', 'a.b ']) expect(filterMemberProblem(bad), bad).to.not.equal(null);
  });

  it('snapshots JSON values', () => {
    expect(jsonSnapshot({ a: [1, 'x'] })).to.deep.include({ ok: true, value: { a: [1, 'x'] }, json: '{"a":[1,"x"]}' });
    expect(jsonSnapshot(undefined)).to.include({ ok: false, kind: 'type' });
    expect(jsonSnapshot(() => 1)).to.include({ ok: false, kind: 'type' });
    expect(jsonSnapshot(Symbol('s'))).to.include({ ok: false, kind: 'type' });
    expect(jsonSnapshot(1n)).to.include({ ok: false, kind: 'type' });
    expect(jsonSnapshot(NaN)).to.include({ ok: false, kind: 'range' });
    expect(jsonSnapshot({ toJSON: () => undefined })).to.include({ ok: false, kind: 'type' });
  });
});
