// The session route for the element's sessionProvider.
export default defineEventHandler(async (event) => {
  setResponseHeader(event, 'cache-control', 'no-store');
  try {
    return { sessionId: await createSession() };
  } catch (error) {
    console.error(`generate-session failed: ${(error as Error).message}`); // never holds the API key
    throw createError({ statusCode: 502 });
  }
});
