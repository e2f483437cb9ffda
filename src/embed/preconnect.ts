/**
 * Opens the connection to the tenant while the host's backend creates the
 * session: one `<link rel="preconnect">` per origin per document, however many
 * elements, and none where the page already has one.
 */
export function preconnect(origin: string): void {
  const head = document.head;
  if (!head) return;
  // An origin has no path: the link's resolved `href` is the origin and a slash.
  for (const link of head.querySelectorAll<HTMLLinkElement>('link[rel~=preconnect]')) if (link.href === origin + '/') return;
  const link = document.createElement('link');
  link.rel = 'preconnect';
  link.href = origin;
  head.append(link);
}
