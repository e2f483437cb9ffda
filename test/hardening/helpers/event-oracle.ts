/**
 * An independent reading of the spec's event tables (written from
 * spec/platform-spec.md, not from the package's catalog), with fast-check
 * arbitraries of valid, near-valid and hostile messages. The fuzz suites
 * compare the element's behaviour with `expectedEvent`.
 */
import fc from 'fast-check';

type Kind = 'string' | 'number' | 'boolean' | 'unknown';
interface Field {
  kind: Kind;
  required?: boolean;
  nullable?: boolean;
  values?: readonly string[];
}

const surfaces = ['dashboard', 'app', 'chat'] as const;

/** Spec "Event payloads", table by table. */
export const specEvents: Record<string, Record<string, Field>> = {
  'platform:event:ready': {
    embedTenant: { kind: 'string', required: true, nullable: true },
    deploymentId: { kind: 'number', required: true, nullable: true },
    mode: { kind: 'string', required: true, values: ['signed', 'private'] },
    surface: { kind: 'string', required: true, values: surfaces },
    publicId: { kind: 'string' },
  },
  'platform:event:view': {
    surface: { kind: 'string', required: true, values: surfaces },
    path: { kind: 'string', required: true },
    publicId: { kind: 'string' },
    title: { kind: 'string' },
  },
  'platform:event:navigate': { path: { kind: 'string', required: true }, previousPath: { kind: 'string' } },
  'platform:event:dashboard-loaded': {
    publicId: { kind: 'string' },
    widgetCount: { kind: 'number' },
    loadDurationMs: { kind: 'number' },
  },
  'platform:event:download': {
    format: { kind: 'string', required: true, values: ['csv', 'xlsx', 'png', 'pdf'] },
    target: { kind: 'string', required: true, values: ['widget', 'dashboard'] },
    widgetId: { kind: 'string' },
    title: { kind: 'string' },
    rowCount: { kind: 'number' },
  },
  'platform:event:drilldown': {
    member: { kind: 'string', required: true },
    value: { kind: 'unknown', nullable: true },
    widgetId: { kind: 'string' },
  },
  'platform:event:ai-query': {
    query: { kind: 'string', required: true },
    status: { kind: 'string', required: true, values: ['submitted', 'completed', 'error'] },
    chatId: { kind: 'string' },
    agentId: { kind: 'string' },
  },
  'platform:event:error': {
    message: { kind: 'string', required: true },
    name: { kind: 'string' },
    context: { kind: 'string' },
    fatal: { kind: 'boolean' },
  },
};

export const knownTypes = Object.keys(specEvents);

const own = (o: object, k: string) => Object.prototype.hasOwnProperty.call(o, k);

/** Structured clone turns every plain or null-prototype object into a plain one; other objects keep their class. */
function isPlain(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function fieldOk(field: Field, value: unknown): boolean {
  if (value === null) return field.nullable === true;
  switch (field.kind) {
    case 'string':
      return typeof value === 'string' && (!field.values || field.values.includes(value));
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'boolean':
      return typeof value === 'boolean';
    default:
      return true;
  }
}

/** The `platform-event` detail the element must dispatch for `data` as received, or `null` when it must ignore it. */
export function expectedEvent(
  data: unknown,
): { type: string; surface: string; timestamp: number; payload: Record<string, unknown> } | null {
  if (!isPlain(data)) return null;
  const { source, direction, type, payload, timestamp, surface } = data;
  if (source !== 'platform-embed' || direction !== 'event') return null;
  if (typeof type !== 'string' || !type.startsWith('platform:event:')) return null;
  if (!isPlain(payload)) return null;
  if (typeof timestamp !== 'number' || !Number.isFinite(timestamp)) return null;
  if (typeof surface !== 'string' || !(surfaces as readonly string[]).includes(surface)) return null;
  const table = own(specEvents, type) ? specEvents[type] : undefined;
  if (!table) return { type, surface, timestamp, payload: { ...payload } };
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(table)) {
    const present = own(payload, key) && payload[key] !== undefined;
    if (!present) {
      if (field.required) return null;
      continue;
    }
    if (!fieldOk(field, payload[key])) return null;
    out[key] = payload[key];
  }
  return { type, surface, timestamp, payload: out };
}

/** Defines an own, enumerable `key` (works for `__proto__`, unlike an assignment). */
export function withOwn<T extends object>(target: T, key: string, value: unknown): T {
  Object.defineProperty(target, key, { value, enumerable: true, configurable: true, writable: true });
  return target;
}

const pollution = () => ({ polluted: 'yes', toString: 'x' });

