/**
 * A small declarative schema for the flat JSON objects of the spec: event and
 * action payloads, deployment settings, API responses. The same tables drive
 * runtime validation and the TypeScript types (`Infer`), so a field is
 * described once.
 */

export type FieldType = 'string' | 'number' | 'integer' | 'boolean' | 'object' | 'array' | 'unknown';

export interface FieldSpec {
  readonly type: FieldType;
  /** The field must be present (it may still be `null` when `nullable`). */
  readonly required?: boolean;
  /** `null` is an accepted value. */
  readonly nullable?: boolean;
  /** Allowed values of a string field. */
  readonly enum?: readonly string[];
  /** Element type of an `array` field. */
  readonly items?: Exclude<FieldType, 'array' | 'object'>;
  /** Shape of each element of an `array` of objects. */
  readonly each?: Schema;
  /** Shape of an `object` field; without it any plain object is accepted. */
  readonly fields?: Schema;
  /** One line for the generated documentation. */
  readonly doc?: string;
}

export type Schema = { readonly [field: string]: FieldSpec };

type Scalar<T extends FieldType | undefined> = T extends 'string'
  ? string
  : T extends 'number' | 'integer'
    ? number
    : T extends 'boolean'
      ? boolean
      : unknown;

type Base<F extends FieldSpec> = F extends { enum: readonly (infer E)[] }
  ? E
  : F extends { type: 'array'; each: infer S extends Schema }
    ? Infer<S>[]
    : F extends { type: 'array'; items: infer I }
    ? Scalar<I & FieldType>[]
    : F extends { type: 'array' }
      ? unknown[]
      : F extends { type: 'object'; fields: infer S extends Schema }
        ? Infer<S>
        : F extends { type: 'object' }
          ? Record<string, unknown>
          : Scalar<F['type']>;

type Value<F extends FieldSpec> = F extends { nullable: true } ? Base<F> | null : Base<F>;

type Simplify<T> = { [K in keyof T]: T[K] } & {};

/** The TypeScript type of an object described by schema `S`. */
export type Infer<S extends Schema> = Simplify<
  { -readonly [K in keyof S as S[K] extends { required: true } ? K : never]: Value<S[K]> } & {
    -readonly [K in keyof S as S[K] extends { required: true } ? never : K]?: Value<S[K]>;
  }
>;

export type Validation<T> = { ok: true; value: T } | { ok: false; reason: string };

export const { hasOwn } = Object;

/** A failed validation that says why (one helper: the bundles carry the shape once). */
export const fail = (reason: string): { ok: false; reason: string } => ({ ok: false, reason });

/** A passed validation with its value (one helper, like `fail`). */
export const pass = <T>(value: T): { ok: true; value: T } => ({ ok: true, value });

/** A non-null, non-array object whose prototype is `Object.prototype` or `null`. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number' && !Number.isFinite(value)) return String(value);
  return typeof value;
}

/** The types of the protocol's flat payloads: string, number, boolean, unknown. */
function checkFlatType(type: FieldType, value: unknown): boolean {
  // `Number.isFinite` is false for every non-number.
  return type === 'number' ? Number.isFinite(value) : type === 'unknown' || typeof value === type;
}

/** Every field type (`Number.isSafeInteger` is false for every non-number). */
function checkType(type: FieldType, value: unknown): boolean {
  return type === 'integer'
    ? Number.isSafeInteger(value)
    : type === 'object'
      ? isPlainObject(value)
      : type === 'array'
        ? Array.isArray(value)
        : checkFlatType(type, value);
}

function article(type: FieldType): string {
  return `${/^[aeiou]/.test(type) ? 'an' : 'a'} ${type}`;
}

type FieldCheck = (spec: FieldSpec, value: unknown, path: string) => Validation<unknown>;

/**
 * Null, type and enum of one field, the value passing as is. With the default `isType` it checks
 * the flat schemas of the protocol's payloads (string, number, boolean, unknown fields), so the
 * element's bundle carries no array or object checks; `checkField` passes `checkType`.
 */
export function checkFlatField(spec: FieldSpec, value: unknown, path: string, isType = checkFlatType): Validation<unknown> {
  if (value === null) {
    return spec.nullable || spec.type === 'unknown'
      ? pass(null)
      : fail(`${path} must not be null`);
  }
  if (!isType(spec.type, value)) {
    return fail(`${path} must be ${article(spec.type)}, got ${describe(value)}`);
  }
  if (spec.enum && !spec.enum.includes(value as string)) {
    return fail(`${path} must be one of ${spec.enum.join(', ')}, got ${JSON.stringify(value).slice(0, 60)}`);
  }
  return pass(value);
}

/** One field of any type: arrays are copied with their items checked, objects copied or validated. */
function checkField(spec: FieldSpec, value: unknown, path: string): Validation<unknown> {
  const checked = checkFlatField(spec, value, path, checkType);
  if (!checked.ok || value === null) return checked;
  if (spec.type === 'array') {
    const list = value as unknown[];
    if (spec.items) {
      const items = spec.items;
      const bad = list.findIndex((item) => !checkType(items, item));
      if (bad !== -1) return fail(`${path}[${bad}] must be ${article(items)}, got ${describe(list[bad])}`);
    }
    const out: unknown[] = [];
    for (const item of list) {
      const checked = spec.each ? validate(item, spec.each, `${path}[${out.length}]`) : pass(item);
      if (!checked.ok) return checked;
      out.push(checked.value);
    }
    return pass(out);
  }
  if (spec.type === 'object') {
    return spec.fields ? validate(value, spec.fields, path) : pass({ ...(value as object) });
  }
  return checked;
}

/** `validate` with the field check `check`: `checkField`, or `checkFlatField` for flat schemas. */
export function validateWith(input: unknown, schema: Schema, path: string, check: FieldCheck): Validation<Record<string, unknown>> {
  if (!isPlainObject(input)) return fail(`${path} must be an object, got ${describe(input)}`);
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(schema)) {
    const spec = schema[key]!;
    if (!hasOwn(input, key) || input[key] === undefined) {
      if (spec.required) return fail(`${path}.${key} is required`);
      continue;
    }
    const checked = check(spec, input[key], `${path}.${key}`);
    if (!checked.ok) return checked;
    out[key] = checked.value;
  }
  return pass(out);
}

/**
 * Checks `input` against `schema`. On success `value` is a fresh plain object
 * holding only the schema's fields (unknown fields are dropped); on failure
 * `reason` names the first offending field.
 */
export function validate<S extends Schema>(input: unknown, schema: S, path = 'payload'): Validation<Infer<S>> {
  return validateWith(input, schema, path, checkField) as Validation<Infer<S>>;
}

/**
 * Checks only the fields present in `input` (for partial writes). Fields not
 * in the schema are reported, not dropped, so a typo never vanishes silently.
 */
export function validatePartial<S extends Schema>(input: unknown, schema: S, path = 'settings'): Validation<Partial<Infer<S>>> {
  if (!isPlainObject(input)) return fail(`${path} must be an object, got ${describe(input)}`);
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(input)) {
    const spec = hasOwn(schema, key) ? schema[key] : undefined;
    if (!spec) return fail(`${path}.${key} is not a known field`);
    if (input[key] === undefined) continue;
    const checked = checkField(spec, input[key], `${path}.${key}`);
    if (!checked.ok) return checked;
    out[key] = checked.value;
  }
  return pass(out as Partial<Infer<S>>);
}
