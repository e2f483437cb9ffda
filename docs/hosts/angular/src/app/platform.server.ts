// Server-only: the platform API key stays on the server. Against `npm run mock`
// as written; for the real platform, set PLATFORM_URL and PLATFORM_API_KEY.
import { inject, provideAppInitializer, TransferState, type Provider, type EnvironmentProviders } from '@angular/core';
import { PlatformApiClient } from 'platform-embed';
import { createSessionHandler, renderEmbed } from 'platform-embed/server';
import { BASE_URL_KEY, EMBED_HTML, type EmbedKind } from './platform';

export const baseUrl = process.env['PLATFORM_URL'] ?? 'http://127.0.0.1:4100';
const apiKey = process.env['PLATFORM_API_KEY'] ?? 'mock-key-acme-admin-7f3c9a2e'; // the mock's admin key

/** Who views: your app's sign-in decides (here, always Ada). */
const viewer = { externalId: 'ada@example.com' };

const platform = new PlatformApiClient({ baseUrl, token: apiKey });

/** A single-use session for the server-rendered page. */
async function createSession(): Promise<string> {
  const { sessionId } = await platform.generateSession({ deploymentId: 42, ...viewer });
  return sessionId;
}

/**
 * The session route of the element's sessionProvider (src/server.ts): a Fetch
 * API handler that refuses other sites' pages (403) and never sends the key.
 */
export const sessionHandler = createSessionHandler({ baseUrl, apiKey, deploymentId: 42, viewer: () => viewer });

async function embedHtml(kind: EmbedKind): Promise<string> {
  const session = await createSession();
  if (kind === 'embed') return renderEmbed({ baseUrl, session, dashboard: 'sales-overview', attributes: { id: 'dashboard' } });
  const src = `${baseUrl}/embed/dashboard/sales-overview?session=${encodeURIComponent(session)}`.replaceAll('&', '&amp;');
  return `<iframe src="${src}" title="Embedded analytics" style="display:block;width:100%;height:600px;border:0"></iframe>`;
}

export const platformServerProviders: (Provider | EnvironmentProviders)[] = [
  { provide: EMBED_HTML, useValue: embedHtml },
  provideAppInitializer(() => inject(TransferState).set(BASE_URL_KEY, baseUrl)),
];
