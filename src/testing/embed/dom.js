// A small element builder. Text always goes in as text nodes, never as HTML,
// so sample data, filter values and chat queries cannot inject markup.

/**
 * Creates an element.
 * @param {string} tag
 * @param {Record<string, unknown>} [props] attributes; `on<event>` keys add listeners,
 *   `testid` sets `data-testid`, `class` the class name; null/false values are skipped
 * @param {...(Node | string | number | null | false | undefined | Array<unknown>)} children
 */
export function h(tag, props = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith('on') && typeof value === 'function') el.addEventListener(key.slice(2), value);
    else if (key === 'testid') el.setAttribute('data-testid', String(value));
    else if (key === 'style' && typeof value === 'object') Object.assign(el.style, value);
    else el.setAttribute(key, value === true ? '' : String(value));
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(el, child);
    else el.append(child instanceof Node ? child : String(child));
  }
}

/** Replaces every child of `el`. */
export function mount(el, ...children) {
  el.replaceChildren();
  append(el, children);
}
