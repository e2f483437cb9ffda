/**
 * Drives the scriptable tenant page (test/hardening/pages/tenant.js), served
 * under `/__hardening/tenant/**` on every loopback origin: `127.0.0.1` is the
 * tenant origin of the hardening suites, `127.0.0.2` a foreign one, and the
 * test page itself runs on `localhost`.
 */
import { fixture, html } from '@open-wc/testing';
import '../../../src/embed.js';
import type { PlatformEmbedElement } from '../../../src/embed/platform-embed.js';

/** Base URL of the scriptable tenant on `host` (a path prefix the element keeps). */
export function tenantBase(host = '127.0.0.1'): string {
  return `http://${host}:${location.port}/__hardening/tenant`;
}

/** The tenant origin of the hardening suites. */
export const tenantOrigin = (): string => `http://127.0.0.1:${location.port}`;

/** A reply of the tenant page to a command. */
export interface TenantReply {
  hardening: 'reply';
  id: number;
  sent?: number;
  unsendable?: number;
  session?: boolean;
  href: string;
}

/** An action envelope the tenant page received, as it reported it. */
export interface SeenAction {
  origin: string;
  href: string;
  action: { source: string; direction: string; type: string; payload: Record<string, unknown>; timestamp: number };
}

let nextId = 1;

/**
 * Sends a command to a tenant window and resolves with its reply. The reply
 * is matched by id and by the replying window.
 */
export function command(target: Window, origin: string, message: Record<string, unknown>): Promise<TenantReply> {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    const onMessage = (event: MessageEvent) => {
      const data = event.data as Partial<TenantReply> | null;
      if (event.source !== target || data?.hardening !== 'reply' || data.id !== id) return;
      window.removeEventListener('message', onMessage);
      resolve(data as TenantReply);
    };
    window.addEventListener('message', onMessage);
    try {
      target.postMessage({ ...message, id }, origin);
    } catch (error) {
      window.removeEventListener('message', onMessage);
      reject(error);
    }
  });
}

/** Records every action the tenant pages report, until `stop()`. */
export class ActionLog {
  readonly seen: SeenAction[] = [];
  readonly #controller = new AbortController();
  #waiters: (() => void)[] = [];

  constructor() {
    window.addEventListener(
      'message',
      (event) => {
        const data = event.data as ({ hardening?: string } & SeenAction) | null;
        if (data?.hardening !== 'action-seen') return;
        this.seen.push({ origin: data.origin, href: data.href, action: data.action });
        for (const wake of this.#waiters.splice(0)) wake();
      },
      { signal: this.#controller.signal },
    );
  }

  /** Actions of `type` seen so far. */
  ofType(type: string): SeenAction[] {
    return this.seen.filter((s) => s.action.type === type);
  }

  /** Resolves once `predicate` holds over the log (re-checked on each new action). */
  async until(predicate: (seen: SeenAction[]) => boolean): Promise<void> {
    while (!predicate(this.seen)) await new Promise<void>((resolve) => this.#waiters.push(resolve));
  }

  /** Stops recording. */
  stop(): void {
    this.#controller.abort();
  }
}

/** Resolves with the next `{ hardening: 'loaded' }` notice from `frame`'s window. */
export function nextLoaded(frame: HTMLIFrameElement): Promise<void> {
  return new Promise((resolve) => {
    const onMessage = (event: MessageEvent) => {
      if (event.source !== frame.contentWindow || (event.data as { hardening?: string })?.hardening !== 'loaded') return;
      window.removeEventListener('message', onMessage);
      resolve();
    };
    window.addEventListener('message', onMessage);
  });
}

/** Options of {@link mountEmbed}. */
export interface MountOptions {
  /** Dashboard id: `auto-*` posts a ready on load, anything else waits for commands. */
  dashboard?: string;
  session?: string;
  readyTimeout?: number;
}

/**
 * A `<platform-embed>` on the scriptable tenant. Resolves once the iframe's
 * page has loaded (for `auto-*` dashboards: once the element is ready).
 */
export async function mountEmbed(options: MountOptions = {}): Promise<PlatformEmbedElement> {
  const dashboard = options.dashboard ?? 'auto-1';
  const auto = dashboard.startsWith('auto');
  let loaded: Promise<unknown> | undefined;
  const onLoaded = (event: MessageEvent) => {
    if ((event.data as { hardening?: string })?.hardening === 'loaded') window.dispatchEvent(new Event('hardening-loaded'));
  };
  window.addEventListener('message', onLoaded);
  if (!auto) loaded = new Promise((resolve) => window.addEventListener('hardening-loaded', resolve, { once: true }));
  const el = await fixture<PlatformEmbedElement>(html`
    <platform-embed
      base-url=${tenantBase()}
      dashboard=${dashboard}
      session=${options.session ?? 'fuzz-session'}
      ready-timeout=${options.readyTimeout ?? 0}
    ></platform-embed>
  `);
  try {
    if (auto) await el.whenReady();
    else await loaded;
  } finally {
    window.removeEventListener('message', onLoaded);
  }
  return el;
}

/** An extra iframe on `host` that is not any element's iframe. */
export async function strayFrame(host: string): Promise<HTMLIFrameElement> {
  const frame = document.createElement('iframe');
  frame.title = `stray frame on ${host}`;
  frame.src = `${tenantBase(host)}/embed/dashboard/stray`;
  const loaded = nextLoaded(frame);
  document.body.append(frame);
  await loaded;
  return frame;
}
