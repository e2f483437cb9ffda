// Script-tag bundles, built from the compiled ES modules in dist/ (tsc runs
// first, see scripts/build.mjs). Lit is bundled in its production build.
import { nodeResolve } from '@rollup/plugin-node-resolve';
import terser from '@rollup/plugin-terser';
import minifyHtmlLiterals from '@lit-labs/rollup-plugin-minify-html-literals';

const bundlePlugins = (module) => [
  nodeResolve({ exportConditions: ['production'] }),
  // The whitespace of css`` and html`` templates is not code; terser leaves strings alone.
  minifyHtmlLiterals(),
  terser({
    module,
    ecma: 2021,
    compress: { passes: 2 },
    // Members named with a leading underscore are private by convention (`private _x`); no
    // public API, Lit API or DOM name has one, and no code reaches them through a string.
    mangle: { properties: { regex: /^_[a-zA-Z]/ } },
    format: { comments: false },
  }),
];
const plugins = bundlePlugins(true);

export default [
  {
    input: 'dist/bundle.js',
    output: { file: 'dist/platform-embed.min.js', format: 'es', sourcemap: true },
    plugins,
  },
  {
    input: 'dist/bundle-embed.js',
    output: { file: 'dist/platform-embed-embed.min.js', format: 'es', sourcemap: true },
    plugins,
  },
  {
    input: 'dist/bundle.js',
    output: { file: 'dist/platform-embed.iife.min.js', format: 'iife', name: 'PlatformEmbed', sourcemap: true },
    // Not a module: terser's module mode would drop the `var PlatformEmbed` global.
    plugins: bundlePlugins(false),
  },
];
