// Argument checks and waits shared by the testing kit's public calls: an
// unknown option is a TypeError that names it, and every wait ends, with a
// message that says what it waited for.

/** Throws a TypeError naming the first option of `options` that `fn` does not know. */
export function checkOptions(fn: string, options: unknown, known: readonly string[]): void {
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw new TypeError(`${fn}: options must be an object.`);
  }
  const unknown = Object.keys(options).filter((key) => !known.includes(key));
  if (unknown.length) {
    throw new TypeError(`${fn}: unknown option${unknown.length > 1 ? 's' : ''} ${unknown.map((k) => `"${k}"`).join(', ')} (known: ${known.join(', ')}).`);
  }
}

/** The default of `nextEmbed()` and `waitForAction()`, in ms: pass `{ timeout }` for a loaded CI machine. */
export const DEFAULT_TIMEOUT_MS = 5000;

/**
 * The limit of the mock's own commands (a `MockEmbed`'s `reload()`, `send()`,
 * `fail()`), in ms: an embed page on a loaded CI machine (a few cores shared by
 * parallel browsers) can take over 15 s to connect or answer.
 */
export const COMMAND_TIMEOUT_MS = 30_000;

/** A `timeout` option: a positive number of ms, default `DEFAULT_TIMEOUT_MS`. */
export function timeoutOf(fn: string, value: unknown): number {
  if (value === undefined) return DEFAULT_TIMEOUT_MS;
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0 || value > 2 ** 31 - 1) {
    throw new RangeError(`${fn}: timeout must be a positive number of milliseconds (got ${String(value)}).`);
  }
  return value;
}

/** What a wait's check returns: the value, an error to reject with, or undefined to keep waiting. */
export type Outcome<T> = { value: T; error?: undefined } | { error: Error; value?: undefined } | undefined;

/**
 * Waits until `check` decides, re-running it whenever a listener in
 * `listeners` is called; rejects with `message()` after `timeout` ms.
 */
export function waitFor<T>(listeners: Set<() => void>, check: () => Outcome<T>, timeout: number, message: () => string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const settle = (): boolean => {
      const outcome = check();
      if (!outcome) return false;
      clearTimeout(timer);
      listeners.delete(listener);
      if (outcome.error) reject(outcome.error);
      else resolve(outcome.value as T);
      return true;
    };
    const listener = () => void settle();
    const timer = setTimeout(() => {
      listeners.delete(listener);
      reject(new Error(message()));
    }, timeout);
    if (!settle()) listeners.add(listener);
  });
}
