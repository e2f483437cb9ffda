/**
 * `validate` and `validatePartial` check every embed message and every API
 * response, and are the place a faster per-message check would go. This
 * property test holds them to a frozen field-by-field reference
 * (helpers/reference-validate.ts) over random inputs for every schema of the
 * protocol catalog (events and actions) and of the API: the same verdict, the
 * same reason, the same copy, and a copy that is fresh at every level the
 * reference copies.
 */
import { expect } from '@open-wc/testing';
import fc from 'fast-check';
import { actionCatalog, eventCatalog } from '../../src/protocol/catalog.js';
import { parseEventMessage } from '../../src/protocol/envelope.js';
import * as apiSchemas from '../../src/api/schemas.js';
import { validate, validatePartial, type FieldSpec, type Schema } from '../../src/schema.js';
import { fuzzConfig, reportCases } from './helpers/fuzz-config.js';
import { referenceValidate, referenceValidatePartial } from './helpers/reference-validate.js';

const schemas: [string, Schema][] = [
  ...Object.entries(eventCatalog).map(([type, entry]) => [type, entry.payload as Schema] as [string, Schema]),
  ...Object.entries(actionCatalog).map(([type, entry]) => [type, entry.payload as Schema] as [string, Schema]),
  ...Object.entries(apiSchemas)
    .filter(([, value]) => typeof value === 'object' && value !== null && !Array.isArray(value))
    .map(([name, value]) => [name, value as Schema] as [string, Schema]),
];

const scalar = fc.oneof(
  fc.string({ maxLength: 8 }),
  fc.double(),
  fc.constantFrom(0, -1, 1.5, 2 ** 53, NaN, Infinity, -Infinity),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
);
const anyValue = fc.oneof(
  { weight: 4, arbitrary: scalar },
  { weight: 1, arbitrary: fc.array(scalar, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 4 }), scalar, { maxKeys: 3 }) },
  { weight: 1, arbitrary: fc.constant(Object.create(null) as object) },
);

/** A value aimed at `spec`: often a valid one (an enum member, an item list, a nested object), often not. */
function fieldValue(spec: FieldSpec): fc.Arbitrary<unknown> {
  const aimed: fc.Arbitrary<unknown>[] = [anyValue];
  if (spec.enum) aimed.push(fc.constantFrom(...spec.enum));
  if (spec.type === 'integer') aimed.push(fc.integer());
  if (spec.type === 'array') aimed.push(fc.array(scalar, { maxLength: 4 }), fc.array(fc.string({ maxLength: 3 }), { maxLength: 4 }));
  if (spec.type === 'object') aimed.push(spec.fields ? inputFor(spec.fields) : fc.dictionary(fc.string({ maxLength: 4 }), anyValue, { maxKeys: 3 }));
  return fc.oneof(...aimed);
}

/** Objects with some of the schema's fields, some foreign ones, and keys that could reach a prototype. */
function inputFor(schema: Schema): fc.Arbitrary<Record<string, unknown>> {
  const fields = Object.fromEntries(Object.entries(schema).map(([key, spec]) => [key, fieldValue(spec)]));
  return fc
    .tuple(
      fc.record(fields, { requiredKeys: [] }),
      fc.dictionary(fc.constantFrom('extra', '__proto__', 'constructor', 'toString', 'x'), anyValue, { maxKeys: 2 }),
    )
    .map(([known, extra]) => {
      const input: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(extra)) Object.defineProperty(input, key, { value, enumerable: true, writable: true, configurable: true });
      return Object.assign(input, known);
    });
}

/** Every object or array in `copy` that the reference copied must not be the input's own. */
function expectFresh(copy: unknown, input: unknown, path: string): void {
  if (typeof copy !== 'object' || copy === null) return;
  expect(copy, `${path} is a copy`).to.not.equal(input);
}

describe('hardening: validate agrees with the field-by-field reference (property-based)', () => {
  for (const [name, schema] of schemas) {
    it(`${name}: same verdict, reason and copy as the reference`, async () => {
      const { cases, seed } = await fuzzConfig();
      const runs = Math.max(100, Math.round(cases / 2));
      fc.assert(
        fc.property(fc.oneof({ weight: 9, arbitrary: inputFor(schema) }, { weight: 1, arbitrary: anyValue }), (input) => {
          const got = validate(input, schema);
          const want = referenceValidate(input, schema);
          expect(got).to.deep.equal(want);
          if (got.ok) {
            expectFresh(got.value, input, 'payload');
            for (const key of Object.keys(got.value)) {
              const spec = schema[key]!;
              if (spec.type === 'array' || spec.type === 'object') expectFresh(got.value[key], (input as Record<string, unknown>)[key], `payload.${key}`);
            }
          }
          const partial = validatePartial(input, schema);
          expect(partial).to.deep.equal(referenceValidatePartial(input, schema));
        }),
        { numRuns: runs, seed },
      );
      await reportCases(`validate equivalence ${name}`, runs, seed);
    });
  }

  /** The rule of an open payload, written out: a plain object is copied as it is, `null` or `undefined` is `{}`. */
  function openReference(payload: unknown): { ok: true; value: Record<string, unknown> } | { ok: false } {
    if (payload === null || payload === undefined) return { ok: true, value: {} };
    const proto = typeof payload === 'object' && !Array.isArray(payload) ? Object.getPrototypeOf(payload) : undefined;
    return proto === Object.prototype || proto === null ? { ok: true, value: { ...(payload as Record<string, unknown>) } } : { ok: false };
  }

  it('parseEventMessage accepts a known event iff the reference accepts its payload, with the reference copy', async () => {
    const { cases, seed } = await fuzzConfig();
    const types = Object.keys(eventCatalog) as (keyof typeof eventCatalog)[];
    const envelope = fc.constantFrom(...types).chain((type) =>
      inputFor(eventCatalog[type].payload as Schema).map((payload) => ({
        source: 'platform-embed',
        direction: 'event',
        type,
        payload,
        timestamp: 1,
        surface: 'dashboard',
      })),
    );
    fc.assert(
      fc.property(envelope, (data) => {
        const parsed = parseEventMessage(data);
        // An open event (the session events) lists no fields: any object passes and is kept as sent, null or missing as {}.
        const want = 'open' in eventCatalog[data.type] ? openReference(data.payload) : referenceValidate(data.payload, eventCatalog[data.type].payload as Schema);
        expect(parsed.ok).to.equal(want.ok);
        if (parsed.ok && want.ok) expect(parsed.message.payload).to.deep.equal(want.value);
        if (!parsed.ok && !want.ok) expect(parsed.reason.startsWith(`${data.type}: `)).to.equal(true);
      }),
      { numRuns: cases, seed },
    );
    await reportCases('parseEventMessage equivalence', cases, seed);
  });
});
