// Script-tag bundles, built from the compiled ES modules in dist/ (tsc runs
// first, see scripts/build.mjs). Lit is bundled in its production build.
import { nodeResolve } from '@rollup/plugin-node-resolve';
import terser from '@rollup/plugin-terser';

const plugins = [
  nodeResolve({ exportConditions: ['production'] }),
  terser({ module: true, ecma: 2021, compress: { passes: 2 }, format: { comments: false } }),
];

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
    plugins,
  },
];
