// The backend route that creates embed sessions: the API key stays here, the
// browser only ever sees a single-use session id. createSessionHandler answers
// only this app's own pages (another site's POST gets 403 and no session) and
// never sends the key; @hono/node-server mounts that Fetch API handler on node:http.
import { getRequestListener } from '@hono/node-server';
import { createSessionHandler } from 'platform-embed/server';

/**
 * `POST /session` for the signed-in user: 200 `{ sessionId }`, 403 for another
 * site's page, or 502 when the platform fails (the page's embed then shows its
 * error state).
 */
export function createSessionRoute({ platformUrl, apiKey, currentUser, deploymentId = 42 }) {
  return getRequestListener(
    createSessionHandler({
      baseUrl: platformUrl,
      apiKey,
      deploymentId,
      viewer: (request) => {
        const user = currentUser(request);
        return user && { externalId: user.email, userAttributes: [{ name: 'region', value: user.region }] };
      },
    }),
  );
}
