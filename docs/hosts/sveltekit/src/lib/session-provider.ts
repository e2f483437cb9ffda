// Browser side: the element's sessionProvider, calling this app's session route
// (src/routes/api/embed-session/+server.ts) for every load the server did not
// make: reload(), renewals, an element rendered without a session.
import type { PlatformEmbedElement } from 'platform-embed';

export const sessionRoute = '/api/embed-session';

export async function sessionProvider(): Promise<string> {
  const res = await fetch(sessionRoute, { method: 'POST' });
  if (!res.ok) throw new Error(`session route answered ${res.status}`);
  return ((await res.json()) as { sessionId: string }).sessionId;
}

/** Gives `embed` its source of sessions (an element attachment: `{@attach provideSession}`). */
export function provideSession(embed: PlatformEmbedElement): void {
  embed.sessionProvider = sessionProvider;
}

/** Gives every <platform-embed> under `root` its source of sessions. */
export function provideSessions(root: ParentNode): void {
  root.querySelectorAll('platform-embed').forEach(provideSession);
}
