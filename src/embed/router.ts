/**
 * The one window `message` listener shared by every `<platform-embed>` on the
 * page. Messages are routed by `event.source` through a map keyed by each
 * embed's iframe window, so the cost per message does not grow with the
 * number of embeds. The listener exists only while an embed is registered.
 *
 * An embed registers its iframe element, not its window: the window is looked
 * up at the frame's first message. Reading `contentWindow` of an iframe that
 * has just started a cross-origin navigation makes Chromium build a script
 * context for its initial empty document on the spot (several milliseconds of
 * main thread per embed, see bench/); by the embed's first message it is a
 * cheap proxy of the embed's window.
 */

/** Receives the messages whose `source` is the registered window. */
export type MessageHandler = (event: MessageEvent) => void;

/** One registration: its handler, and its window once a message told it. */
interface Route {
  handler: MessageHandler;
  win?: MessageEventSource;
}

/**
 * Every registration, under its frame until the frame's first message, then
 * under that frame's window (a frame is never a message's `source`).
 */
const routes = new Map<HTMLIFrameElement | MessageEventSource, Route>();

/** Finds the waiting frame whose window is `source` (rule 2) and routes that window from now on. */
function adopt(source: MessageEventSource): Route | undefined {
  for (const [frame, route] of routes) {
    // A route with a window is keyed by it already (and a cross-origin window throws on `contentWindow`).
    if (route.win || (frame as HTMLIFrameElement).contentWindow !== source) continue;
    routes.delete(frame);
    routes.set((route.win = source), route);
    return route;
  }
  return undefined;
}

/** Debug observers see messages not routed to them (to explain a rejection). */
const observers = new Set<MessageHandler>();

/**
 * Routes one message as if the window had just received it: the shared
 * listener, and the replay of messages a server-rendered embed kept before the
 * element was defined (one path for both).
 */
export function routeMessage(event: MessageEvent): void {
  const source = event.source;
  if (source) (routes.get(source) ?? adopt(source))?.handler(event);
  for (const observer of observers) observer(event);
}

function sync(): void {
  // add/removeEventListener with the same function is idempotent.
  if (routes.size || observers.size) window.addEventListener('message', routeMessage);
  else window.removeEventListener('message', routeMessage);
}

/**
 * Routes messages from `frame`'s window to `handler` until the returned
 * function is called. A frame has one handler; registering it again replaces
 * it (unregister the previous one first).
 */
export function registerFrame(frame: HTMLIFrameElement, handler: MessageHandler): () => void {
  const route: Route = { handler };
  routes.set(frame, route);
  sync();
  return () => {
    // Once the window is known, the route is keyed by it and no longer by the frame.
    const key = route.win ?? frame;
    if (routes.get(key) === route) routes.delete(key);
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

/** Test hook: the number of registered frames (not exported from the package root). */
export function routerSize(): number {
  return routes.size;
}

/** Test hook: the number of debug observers. */
export function observerCount(): number {
  return observers.size;
}
