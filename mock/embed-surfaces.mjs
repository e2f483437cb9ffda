// Placeholder: the mock platform's embed surfaces (dashboard, app, chat) and the
// generate-session endpoint are served from here.

/**
 * @param {object} ctx shared mock-platform context ({ state, baseUrl() })
 * @returns {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse, url: URL) => boolean}
 *   a handler that answers and returns true when the request is one of its routes.
 */
export function createEmbedHandler(ctx) {
  void ctx;
  return () => false;
}
