// Server-only: the platform API key stays on the server. Against `npm run mock`
// as written; for the real platform, set PLATFORM_URL and PLATFORM_API_KEY.
import { inject, provideAppInitializer, TransferState, type Provider, type EnvironmentProviders } from '@angular/core';
import { PlatformApiClient } from 'platform-embed';
import { renderEmbed } from 'platform-embed/server';
import { BASE_URL_KEY, EMBED_HTML, type EmbedKind } from './platform';

export const baseUrl = process.env['PLATFORM_URL'] ?? 'http://127.0.0.1:4100';

const platform = new PlatformApiClient({
  baseUrl,
  token: process.env['PLATFORM_API_KEY'] ?? 'mock-key-acme-admin-7f3c9a2e', // the mock's admin key
});

/** A single-use session for the signed-in viewer (your app decides who that is). */
export async function createSession(): Promise<string> {
  const { sessionId } = await platform.generateSession({ deploymentId: 42, externalId: 'ada@example.com' });
  return sessionId;
}

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
