// Server-only (#lib/server cannot be imported by code that reaches the
// browser): the platform API key stays on the server. Against `npm run mock`
// as written; for the real platform, set PLATFORM_URL and PLATFORM_API_KEY.
import { PLATFORM_API_KEY, PLATFORM_URL } from '$app/env/private';
import { PlatformApiClient } from 'platform-embed';

export const baseUrl = PLATFORM_URL;

const platform = new PlatformApiClient({
  baseUrl,
  token: PLATFORM_API_KEY,
});

/** A single-use session for the signed-in viewer (your app decides who that is). */
export async function createSession(): Promise<string> {
  const { sessionId } = await platform.generateSession({ deploymentId: 42, externalId: 'ada@example.com' });
  return sessionId;
}
