// The dashboard is in the HTML the server sends, with a fresh session in its
// iframe's URL, so it starts loading while the browser parses the page. A
// server load runs per request (and, on a client-side navigation, per
// navigation through SvelteKit's data request): a session is single-use.
import { renderEmbed } from 'platform-embed/server';
import type { PageServerLoad } from './$types';
import { baseUrl, createSession } from '#lib/server/platform.ts';

export const load: PageServerLoad = async () => ({
  embed: renderEmbed({ baseUrl, session: await createSession(), dashboard: 'sales-overview', attributes: { id: 'dashboard' } }),
});
