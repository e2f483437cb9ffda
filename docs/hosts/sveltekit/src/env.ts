// The app's environment variables (SvelteKit 3): read when the server starts,
// server-only ($app/env/private). Defaults for `npm run mock`.
import { defineEnvVars } from '@sveltejs/kit/env';

export const variables = defineEnvVars({
  PLATFORM_URL: {
    description: "The platform's base URL (the tenant)",
    schema: (value) => value || 'http://127.0.0.1:4100',
  },
  PLATFORM_API_KEY: {
    description: 'The platform API key; never sent to the browser',
    schema: (value) => value || 'mock-key-acme-admin-7f3c9a2e', // the mock's admin key
  },
});
