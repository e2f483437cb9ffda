// `npm run test:mutants -- [id …] [--only id,id] [--runs N] [--seed S] [--browser chromium|firefox] [--no-control] [--check] [--keep]`
// runs the model-based lifecycle test (scripts/test-model.mjs) against each
// known defect of the catalogue in test/mutants/, one at a time: each is
// applied to a copy of the package in a temporary folder (src/, test/,
// scripts/, the built dist/ and the configs; node_modules linked), and the
// model runs alone there in one browser (the mutant's, else Chromium), from a
// fixed seed (default 43), with at most N sequences (default 200; in the
// mutant's mix when it names one, else shared by the three mixes), stopping
// at the first broken invariant. First the unmutated source runs the same
// seeds (the control rows: they must pass). `--check` only tells which
// mutants still apply. Logs go to test-results/mutants/<id>.log.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync, createWriteStream } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const root = fileURLToPath(new URL('..', import.meta.url));
const catalogue = join(root, 'test', 'mutants');
const logs = join(root, 'test-results', 'mutants');

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    only: { type: 'string' },
    runs: { type: 'string', default: '200' },
    seed: { type: 'string', default: '43' },
    browser: { type: 'string' },
    'no-control': { type: 'boolean' },
    check: { type: 'boolean' },
    keep: { type: 'boolean' },
  },
});
const runs = Number(values.runs);
if (!Number.isSafeInteger(runs) || runs < 1) throw new TypeError('--runs takes a positive whole number');
if (!/^-?\d+$/.test(values.seed)) throw new TypeError('--seed takes a whole number');
if (values.browser !== undefined && !['chromium', 'firefox'].includes(values.browser)) throw new TypeError('--browser takes chromium or firefox');

/** Every mutant of the catalogue, checked for its fields; `changes` holds its one or more exact replacements. */
async function loadCatalogue() {
  const mutants = [];
  for (const name of readdirSync(catalogue).filter((file) => file.endsWith('.mjs')).sort()) {
    const mutant = (await import(pathToFileURL(join(catalogue, name)).href)).default;
    const changes = mutant.changes ?? [{ file: mutant.file, find: mutant.find, replace: mutant.replace }];
    const problem =
      typeof mutant.id !== 'string' || `${mutant.id}.mjs` !== name
        ? `its id must be its file name without .mjs`
        : !mutant.title || !mutant.origin
          ? 'it needs a title and an origin'
          : ![undefined, 'chromium', 'firefox'].includes(mutant.browser)
            ? 'browser is chromium or firefox'
            : ![undefined, 1, 2, 3].includes(mutant.mix)
              ? 'mix is 1, 2 or 3'
              : changes.some((c) => typeof c.file !== 'string' || typeof c.find !== 'string' || !c.find || typeof c.replace !== 'string' || c.find === c.replace)
                ? 'each change needs a file, a non-empty find and a different replace'
                : null;
    if (problem) throw new TypeError(`test/mutants/${name}: ${problem}`);
    mutants.push({ ...mutant, changes });
  }
  return mutants;
}

/** Applies `mutant` to the tree at `dir`; returns null, or why it no longer applies. */
function apply(mutant, dir) {
  const edits = [];
  for (const { file, find, replace } of mutant.changes) {
    const path = join(dir, file);
    const text = edits.find((e) => e.path === path)?.text ?? (existsSync(path) ? readFileSync(path, 'utf8') : null);
    if (text === null) return `mutant ${mutant.id} no longer applies: ${file} is gone`;
    const count = text.split(find).length - 1;
    const shown = JSON.stringify(find.length > 120 ? `${find.slice(0, 117)}…` : find);
    if (count === 0) return `mutant ${mutant.id} no longer applies: ${file} lacks ${shown}`;
    if (count > 1) return `mutant ${mutant.id} no longer applies: ${file} has ${shown} ${count} times`;
    const entry = edits.find((e) => e.path === path);
    if (entry) entry.text = text.replace(find, () => replace);
    else edits.push({ path, text: text.replace(find, () => replace) });
  }
  for (const { path, text } of edits) {
    const { atime, mtime } = statSync(path);
    writeFileSync(path, text);
    // Same time as before: the copied dist/ stays current (the mock platform reads only its schemas), so nothing is rebuilt.
    if (!mutant.build) utimesSync(path, atime, mtime);
  }
  return null;
}

