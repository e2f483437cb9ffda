/**
 * The tenant base URL rule of the API client: the same rule as the embed's
 * `base-url` (one implementation, in `embed/url.ts`), thrown as a
 * `TypeError` because the client is configured programmatically.
 */
import { parseBaseUrl as checkTenantBase } from '../embed/url.js';

/**
 * Parses and checks a tenant base URL: `https:` (or `http:` on
 * `localhost`, `127.0.0.1`, `[::1]`), no credentials, query or fragment.
 * Returns origin plus path prefix without a trailing slash, so API paths
 * (`/api/v1/...`) can be appended; a reverse-proxy prefix is kept.
 *
 * @throws TypeError naming `label` and the rule that failed.
 */
export function parseBaseUrl(value: unknown, label = 'baseUrl'): string {
  if (typeof value !== 'string' || value.trim() === '') {
    throw new TypeError(`${label} must be a non-empty URL string`);
  }
  const checked = checkTenantBase(value);
  if (!checked.ok) throw new TypeError(`${label} ${checked.reason}`);
  return checked.value.origin + checked.value.prefix;
}
