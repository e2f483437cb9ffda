// The package is linked from the repository root (file:../../..), so the
// bundler's root is that folder; an app that installs it from npm needs none of this.
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../..', import.meta.url));

/** @type {import('next').NextConfig} */
export default {
  turbopack: { root },
  outputFileTracingRoot: root,
};