/** A copy of the package to mutate: what the model test needs, with node_modules linked. */
function copyPackage() {
  const dir = mkdtempSync(join(tmpdir(), 'platform-embed-mutant-'));
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    const wanted = entry.isDirectory() ? ['src', 'test', 'scripts', 'dist', 'demo', 'integrations', 'bin'].includes(entry.name) : /\.(json|mjs|js|cjs)$/.test(entry.name);
    if (wanted) cpSync(join(root, entry.name), join(dir, entry.name), { recursive: true, preserveTimestamps: true });
  }
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
  return dir;
}

/**
 * Runs the model in `dir` and reads its output: the first broken invariant
 * (mix, first failing sequence, seconds, the invariant's message), or none.
 * Stops the run once the first failure is reported.
 */
function runModel(dir, { browser, mix }, logFile) {
  const args = ['-n', '10', 'node', 'scripts/test-model.mjs', '--browser', browser, '--runs', String(runs), '--seed', values.seed];
  if (mix) args.push('--mix', String(mix));
  const log = createWriteStream(logFile);
  log.write(`$ nice ${args.join(' ')}\n`);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn('nice', args, { cwd: dir, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let text = '';
    let found = null;
    let stopped = false;
    const read = (chunk) => {
      log.write(chunk);
      text += chunk;
      if (found || stopped) return;
      found = failureIn(text);
      if (found) {
        found.seconds = (Date.now() - started) / 1000;
        stopped = true;
        // The first failure is the verdict: the mixes still to come are not run (SIGINT: the runner closes its browser).
        stop(child);
      }
    };
    child.stdout.setEncoding('utf8').on('data', read);
    child.stderr.setEncoding('utf8').on('data', read);
    child.on('close', (code) => {
      log.end();
      const seconds = (Date.now() - started) / 1000;
      // The runner prints the browser's log twice (as it comes, and in its summary): one count per mix.
      const perMix = (pattern) => [...new Map([...text.matchAll(pattern)].map((m) => [m[1], Number(m[2])])).values()].reduce((sum, n) => sum + n, 0);
      const sequences = perMix(/model \(([^)]*)\): (\d+) sequences run in/g);
      const skipped = perMix(/model \(([^)]*)\): \d+ sequences run in [^\n]*?(\d+) too slow to judge/g);
      if (found) resolve({ verdict: 'caught', ...found, skipped });
      else if (code === 0) resolve({ verdict: 'passed', seconds, sequences, skipped });
      else resolve({ verdict: 'error', seconds, sequences, skipped, detail: lastLines(text) });
    });
  });
}

/** Stops the run's process group: SIGINT, then SIGTERM if it is still there after 20 s. */
function stop(child) {
  const signal = (name) => {
    try {
      process.kill(-child.pid, name);
    } catch {}
  };
  signal('SIGINT');
  const late = setTimeout(() => signal('SIGTERM'), 20_000);
  child.on('close', () => clearTimeout(late));
}

/** The first complete failure report of the model in `text` (it ends with its replay line), or null. */
function failureIn(text) {
  const at = text.indexOf('a sequence broke an invariant (');
  if (at < 0) return null;
  const report = text.slice(at);
  const end = report.search(/\n\s*replay: [^\n]*\n/);
  if (end < 0) return null;
  const lines = report.slice(0, end).split('\n');
  const head = /^a sequence broke an invariant \(([^;]*); seed (-?\d+), path "(\d+)[^"]*"/.exec(lines[0]);
  const settle = lines.findIndex((line) => line.includes('then a final settle and check'));
  const invariant = lines
    .slice(settle + 1)
    .map((line) => line.trim())
    .filter(Boolean)
    .join(' ');
  // The model may say where its first failure came (before shrinking); else the path's first step is that sequence's index.
  const first = /first failure at sequence (\d+)(?: after ([\d.]+) s)?/.exec(report.slice(0, end));
  return {
    mix: head?.[1] ?? '?',
    sequence: first ? Number(first[1]) : head ? Number(head[3]) + 1 : NaN,
    firstSeconds: first?.[2] ? Number(first[2]) : undefined,
    invariant: invariant || lines.at(-1),
    steps: lines.filter((line) => /^\s+\d+\. /.test(line)).length,
  };
}

const lastLines = (text) =>
  text
    .trim()
    .split('\n')
    .filter((line) => line.trim())
    .slice(-3)
    .join(' / ');

