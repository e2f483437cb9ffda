// On-demand rendering: a session is single-use, so the embed's page is made per
// request, never at build time. The Node adapter's standalone server is the
// production server (`node dist/server/entry.mjs`, HOST and PORT from the environment).
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';

export default defineConfig({
  output: 'server',
  adapter: node({ mode: 'standalone' }),
  // The page's own prefetching would create sessions nobody uses.
  prefetch: false,
});
