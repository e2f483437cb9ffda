/**
 * Deferred loading for `loading="lazy"`: one IntersectionObserver shared by
 * every waiting embed tells when an element comes within one viewport height
 * of the visible area. An element that is not rendered (`display: none`, a
 * hidden tab) never intersects, so it simply waits. The observer exists only
 * while an element waits.
 */

const waiting = new Map<Element, () => void>();
let observer: IntersectionObserver | undefined;

/** Calls `callback` once, when `element` comes within one viewport height of the visible area; the returned function cancels. */
export function whenNear(element: Element, callback: () => void): () => void {
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) if (entry.isIntersecting) waiting.get(entry.target)?.();
    },
    { rootMargin: '100% 0px' },
  );
  const cancel = () => {
    if (!waiting.delete(element)) return;
    observer!.unobserve(element);
    if (!waiting.size) {
      observer!.disconnect();
      observer = undefined;
    }
  };
  waiting.set(element, () => {
    cancel();
    callback();
  });
  observer.observe(element);
  return cancel;
}

/** Test hook: the number of elements waiting (not exported from the package root). */
export function lazyWatchCount(): number {
  return waiting.size;
}
