/**
 * The React components under React 18 (test/frameworks/react18/). `?react=18`
 * makes the test server compile the snippet, and the components it imports,
 * against React 18 (scripts/wtr-framework-plugins.mjs).
 */
import { describeReactComponents, type ReactRuntime } from './react-components.js';

// Paths in variables: these modules exist only on the test server.
const base = '/__frameworks/react18/';
const snippet = '/docs/hosts/react/PlatformHost.tsx?react=18';

describeReactComponents(18, async () => ({
  React: (await import(/* @vite-ignore */ `${base}react.js`)).default as ReactRuntime['React'],
  flushSync: ((await import(/* @vite-ignore */ `${base}react-dom.js`)) as { flushSync: ReactRuntime['flushSync'] }).flushSync,
  createRoot: ((await import(/* @vite-ignore */ `${base}react-dom__client.js`)) as { createRoot: ReactRuntime['createRoot'] }).createRoot,
  importSnippet: () => import(/* @vite-ignore */ snippet),
}));
