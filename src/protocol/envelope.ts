/**
 * The message envelope in both directions: `parseEventMessage` checks what
 * the embed sent (contract acceptance rules 3 and 4), `buildAction` makes
 * what the host sends. Both are exported for pages that talk to an embed
 * without the element. Neither throws on hostile input: `validateWith` copies only
 * schema keys, so `__proto__` or `constructor` keys reach no prototype.
 */
import { checkFlatField, fail, hasOwn, isPlainObject, pass, validateWith } from '../schema.js';
import {
  ACTION_PREFIX,
  EVENT_PREFIX,
  MESSAGE_SOURCE,
  actionCatalog,
  eventSchemas,
  isKnownEventType,
  surfaces,
  type PlatformActionPayload,
  type PlatformActionType,
  type PlatformEventPayload,
  type PlatformEventType,
  type Surface,
} from './catalog.js';
import { filterMemberProblem, jsonSnapshot, localeProblem, timeZoneProblem } from './values.js';

/** An accepted event, as the `platform-event` DOM event carries it. */
export type PlatformEventMessage<T extends string = string> = {
  /** The event type, `platform:event:*`. */
  type: T;
  /** The surface that sent it. */
  surface: Surface;
  /** Creation time in epoch milliseconds. */
  timestamp: number;
  /** The payload: for known types only the spec's fields, otherwise a shallow copy. */
  payload: T extends PlatformEventType ? PlatformEventPayload<T> : Record<string, unknown>;
};

/** The envelope of an event (embed to host), as the spec defines it. */
export type EventEnvelope<T extends string = PlatformEventType> = PlatformEventMessage<T> & {
  source: typeof MESSAGE_SOURCE;
  direction: 'event';
};

/** The envelope of an action (host to embed); actions carry no `surface`. */
export type ActionEnvelope<T extends string = PlatformActionType> = {
  source: typeof MESSAGE_SOURCE;
  direction: 'action';
  type: T;
  payload: T extends PlatformActionType ? PlatformActionPayload<T> : Record<string, unknown>;
  timestamp: number;
};

/** The outcome of `parseEventMessage`. */
export type ParsedEvent = { ok: true; message: PlatformEventMessage } | { ok: false; reason: string };

/**
 * Drops a quoted value from a schema reason: a rejected payload may carry
 * data the host must not log.
 */
