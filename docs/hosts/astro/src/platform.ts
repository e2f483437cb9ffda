// Server-only: the platform API key stays on the server (frontmatter and API
// routes run there only). Against `npm run mock` as written; for the real
// platform, set PLATFORM_URL and PLATFORM_API_KEY.
import { PlatformApiClient } from 'platform-embed';

export const baseUrl = process.env.PLATFORM_URL ?? 'http://127.0.0.1:4100';

const platform = new PlatformApiClient({
  baseUrl,
  token: process.env.PLATFORM_API_KEY ?? 'mock-key-acme-admin-7f3c9a2e', // the mock's admin key
});

/** A single-use session for the signed-in viewer (your app decides who that is). */
export async function createSession(): Promise<string> {
  const { sessionId } = await platform.generateSession({ deploymentId: 42, externalId: 'ada@example.com' });
  return sessionId;
}
