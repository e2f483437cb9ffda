/**
 * Where a `keep-alive` embed's iframe lives: in a holder appended to
 * `document.body`, never inside the element, because a removed element's
 * iframe loses its document before any callback could move it (see
 * bench/spikes/keep-alive/). While its element is connected, the iframe is
 * placed over the element's content box and made to behave as content of the
 * element: clipped by the `overflow` ancestors, hidden and `inert` with them,
 * owned by the element in the accessibility tree, and reached by Tab and
 * Shift+Tab between what comes before and after the element.
 *
 * The holder is absolute in the document, so the page's own scroll moves it
 * with the page on the compositor; while an embed is shown it is placed
 * again in every frame, before that frame is painted (see `listen`), so any
 * layout change moves it with the element (CSS anchor positioning does not
 * follow a scrolling ancestor: measured 115 px off in Chromium 156 and 76 px
 * in Firefox 153).
 */

const HOLDER = 'platform-embed-keep-alive';
let holder: HTMLElement | undefined;
/** Placements whose element is connected. */
const shown = new Set<Placement>();

function theHolder(): HTMLElement {
  if (!holder?.isConnected) {
    holder ??= document.createElement('div');
    holder.setAttribute('data-' + HOLDER, '');
    holder.style.cssText = 'position:absolute;top:0;left:0;width:0;height:0;display:block;visibility:visible';
    // Beside `<body>`, not in it: a page that swaps its body (Turbo Drive, htmx's boost) keeps the embeds.
    document.documentElement.append(holder);
  }
  return holder;
}

/** Places every shown embed (exported for the cost measure in test/keep-alive/layout.test.ts). */
export const placeAll = (): void => {
  for (const placement of shown) placement.place();
};

/**
 * While an embed is shown it is placed in every frame, after that frame's
 * scrolls, animations, transitions and animation callbacks and their layout,
 * before it is painted: a ResizeObserver's callback runs there, and a probe
 * whose width flips in each animation frame makes it run in every frame. So
 * any layout change (content above growing, a route transition, an
 * ancestor's transform) is followed in the frame it happens.
 */
let probe: HTMLElement | undefined;
let loop = 0;
const tick = () => {
  loop = shown.size ? requestAnimationFrame(tick) : 0;
  if (loop) probe!.style.width = probe!.style.width ? '' : '1px';
};

function listen(on: boolean): void {
  if (!probe) {
    probe = document.createElement('i');
    probe.style.cssText = 'position:absolute;height:1px';
    new ResizeObserver(placeAll).observe(probe);
  }
  if (on) theHolder().append(probe);
  if (on && !loop) loop = requestAnimationFrame(tick);
  document[on ? 'addEventListener' : 'removeEventListener']('keydown', onKey as EventListener, true);
}

/** The element's parent in the composed tree (through shadow roots). */
const up = (node: Element): Element | null => node.parentElement ?? ((node.parentNode as ShadowRoot | null)?.host ?? null);

/** Tabbable elements in the composed tree's order (through open shadow roots and slots; the holder's are in closed ones). */
function tabbables(): HTMLElement[] {
  const list: HTMLElement[] = [];
  const walk = (parent: Element) => {
    const slotted = parent instanceof HTMLSlotElement ? parent.assignedElements() : [];
    for (const el of slotted.length ? slotted : (parent.shadowRoot ?? parent).children) {
      const it = el as HTMLButtonElement;
      if (it.tabIndex >= 0 && it.matches(TABBABLE) && !it.disabled && !it.closest('[inert]') && it.checkVisibility()) list.push(it);
      walk(el);
    }
  };
  walk(document.documentElement);
  return list;
}
const TABBABLE = 'a[href],button,input,select,textarea,iframe,[tabindex],[contenteditable],summary';

/** What Tab (Shift+Tab when `back`) moves focus to from `from` (from the start or the end when it is not tabbable). */
function beside(from: Element | null, back: boolean): HTMLElement | undefined {
  const list = tabbables();
  const at = list.indexOf(from as HTMLElement);
  return back ? list[(at < 0 ? list.length : at) - 1] : list[at + 1];
}

/**
 * Tab (Shift+Tab) about to land on a shown element's entry: focus goes to
 * the holder's sentinel before (after) the iframe now, and the key's own
 * move, made from there, enters the embed's first (last) control. So entering
 * takes the one press it would with the iframe inside the element.
 */
function onKey(event: KeyboardEvent): void {
  if (event.key !== 'Tab' || event.ctrlKey || event.altKey || event.metaKey) return;
  // The focused element, in the shadow trees it is in.
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  const next = beside(active, event.shiftKey);
  for (const placement of shown) placement.enter(next, event.shiftKey);
}

let ids = 0;

