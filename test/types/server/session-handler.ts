// The types of createSessionHandler as a consumer sees them (checked by
// `npm run typecheck`, which includes test/**/*.ts): a Fetch API handler, a
// viewer that returns a generate-session request without deploymentId or null.
import { createSessionHandler, type SessionHandler, type SessionHandlerOptions, type SessionViewer } from 'platform-embed/server';

export const handler: SessionHandler = createSessionHandler({
  baseUrl: 'https://acme.platform.example',
  apiKey: 'key',
  deploymentId: 42,
  allowedOrigins: ['https://cms.example.com'],
  viewer: async (request, wanted) => {
    const user: string | null = request.headers.get('cookie');
    const dashboard: string | undefined = wanted.dashboard;
    void dashboard;
    return user ? { externalId: user, userAttributes: [{ name: 'region', value: 'EMEA' }] } : null;
  },
});

export const answer: Promise<Response> = handler(new Request('https://app.example/embed-session', { method: 'POST' }));

// @ts-expect-error the handler's option sets the deployment, not the viewer (checked at run time too: a 500)
export const viewer: SessionViewer = { externalId: 'ada', deploymentId: 43 };

// @ts-expect-error viewer is required
export const missing: SessionHandlerOptions = { baseUrl: 'https://acme.platform.example', apiKey: 'key', deploymentId: 42 };

// @ts-expect-error the viewer returns a session request, not a session id
export const wrong: SessionHandlerOptions = { baseUrl: 'https://acme.platform.example', apiKey: 'key', deploymentId: 42, viewer: () => 'ses_1' };