function redact(reason: string): string {
  return reason.replace(/, got ".*$/s, '');
}

/**
 * Checks `data` as an event envelope. Known types get their payload
 * validated and reduced to the spec's fields; unknown `platform:event:*`
 * types are accepted with a shallow plain copy of their payload. The reason of
 * a rejection names the offending field, never its value.
 */
export function parseEventMessage(data: unknown): ParsedEvent {
  try {
    if (!isPlainObject(data)) return fail('data is not a plain object');
    if (data.source !== MESSAGE_SOURCE) return fail(`source is not "${MESSAGE_SOURCE}"`);
    if (data.direction !== 'event') return fail('direction is not "event"');
    const { type, timestamp, surface } = data;
    let { payload } = data;
    if (typeof type !== 'string') return fail('type is not a string');
    if (!type.startsWith(EVENT_PREFIX)) return fail(`type does not start with "${EVENT_PREFIX}"`);
    const known = isKnownEventType(type);
    const open = known && 'open' in eventSchemas[type];
    // The session events' payload is not published: a missing or null one is taken as {}.
    if (open && payload == null) payload = {};
    if (!isPlainObject(payload)) return fail(`payload of ${type} is not an object`);
    // `Number.isFinite` and `includes` are false for a value of any other type.
    if (!Number.isFinite(timestamp)) {
      return fail(`timestamp of ${type} is not a finite number`);
    }
    if (!(surfaces as readonly unknown[]).includes(surface)) {
      return fail(`surface of ${type} is not one of ${surfaces.join(', ')}`);
    }
    const checked = known && !open
      ? validateWith(payload, eventSchemas[type].payload, 'payload', checkFlatField)
      : pass({ ...payload });
    if (!checked.ok) return fail(`${type}: ${redact(checked.reason)}`);
    return { ok: true, message: { type, surface: surface as Surface, timestamp: timestamp as number, payload: checked.value } };
  } catch {
    // A getter on a cross-realm proxy may throw; the message is simply not ours.
    return fail('data could not be read');
  }
}

/**
 * Extra rules of known actions beyond field types: the field and why its value is one the embed
 * would ignore, each a range error (the one extra type rule, `set-theme`'s `borderRadius`, is
 * checked in `buildAction`).
 */
const actionRules: { [T in PlatformActionType]?: [field: string, problem: (value: string) => string | null] } = {
  'platform:action:set-locale': ['locale', localeProblem],
  'platform:action:set-timezone': ['timezone', timeZoneProblem],
  'platform:action:navigate': ['path', (path) => (path.startsWith('/') ? null : 'must start with "/"')],
  'platform:action:set-session': ['sessionId', (id) => (id ? null : 'must not be empty')],
  'platform:action:set-filter': ['filterUrlParameter', filterParameterProblem],
};

function filterParameterProblem(param: string): string | null {
  const eq = param.indexOf('=');
  if (!param.startsWith('f_') || eq === -1) return 'must have the form f_<view>.<dimension>=<JSON>';
  const member = filterMemberProblem(param.slice(2, eq));
  if (member) return `member ${member}`;
  try {
    JSON.parse(param.slice(eq + 1));
    return null;
  } catch {
    return 'value must be JSON';
  }
}

/**
 * Builds the envelope of an action: `{ source, direction: "action", type,
 * payload, timestamp }`. The payload is a plain JSON copy (a framework proxy
 * cannot be posted). Known action types are checked against the catalog.
 *
 * @throws {TypeError} `type` is not a string, `payload` is not a plain
 *   object or not JSON, or a known field has the wrong type.
 * @throws {RangeError} `type` is not `platform:action:*`, or a known field has
 *   a value the spec does not allow (enum, time zone, locale, path, filter).
 */
export function buildAction<T extends string>(
  type: T,
  payload: T extends PlatformActionType ? PlatformActionPayload<T> : Record<string, unknown>,
): ActionEnvelope<T> {
  if (typeof type !== 'string') throw new TypeError('action type must be a string');
  if (!type.startsWith(ACTION_PREFIX)) throw new RangeError(`action type must start with "${ACTION_PREFIX}"`);
  if (!isPlainObject(payload)) throw new TypeError(`payload of ${type} must be a plain object`);
  const copy = jsonSnapshot(payload);
  if (!copy.ok) throw new TypeError(`payload of ${type} ${copy.reason}`);
  const plain = copy.value as Record<string, unknown>;
  let body: Record<string, unknown> = plain;
  // `type` is a string here: no need for `isKnownActionType`'s own check.
  if (hasOwn(actionCatalog, type)) {
    const entry = actionCatalog[type as PlatformActionType];
    const checked = validateWith(plain, entry.payload, 'payload', checkFlatField);
    // An enum violation (a value the spec does not allow) is a range error; every other failure is a type error.
    // This is how `validate` words one (the action schemas are flat: no field name holds it).
    if (!checked.ok) throw new (checked.reason.includes(' must be one of ') ? RangeError : TypeError)(`${type}: ${redact(checked.reason)}`);
    body = 'open' in entry ? plain : checked.value;
    const { borderRadius } = body;
    if (type === 'platform:action:set-theme' && borderRadius !== undefined && typeof borderRadius !== 'string' && typeof borderRadius !== 'number') {
      throw new TypeError(`${type}: borderRadius must be a string or a number`);
    }
    const rule = actionRules[type as PlatformActionType];
    const problem = rule?.[1](body[rule[0]] as string);
    if (problem) throw new RangeError(`${type}: ${rule![0]} ${problem}`);
  }
  return {
    source: MESSAGE_SOURCE,
    direction: 'action',
    type,
    payload: body as ActionEnvelope<T>['payload'],
    timestamp: Date.now(),
  };
}
