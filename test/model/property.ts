/**
 * The model-based test of `<platform-embed>`'s lifecycle, one property per
 * mix of commands (sessions.test.ts, server-rendered.test.ts,
 * keep-alive.test.ts, each its own browser page): fast-check generates
 * sequences of commands (insert, remove, moves, reload, session sources of
 * two viewers with delays, attribute changes, keep-alive, discard, sign-out,
 * the embed's own events, server-rendered markup), runs them against real
 * elements on the mock platform and checks the invariants after each
 * settled step and at the end (world.ts). A failure prints the seed and the shrunk
 * sequence; `npm run test:model -- --runs N --seed S` runs more or replays.
 */
import fc from 'fast-check';
import { commandsOf, initialModel, mixes, type Mix } from './commands.js';
import { moveBeforeKeepsShadowFrames, TooSlow } from './evidence.js';
import { World } from './world.js';

const configPath: string = '/__model-config.js';
/** Sequences per browser in CI, shared by the mixes. */
const DEFAULT_RUNS = 201;
/** When a property stops (the shrinking of a failure included), so that a page ends within the runner's limit. */
const DEFAULT_TIME_LIMIT_MS = 240_000;

interface Config {
  runs: number;
  seed: number | null;
  path: string | null;
  /** The commands' own replay path (fast-check's `replayPath`), printed with a failure. */
  replayPath: string | null;
  verbose: boolean;
  mix: string | null;
  timeLimit: number;
}

async function runMix(mix: Mix, config: Config, numRuns: number, seed: number): Promise<void> {
  console.log(`model (${mix.name}): ${numRuns} sequences, seed ${seed} (replay: npm run test:model -- --seed ${seed})`);
  // Where moveBefore() drops the document of an iframe in a shadow root, the element loads anew: the same invariants hold.
  if (!(await moveBeforeKeepsShadowFrames())) console.log('model: moveBefore() here drops the document of an iframe held in a shadow root; the element loads anew');
  const started = performance.now();
  let runs = 0;
  /** Sequences the machine was too slow to judge (a bound on a wait ran out): skipped, counted and printed. */
  let slow = 0;
  /** The first sequence that broke an invariant (before any shrinking), and when it began. */
  let first: { sequence: number; seconds: number } | undefined;
  const property = fc.asyncProperty(fc.commands(commandsOf(mix), { maxCommands: 16, size: 'max', ...(config.replayPath ? { replayPath: config.replayPath } : {}) }), async (commands) => {
    runs += 1;
    const begun = { sequence: runs, seconds: (performance.now() - started) / 1000 };
    const world = new World(mix.keepAliveE1, mix.fixedE1);
    try {
      await fc.asyncModelRun(async () => {
        await world.start();
        return { model: initialModel(mix), real: world };
      }, commands);
      await world.check();
    } catch (error) {
      if (!(error instanceof TooSlow)) {
        first ??= begun;
        throw error;
      }
      slow += 1;
      console.log(`model (${mix.name}): sequence ${runs} skipped, the machine was too slow to judge it: ${error.message}`);
    } finally {
      if (config.verbose) console.log(`sequence ${runs}: ${String(commands)}`);
      await world.stop();
    }
  });
  const timeLimit = config.timeLimit || DEFAULT_TIME_LIMIT_MS;
  const result = await fc.check(property, { numRuns, seed, interruptAfterTimeLimit: timeLimit, ...(config.path ? { path: config.path } : {}) });
  const took = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`model (${mix.name}): ${runs} sequences run in ${took} s${result.interrupted ? ` (stopped at the ${timeLimit / 1000} s limit)` : ''}, ${slow} too slow to judge`);
  if (!result.failed) return;
  const printed = String(result.counterexample?.[0] ?? '');
  const replayPath = /\/\*replayPath="([^"]*)"\*\//.exec(printed)?.[1];
  const shrunk = printed.replace(/\s*\/\*replayPath=.*\*\/\s*$/, '').split(/,(?=[a-zA-Z])/);
  const message = [
    `a sequence broke an invariant (${mix.name}; seed ${result.seed}, path "${result.counterexamplePath}", ${result.numShrinks} shrinks)`,
    ...(first ? [`first failure at sequence ${first.sequence} after ${first.seconds.toFixed(1)} s`] : []),
    'shrunk sequence (✓: settled and checked, …: paused 30 ms, else the next command ran at once):',
    ...shrunk.map((line, i) => `  ${i + 1}. ${line.trim()}`),
    '  then a final settle and check',
    String((result.errorInstance as Error | undefined)?.message ?? result.errorInstance),
    `replay: npm run test:model -- --mix ${mixes.indexOf(mix) + 1} --runs ${numRuns} --seed ${result.seed} --path "${result.counterexamplePath}"${replayPath ? ` --replay-path '${replayPath}'` : ''}`,
  ].join('\n');
  console.log(message);
  throw new Error(message);
}

/** Declares the property of mix `index` (0-based) as one test. */
export function describeMix(index: number): void {
  const mix = mixes[index]!;
  describe('model: the lifecycle of <platform-embed> over generated sequences', () => {
    it(`keeps every invariant after every settled command: ${mix.name}`, async function () {
      this.timeout(0);
      const config = (await import(/* @vite-ignore */ configPath)) as Config;
      if (config.mix && config.mix !== String(index + 1)) return this.skip();
      const numRuns = Math.ceil((config.runs || DEFAULT_RUNS) / (config.mix ? 1 : mixes.length));
      const seed = config.seed ?? (Date.now() ^ (Math.random() * 0x7fffffff)) | 0;
      await runMix(mix, config, numRuns, seed);
    });
  });
}
