// web-test-runner plugins that let the framework host tests run real Vue,
// React, Svelte and Angular code in the browser without an app build:
//
// - `platform-embed` and its subpaths resolve to the TypeScript sources, so the
//   host snippets in docs/hosts/ import the package exactly as an app would.
// - `vue` resolves to `vue.esm-browser.js` (ES module with the template
//   compiler); `.vue` single-file components are compiled with
//   `vue/compiler-sfc`, with `platform-*` tags declared as custom elements.
// - React ships CommonJS only: react, react-dom and react-dom/client are
//   pre-bundled once with esbuild into ES modules that share one React copy;
//   `.tsx` files are compiled with esbuild's automatic JSX runtime. React 19
//   comes from the root devDependencies; React 18 from test/frameworks/react18
//   (its own package.json and lock, installed with `npm ci` on first use). A
//   module requested with `?react=18` gets React 18, and so do the modules of
//   the package's React components it imports (`/src/react/`).
// - `.svelte` components are compiled with `svelte/compiler` (client output).
// - Angular runs in JIT mode from its own ES modules; nothing to do here.
// - `/embed/...` requests whose `session` starts with `fw-fixture` answer with
//   a tiny tenant page (test/frameworks/fixtures/tenant.html) that announces
//   ready and echoes every action back, so tests see what reached the embed.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { basename, relative, resolve } from 'node:path';
import * as esbuild from 'esbuild';

const require = createRequire(import.meta.url);
const root = resolve(new URL('..', import.meta.url).pathname);

/** Package entry → TypeScript source, so tests measure and run the real code. */
const packageEntries = {
  'platform-embed': '/src/index.ts',
  'platform-embed/react': '/src/react/index.ts',
  'platform-embed/define': '/src/define.ts',
  'platform-embed/embed': '/src/embed.ts',
  'platform-embed/admin': '/src/admin.ts',
  'platform-embed/keep-alive': '/src/keep-alive.ts',
};

const esbuildTsOptions = {
  format: 'esm',
  target: 'es2021',
  tsconfigRaw: { compilerOptions: { experimentalDecorators: true, useDefineForClassFields: false } },
};

/** True when the importing module was requested for React 18. */
const wantsReact18 = (context) => context.URL.searchParams.get('react') === '18';

function packagePlugin() {
  return {
    name: 'platform-embed-self',
    resolveImport({ source, context }) {
      const entry = packageEntries[source];
      if (entry && source === 'platform-embed/react' && wantsReact18(context)) return `${entry}?react=18`;
      return entry;
    },
    // The React components' own modules keep the React version of their importer.
    transformImport({ source, context }) {
      if (wantsReact18(context) && context.path.startsWith('/src/react/') && source.startsWith('./') && !source.includes('?')) return `${source}?react=18`;
      return undefined;
    },
  };
}

// Same option an app gives @vitejs/plugin-vue: platform-* are custom elements.
const isCustomElement = (tag) => tag.startsWith('platform-');

const vueRouterPath = '/__frameworks/vue-router.js';

function vuePlugin() {
  let sfc;
  let vueRouter;
  return {
    name: 'vue-sfc',
    resolveImport({ source }) {
      if (source === 'vue') return '/node_modules/vue/dist/vue.esm-browser.js';
      if (source === 'vue-router') return vueRouterPath;
      return undefined;
    },
    // Vue Router's ES module reads `process.env` and imports its devtools: bundled once, with `vue` left to the import above.
    async serve(context) {
      if (context.path !== vueRouterPath) return undefined;
      vueRouter ??= esbuild
        .build({
          entryPoints: ['vue-router'],
          bundle: true,
          format: 'esm',
          target: 'es2021',
          write: false,
          external: ['vue'],
          define: { 'process.env.NODE_ENV': '"development"', __VUE_PROD_DEVTOOLS__: 'false' },
          absWorkingDir: root,
        })
        .then((result) => result.outputFiles[0].text);
      return { body: await vueRouter, type: 'js' };
    },
    resolveMimeType(context) {
      if (context.path.endsWith('.vue')) return 'js';
      return undefined;
    },
    async transform(context) {
      if (!context.path.endsWith('.vue')) return undefined;
      sfc ??= require('vue/compiler-sfc');
      const filename = resolve(root, `.${context.path}`);
      // The parser decides element vs component, so it needs the option too.
      const { descriptor, errors } = sfc.parse(context.body, { filename, templateParseOptions: { isCustomElement } });
      if (errors.length) throw errors[0];
      const id = createHash('sha256').update(filename).digest('hex').slice(0, 8);
      const script = sfc.compileScript(descriptor, {
        id,
        inlineTemplate: true,
        templateOptions: { compilerOptions: { isCustomElement } },
      });
      const lang = descriptor.scriptSetup?.lang ?? descriptor.script?.lang;
      const code = lang === 'ts' ? (await esbuild.transform(script.content, { ...esbuildTsOptions, loader: 'ts' })).code : script.content;
      return { body: code };
    },
  };
}

