// No icon, and no 404 in the console of the first page a visitor opens.
export const dynamic = 'force-dynamic'; // answered per request: a 204 cannot be prerendered
export const GET = () => new Response(null, { status: 204 });
