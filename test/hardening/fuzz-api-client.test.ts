/**
 * Property: whatever a 2xx response carries, every client method either
 * resolves with a fresh, spec-shaped object or rejects with a
 * `PlatformApiError` whose code is `invalid-response`; nothing else escapes,
 * and no body pollutes a prototype.
 *
 * The oracle below is written from the spec's tables independently of the
 * client's validator, so a validator bug shows up as a disagreement.
 */
import { expect } from '@open-wc/testing';
import fc from 'fast-check';
import { PlatformApiClient, PlatformApiError } from '../../src/api/index.js';
import {
  branchDeletionSchema,
  cspsConfigSchema,
  deploymentSettingsSchema,
  usageAnalyticsTokenSchema,
} from '../../src/api/schemas.js';
import type { FieldSpec, Schema } from '../../src/schema.js';
import { assertNoPollution, EscapedErrors, fuzzConfig, prototypeSnapshot, reportCases } from './helpers/fuzz-config.js';

type Json = unknown;

/** Independent reading of the spec's field tables: does `value` satisfy `spec`? */
function fieldOk(spec: FieldSpec, value: Json): boolean {
  if (value === null) return spec.nullable === true;
  switch (spec.type) {
    case 'string':
      return typeof value === 'string' && (!spec.enum || spec.enum.includes(value));
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value) && Math.abs(value) <= Number.MAX_SAFE_INTEGER;
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'array':
      return Array.isArray(value) && value.every((item) => (spec.items === 'string' ? typeof item === 'string' : true));
    case 'object':
      if (typeof value !== 'object' || Array.isArray(value)) return false;
      return spec.fields ? conforms(value, spec.fields) : true;
    default:
      return true;
  }
}

function conforms(value: Json, schema: Schema): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const record = value as Record<string, Json>;
  return Object.entries(schema).every(([key, spec]) =>
    Object.prototype.hasOwnProperty.call(record, key) ? fieldOk(spec, record[key]) : !spec.required,
  );
}

/** What the client must resolve with for a conforming body: the spec fields only. */
function expectedValue(value: Record<string, Json>, schema: Schema): Record<string, Json> {
  const out: Record<string, Json> = {};
  for (const [key, spec] of Object.entries(schema)) {
    if (!Object.prototype.hasOwnProperty.call(value, key)) continue;
    const v = value[key];
    out[key] = spec.type === 'object' && spec.fields && v !== null ? expectedValue(v as Record<string, Json>, spec.fields) : v;
  }
  return out;
}

/** Keys of `value` (recursively through sub-schemas) that the spec does not list. */
function extraKeys(value: Record<string, unknown>, schema: Schema, path = ''): string[] {
  const extra: string[] = [];
  for (const key of Object.keys(value)) {
    const spec = Object.prototype.hasOwnProperty.call(schema, key) ? schema[key] : undefined;
    if (!spec) extra.push(path + key);
    else if (spec.fields && value[key] !== null) extra.push(...extraKeys(value[key] as Record<string, unknown>, spec.fields, `${key}.`));
  }
  return extra;
}

const anyJson = fc.jsonValue({ maxDepth: 3 });

function fieldArb(spec: FieldSpec): fc.Arbitrary<Json> {
  let base: fc.Arbitrary<Json>;
  if (spec.enum) base = fc.constantFrom(...spec.enum);
  else if (spec.type === 'integer') base = fc.integer({ min: 1, max: 1e9 });
  else if (spec.type === 'number') base = fc.double({ noNaN: true, noDefaultInfinity: true });
  else if (spec.type === 'boolean') base = fc.boolean();
  else if (spec.type === 'array') base = fc.array(fc.string(), { maxLength: 4 });
  else if (spec.type === 'object') base = spec.fields ? objectArb(spec.fields) : fc.dictionary(fc.string(), anyJson, { maxKeys: 4 });
  else base = fc.string();
  return spec.nullable ? fc.option(base, { nil: null }) : base;
}

/** Spec-valid objects of `schema`, optional fields sometimes absent. */
function objectArb(schema: Schema): fc.Arbitrary<Record<string, Json>> {
  const shape: Record<string, fc.Arbitrary<Json>> = {};
  for (const [key, spec] of Object.entries(schema)) shape[key] = fieldArb(spec);
  const requiredKeys = Object.entries(schema).filter(([, s]) => s.required).map(([k]) => k);
  return fc.record(shape, { requiredKeys }) as fc.Arbitrary<Record<string, Json>>;
}

