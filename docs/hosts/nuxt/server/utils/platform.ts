// Server-only (server/ never reaches the browser): the platform API key stays
// on the server. Auto-imported in server routes.
import { PlatformApiClient } from 'platform-embed';

/** The platform's base URL (the tenant). */
export function platformUrl(): string {
  return useRuntimeConfig().platformUrl;
}

/** A single-use session for the signed-in viewer (your app decides who that is). */
export async function createSession(): Promise<string> {
  const config = useRuntimeConfig();
  const platform = new PlatformApiClient({ baseUrl: config.platformUrl, token: config.platformApiKey });
  const { sessionId } = await platform.generateSession({ deploymentId: 42, externalId: 'ada@example.com' });
  return sessionId;
}
