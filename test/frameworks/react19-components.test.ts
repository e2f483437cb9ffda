/** The React components under React 19 (the root devDependency). */
import * as React from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { describeReactComponents } from './react-components.js';

// A path in a variable: the .tsx snippet is compiled by the test server; test/types checks it.
const snippet = '/docs/hosts/react/PlatformHost.tsx';

describeReactComponents(19, async () => ({
  React,
  createRoot,
  flushSync,
  importSnippet: () => import(/* @vite-ignore */ snippet),
}));
