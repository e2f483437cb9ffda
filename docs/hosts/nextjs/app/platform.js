// Server-only: the platform API key stays on the server. Runs as written
// against the packaged mock (`npx platform-embed-mock`: port 4100, local key
// below); for the real platform, set PLATFORM_URL and PLATFORM_API_KEY.
import { PlatformApiClient } from 'platform-embed';

export const baseUrl = process.env.PLATFORM_URL ?? 'http://127.0.0.1:4100';
export const apiKey = process.env.PLATFORM_API_KEY ?? 'mock-key-acme-admin-7f3c9a2e'; // the mock's documented local key

export const platform = new PlatformApiClient({ baseUrl, token: apiKey });

/** A single-use session for the signed-in viewer (your app decides who that is). */
export async function createSession() {
  const { sessionId } = await platform.generateSession({ deploymentId: 42, externalId: 'ada@example.com' });
  return sessionId;
}
