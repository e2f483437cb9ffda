/**
 * A frozen field-by-field reference of `validate` and `validatePartial`, kept
 * only as an oracle for test/hardening/validate-equivalence.test.ts. The
 * library's own code checks every embed message and may be reshaped for
 * speed; this copy does not change with it, so any such change has to give
 * the same verdicts, reasons and copies.
 */
import { isPlainObject, type FieldSpec, type FieldType, type Schema, type Validation } from '../../../src/schema.js';

const hasOwn = (o: object, key: string) => Object.prototype.hasOwnProperty.call(o, key);

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number' && !Number.isFinite(value)) return String(value);
  return typeof value;
}

function checkScalar(type: FieldType, value: unknown): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'integer':
      return typeof value === 'number' && Number.isSafeInteger(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'object':
      return isPlainObject(value);
    case 'array':
      return Array.isArray(value);
    case 'unknown':
      return true;
  }
}

function article(type: FieldType): string {
  return type === 'integer' || type === 'object' || type === 'array' ? `an ${type}` : `a ${type}`;
}

function checkField(spec: FieldSpec, value: unknown, path: string): Validation<unknown> {
  if (value === null) {
    return spec.nullable || spec.type === 'unknown' ? { ok: true, value: null } : { ok: false, reason: `${path} must not be null` };
  }
  if (!checkScalar(spec.type, value)) return { ok: false, reason: `${path} must be ${article(spec.type)}, got ${describe(value)}` };
  if (spec.enum && !spec.enum.includes(value as string)) {
    return { ok: false, reason: `${path} must be one of ${spec.enum.join(', ')}, got ${JSON.stringify(value).slice(0, 60)}` };
  }
  if (spec.type === 'array') {
    const list = value as unknown[];
    if (spec.items) {
      const items = spec.items;
      const bad = list.findIndex((item) => !checkScalar(items, item));
      if (bad !== -1) return { ok: false, reason: `${path}[${bad}] must be ${article(items)}, got ${describe(list[bad])}` };
    }
    return { ok: true, value: [...list] };
  }
  if (spec.type === 'object') {
    return spec.fields ? referenceValidate(value, spec.fields, path) : { ok: true, value: { ...(value as object) } };
  }
  return { ok: true, value };
}

/** The reference `validate`. */
export function referenceValidate(input: unknown, schema: Schema, path = 'payload'): Validation<Record<string, unknown>> {
  if (!isPlainObject(input)) return { ok: false, reason: `${path} must be an object, got ${describe(input)}` };
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(schema)) {
    const spec = schema[key]!;
    if (!hasOwn(input, key) || input[key] === undefined) {
      if (spec.required) return { ok: false, reason: `${path}.${key} is required` };
      continue;
    }
    const checked = checkField(spec, input[key], `${path}.${key}`);
    if (!checked.ok) return checked;
    out[key] = checked.value;
  }
  return { ok: true, value: out };
}

/** The reference `validatePartial`. */
export function referenceValidatePartial(input: unknown, schema: Schema, path = 'settings'): Validation<Record<string, unknown>> {
  if (!isPlainObject(input)) return { ok: false, reason: `${path} must be an object, got ${describe(input)}` };
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(input)) {
    const spec = hasOwn(schema, key) ? schema[key] : undefined;
    if (!spec) return { ok: false, reason: `${path}.${key} is not a known field` };
    if (input[key] === undefined) continue;
    const checked = checkField(spec, input[key], `${path}.${key}`);
    if (!checked.ok) return checked;
    out[key] = checked.value;
  }
  return { ok: true, value: out };
}
