// The session route for the element's sessionProvider (reload, renewals).
import { createSession } from '../platform.js';

export async function POST() {
  try {
    return Response.json({ sessionId: await createSession() }, { headers: { 'cache-control': 'no-store' } });
  } catch (error) {
    console.error(`generate-session failed: ${error.message}`); // never holds the API key
    return new Response(null, { status: 502 });
  }
}
