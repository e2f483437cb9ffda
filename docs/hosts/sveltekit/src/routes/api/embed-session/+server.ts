// The session route for the element's sessionProvider.
import { json } from '@sveltejs/kit';
import type { RequestHandler } from './$types';
import { createSession } from '#lib/server/platform.ts';

export const POST: RequestHandler = async () => {
  try {
    return json({ sessionId: await createSession() }, { headers: { 'cache-control': 'no-store' } });
  } catch (error) {
    console.error(`generate-session failed: ${(error as Error).message}`); // never holds the API key
    return new Response(null, { status: 502 });
  }
};