/** Near-valid bodies: a valid object with one targeted defect, or a valid one with hostile extras. */
function bodyArb(schema: Schema): fc.Arbitrary<string> {
  const keys = Object.keys(schema);
  const valid = objectArb(schema);
  const text = (v: Json) => JSON.stringify(v);
  return fc.oneof(
    valid.map(text),
    // one field replaced by an arbitrary JSON value (often the wrong type)
    fc.tuple(valid, fc.constantFrom(...keys), anyJson).map(([o, k, v]) => text({ ...o, [k]: v })),
    // a required field removed
    fc.tuple(valid, fc.constantFrom(...keys)).map(([o, k]) => {
      const copy = { ...o };
      delete copy[k];
      return text(copy);
    }),
    // an enum or nested value out of range
    fc.tuple(valid, fc.constantFrom(...keys), fc.constantFrom(null, -1, 1.5, 2 ** 60, '', 'nope', true, [], {})).map(([o, k, v]) =>
      text({ ...o, [k]: v }),
    ),
    // prototype-pollution keys at the top and inside free-form objects (spliced as text: JSON.parse makes them own keys)
    valid.map((o) => {
      const inner = '{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}}}';
      const body = text(o).slice(1);
      return `{"__proto__":{"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}},"templateVariables":${inner},${body}`;
    }),
    // unknown extra fields
    fc.tuple(valid, fc.dictionary(fc.string(), anyJson, { maxKeys: 3 })).map(([o, extra]) => text({ ...extra, ...o })),
    // not an object at all, or not JSON
    anyJson.map(text),
    fc.string(),
    fc.constantFrom('', 'null', '[]', '{', '<html>502 Bad Gateway</html>', '\u0000', '1e999', '"\\ud800"'),
    // a huge string field
    valid.map((o) => text({ ...o, [keys[1] ?? keys[0]!]: 'x'.repeat(1 << 20) })),
  );
}

interface Operation {
  name: 'getDeploymentSettings' | 'updateDeploymentSettings' | 'issueUsageAnalyticsToken' | 'deleteBranch';
  schema: Schema;
  call: (client: PlatformApiClient) => Promise<unknown>;
}

const operations: Operation[] = [
  { name: 'getDeploymentSettings', schema: deploymentSettingsSchema, call: (c) => c.getDeploymentSettings(7) },
  { name: 'updateDeploymentSettings', schema: deploymentSettingsSchema, call: (c) => c.updateDeploymentSettings(7, { name: 'n' }) },
  { name: 'issueUsageAnalyticsToken', schema: usageAnalyticsTokenSchema, call: (c) => c.issueUsageAnalyticsToken() },
  { name: 'deleteBranch', schema: branchDeletionSchema, call: (c) => c.deleteBranch(7, 'feature/x') },
];

// 204/205 cannot carry a body; every other 2xx can.
const okStatus = fc.constantFrom(200, 201, 202, 203, 206, 299);

describe('hardening: API client response validation (property-based)', () => {
  for (const op of operations) {
    it(`${op.name}: any 2xx body resolves spec-shaped or rejects invalid-response`, async function () {
      this.timeout(0);
      const { cases, seed } = await fuzzConfig();
      const escaped = new EscapedErrors();
      const before = prototypeSnapshot();
      let ran = 0;
      try {
        await fc.assert(
          fc.asyncProperty(bodyArb(op.schema), okStatus, async (body, status) => {
            ran += 1;
            const client = new PlatformApiClient({
              baseUrl: 'https://acme.platform.example',
              token: 'fuzz-token',
              retries: 0,
              timeoutMs: 0,
              fetch: async () => new Response(body, { status, headers: { 'Content-Type': 'application/json' } }),
            });
            let parsed: { ok: true; value: Json } | { ok: false };
            try {
              parsed = { ok: true, value: JSON.parse(body) };
            } catch {
              parsed = { ok: false };
            }
            const shouldResolve = parsed.ok && conforms(parsed.value, op.schema);
            const outcome = await op.call(client).then(
              (value) => ({ resolved: true as const, value }),
              (error: unknown) => ({ resolved: false as const, error }),
            );
            if (outcome.resolved) {
              if (!shouldResolve) throw new Error(`resolved for a body the spec rejects: ${body.slice(0, 200)}`);
              const value = outcome.value as Record<string, unknown>;
              if (Object.getPrototypeOf(value) !== Object.prototype) throw new Error('result is not a plain object');
              const extra = extraKeys(value, op.schema);
              if (extra.length) throw new Error(`result has fields the spec does not list: ${extra.join(', ')}`);
              expect(value).to.deep.equal(expectedValue((parsed as { value: Record<string, Json> }).value, op.schema));
            } else {
              const { error } = outcome;
              if (!(error instanceof PlatformApiError)) throw new Error(`rejected with a non-PlatformApiError: ${String(error)}`);
              if (error.code !== 'invalid-response') throw new Error(`rejected with code ${error.code}`);
              if (error.operation !== op.name || error.status !== status) throw new Error('wrong operation or status');
              if (shouldResolve) throw new Error(`rejected a body the spec accepts: ${body.slice(0, 200)}`);
            }
            assertNoPollution(before);
          }),
          { seed, numRuns: cases },
        );
      } finally {
        escaped.stop();
      }
      expect(escaped.errors).to.deep.equal([]);
      await reportCases(`client.${op.name}`, ran, seed);
    });
  }

  it('the oracle itself accepts a spec example and rejects a broken one', () => {
    // Guards the property above against a vacuous oracle.
    const token = { apiUrl: 'https://u.example/api', deploymentId: 3, token: 'a.b.c', expiresAt: '2030-01-01T00:00:00Z' };
    expect(conforms(token, usageAnalyticsTokenSchema)).to.equal(true);
    expect(conforms({ ...token, deploymentId: 1.5 }, usageAnalyticsTokenSchema)).to.equal(false);
    expect(conforms({ enabled: true, storageProvider: 's3', s3Bucket: null }, cspsConfigSchema)).to.equal(true);
    expect(conforms({ enabled: true }, cspsConfigSchema)).to.equal(false);
  });
});
