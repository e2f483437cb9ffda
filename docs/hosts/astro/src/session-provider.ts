// Browser side: every <platform-embed> of a page gets its sessionProvider before
// it can start a load. The provider calls this app's session route
// (src/pages/api/embed-session.ts) for every load the server did not make:
// reload(), renewals, an element rendered without a session.
import 'platform-embed/embed';
import type { PlatformEmbedElement } from 'platform-embed';

export const sessionRoute = '/api/embed-session';

export async function sessionProvider(): Promise<string> {
  const res = await fetch(sessionRoute, { method: 'POST' });
  if (!res.ok) throw new Error(`session route answered ${res.status}`);
  return ((await res.json()) as { sessionId: string }).sessionId;
}

function provide(root: ParentNode): void {
  // HTMLElementTagNameMap (from platform-embed's types) types the query.
  root.querySelectorAll('platform-embed').forEach((embed: PlatformEmbedElement) => {
    embed.sessionProvider = sessionProvider;
  });
}

// The first page: in the same task as the element's definition (the import
// above), so it never starts a load without its provider.
provide(document);
// A client-side navigation: the ClientRouter parses the next page into
// `newDocument` and swaps it in. Set on the incoming elements before the swap,
// the property is there when they upgrade on insertion. (After the swap, on
// `astro:page-load`, an element without a session would already have started.)
document.addEventListener('astro:before-swap', (event) => provide(event.newDocument));
