// Nuxt 4 (app/ is the source directory). The production server is Nitro's
// node-server output (`node .output/server/index.mjs`, NITRO_HOST/NITRO_PORT).
export default defineNuxtConfig({
  compatibilityDate: '2026-11-01',
  telemetry: false,
  devtools: { enabled: false },
  vue: {
    // <platform-embed> is a custom element, not a Vue component to resolve.
    compilerOptions: { isCustomElement: (tag: string) => tag.startsWith('platform-') },
  },
  // Server-only values (never in the payload), set at run time through
  // NUXT_PLATFORM_URL and NUXT_PLATFORM_API_KEY; the defaults are for `npm run mock`.
  runtimeConfig: {
    platformUrl: 'http://127.0.0.1:4100',
    platformApiKey: 'mock-key-acme-admin-7f3c9a2e', // the mock's admin key
  },
});
