/**
 * One load attempt of the iframe at a time: the session (from the
 * `session` property or from `sessionProvider`) and the ready timeout.
 * Starting a new load or cancelling invalidates the previous attempt, so a
 * late provider answer or timer of an older load does nothing.
 */
import { ReadyTimeoutError, SessionError } from './errors.js';

/** What a load needs to know. */
export interface LoadRequest {
  /** A session id set by the host page; wins over `sessionProvider`. */
  session?: string | undefined;
  sessionProvider?: (() => Promise<string>) | undefined;
  /** Milliseconds until `ReadyTimeoutError`; `0` disables. Counted from the start, provider time included. */
  timeout: number;
}

/** What the loader calls back. */
export interface LoaderHost {
  /** Point the iframe at the embed URL with this session (or none). */
  navigate(session: string | undefined): void;
  /** The load failed for good. */
  fail(error: ReadyTimeoutError | SessionError): void;
}

export class FrameLoader {
  private token = 0;
  private timer?: ReturnType<typeof setTimeout>;

  constructor(private readonly host: LoaderHost) {}

  /** Starts a load, superseding any earlier one. */
  start(request: LoadRequest): void {
    const token = this.cancel();
    const { timeout, session, sessionProvider } = request;
    if (timeout > 0) this.timer = setTimeout(() => this.fail(token, new ReadyTimeoutError(timeout)), timeout);
    if (session || !sessionProvider) {
      this.host.navigate(session || undefined);
      return;
    }
    let answer: Promise<string>;
    try {
      answer = Promise.resolve(sessionProvider());
    } catch (error) {
      answer = Promise.reject(error);
    }
    answer.then(
      (value) => {
        if (token !== this.token) return; // superseded by a later load or a disconnect
        if (typeof value === 'string' && value) this.host.navigate(value);
        else this.fail(token, new SessionError('sessionProvider did not return a session id.'));
      },
      (error: unknown) => this.fail(token, new SessionError('sessionProvider rejected.', { cause: error })),
    );
  }

  /** Drops the current attempt (its timer and provider answer); returns the next attempt's token. */
  cancel(): number {
    this.settle();
    return ++this.token;
  }

  /** The embed became ready: the timeout no longer applies. */
  settle(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private fail(token: number, error: ReadyTimeoutError | SessionError): void {
    if (token !== this.token) return;
    this.settle();
    this.host.fail(error);
  }
}