/** `Element.moveBefore()`, which TypeScript's DOM types do not know yet. */
type Movable = { moveBefore(node: Node, child: Node | null): void };

/** One embed's place in the holder: a wrapper with the iframe between two focus sentinels. */
export class Placement {
  readonly wrapper = document.createElement('div');
  /**
   * The wrapper's host, a child of the holder: the wrapper and the iframe are
   * in its closed shadow tree, so no page style reaches them (a rule for
   * every `iframe`, `!important` or not) and the iframe is never in
   * `window.frames` (any frame of the page could post to it through
   * `top.frames[i]` otherwise; Firefox counts an iframe that was once in the
   * light tree even after a move into a shadow tree). The element owns the
   * host in the accessibility tree (it cannot own a node of another shadow
   * tree), so the iframe is read where the element stands.
   */
  private readonly _host = document.createElement('div');
  private _element: HTMLElement | null = null;
  private _inner: [HTMLElement, HTMLElement] | undefined;
  /** The holder's sentinels before and after the iframe. */
  private readonly _edges: [HTMLElement, HTMLElement];
  /** Focus is being put on a holder sentinel to enter the embed: it must not leave again. */
  private _entering = false;
  /** The overlays cover the element (loading, failed): the embed is not shown. */
  private _covered = true;

  constructor(readonly frame: HTMLIFrameElement) {
    const sentinel = (forward: boolean) => {
      const span = document.createElement('span');
      span.tabIndex = 0;
      // Tab out of the embed's last control (or Shift+Tab out of its first) lands here: go on beside the element.
      span.addEventListener('focus', () => {
        if (this._entering || !this._inner) return;
        const target = beside(this._inner[+forward], !forward);
        if (target) target.focus();
        else span.blur();
      });
      return span;
    };
    this.wrapper.style.cssText = 'position:absolute;top:0;left:0;width:0;height:0;overflow:hidden;visibility:hidden';
    this.wrapper.inert = true;
    this._host.id = `${HOLDER}-${++ids}`;
    this._host.style.cssText = 'position:absolute;top:0;left:0';
    this._host.attachShadow({ mode: 'closed' }).append(this.wrapper);
    // Out of the shadow tree, the element's styles for its iframe no longer reach it.
    frame.style.cssText = 'position:absolute;display:block;border:0;transform-origin:0 0';
    frame.addEventListener('blur', () => (frame.style.outline = ''));
    this._edges = [sentinel(false), sentinel(true)];
    this.wrapper.append(this._edges[0]);
    theHolder().append(this._host);
    // `moveBefore` keeps the iframe's document (it is navigating already).
    (this.wrapper as unknown as Movable).moveBefore(frame, null);
    this.wrapper.append(this._edges[1]);
  }

  /** The element is connected: place the embed over it and take its place in focus order and the accessibility tree. */
  show(element: HTMLElement, root: ShadowRoot | HTMLElement | DocumentFragment): void {
    if (this._element !== element) {
      this.hide();
      this._element = element;
      // The element's own entries, where the iframe would be in focus order. A Tab (Shift+Tab) about to
      // land on one is sent into the embed at once (see `onKey`). Focus that lands on one all the same
      // (a Tab out of another frame, a script) stops on the iframe itself: the dashboard's box, ringed
      // and announced by its title; the next Tab (Shift+Tab) reaches its first (last) control.
      const enter = () => {
        const span = document.createElement('span');
        span.tabIndex = -1;
        span.addEventListener('focus', () => {
          this.frame.style.outline = '2px solid';
          this.frame.focus();
        });
        return span;
      };
      this._inner = [enter(), enter()];
      root.prepend(this._inner[0]);
      root.append(this._inner[1]);
      if (!shown.size) listen(true);
      shown.add(this);
    }
    setOwns(element, this._host);
    this.place();
  }

  /** A Tab (Shift+Tab) is about to focus `next`: if it is this embed's entry, the key enters the embed from the holder's sentinel. */
  enter(next: Element | undefined, back: boolean): void {
    if (!this._inner || next !== this._inner[+back]) return;
    this._entering = true;
    this._edges[+back].focus();
    this._entering = false;
  }

  /** Loading or failed: the element's overlays show, the embed does not. */
  cover(covered: boolean): void {
    this._covered = covered;
    this.place();
  }

  /** The element left: the embed is kept, gone for the viewer (not painted, inert, out of the accessibility tree). */
  hide(): void {
    const element = this._element;
    if (!element) return;
    this._element = null;
    setOwns(element, null);
    for (const span of this._inner ?? []) span.remove();
    this._inner = undefined;
    shown.delete(this);
    if (!shown.size) listen(false);
    this._apply(false);
    // A kept embed holds no room in the page: fixed at the corner, it adds nothing to the scrollable area.
    this.wrapper.style.position = 'fixed';
    this.wrapper.style.top = this.wrapper.style.left = '0';
  }

