// The demo's live log: embed events, host-side errors and the calls the demo
// made, newest first, each with its detail.

const MAX_ENTRIES = 200;

/**
 * Creates a log bound to a list element.
 * @param {HTMLOListElement} list
 * @param {{ count?: HTMLElement, testid?: string }} [options]
 */
export function createLog(list, { count, testid = 'log-entry' } = {}) {
  let total = 0;

  /**
   * Adds an entry.
   * @param {'event' | 'host-error' | 'call'} kind
   * @param {string} type event type or call name
   * @param {unknown} detail shown as JSON
   * @param {string} [surface]
   */
  function add(kind, type, detail, surface) {
    total += 1;
    const item = document.createElement('li');
    item.className = `entry entry-${kind}`;
    item.setAttribute('data-testid', testid);
    item.dataset.kind = kind;
    item.dataset.type = type;

    const head = document.createElement('div');
    head.className = 'entry-head';
    const time = document.createElement('time');
    const now = new Date();
    time.dateTime = now.toISOString();
    time.textContent = now.toLocaleTimeString(undefined, { hour12: false });
    const name = document.createElement('span');
    name.className = 'entry-type';
    name.textContent = kind === 'call' ? `→ ${type}` : type.replace(/^platform:event:/, '');
    name.title = type;
    head.append(time, name);
    if (surface) {
      const tag = document.createElement('span');
      tag.className = 'entry-surface';
      tag.textContent = surface;
      head.append(tag);
    }
    const body = document.createElement('pre');
    body.className = 'entry-detail';
    body.textContent = detail === undefined ? '' : JSON.stringify(detail, null, 1).replace(/\n\s*/g, ' ');
    item.append(head, body);
    list.prepend(item);
    while (list.childElementCount > MAX_ENTRIES) list.lastElementChild?.remove();
    if (count) count.textContent = String(total);
  }

  function clear() {
    list.replaceChildren();
    total = 0;
    if (count) count.textContent = '0';
  }

  return { add, clear };
}
