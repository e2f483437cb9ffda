/**
 * What an element navigated its iframe to. `<platform-embed>` gives its iframe
 * no `src`: it navigates it with a click on a link that targets the iframe's
 * name (see src/embed/shadow.ts). This records every such click in this
 * window, so a test reads the URL the browser was sent to. Imported for its
 * effect before any element navigates.
 */
const hrefs = new Map<string, string>();
const listeners = new Set<(target: string, href: string) => void>();
const click = HTMLAnchorElement.prototype.click;
HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
  if (this.target) {
    hrefs.set(this.target, this.href);
    for (const listener of listeners) listener(this.target, this.href);
  }
  click.call(this);
};

/** The URL `frame` was navigated to (by name, or its `src` for a server-rendered one), or `null`. */
export function frameSrc(frame: HTMLIFrameElement | null | undefined): string | null {
  return frame ? (hrefs.get(frame.name) ?? frame.getAttribute('src')) : null;
}

/** Calls `listener` with each navigation of an iframe inside `root` from now on; returns a function that stops. */
export function onFrameNavigation(root: ParentNode, listener: (href: string) => void): () => void {
  const each = (target: string, href: string) => {
    if (root.querySelector(`iframe[name="${CSS.escape(target)}"]`)) listener(href);
  };
  listeners.add(each);
  return () => listeners.delete(each);
}
