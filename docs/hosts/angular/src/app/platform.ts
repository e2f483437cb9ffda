// Shared by the browser and the server: nothing secret here.
import { InjectionToken, makeStateKey } from '@angular/core';

/**
 * Server-only: the HTML of a page's embed, made per request with a fresh
 * session (see platform.server.ts). Provided in app.config.server.ts only, so
 * neither the API client nor the key reaches the browser bundle.
 */
export const EMBED_HTML = new InjectionToken<(kind: EmbedKind) => Promise<string>>('EMBED_HTML');

/** `embed`: renderEmbed's element; `plain`: a plain iframe (the benchmark's baseline). */
export type EmbedKind = 'embed' | 'plain';

/** The server's HTML, handed to the browser for hydration (TransferState). */
export const embedHtmlKey = (kind: EmbedKind) => makeStateKey<string>(`platform-embed:${kind}`);

/** The tenant's base URL, set by the server on every render. */
export const BASE_URL_KEY = makeStateKey<string>('platform-embed:base-url');

/** The route of the element's sessionProvider (src/server.ts). */
export const sessionRoute = '/api/embed-session';

/** Browser side: a fresh session from this app's session route, for every load the server did not make. */
export async function sessionProvider(): Promise<string> {
  const res = await fetch(sessionRoute, { method: 'POST' });
  if (!res.ok) throw new Error(`session route answered ${res.status}`);
  return ((await res.json()) as { sessionId: string }).sessionId;
}
