// The tenant's base URL for the element page (public: it is in every embed's URL anyway).
export default defineEventHandler(() => ({ baseUrl: platformUrl() }));
