/**
 * Model-based test of `<platform-embed>`'s lifecycle: fast-check generates
 * sequences of commands (insert, remove, moves, reload, session sources of
 * two viewers with delays, attribute changes, keep-alive, discard, sign-out,
 * the embed's own events, server-rendered markup), runs them against real
 * elements on the mock platform and checks the invariants after each
 * settled step (world.ts). A failure prints the seed and the shrunk
 * sequence; `npm run test:model -- --runs N --seed S` runs more or replays.
 */
import fc from 'fast-check';
import { commandArbitraries, initialModel } from './commands.js';
import { World } from './world.js';

const configPath: string = '/__model-config.js';
/** Sequences per browser in CI. */
const DEFAULT_RUNS = 200;

describe('model: the lifecycle of <platform-embed> over generated sequences', () => {
  it('keeps every invariant after every settled command', async function () {
    this.timeout(0);
    const config = (await import(/* @vite-ignore */ configPath)) as { runs: number; seed: number | null; path: string | null; verbose?: boolean };
    const numRuns = config.runs || DEFAULT_RUNS;
    const seed = config.seed ?? (Date.now() ^ (Math.random() * 0x7fffffff)) | 0;
    console.log(`model: ${numRuns} sequences, seed ${seed} (replay: npm run test:model -- --seed ${seed})`);
    const started = performance.now();
    let runs = 0;
    const property = fc.asyncProperty(fc.commands(commandArbitraries, { maxCommands: 16, size: 'max' }), async (commands) => {
      runs += 1;
      const world = new World();
      try {
        await fc.asyncModelRun(async () => {
          await world.start();
          return { model: initialModel(), real: world };
        }, commands);
        await world.check();
      } finally {
        if (config.verbose) console.log(`sequence ${runs}: ${String(commands)}`);
        await world.stop();
      }
    });
    const result = await fc.check(property, { numRuns, seed, ...(config.path ? { path: config.path } : {}), endOnFailure: false });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`model: ${runs} sequences run in ${seconds} s`);
    if (result.failed) {
      const shrunk = String(result.counterexample?.[0] ?? '').replace(/\s*\/\*replayPath=.*\*\/\s*$/, '').split(/,(?=[a-zA-Z])/);
      const message = [
        `a sequence broke an invariant (seed ${result.seed}, path "${result.counterexamplePath}", ${result.numShrinks} shrinks)`,
        'shrunk sequence (✓: settled and checked, …: paused 30 ms, else the next command ran at once):',
        ...shrunk.map((line, i) => `  ${i + 1}. ${line.trim()}`),
        `then a final settle and check`,
        String((result.errorInstance as Error | undefined)?.message ?? result.errorInstance),
        `replay: npm run test:model -- --seed ${result.seed} --path "${result.counterexamplePath}"`,
      ].join('\n');
      console.log(message);
      throw new Error(message);
    }
  });
});
