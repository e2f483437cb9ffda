/**
 * The performance timeline of one element's loads (User Timing marks and
 * measures), so DevTools' Performance panel and RUM tools that collect User
 * Timing show each embed's time to ready and to dashboard with no code.
 * Names and details never carry a session, a token or a query string.
 */

const PREFIX = 'platform-embed:';

/** `detail` of every entry: which element, what it loaded, and which of its loads. */
export interface LoadTimingDetail {
  /** The element's `id` attribute, or `null`. */
  id: string | null;
  /** The dashboard public id or the in-embed path the load was for. */
  target: string;
  /** The 1-based number of the load for this element. */
  load: number;
}

export class LoadTimeline {
  private _loads = 0;
  private _detail?: LoadTimingDetail | undefined;
  private _start?: number;
  /** Entries already recorded for the current load: only the first ready and dashboard-loaded count. */
  private _seen?: string;

  /** A load starts at `time` (now by default; the parse time for server-rendered markup). */
  start(id: string | null, target: string, time = performance.now()): void {
    this._detail = { id, target, load: ++this._loads };
    this._start = time;
    this._seen = '';
    record('mark', 'load', { startTime: time, detail: this._detail });
  }

  /** The embed's `ready` or `dashboard-loaded` of the current load arrived at `time`. */
  arrived(event: 'ready' | 'dashboard-loaded', time = performance.now()): void {
    const detail = this._detail;
    if (!detail || this._seen!.includes(event)) return;
    this._seen += event;
    record('mark', event, { startTime: time, detail });
    // `time-to-ready`, `time-to-dashboard`.
    record('measure', `time-to-${event.split('-')[0]}`, { start: this._start, end: time, detail });
  }

  /** The load ended (a fatal error, or the element let it go): nothing more is recorded for it. */
  end(): void {
    this._detail = undefined;
  }
}

function record(kind: 'mark' | 'measure', name: string, options: PerformanceMarkOptions & PerformanceMeasureOptions): void {
  try {
    performance[kind]?.(PREFIX + name, options);
  } catch {
    // A page that replaced `performance` (or an old one without options) gets no timing, and no error.
  }
}