const reactModules = ['react', 'react-dom', 'react-dom/client', 'react/jsx-runtime'];
/** ES modules bundled with React 19 so they share its copy (React Router imports CommonJS `cookie`). */
const react19Modules = ['react-router'];
const modulesOf = (version) => (version === 19 ? [...reactModules, ...react19Modules] : reactModules);
const reactBases = { 19: '/__frameworks/react/', 18: '/__frameworks/react18/' };
const reactFile = (name) => `${name.replace(/\//g, '__')}.js`;
const react18Dir = resolve(root, 'test/frameworks/react18');

/** The folder whose node_modules hold React `version` (React 18 is installed on first use). */
function reactDir(version) {
  if (version === 19) return root;
  if (!existsSync(resolve(react18Dir, 'node_modules/react-dom/package.json'))) {
    execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: react18Dir, stdio: 'inherit' });
  }
  return react18Dir;
}

/** One esbuild run with code splitting: every entry shares the same React. */
async function bundleReact(version) {
  const dir = reactDir(version);
  // Export names are read in a child process: loading React into the test
  // runner's own process trips over its console capture.
  const script = `console.log(JSON.stringify(Object.fromEntries(${JSON.stringify(reactModules)}.map((n) => [n, Object.keys(require(n))]))))`;
  const modules = modulesOf(version);
  const names = JSON.parse(execFileSync(process.execPath, ['-e', script], { cwd: dir, encoding: 'utf8' }));
  const identifier = /^[A-Za-z_$][\w$]*$/;
  const wrapper = (name) => {
    if (react19Modules.includes(name)) return `export * from ${JSON.stringify(name)};\n`;
    const keys = names[name].filter((k) => k !== 'default' && identifier.test(k));
    return `import M from ${JSON.stringify(name)};\nexport default M;\nexport const { ${keys.join(', ')} } = M;\n`;
  };
  const result = await esbuild.build({
    entryPoints: modules.map((name) => ({ in: `virtual:${name}`, out: reactFile(name).slice(0, -3) })),
    bundle: true,
    splitting: true,
    format: 'esm',
    target: 'es2021',
    outdir: '/out',
    write: false,
    define: { 'process.env.NODE_ENV': '"development"' },
    absWorkingDir: dir,
    plugins: [
      {
        name: 'virtual-entries',
        setup(build) {
          build.onResolve({ filter: /^virtual:/ }, (args) => ({ path: args.path.slice(8), namespace: 'virtual' }));
          build.onLoad({ filter: /.*/, namespace: 'virtual' }, (args) => ({ contents: wrapper(args.path), resolveDir: dir }));
        },
      },
    ],
  });
  return new Map(result.outputFiles.map((f) => [basename(f.path), f.text]));
}

