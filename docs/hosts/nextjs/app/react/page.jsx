// A Server Component file importing the React component: platform-embed/react
// is a client module ('use client'), so Next.js renders it on the client side
// of the boundary, and importing it on the server touches no browser global.
// Props crossing the boundary must be serialisable: a session string, not a function.
import { PlatformEmbed } from 'platform-embed/react';
import { baseUrl, createSession } from '../platform.js';

export const dynamic = 'force-dynamic';

export default async function ReactPage() {
  return (
    <main>
      <h1>Sales (React component)</h1>
      <PlatformEmbed id="react-dashboard" baseUrl={baseUrl} dashboard="sales-overview" session={await createSession()} />
    </main>
  );
}
