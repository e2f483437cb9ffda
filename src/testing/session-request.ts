// The mock platform's check of a generate-session body: the platform's
// `GenerateSession` fields and types (the package's own table, which a test
// checks against the platform's API description), and the rules the platform
// states beside them. Unlike the client, the mock refuses a field it does not
// know, so a typo in a test's request shows at once.
import { generateSessionSchema, isAttributeValue, tenantNamePattern } from '../api/session-schema.js';
import { hasOwn, isPlainObject, validate } from '../schema.js';
import type { SessionRecord } from './sessions.js';

/** What a session keeps of its request. */
export type SessionRequest = Omit<SessionRecord, 'expiresAt' | 'used'>;

const nonEmpty = (v: unknown): boolean => typeof v === 'string' && v.trim() !== '';

/**
 * Checks a generate-session body. Returns the session's request and the
 * branch it names (`null` for the production branch), or a message for a 400
 * naming the field. Whether the deployment, the branch and the groups exist
 * is checked afterwards, against the mock's state.
 */
export function parseSessionRequest(
  body: unknown,
): { ok: true; value: SessionRequest; branchName: string | null } | { ok: false; message: string; field?: string } {
  const bad = (message: string, field?: string) => ({ ok: false as const, message, field });
  if (!isPlainObject(body)) return bad('The body must be a JSON object.');
  const unknown = Object.keys(body).find((k) => !hasOwn(generateSessionSchema, k));
  if (unknown !== undefined) return bad(`Unknown field ${unknown.slice(0, 60)}.`, unknown.slice(0, 60));
  const checked = validate(body, generateSessionSchema, 'body');
  if (!checked.ok) return bad(`${checked.reason}.`, /^body\.(\w+)/.exec(checked.reason)?.[1]);
  const r = checked.value;
  const { deploymentId, externalId, internalId, embedTenantName } = r;
  if (!(Number.isSafeInteger(deploymentId) && deploymentId > 0)) return bad('deploymentId must be a positive integer.', 'deploymentId');
  if ((externalId == null) === (internalId == null)) return bad('Exactly one of externalId and internalId is required.');
  for (const field of ['externalId', 'internalId', 'branchName'] as const) {
    if (r[field] != null && !nonEmpty(r[field])) return bad(`${field} must be a non-empty string.`, field);
  }
  if (externalId != null && externalId !== externalId.trim().toLowerCase()) return bad('externalId must be lowercase and trimmed.', 'externalId');
  if (embedTenantName != null && !tenantNamePattern.test(embedTenantName)) return bad('embedTenantName is not a valid tenant name.', 'embedTenantName');
  const attributes = r.userAttributes ?? [];
  const badValue = attributes.findIndex((a) => !isAttributeValue(a.value));
  if (badValue !== -1) return bad(`userAttributes[${badValue}].value must be a string, number, boolean, or a list of strings or of numbers.`, 'userAttributes');
  for (const field of ['tenantGroups', 'tenantGroupDefinitions'] as const) {
    if (r[field] != null && !(r.creatorMode === true && embedTenantName != null)) {
      return bad(`${field} needs creatorMode: true and an embedTenantName.`, field);
    }
  }
  return {
    ok: true,
    branchName: r.branchName ?? null,
    value: {
      deploymentId,
      viewer: (externalId ?? internalId)!,
      external: externalId != null,
      email: r.email ?? null,
      userAttributes: attributes.map(({ name, value }) => ({ name, value: value ?? null })),
      groups: r.groups ?? [],
      embedTenantName: embedTenantName ?? null,
      // As sent: keys the table does not know reach the embed page too.
      embedTheme: (body.embedTheme as Record<string, unknown> | null | undefined) ?? null,
      settings: (body.settings as Record<string, unknown> | null | undefined) ?? {},
      mode: 'signed',
    },
  };
}