  /** Drops the embed: its iframe and document go. */
  remove(): void {
    this.hide();
    this._host.remove();
  }

  /**
   * Places the wrapper over the element's content box, clipped as the
   * element's content would be, at its ancestors' z-index and faded by their
   * opacity. The box is the transformed one (`getBoundingClientRect()`): a
   * scale or a translation of the element or an ancestor moves and scales the
   * iframe with it; a rotation or a skew is followed by its bounding box only.
   */
  place(): void {
    const element = this._element;
    if (!element) return;
    if (this._covered || !element.checkVisibility({ visibilityProperty: true } as CheckVisibilityOptions)) return this._apply(false);
    const rect = element.getBoundingClientRect();
    const css = getComputedStyle(element);
    // The transformed size over the laid-out one: the scale of the element on screen.
    const sx = rect.width / element.offsetWidth || 1;
    const sy = rect.height / element.offsetHeight || 1;
    const [top0, left0] = [rect.top + (element.clientTop + parseFloat(css.paddingTop)) * sy, rect.left + (element.clientLeft + parseFloat(css.paddingLeft)) * sx];
    const width = Math.max(0, element.clientWidth - parseFloat(css.paddingLeft) - parseFloat(css.paddingRight));
    const height = Math.max(0, element.clientHeight - parseFloat(css.paddingTop) - parseFloat(css.paddingBottom));
    let [top, left, bottom, right] = [top0, left0, top0 + height * sy, left0 + width * sx];
    let [inert, opacity, z, clips] = [false, 1, '', true];
    // One walk up the composed tree: `inert`, the opacity product, the outermost z-index, and the
    // padding box of every `overflow` ancestor (up to a fixed one), which clips the element's content.
    for (let node: Element | null = element; node; node = up(node)) {
      const style = getComputedStyle(node);
      inert ||= (node as HTMLElement).inert;
      opacity *= +style.opacity;
      if (style.zIndex !== 'auto') z = style.zIndex;
      if (node === element || !clips || node === document.documentElement || node === document.body) continue;
      if (style.overflowX !== 'visible' || style.overflowY !== 'visible') {
        const box = node.getBoundingClientRect();
        const [ky, kx] = [box.height / (node as HTMLElement).offsetHeight || 1, box.width / (node as HTMLElement).offsetWidth || 1];
        if (style.overflowY !== 'visible') {
          top = Math.max(top, box.top + node.clientTop * ky);
          bottom = Math.min(bottom, box.top + (node.clientTop + node.clientHeight) * ky);
        }
        if (style.overflowX !== 'visible') {
          left = Math.max(left, box.left + node.clientLeft * kx);
          right = Math.min(right, box.left + (node.clientLeft + node.clientWidth) * kx);
        }
      }
      clips = style.position !== 'fixed';
    }
    const origin = theHolder().getBoundingClientRect();
    // The wrapper is the visible part (it clips with `overflow: hidden`); the iframe keeps the element's whole box inside it.
    const { style } = this.wrapper;
    style.position = 'absolute';
    style.top = `${top - origin.top}px`;
    style.left = `${left - origin.left}px`;
    style.width = `${Math.max(0, right - left)}px`;
    style.height = `${Math.max(0, bottom - top)}px`;
    style.zIndex = z;
    style.opacity = opacity < 1 ? `${opacity}` : '';
    const frame = this.frame.style;
    frame.top = `${top0 - top}px`;
    frame.left = `${left0 - left}px`;
    frame.width = `${width}px`;
    frame.height = `${height}px`;
    frame.transform = sx !== 1 || sy !== 1 ? `scale(${sx},${sy})` : '';
    this._apply(bottom > top && right > left, inert);
  }

  private _apply(visible: boolean, inert = false): void {
    this.wrapper.style.visibility = visible ? '' : 'hidden';
    // Not visible: no room either, so that a page rule that makes every iframe visible paints nothing.
    if (!visible) this.wrapper.style.width = this.wrapper.style.height = '0';
    this.wrapper.inert = !visible || inert;
    for (const span of this._inner ?? []) span.tabIndex = visible && !inert ? 0 : -1;
  }
}

/** The element owns the iframe in the accessibility tree: it is read where the element stands. */
function setOwns(element: HTMLElement, frame: HTMLElement | null): void {
  const reflecting = element as HTMLElement & { ariaOwnsElements?: Element[] | null };
  if ('ariaOwnsElements' in reflecting) reflecting.ariaOwnsElements = frame && [frame];
  else if (frame) element.setAttribute('aria-owns', frame.id);
  else element.removeAttribute('aria-owns');
}
