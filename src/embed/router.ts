/**
 * The one window `message` listener shared by every `<platform-embed>` on the
 * page. Messages are routed by `event.source` through a map keyed by each
 * embed's iframe window, so the cost per message does not grow with the
 * number of embeds. The listener exists only while an embed is registered.
 */

/** Receives the messages whose `source` is the registered window. */
export type MessageHandler = (event: MessageEvent) => void;

const routes = new Map<MessageEventSource, MessageHandler>();
/** Debug observers see messages not routed to them (to explain a rejection). */
const observers = new Set<MessageHandler>();

function onMessage(event: MessageEvent): void {
  const handler = event.source ? routes.get(event.source) : undefined;
  handler?.(event);
  for (const observer of observers) observer(event);
}

function sync(): void {
  const wanted = routes.size > 0 || observers.size > 0;
  // add/removeEventListener with the same function is idempotent.
  if (wanted) window.addEventListener('message', onMessage);
  else window.removeEventListener('message', onMessage);
}

/**
 * Routes messages from `source` to `handler` until the returned function is
 * called. A window has one handler; registering it again replaces it.
 */
export function registerFrame(source: Window, handler: MessageHandler): () => void {
  routes.set(source, handler);
  sync();
  return () => {
    if (routes.get(source) === handler) routes.delete(source);
    sync();
  };
}

/**
 * Lets `handler` see every message on the page, for debug logging only: an
 * embed with `debug` set explains why a message from another window was not
 * its own. It is the observer's job to skip its own window's messages.
 */
export function observeMessages(handler: MessageHandler): () => void {
  observers.add(handler);
  sync();
  return () => {
    observers.delete(handler);
    sync();
  };
}

/** Test hook: the number of routed windows (not exported from the package root). */
export function routerSize(): number {
  return routes.size;
}

/** Test hook: the number of debug observers. */
export function observerCount(): number {
  return observers.size;
}
