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
 * with the page on the compositor; a scrolling ancestor's scroll, a resize or
 * an update of the element places it again before the frame is painted (CSS
 * anchor positioning does not follow a scrolling ancestor: measured 115 px
 * off in Chromium 156 and 76 px in Firefox 153).
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

const placeAll = () => {
  for (const placement of shown) placement.place();
};

/** Frames left of the placing loop: a scroll keeps it going. */
let framesLeft = 0;
const everyFrame = () => {
  placeAll();
  if (--framesLeft > 0 && shown.size) requestAnimationFrame(everyFrame);
};

/**
 * Chromium dispatches a scroll event after the animation frames of the frame
 * that scrolled (a smooth scroll's step), so placing in the event alone is one
 * frame late (measured 91 px in bench/). While scrolls come, the embed is
 * placed in every animation frame too, before that frame is painted.
 */
const onScroll = () => {
  placeAll();
  if (framesLeft <= 0) requestAnimationFrame(everyFrame);
  framesLeft = 10;
};
let resizes: ResizeObserver | undefined;

function listen(on: boolean): void {
  const method = on ? 'addEventListener' : 'removeEventListener';
  // Capture: scroll events of scrolling ancestors do not bubble.
  document[method]('scroll', onScroll, { capture: true, passive: true } as AddEventListenerOptions);
  window[method]('resize', placeAll);
  if (on) {
    resizes ??= new ResizeObserver(placeAll);
    resizes.observe(document.documentElement);
  } else resizes?.disconnect();
}

/** The element's parent in the composed tree (through shadow roots). */
const up = (node: Element): Element | null => node.parentElement ?? ((node.parentNode as ShadowRoot | null)?.host ?? null);

/** The element's content box, in viewport coordinates. */
function contentBox(element: Element): { top: number; left: number; width: number; height: number } {
  const rect = element.getBoundingClientRect();
  const style = getComputedStyle(element);
  const top = rect.top + element.clientTop + parseFloat(style.paddingTop);
  const left = rect.left + element.clientLeft + parseFloat(style.paddingLeft);
  const width = element.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  const height = element.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
  return { top, left, width: Math.max(0, width), height: Math.max(0, height) };
}

/** Tabbable elements of the document's light tree (the holder's are in its shadow tree), in tree order. */
function tabbables(): HTMLElement[] {
  const all = document.querySelectorAll<HTMLElement>('a[href],button,input,select,textarea,iframe,[tabindex],[contenteditable],summary');
  return [...all].filter(
    (el) => el.tabIndex >= 0 && !(el as HTMLButtonElement).disabled && !el.closest('[inert]') && el.checkVisibility(),
  );
}

/** Focuses what Tab (`forward`) or Shift+Tab would reach after leaving `element`. */
function focusBeside(element: Element, forward: boolean): void {
  const list = tabbables();
  const after = (el: Element) => !!(element.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING) && !element.contains(el);
  const target = forward ? list.find(after) : list.reverse().find((el) => !after(el) && el !== element && !element.contains(el));
  if (target) target.focus();
  else (document.activeElement as HTMLElement | null)?.blur();
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
  private _observer = new ResizeObserver(() => this.place());
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
      span.addEventListener('focus', () => !this._entering && this._element && focusBeside(this._element, forward));
      return span;
    };
    this.wrapper.style.cssText = 'position:absolute;top:0;left:0;width:0;height:0;overflow:hidden;visibility:hidden';
    this.wrapper.inert = true;
    this._host.id = `${HOLDER}-${++ids}`;
    this._host.style.cssText = 'position:absolute;top:0;left:0';
    this._host.attachShadow({ mode: 'closed' }).append(this.wrapper);
    // Out of the shadow tree, the element's styles for its iframe no longer reach it.
    frame.style.cssText = 'position:absolute;display:block;border:0';
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
      // The element's own sentinels: Tab (Shift+Tab) from beside the element enters the embed.
      // The element's own sentinels: Tab (Shift+Tab) from beside the element lands on one and is
      // passed to the holder's sentinel before (after) the iframe, so the next Tab (Shift+Tab)
      // reaches the embed's first (last) control. A cross-origin document cannot be told to
      // focus a control, so entering takes one stop more than an iframe inside the element would.
      const enter = (edge: HTMLElement) => {
        const span = document.createElement('span');
        span.tabIndex = -1;
        span.addEventListener('focus', () => {
          this._entering = true;
          edge.focus();
          this._entering = false;
        });
        return span;
      };
      this._inner = [enter(this._edges[0]), enter(this._edges[1])];
      root.prepend(this._inner[0]);
      root.append(this._inner[1]);
      this._observer.observe(element);
      if (!shown.size) listen(true);
      shown.add(this);
    }
    setOwns(element, this._host);
    this.place();
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
    this._observer.disconnect();
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

  /** Places the wrapper over the element's content box, clipped as the element's content would be. */
  place(): void {
    const element = this._element;
    if (!element) return;
    const visible = !this._covered && element.checkVisibility({ visibilityProperty: true } as CheckVisibilityOptions);
    let inert = false;
    for (let node: Element | null = element; node; node = up(node)) inert ||= (node as HTMLElement).inert;
    if (!visible) {
      this._apply(false);
      return;
    }
    const box = contentBox(element);
    const origin = theHolder().getBoundingClientRect();
    // The element's box and every `overflow` ancestor's padding box clip, as they would clip the element's content.
    let [top, left, bottom, right] = [box.top, box.left, box.top + box.height, box.left + box.width];
    const [top0, left0] = [top, left];
    for (let node = up(element); node && node !== document.documentElement && node !== document.body; node = up(node)) {
      const css = getComputedStyle(node);
      if (css.overflowX === 'visible' && css.overflowY === 'visible') continue;
      const rect = node.getBoundingClientRect();
      if (css.overflowY !== 'visible') {
        top = Math.max(top, rect.top + node.clientTop);
        bottom = Math.min(bottom, rect.top + node.clientTop + node.clientHeight);
      }
      if (css.overflowX !== 'visible') {
        left = Math.max(left, rect.left + node.clientLeft);
        right = Math.min(right, rect.left + node.clientLeft + node.clientWidth);
      }
      if (css.position === 'fixed') break;
    }
    // The wrapper is the visible part (it clips with `overflow: hidden`); the iframe keeps the element's whole box inside it.
    const { style } = this.wrapper;
    style.position = 'absolute';
    style.top = `${top - origin.top}px`;
    style.left = `${left - origin.left}px`;
    style.width = `${Math.max(0, right - left)}px`;
    style.height = `${Math.max(0, bottom - top)}px`;
    const frame = this.frame.style;
    frame.top = `${top0 - top}px`;
    frame.left = `${left0 - left}px`;
    frame.width = `${box.width}px`;
    frame.height = `${box.height}px`;
    style.zIndex = zIndexOf(element);
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

/** The z-index of the element's outermost positioned ancestor that has one: the embed paints at that level. */
function zIndexOf(element: Element): string {
  let z = '';
  for (let node: Element | null = element; node; node = up(node)) {
    const value = getComputedStyle(node).zIndex;
    if (value !== 'auto') z = value;
  }
  return z;
}

/** The element owns the iframe in the accessibility tree: it is read where the element stands. */
function setOwns(element: HTMLElement, frame: HTMLElement | null): void {
  const reflecting = element as HTMLElement & { ariaOwnsElements?: Element[] | null };
  if ('ariaOwnsElements' in reflecting) reflecting.ariaOwnsElements = frame && [frame];
  else if (frame) element.setAttribute('aria-owns', frame.id);
  else element.removeAttribute('aria-owns');
}
