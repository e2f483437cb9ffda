// The time table `npm test` and `.ci/run` print before their closing line, and
// the runner that puts suites side by side.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inParallel, runLogged } from '../../scripts/side-by-side.mjs';
import { parseStageArgs, stageTable } from '../../scripts/stage-times.mjs';

test('the stage table lists each stage with its seconds and share, marks failures, and adds the sum and the wall clock', () => {
  const table = stageTable('time per step', [{ label: 'build', seconds: 30 }, { label: 'e2e: demo', seconds: 90, ok: false }], 100);
  const lines = table.split('\n');
  assert.equal(lines[0], '=== time per step ===');
  assert.match(lines[2], /^\s+30\.0\s+25%\s+build$/);
  assert.match(lines[3], /^\s+90\.0\s+75%\s+e2e: demo \(failed\)$/);
  assert.match(lines[4], /^\s+120\.0\s+100%\s+sum of the stages \(2\.0 min\)$/);
  assert.match(lines[5], /^\s+100\.0\s+wall clock \(1\.7 min\)$/);
  // .ci/run takes the last such line as the result: the table never has one.
  assert.ok(lines.every((line) => !/^\d+ passed, \d+ failed/.test(line)));
});

test('stage arguments are label=seconds, the label may hold "=", anything else is refused', () => {
  assert.deepEqual(parseStageArgs(['npm ci=12.5', 'a=b=3']), [{ label: 'npm ci', seconds: 12.5 }, { label: 'a=b', seconds: 3 }]);
  assert.throws(() => parseStageArgs(['npm ci']), TypeError);
  assert.throws(() => parseStageArgs(['=3']), TypeError);
  assert.throws(() => parseStageArgs(['x=soon']), TypeError);
});

test('side by side: every item runs, never more than `jobs` at once, taken in order', async () => {
  let running = 0;
  let most = 0;
  const started = [];
  await inParallel([30, 10, 20, 5, 1], 2, async (ms) => {
    started.push(ms);
    running += 1;
    most = Math.max(most, running);
    await new Promise((resolve) => setTimeout(resolve, ms));
    running -= 1;
  });
  assert.deepEqual(started, [30, 10, 20, 5, 1]);
  assert.equal(most, 2);
});

test("a step run side by side keeps its output in its log, prints it whole, and reports its exit", async () => {
  const dir = mkdtempSync(join(tmpdir(), 'side-by-side-'));
  try {
    const log = join(dir, 'step.log');
    const passed = await runLogged('a step', log, process.execPath, ['-e', 'console.log("out"); console.error("err")']);
    assert.equal(passed.ok, true);
    assert.ok(passed.seconds > 0);
    assert.equal(readFileSync(log, 'utf8'), 'out\nerr\n');
    const failed = await runLogged('a failing step', log, process.execPath, ['-e', 'process.exit(3)']);
    assert.equal(failed.ok, false);
    const missing = await runLogged('a missing command', log, join(dir, 'no-such-command'), []);
    assert.equal(missing.ok, false);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
