// The session endpoint for the element's session provider (reload, renewals),
// or for `<platform-embed session-url="/embed-session">`. createSessionHandler
// is a Fetch API handler, which is what a route handler is: it refuses other
// sites' pages, answers 401 when `viewer` returns null, and never sends the key.
import { createSessionHandler } from 'platform-embed/server';
import { apiKey, baseUrl } from '../platform.js';

export const POST = createSessionHandler({
  baseUrl,
  apiKey,
  deploymentId: 42,
  // Your app's sign-in decides who views: read its session from the request's
  // cookies here, and return null when nobody is signed in.
  viewer: () => ({ externalId: 'ada@example.com' }),
});
// Pages of other sites that call it (with `allowedOrigins`) send a preflight first: also `export const OPTIONS = POST;`.
