// Helpers shared by the benchmark host pages.

/** The tenant origin (the embed iframe's origin), passed by the runner as `?tenant=`. */
export const tenant = new URL(location.href).searchParams.get('tenant') ?? `http://127.0.0.1:${location.port}`;

/** The element where each variant inserts its iframes or elements. */
export const stage = document.getElementById('stage');

/** Rejects after `ms` with a message, so a lost message fails the run instead of hanging it. */
export function withTimeout(promise, ms, what) {
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms: ${what}`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Resolves with the next `type` event dispatched on `target`. */
export function once(target, type) {
  return new Promise((resolve) => target.addEventListener(type, resolve, { once: true }));
}

/** Resolves with the next `platform-embed` ready envelope posted by `frame` (no SDK involved). */
export function frameReady(frame) {
  return new Promise((resolve) => {
    const onMessage = (event) => {
      if (event.origin !== tenant || event.source !== frame.contentWindow) return;
      if (event.data?.type !== 'platform:event:ready') return;
      removeEventListener('message', onMessage);
      resolve();
    };
    addEventListener('message', onMessage);
  });
}

/** Creates a `<platform-embed>` for dashboard `bench-<i>` of the bench tenant. */
export function createEmbed(i) {
  const el = document.createElement('platform-embed');
  el.setAttribute('base-url', tenant);
  el.setAttribute('dashboard', `bench-${i}`);
  el.setAttribute('session', 'bench');
  return el;
}

/** The URL `<platform-embed>` builds for `createEmbed(i)`, for the plain-iframe baselines. */
export function embedUrl(i) {
  return `${tenant}/embed/dashboard/bench-${i}?session=bench`;
}