/** One row of the table, for a terminal and for docs/testing.md alike. */
function row(name, browser, mix, result) {
  const where = `${browser}${mix ? `, mix ${mix}` : ''}`;
  const skipped = result.skipped ? `; ${result.skipped} too slow to judge` : '';
  switch (result.verdict) {
    case 'caught': {
      const seconds = result.firstSeconds !== undefined ? `${result.firstSeconds.toFixed(0)} s (reported after ${result.seconds.toFixed(0)} s)` : `${result.seconds.toFixed(0)} s`;
      return `| ${name} | ${where} | ${name === 'control' ? 'FAILED at' : 'caught:'} sequence ${result.sequence} (${result.mix}), ${seconds}, shrunk to ${result.steps} steps${skipped} | ${result.invariant.replace(/\|/g, '\\|')} |`;
    }
    case 'passed':
      return `| ${name} | ${where} | ${name === 'control' ? 'passed' : 'MISSED'}: ${result.sequences} sequences, ${result.seconds.toFixed(0)} s${skipped} | |`;
    case 'stale':
      return `| ${name} | ${where} | no longer applies | ${result.detail} |`;
    default:
      return `| ${name} | ${where} | ${name === 'control' ? 'FAILED' : 'error'}: ${result.seconds.toFixed(0)} s | ${String(result.detail).replace(/\|/g, '\\|')} |`;
  }
}

const all = await loadCatalogue();
const wanted = [...positionals, ...(values.only ? values.only.split(',') : [])].map((id) => id.trim()).filter(Boolean);
for (const id of wanted) if (!all.some((m) => m.id === id)) throw new TypeError(`no mutant ${id} in test/mutants/ (there are: ${all.map((m) => m.id).join(', ')})`);
const chosen = wanted.length ? all.filter((m) => wanted.includes(m.id)) : all;
const browserOf = (mutant) => values.browser ?? mutant.browser ?? 'chromium';

if (values.check) {
  let stale = 0;
  for (const mutant of chosen) {
    const dir = mkdtempSync(join(tmpdir(), 'platform-embed-mutant-check-'));
    for (const file of new Set(mutant.changes.map((c) => c.file))) {
      mkdirSync(join(dir, file, '..'), { recursive: true });
      if (existsSync(join(root, file))) cpSync(join(root, file), join(dir, file));
    }
    const problem = apply(mutant, dir);
    rmSync(dir, { recursive: true, force: true });
    console.log(problem ?? `mutant ${mutant.id} applies`);
    stale += problem ? 1 : 0;
  }
  process.exit(stale ? 1 : 0);
}

// The copies share the built dist/ (the mock platform reads its schemas): built here first when stale.
const build = spawnSync('node', ['scripts/build-if-stale.mjs'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
mkdirSync(logs, { recursive: true });

const table = ['| defect | browser, mix | verdict | invariant (shrunk sequence\'s message) |', '|---|---|---|---|'];
const print = (line) => {
  table.push(line);
  console.log(line);
};
console.log(`mutants: ${chosen.length}, at most ${runs} sequences each from seed ${values.seed}; logs in test-results/mutants/`);
console.log(table.join('\n'));

async function runOne(name, settings, mutant) {
  const dir = copyPackage();
  try {
    const problem = mutant ? apply(mutant, dir) : null;
    const result = problem ? { verdict: 'stale', detail: problem } : await runModel(dir, settings, join(logs, `${name}.log`));
    print(row(name, settings.browser, settings.mix, result));
    return result;
  } finally {
    if (values.keep) console.log(`  (copy kept in ${dir})`);
    else rmSync(dir, { recursive: true, force: true });
  }
}

let bad = 0;
if (!values['no-control']) {
  // The same browsers, mixes and seeds as the mutants below, on the unmutated source: each must pass.
  const settings = [...new Map(chosen.map((m) => [`${browserOf(m)} ${m.mix ?? ''}`, { browser: browserOf(m), mix: m.mix }])).values()].filter(
    // A seed gives the same first sequences whatever the number of runs: the three mixes run alone cover the mixes run together.
    (s, _i, all) => s.mix || ![1, 2, 3].every((mix) => all.some((o) => o.browser === s.browser && o.mix === mix)),
  );
  for (const s of settings) {
    const result = await runOne('control', s, null);
    bad += result.verdict === 'passed' ? 0 : 1;
    renameLog('control', `control-${s.browser}-${s.mix ?? 'all'}`);
  }
}
for (const mutant of chosen) {
  const result = await runOne(mutant.id, { browser: browserOf(mutant), mix: mutant.mix }, mutant);
  bad += result.verdict === 'caught' ? 0 : 1;
}
console.log(`\n${table.join('\n')}`);
process.exit(bad ? 1 : 0);

/** Keeps each control run's log under its own name. */
function renameLog(from, to) {
  const path = join(logs, `${from}.log`);
  if (!existsSync(path)) return;
  cpSync(path, join(logs, `${to}.log`));
  rmSync(path);
}
