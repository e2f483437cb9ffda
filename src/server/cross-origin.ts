/**
 * Cross-origin request protection for the session endpoint, after Go 1.25's
 * `http.CrossOriginProtection`: the browser's `Sec-Fetch-Site` is trusted
 * first; without it (browsers before 2023), `Origin` is compared with the
 * request's own origin; a list of trusted origins admits other sites. No
 * tokens: every browser that can carry the viewer's cookies sends one of the
 * two headers on a POST.
 */

/** The verdict on one request: refused, or allowed with the origin to answer with CORS headers (`null`: same-origin). */
export type OriginVerdict = { allowed: false } | { allowed: true; cors: string | null };

const refused: OriginVerdict = { allowed: false };
const sameOrigin: OriginVerdict = { allowed: true, cors: null };

/**
 * Judges where `request` comes from.
 *
 * - `Sec-Fetch-Site: same-origin` or `none` (the viewer typed or bookmarked
 *   it): allowed. The browser compared the page's origin with the URL it
 *   requested, which is right even behind a proxy that rewrites the URL.
 * - any other `Sec-Fetch-Site` (`same-site`, `cross-site`, or a value not
 *   known yet): allowed only when `Origin` is a trusted origin. A sibling
 *   subdomain is another origin and may hold someone else's content.
 * - no `Sec-Fetch-Site` and no `Origin`: allowed. Browsers send `Origin` on
 *   every cross-origin POST, so this is a same-origin request from an older
 *   browser or not a browser at all (which could forge any header anyway).
 * - no `Sec-Fetch-Site`: allowed when `Origin` is the request URL's origin or a
 *   trusted one.
 */
export function judgeOrigin(request: Request, trusted: ReadonlySet<string>): OriginVerdict {
  const origin = request.headers.get('origin');
  const listed = origin !== null && trusted.has(origin);
  const site = request.headers.get('sec-fetch-site');
  if (site !== null) {
    const value = site.trim().toLowerCase();
    if (value === 'same-origin' || value === 'none') return sameOrigin;
    return listed ? { allowed: true, cors: origin } : refused;
  }
  if (origin === null) return sameOrigin;
  if (origin === ownOrigin(request)) return sameOrigin;
  return listed ? { allowed: true, cors: origin } : refused;
}

/** The request URL's origin; `null` when the URL has none (never for an `http:` request). */
function ownOrigin(request: Request): string | null {
  try {
    const { origin } = new URL(request.url);
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}