function reactPlugin() {
  const bundles = {};
  return {
    name: 'react-prebundle',
    resolveImport({ source, context }) {
      if (reactModules.includes(source)) return reactBases[wantsReact18(context) ? 18 : 19] + reactFile(source);
      if (react19Modules.includes(source) && !wantsReact18(context)) return reactBases[19] + reactFile(source);
      return undefined;
    },
    async serve(context) {
      const version = [18, 19].find((v) => context.path.startsWith(reactBases[v]));
      if (!version) return undefined;
      bundles[version] ??= bundleReact(version);
      const body = (await bundles[version]).get(context.path.slice(reactBases[version].length));
      return body === undefined ? undefined : { body, type: 'js' };
    },
    resolveMimeType(context) {
      if (context.path.endsWith('.tsx')) return 'js';
      return undefined;
    },
    async transform(context) {
      if (!context.path.endsWith('.tsx')) return undefined;
      const out = await esbuild.transform(context.body, {
        ...esbuildTsOptions,
        loader: 'tsx',
        jsx: 'automatic',
        sourcefile: context.path,
      });
      return { body: out.code };
    },
  };
}

function sveltePlugin() {
  let compiler;
  return {
    name: 'svelte-compile',
    // The runner's node resolution does not use the `browser` condition, which
    // picks Svelte's client runtime over its server one.
    resolveImport({ source }) {
      if (source === 'svelte') return '/node_modules/svelte/src/index-client.js';
      if (source === 'esm-env/browser') return '/node_modules/esm-env/true.js';
      return undefined;
    },
    resolveMimeType(context) {
      if (context.path.endsWith('.svelte')) return 'js';
      return undefined;
    },
    async transform(context) {
      if (!context.path.endsWith('.svelte')) return undefined;
      compiler ??= await import('svelte/compiler');
      const filename = relative(root, resolve(root, `.${context.path}`));
      const out = compiler.compile(context.body, { filename, generate: 'client', dev: false });
      return { body: out.js.code };
    },
  };
}

function tenantFixturePlugin() {
  const file = resolve(root, 'test/frameworks/fixtures/tenant.html');
  return {
    name: 'tenant-fixture',
    serve(context) {
      if (!context.path.startsWith('/embed/')) return undefined;
      const session = context.URL.searchParams.get('session') ?? '';
      if (!session.startsWith('fw-fixture')) return undefined;
      return { body: readFileSync(file, 'utf8'), type: 'html' };
    },
  };
}

/** Placeholders in the plain-HTML and CMS snippets → the test server's values. */
export const snippetPlaceholders = {
  tenant: 'http://127.0.0.1:4100',
  session: 'SESSION_ID_FROM_YOUR_BACKEND',
  cdn: 'https://cdn.jsdelivr.net/npm/platform-embed@0.2/dist/',
  /** The embed-only bundle as docs/hosts/html/server.mjs serves it (a quoted module specifier). */
  served: /(["'])\/platform-embed\.js\1/g,
};

// The HTML snippets in docs/hosts/ and the pages in test/cms/pages/ are what a
// page author writes: the tenant URL of `npm run mock`, a session placeholder
// or a session route (answered by scripts/wtr-hardening-plugins.mjs), and a
// CDN or served script. Served to tests, they point at the fixture tenant, a
// fixture session and the local dist/; with `?record` a recorder script
// (test/cms/recorder.js) goes first, so events fired during the upgrade are
// captured too.
function snippetPlugin() {
  return {
    name: 'html-snippets',
    transform(context) {
      const path = context.path;
      if (!path.endsWith('.html') || !(path.startsWith('/docs/hosts/') || path.startsWith('/test/cms/pages/'))) return undefined;
      const port = context.host.split(':').pop();
      let body = context.body
        .replaceAll(snippetPlaceholders.tenant, `http://127.0.0.1:${port}`)
        .replaceAll(snippetPlaceholders.session, 'fw-fixture-cms')
        .replaceAll(snippetPlaceholders.cdn, '/dist/')
        .replace(snippetPlaceholders.served, "'/dist/platform-embed-embed.min.js'");
      if (context.URL.searchParams.has('record')) {
        body = `<!doctype html>\n<script src="/test/cms/recorder.js"></script>\n${body.replace(/^\s*<!doctype html>/i, '')}`;
      }
      return { body };
    },
  };
}

/** The plugins, in order; spread them into web-test-runner's `plugins`. */
export const frameworkPlugins = [
  packagePlugin(),
  vuePlugin(),
  reactPlugin(),
  sveltePlugin(),
  tenantFixturePlugin(),
  snippetPlugin(),
];