function fieldArb(field: Field): fc.Arbitrary<unknown> {
  let base: fc.Arbitrary<unknown>;
  if (field.values) base = fc.constantFrom(...field.values);
  else if (field.kind === 'number') base = fc.double({ noNaN: true, noDefaultInfinity: true });
  else if (field.kind === 'boolean') base = fc.boolean();
  else if (field.kind === 'unknown') base = fc.jsonValue({ maxDepth: 3 });
  else base = fc.string({ maxLength: 30 });
  return field.nullable ? fc.option(base, { nil: null }) : base;
}

function payloadArb(type: string): fc.Arbitrary<Record<string, unknown>> {
  const table = specEvents[type]!;
  const shape: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, field] of Object.entries(table)) shape[key] = fieldArb(field);
  const requiredKeys = Object.entries(table).filter(([, f]) => f.required).map(([k]) => k);
  return fc.record(shape, { requiredKeys }) as fc.Arbitrary<Record<string, unknown>>;
}

/** A spec-valid event envelope of a known type. */
export const validMessage: fc.Arbitrary<Record<string, unknown>> = fc
  .constantFrom(...knownTypes)
  .chain((type) =>
    fc.record({
      source: fc.constant('platform-embed'),
      direction: fc.constant('event'),
      type: fc.constant(type),
      surface: fc.constantFrom(...surfaces),
      payload: payloadArb(type),
      timestamp: fc.integer({ min: 0, max: 4_102_444_800_000 }),
    }),
  );

const oddValue = fc.oneof(
  fc.constantFrom(null, undefined, NaN, Infinity, -Infinity, 0, -0, '', 'platform-embed', 'event', true, [], {}),
  fc.anything({ maxDepth: 2, withNullPrototype: true, withMap: true, withSet: true, withDate: true, withTypedArray: true, withBigInt: true, withBoxedValues: true, withSparseArray: true }),
);

const envelopeKeys = ['source', 'direction', 'type', 'surface', 'payload', 'timestamp'];

/** Near-valid messages: a valid one with one targeted defect or hostile extra. */
export const nearValidMessage: fc.Arbitrary<unknown> = fc.oneof(
  // an envelope field replaced by an odd value
  fc.tuple(validMessage, fc.constantFrom(...envelopeKeys), oddValue).map(([m, k, v]) => ({ ...m, [k]: v })),
  // an envelope field removed
  fc.tuple(validMessage, fc.constantFrom(...envelopeKeys)).map(([m, k]) => {
    const copy = { ...m };
    delete copy[k];
    return copy;
  }),
  // a payload field replaced, removed or added
  fc.tuple(validMessage, fc.string({ maxLength: 12 }), oddValue, fc.boolean()).map(([m, k, v, remove]) => {
    const payload = { ...(m.payload as Record<string, unknown>) };
    const keys = Object.keys(payload);
    const key = keys.length && k.length % 2 === 0 ? keys[k.length % keys.length]! : k;
    if (remove) delete payload[key];
    else withOwn(payload, key, v);
    return { ...m, payload };
  }),
  // look-alike types and sources
  fc.tuple(validMessage, fc.constantFrom('Platform:event:ready', 'platform:event', 'platform:action:ready', ' platform:event:ready', 'platform:event:ready\u0000', 'platform:event:__proto__', 'platform:event:constructor', 'platform:event:toString', 'platform:event:hasOwnProperty')).map(([m, t]) => ({ ...m, type: t })),
  fc.tuple(validMessage, fc.constantFrom('platform-embed ', 'Platform-embed', 'platform_embed')).map(([m, s]) => ({ ...m, source: s })),
  fc.tuple(validMessage, fc.constantFrom('action', 'events', 'Event')).map(([m, d]) => ({ ...m, direction: d })),
  // prototype-pollution keys on the envelope and in the payload
  validMessage.map((m) => withOwn(withOwn({ ...m }, '__proto__', pollution()), 'constructor', { prototype: pollution() })),
  validMessage.map((m) => ({
    ...m,
    payload: withOwn(withOwn({ ...(m.payload as object) }, '__proto__', pollution()), 'constructor', { prototype: pollution() }),
  })),
  validMessage.map((m) =>
    m.type === 'platform:event:drilldown'
      ? { ...m, payload: { ...(m.payload as object), value: withOwn({}, '__proto__', pollution()) } }
      : m,
  ),
  // unknown event types with arbitrary payloads
  fc.tuple(validMessage, fc.string({ maxLength: 20 }), fc.dictionary(fc.string({ maxLength: 8 }), oddValue, { maxKeys: 4 })).map(([m, name, payload]) => ({
    ...m,
    type: `platform:event:${name}`,
    payload,
  })),
);

/** Anything at all, including values structured clone turns into other things. */
export const arbitraryMessage: fc.Arbitrary<unknown> = oddValue;

/** The mix the fuzz suites post: mostly near-valid, some valid, some noise. */
export const messageMix: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: validMessage },
  { weight: 6, arbitrary: nearValidMessage },
  { weight: 1, arbitrary: arbitraryMessage },
);
