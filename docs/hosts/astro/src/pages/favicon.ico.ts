// No icon, and no 404 in the console of the first page a visitor opens.
import type { APIRoute } from 'astro';

export const GET: APIRoute = () => new Response(null, { status: 204 });
