/**
 * Opens the connection to the tenant while the host's backend creates the
 * session: one `<link rel="preconnect">` per origin per document, however many
 * elements, and none where the page already has one.
 */
export function preconnect(origin: string): void {
  const head = document.head;
  // An origin has no path (and no quote): a page's own link writes it with or without the final slash.
  if (!head || head.querySelector(`link[rel~=preconnect]:is([href="${origin}"],[href="${origin}/"])`)) return;
  head.append(Object.assign(document.createElement('link'), { rel: 'preconnect', href: origin }));
}
