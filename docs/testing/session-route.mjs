// The backend route that creates embed sessions: the API key stays here, the
// browser only ever sees a single-use session id.
import { PlatformApiClient, PlatformApiError } from 'platform-embed';

/**
 * `POST /session` for the signed-in user: 200 `{ sessionId }`, or 502 when
 * the platform fails (the page's embed then shows its error state).
 */
export function createSessionRoute({ platformUrl, apiKey, currentUser, deploymentId = 42 }) {
  const platform = new PlatformApiClient({ baseUrl: platformUrl, token: apiKey });
  return async (req, res) => {
    const user = currentUser(req);
    try {
      const { sessionId } = await platform.generateSession({
        deploymentId,
        externalId: user.email,
        userAttributes: [{ name: 'region', value: user.region }],
      });
      res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
      res.end(JSON.stringify({ sessionId }));
    } catch (error) {
      if (!(error instanceof PlatformApiError)) throw error;
      res.writeHead(502, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ error: 'analytics-unavailable' }));
    }
  };
}
