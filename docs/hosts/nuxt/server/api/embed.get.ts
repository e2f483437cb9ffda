// The server-rendered embed's HTML, with a fresh session: called in-process
// while the page renders on the server, and over HTTP on a client-side
// navigation (a session is single-use, so every render gets its own).
import { renderEmbed } from 'platform-embed/server';

export default defineEventHandler(async (event) => {
  setResponseHeader(event, 'cache-control', 'no-store');
  return { html: renderEmbed({ baseUrl: platformUrl(), session: await createSession(), dashboard: 'sales-overview', attributes: { id: 'dashboard' } }) };
});
