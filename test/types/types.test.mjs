// Framework type fixtures: each framework's own checker runs over a correct
// usage (and the docs/hosts snippet), which must compile, and over wrong
// usages (a bad `scheme`, a misspelt property, a handler of the wrong type),
// which must fail: tsc and vue-tsc through `@ts-expect-error` /
// `@vue-expect-error` lines, svelte-check through files that must not pass.
// Needs `npm run build` first (dist/ declarations and dist/frameworks/).
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { generate } from '../../scripts/gen-framework-types.mjs';

const bin = (name) => join('node_modules', '.bin', name);

function check(tool, args) {
  const r = spawnSync(process.execPath, [bin(tool), ...args], { encoding: 'utf8' });
  return { status: r.status, output: `${r.stdout}${r.stderr}` };
}

describe('framework type declarations', () => {
  it('dist/frameworks/ matches what custom-elements.json generates', () => {
    const dir = mkdtempSync(join(tmpdir(), 'framework-types-'));
    try {
      const manifest = JSON.parse(readFileSync('custom-elements.json', 'utf8'));
      for (const file of generate(manifest, dir)) {
        const name = file.slice(dir.length + 1);
        const shipped = join('dist', 'frameworks', name);
        assert.ok(existsSync(shipped), `${shipped} is missing: run npm run build`);
        assert.equal(readFileSync(shipped, 'utf8'), readFileSync(file, 'utf8'), `${shipped} is stale`);
      }
      const react = readFileSync(join(dir, 'react.d.ts'), 'utf8');
      for (const needle of ["'platform-embed': ", "'platform-admin-panel': ", "'onplatform-ready'?:", 'sessionProvider?:', "'base-url'?:"]) {
        assert.ok(react.includes(needle), `react.d.ts lacks ${needle}`);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  for (const moduleResolution of ['node', 'bundler']) {
    it(`a consumer project resolves every subpath's types under "moduleResolution": "${moduleResolution}"`, () => {
      // A project with the package in its node_modules, as an install leaves it.
      const project = resolve('test-results', `types-${moduleResolution}`);
      rmSync(project, { recursive: true, force: true });
      mkdirSync(join(project, 'node_modules'), { recursive: true });
      symlinkSync(resolve('.'), join(project, 'node_modules', 'platform-embed'), 'dir');
      writeFileSync(join(project, 'usage.ts'), readFileSync('test/types/resolution/usage.ts'));
      const compilerOptions = {
        target: 'ES2022',
        module: moduleResolution === 'node' ? 'CommonJS' : 'ESNext',
        moduleResolution,
        // As older React and Angular projects have it; @lit/react's types need it under CommonJS.
        esModuleInterop: true,
        lib: ['ES2022', 'DOM', 'DOM.Iterable'],
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        types: [],
      };
      writeFileSync(join(project, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['usage.ts'] }));
      const r = check('tsc', ['-p', join(project, 'tsconfig.json')]);
      assert.equal(r.status, 0, r.output);
      assert.equal(readFileSync('test/types/resolution/usage.ts', 'utf8').match(/@ts-expect-error/g)?.length, 6);
    });
  }

  it('React 19: tsc accepts correct JSX and rejects each wrong usage', () => {
    const r = check('tsc', ['-p', 'test/types/react/tsconfig.json']);
    assert.equal(r.status, 0, r.output);
    // Each expected error is checked by tsc itself: an unused @ts-expect-error fails the run.
    const fixture = readFileSync('test/types/react/usage.tsx', 'utf8');
    assert.equal(fixture.match(/\{\/\* @ts-expect-error/g)?.length, 6);
  });

  it('Vue 3: vue-tsc (strictTemplates) accepts correct templates and rejects each wrong usage', () => {
    const r = check('vue-tsc', ['-p', 'test/types/vue/tsconfig.json']);
    assert.equal(r.status, 0, r.output);
    const fixture = readFileSync('test/types/vue/Usage.vue', 'utf8');
    assert.equal(fixture.match(/<!-- @vue-expect-error/g)?.length, 4);
  });

  it('Svelte 5: svelte-check accepts correct markup', () => {
    const r = check('svelte-check', ['--tsconfig', 'test/types/svelte/tsconfig.json', '--output', 'machine']);
    assert.equal(r.status, 0, r.output);
    assert.match(r.output, / 0 ERRORS /);
  });

  it('Svelte 5: svelte-check rejects a wrong scheme, a misspelt property and a wrong handler', () => {
    const r = check('svelte-check', ['--tsconfig', 'test/types/svelte/bad/tsconfig.json', '--output', 'machine']);
    assert.notEqual(r.status, 0, 'svelte-check passed files that must fail');
    const errors = r.output.split('\n').filter((line) => / ERROR /.test(line));
    const expected = {
      'WrongScheme.svelte': /blue\\?"' is not assignable to type '\\?"auto/,
      'WrongProperty.svelte': /sheme\\?"' does not exist in type 'PlatformEmbedSvelteProps'/,
      'WrongHandler.svelte': /CustomEvent<number>/,
    };
    assert.deepEqual(readdirSync('test/types/svelte/bad').filter((f) => f.endsWith('.svelte')).sort(), Object.keys(expected).sort());
    for (const [file, message] of Object.entries(expected)) {
      const lines = errors.filter((line) => line.includes(`bad/${file}`));
      assert.equal(lines.length, 1, `${file}: ${lines.join('\n') || 'no error'}`);
      assert.match(lines[0], message, file);
    }
  });
});
