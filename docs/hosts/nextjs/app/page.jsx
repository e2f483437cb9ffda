// A Server Component: the embed is in the HTML the server sends, with a fresh
// session in its iframe's URL, so the dashboard starts loading while the
// browser parses the page.
import { renderEmbed } from 'platform-embed/server';
import { baseUrl, createSession } from './platform.js';
import { EmbedScript } from './embed-script.jsx';

// A session is single-use: render per request, never at build time.
export const dynamic = 'force-dynamic';

export default async function Page() {
  const embed = renderEmbed({ baseUrl, session: await createSession(), dashboard: 'sales-overview', attributes: { id: 'dashboard' } });
  return (
    <main>
      <h1>Sales</h1>
      <div dangerouslySetInnerHTML={{ __html: embed }} />
      <EmbedScript id="dashboard" />
    </main>
  );
}
