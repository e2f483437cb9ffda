// Script-tag bundles, built from the compiled ES modules in dist/ (tsc runs
// first, see scripts/build.mjs). Lit is bundled in its production build.
import { nodeResolve } from '@rollup/plugin-node-resolve';
import terser from '@rollup/plugin-terser';
import minifyHtmlLiterals from '@lit-labs/rollup-plugin-minify-html-literals';

/**
 * Internal members that the elements' own classes call on each other: the embed's lifecycle,
 * outbox, queue, shadow view and timeline, and the admin panel's context.
 */
const internal = [
  'frameLoaded', 'readied', 'attributeChanged', 'deferred', 'requestState', 'stateChanged', 'requestFilter',
  'filtersChanged', 'statePayload', 'filterJson', 'isReady', 'removePrefix', 'arrived', 'frameKey', 'drain',
  'renew', 'adopt', 'detach', 'rerender', 'speech', 'renewInPlace', 'renewing', 'credentialRenewed', 'waiting', 'provider', 'begin',
  'frame', 'failure', 'early', 'wait', 'attach', 'rendered',
  'confirming', 'deleting', 'fieldError', 'original', 'originalForm', 'saveError', 'attempted', 'saving', 'issuing',
  'copyMessage', 'revealed', 'loadError', 'notice', 'isCurrent', 'needsLoad', 'focusSoon', 'deployBranch', 'ctx',
  'receive', 'post', 'handler', 'win', 'lazy', 'problems',
];
const internalMembers = new RegExp(`^(?:_[a-zA-Z]|(?:${internal.join('|')})$)`);

const bundlePlugins = (module) => [
  nodeResolve({ exportConditions: ['production'] }),
  // The whitespace of css`` and html`` templates is not code; terser leaves strings alone. Lit
  // reads unquoted attribute values (bindings included) the same as quoted ones.
  minifyHtmlLiterals({ options: { minifyOptions: { removeAttributeQuotes: true } } }),
  terser({
    module,
    ecma: 2022,
    // No comma sequences and inlining of simple functions only: a few more raw bytes, but the
    // statements and function bodies repeat as they are written, which gzip folds (measured).
    compress: { passes: 5, unsafe_arrows: true, keep_fargs: false, sequences: false, inline: 1 },
    // Members named with a leading underscore are private by convention (`private _x`), and the
    // listed ones are internal: the elements' own classes call them on each other. No public
    // API, Lit API or DOM name is among them, and no code reaches them through a string.
    // `builtins`: a listed name is mangled even where some DOM interface has a member of that
    // name (`frame`, `adopt`, `detach`, `wait`, `provider`): our code reads no such DOM member.
    mangle: { properties: { regex: internalMembers, builtins: true } },
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
  {
    // The embed-only classic script: `<platform-embed>` alone, on `window.PlatformEmbed` too.
    input: 'dist/bundle-embed.js',
    output: { file: 'dist/platform-embed-embed.iife.min.js', format: 'iife', name: 'PlatformEmbed', sourcemap: true },
    plugins: bundlePlugins(false),
  },
  {
    // Keep-alive for script-tag pages, after any bundle above: it reaches the element through
    // the add-on interface only (symbol keys), never a member the bundles mangle.
    input: 'dist/bundle-keep-alive.js',
    output: { file: 'dist/platform-embed-keep-alive.iife.min.js', format: 'iife', name: 'PlatformEmbedKeepAlive', sourcemap: true },
    plugins: bundlePlugins(false),
  },
];
