/**
 * The link between one element and its iframe window: routes that window's
 * messages through the shared router (rule 2), checks them (rules 1, 3, 4),
 * explains rejections when debugging, and posts actions to the tenant origin.
 */
import { observeMessages, registerFrame } from './router.js';
import { MESSAGE_SOURCE } from '../protocol/catalog.js';
import { buildAction } from '../protocol/envelope.js';
import { isPlainObject } from '../schema.js';
import { acceptFrameMessage } from './inbound.js';
import type { PlatformEmbedLoad } from './load.js';

/** The element the channel belongs to: it hands every accepted event to the element's `_receive`. */
type ChannelHost = PlatformEmbedLoad;

export class FrameChannel {
  /** The tenant origin of the current load; `null` while nothing is loaded. */
  origin?: string | null;
  private _frame?: HTMLIFrameElement | null;
  private _unroute?: () => void;
  /** Set exactly while debugging: every accepted and rejected message is then logged. */
  private _unobserve?: () => void;

  constructor(private readonly _host: ChannelHost) {}

  /** Routes messages of `frame`'s window (the current iframe) to this channel; `null` detaches. */
  attach(frame: HTMLIFrameElement | null): void {
    if (frame === this._frame) return;
    this._unroute?.();
    this._frame = frame;
    this._unroute = frame ? registerFrame(frame, this._onMessage) : undefined;
  }

  /** Turns debug logging, with the explanation of other windows' messages, on or off. */
  observe(on: boolean): void {
    // Subscribed exactly while on (unsubscribing returns nothing, which clears the field).
    if (on !== !!this._unobserve) this._unobserve = on ? observeMessages(this._onForeign) : (this._unobserve!() as undefined);
  }

  /** Detaches from the router entirely (disconnect). */
  close(): void {
    // The origin goes with the next load's start; without a frame nothing is posted meanwhile.
    this.attach(null);
    this.observe(false);
  }

  /** Posts an action envelope to the iframe window, targeted at the tenant origin (never `*`). */
  post(type: string, payload: Record<string, unknown>): void {
    // Actions go out after ready, when reading the window is cheap (see router.ts).
    const win = this._frame?.contentWindow;
    const { origin } = this;
    if (!win || !origin) return;
    try {
      win.postMessage(buildAction(type, payload), origin);
    } catch (error) {
      // Arguments were checked when the action was requested; this is a browser refusal.
      console.warn(`[platform-embed] could not send ${type}: ${(error as Error).message}`);
    }
  }

  private _onMessage = (event: MessageEvent): void => {
    const parsed = acceptFrameMessage(event, this.origin);
    if (!parsed.ok) {
      if (this._unobserve) console.debug(`[platform-embed] rejected message: ${parsed.reason}`);
      return;
    }
    if (this._unobserve) console.debug(`[platform-embed] accepted message: ${parsed.message.type}`);
    this._host['_receive'](parsed.message);
  };

  private _onForeign = (event: MessageEvent): void => {
    if (event.source !== null && event.source === this._frame?.contentWindow) return;
    const data: unknown = event.data;
    // Only messages that claim to be the protocol's are explained; other page traffic is not ours.
    if (!isPlainObject(data) || data.source !== MESSAGE_SOURCE) return;
    const reason =
      event.origin !== this.origin ? `origin ${event.origin || '(opaque)'} is not the tenant origin` : "source is not this element's iframe";
    console.debug(`[platform-embed] rejected message: ${reason}`);
  };
}
