/**
 * Cancellation for the panel's requests. Each request gets its own
 * `AbortController` and the scope's generation number; `reset()` (the
 * deployment or the credentials changed, or the element left the page)
 * aborts them all and bumps the generation, so an answer that still arrives
 * is recognised as stale and dropped instead of overwriting newer state.
 */
export class RequestScope {
  #generation = 0;
  readonly #controllers = new Set<AbortController>();

  /** Starts a request: its signal, and a check that it still belongs to the current generation. */
  begin(): RequestTicket {
    const controller = new AbortController();
    const generation = this.#generation;
    this.#controllers.add(controller);
    return {
      _signal: controller.signal,
      isCurrent: () => generation === this.#generation,
      _cancel: () => controller.abort(),
      _end: () => {
        this.#controllers.delete(controller);
      },
    };
  }

  /** Aborts every request of this scope and makes their answers stale. */
  _reset(): void {
    this.#generation += 1;
    for (const controller of this.#controllers) controller.abort();
    this.#controllers.clear();
  }
}

/** One request's handle on its scope. */
export interface RequestTicket {
  /** Pass to the client so a reset aborts the request. */
  readonly _signal: AbortSignal;
  /** False once the scope was reset: the answer belongs to an older deployment or credentials. */
  isCurrent(): boolean;
  /** Aborts this request only (a user's Cancel); its answer is still current. */
  _cancel(): void;
  /** Forgets the controller once the request settled. */
  _end(): void;
}
