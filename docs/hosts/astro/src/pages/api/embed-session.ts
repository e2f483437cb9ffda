// The session route for the element's sessionProvider. Astro's origin check
// (security.checkOrigin, on by default) refuses a cross-site POST here.
import type { APIRoute } from 'astro';
import { createSession } from '../../platform.ts';

export const POST: APIRoute = async () => {
  try {
    return Response.json({ sessionId: await createSession() }, { headers: { 'cache-control': 'no-store' } });
  } catch (error) {
    console.error(`generate-session failed: ${(error as Error).message}`); // never holds the API key
    return new Response(null, { status: 502 });
  }
};
