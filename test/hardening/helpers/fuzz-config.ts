/**
 * Seeded, reproducible fast-check settings shared by the fuzz suites. The
 * test server answers `/__hardening/config.json` from the environment
 * (`FUZZ_CASES`, `FUZZ_SEED`), so `npm run fuzz` scales the same properties
 * up; a failure prints the seed and the shrunk counterexample.
 */
export interface FuzzConfig {
  /** Cases per property. */
  cases: number;
  /** fast-check seed; the same seed replays the same cases. */
  seed: number;
}

let cached: Promise<FuzzConfig> | undefined;

/** The run's fuzz settings (fetched once per test file). */
export function fuzzConfig(): Promise<FuzzConfig> {
  cached ??= fetch('/__hardening/config.json').then((r) => r.json() as Promise<FuzzConfig>);
  return cached;
}

/**
 * Records how many cases a property ran: printed in the browser log and
 * appended to the fuzz report that `npm run fuzz` sums up.
 */
export async function reportCases(property: string, cases: number, seed: number): Promise<void> {
  console.log(`fuzz: ${property}: ${cases} cases, seed ${seed}`);
  await fetch('/__hardening/fuzz-report', { method: 'POST', body: JSON.stringify({ property, cases, seed }) });
}

/** Own property names of `Object.prototype`, to compare before and after a run. */
export function prototypeSnapshot(): string {
  return [
    ...Object.getOwnPropertyNames(Object.prototype),
    ...Object.getOwnPropertyNames(Array.prototype),
  ]
    .sort()
    .join(',');
}

/** Asserts that no payload polluted the shared prototypes. */
export function assertNoPollution(before: string): void {
  const probe = {} as Record<string, unknown>;
  if (probe.polluted !== undefined || ([] as unknown as Record<string, unknown>).polluted !== undefined) {
    throw new Error('Object.prototype was polluted');
  }
  if (prototypeSnapshot() !== before) throw new Error('the shared prototypes changed');
}

/** Collects window `error` and `unhandledrejection` events while a run lasts. */
export class EscapedErrors {
  readonly errors: string[] = [];
  readonly #controller = new AbortController();

  constructor() {
    const { signal } = this.#controller;
    window.addEventListener('error', (e) => this.errors.push(`error: ${e.message}`), { signal });
    window.addEventListener('unhandledrejection', (e) => this.errors.push(`unhandledrejection: ${String(e.reason)}`), { signal });
  }

  /** Stops listening. */
  stop(): void {
    this.#controller.abort();
  }
}
