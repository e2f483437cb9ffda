// The demo's live log: the DOM events of the element (named as a listener
// writes them, `platform-ready`), and the calls the demo made, newest last,
// each with its detail. Selecting an event entry calls `onSelect`. Entries are
// appended in a box of fixed height and scrolled into view, so a new entry
// never moves one already shown, nor anything around the log (no layout shift).

const MAX_ENTRIES = 200;

/**
 * Creates a log bound to a list element.
 * @param {HTMLOListElement} list
 * @param {{ count?: HTMLElement, testid?: string }} [options]
 */
export function createLog(list, { count, testid = 'log-entry', onSelect } = {}) {
  let total = 0;

  /**
   * Adds an entry.
   * @param {'event' | 'host-error' | 'call'} kind
   * @param {string} type DOM event name or call name
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
    name.textContent = kind === 'call' ? `→ ${type}` : type;
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
    if (kind === 'event' && onSelect) {
      item.tabIndex = 0;
      item.classList.add('selectable');
      const select = () => {
        list.querySelector('[aria-current]')?.removeAttribute('aria-current');
        item.setAttribute('aria-current', 'true');
        onSelect(type, detail);
      };
      item.addEventListener('click', select);
      item.addEventListener('keydown', (event) => {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          select();
        }
      });
    }
    // Follow the newest entry only when the reader is at the end already.
    const atEnd = list.scrollTop + list.clientHeight >= list.scrollHeight - 4;
    list.append(item);
    while (list.childElementCount > MAX_ENTRIES) list.firstElementChild?.remove();
    if (atEnd) list.scrollTop = list.scrollHeight;
    if (count) count.textContent = String(total);
  }

  function clear() {
    list.replaceChildren();
    total = 0;
    if (count) count.textContent = '0';
  }

  return { add, clear };
}
