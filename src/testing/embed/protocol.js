// The embed's side of the postMessage protocol: it posts events to the host
// page and accepts actions from it, both only with the host page's origin.

const SOURCE = 'platform-embed';

/**
 * The host page's origin. `location.ancestorOrigins` (Chromium, WebKit) names
 * the parent's origin even when the parent sends no referrer; Firefox lacks it,
 * so the origin of `document.referrer` is used there (the host's default
 * `strict-origin-when-cross-origin` policy still sends the origin). Returns
 * null when the page is not framed or the parent's origin cannot be known:
 * then nothing is ever posted, because `*` is never used as a target origin.
 */
export function findParentOrigin() {
  if (window.parent === window) return null;
  const ancestors = window.location.ancestorOrigins;
  if (ancestors && ancestors.length > 0 && ancestors[0] !== 'null') return ancestors[0];
  try {
    const origin = new URL(document.referrer).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/**
 * Creates the event poster for one surface.
 * @param {string | null} parentOrigin target origin of every message
 * @param {() => string} surface current surface (`dashboard`, `app`, `chat`)
 * @param {(type: string, payload: object) => void} [observe] sees every posted event
 */
export function createEmitter(parentOrigin, surface, observe) {
  return (type, payload) => {
    const message = { source: SOURCE, direction: 'event', type: `platform:event:${type}`, payload, timestamp: Date.now(), surface: surface() };
    observe?.(message.type, payload);
    if (parentOrigin) window.parent.postMessage(message, parentOrigin);
  };
}

const isPlainObject = (v) => typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype;

/**
 * Returns `{ type, payload }` for a well-formed action from the host page, or
 * a string saying why the message is ignored.
 * @param {MessageEvent} event
 * @param {string | null} parentOrigin
 */
export function readAction(event, parentOrigin) {
  if (!parentOrigin || event.origin !== parentOrigin) return 'origin is not the host page';
  if (event.source !== window.parent) return 'sender is not the parent window';
  const data = event.data;
  if (!isPlainObject(data) || data.source !== SOURCE) return 'not a platform-embed message';
  if (data.direction !== 'action') return 'direction is not action';
  if (typeof data.type !== 'string' || !data.type.startsWith('platform:action:')) return 'type is not an action';
  if (!isPlainObject(data.payload)) return 'payload is not an object';
  if (typeof data.timestamp !== 'number' || !Number.isFinite(data.timestamp)) return 'timestamp is not a number';
  // Actions never carry a surface; a message that does is not an action.
  if ('surface' in data) return 'actions carry no surface';
  return { type: data.type.slice('platform:action:'.length), payload: data.payload };
}
