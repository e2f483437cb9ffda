// Where a run's time goes: `npm test` (scripts/test.mjs) times each gate and
// suite and prints this table before its closing `N passed, M failed` line;
// `.ci/run` prints one for its own stages the same way.
//
//   node scripts/stage-times.mjs "<label>=<seconds>" …   prints the table of those stages

/**
 * A plain-text table of `stages` (`{ label, seconds, ok? }`, in the order they
 * ended): seconds, share of their sum, the stage, and "failed" where `ok` is
 * false; then the sum and, when given, the wall-clock time of the whole run
 * (less than the sum where stages ran side by side). No line of it looks
 * like a closing summary.
 * @param {string} title
 * @param {{ label: string, seconds: number, ok?: boolean }[]} stages
 * @param {number} [wallSeconds]
 */
export function stageTable(title, stages, wallSeconds) {
  const total = stages.reduce((sum, s) => sum + s.seconds, 0);
  const secs = (s) => s.toFixed(1).padStart(7);
  const share = (s) => (total > 0 ? `${Math.round((100 * s) / total)}%` : '-').padStart(4);
  const lines = [`=== ${title} ===`, `${'seconds'.padStart(7)} ${'share'.padStart(4)}  stage`];
  for (const s of stages) lines.push(`${secs(s.seconds)} ${share(s.seconds)}  ${s.label}${s.ok === false ? ' (failed)' : ''}`);
  lines.push(`${secs(total)} ${share(total)}  sum of the stages (${(total / 60).toFixed(1)} min)`);
  if (wallSeconds !== undefined) lines.push(`${secs(wallSeconds)}       wall clock (${(wallSeconds / 60).toFixed(1)} min)`);
  return lines.join('\n');
}

/** Parses `label=seconds` arguments (the label may hold `=`; the seconds are after the last one). */
export function parseStageArgs(args) {
  return args.map((arg) => {
    const at = arg.lastIndexOf('=');
    const seconds = Number(arg.slice(at + 1));
    if (at <= 0 || !Number.isFinite(seconds)) throw new TypeError(`expected label=seconds, got ${JSON.stringify(arg)}`);
    return { label: arg.slice(0, at), seconds };
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(stageTable('time per stage of .ci/run', parseStageArgs(process.argv.slice(2))));
}
