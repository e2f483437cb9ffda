// The page's end of the testing kit's control channel: a Server-Sent Events
// stream from the mock on which Node's commands arrive, and small POSTs
// back (acknowledgements, and every action the page received). A page that
// cannot open the stream still works: it is then simply not driven.

/** How long the page waits for its stream before it goes on without one. */
const OPEN_TIMEOUT_MS = 1500;

/**
 * Opens the stream; resolves with `{ id, report, ack }` or null. `id` is
 * kept in the page's history entry, so a reload rejoins its MockEmbed.
 * @param {(command: { seq: number, cmd: string, [key: string]: unknown }) => void} onCommand
 */
export function connectControl(onCommand) {
  return new Promise((resolve) => {
    if (typeof EventSource !== 'function') return resolve(null);
    const previous = history.state?.embedId;
    // What the page's permissions policy grants it, for tests of the host's `allow`: whether it may go full screen.
    const query = new URLSearchParams({ fullscreen: document.fullscreenEnabled ? '1' : '0' });
    if (typeof previous === 'string') query.set('embed', previous);
    const source = new EventSource(`/mock-embed/control?${query}`);
    let id = null;
    let chain = Promise.resolve();
    // In order, one at a time: Node sees actions in the order the page received them.
    const post = (body) => {
      if (!id) return;
      chain = chain.then(() =>
        fetch(`/mock-embed/control/${id}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body), keepalive: true }).then(
          () => {},
          () => {},
        ),
      );
    };
    const timer = setTimeout(() => {
      source.close();
      resolve(null);
    }, OPEN_TIMEOUT_MS);
    source.addEventListener('hello', (event) => {
      clearTimeout(timer);
      id = JSON.parse(event.data).id;
      history.replaceState({ ...history.state, embedId: id }, '');
      resolve({ id, report: (type, payload) => post({ action: { type, payload } }), ack: (seq) => post({ ack: seq }) });
    });
    source.addEventListener('command', (event) => onCommand(JSON.parse(event.data)));
    // No reconnects: a mock that went away is not coming back for this page.
    source.addEventListener('error', () => {
      source.close();
      clearTimeout(timer);
      resolve(null);
    });
  });
}
