/**
 * The generate-session request as data: the platform's `GenerateSession`
 * fields with their types and nullability (`src/api/platform-api.json`, from
 * the platform's API description). The client, the session handler and the
 * mock platform check requests with these tables; a test checks the tables
 * against the description, so a field the platform adds is one line here.
 */
import type { EmbedTheme } from '../protocol/catalog.js';
import type { Infer, Schema } from '../schema.js';

const text = { type: 'string', nullable: true } as const;
const flag = { type: 'boolean', nullable: true } as const;
const names = { type: 'array', items: 'string', nullable: true } as const;

/** A group created or updated with the session (`GroupDefinition`). */
export const groupDefinitionSchema = {
  name: { type: 'string', required: true },
  description: text,
} as const satisfies Schema;

/** The types a user attribute can have. */
export const userAttributeTypes = ['string', 'number', 'boolean', 'string_array', 'number_array'] as const;

/** A user attribute declared with the session (`UserAttributeDefinition`). */
export const userAttributeDefinitionSchema = {
  name: { type: 'string', required: true },
  type: { type: 'string', required: true, enum: userAttributeTypes },
  defaultValue: text,
  description: text,
  displayName: text,
} as const satisfies Schema;

/** A user attribute's value for this viewer (`UserAttributeInput`); `value` may be missing or `null`. */
export const userAttributeSchema = {
  name: { type: 'string', required: true },
  value: { type: 'unknown' },
} as const satisfies Schema;

/**
 * Per-session switches (`EmbedSessionSettings`): each is `true`, `false` or
 * `null` (the account's default). `locale` and `timezone` are passed as
 * given: the platform falls back to the account's default for a value it
 * cannot use.
 */
export const sessionSettingsSchema = {
  allowAi: flag,
  allowChatWorkspaceAuthoring: flag,
  locale: text,
  showAiWidgets: flag,
  showDashboardChat: flag,
  showDashboardSettings: flag,
  showGroupByCube: flag,
  showMemberNames: flag,
  showWorkbookChat: flag,
  showWorkbookShare: flag,
  timezone: text,
} as const satisfies Schema;

/** The body of generate-session (`GenerateSession`). */
export const generateSessionSchema = {
  deploymentId: { type: 'number', required: true },
  branchName: text,
  creatorMode: flag,
  email: text,
  embedTenantName: text,
  embedTenantProfile: { type: 'object', nullable: true, fields: { displayName: text } },
  embedTheme: { type: 'object', nullable: true },
  externalId: text,
  /** Deprecated on the platform: accepted and ignored. */
  groupDefinitions: { type: 'array', nullable: true, each: groupDefinitionSchema },
  groups: names,
  internalId: text,
  isEphemeral: flag,
  publicDashboardId: text,
  roles: names,
  securityContext: { type: 'object', nullable: true },
  settings: { type: 'object', nullable: true, fields: sessionSettingsSchema },
  tenantGroupDefinitions: { type: 'array', nullable: true, each: groupDefinitionSchema },
  tenantGroups: names,
  userAttributeDefinitions: { type: 'array', nullable: true, each: userAttributeDefinitionSchema },
  userAttributes: { type: 'array', nullable: true, each: userAttributeSchema },
  userProfile: { type: 'object', nullable: true, fields: { displayName: text, picture: text } },
} as const satisfies Schema;

/** The platform's pattern of `embedTenantName`. */
export const tenantNamePattern = /^[a-z][a-z0-9-]{0,34}[a-z0-9]$/;

/** A user attribute's value as the platform takes it: a string, number, boolean, a list of strings or of numbers, or none. */
export const isAttributeValue = (value: unknown): boolean =>
  value == null ||
  ['string', 'number', 'boolean'].includes(typeof value) ||
  (Array.isArray(value) && (value.every((v) => typeof v === 'string') || value.every((v) => typeof v === 'number')));

type Known = Infer<typeof generateSessionSchema>;

/** Per-session switches and language; other keys pass through to the platform as they are. */
export type SessionSettings = Infer<typeof sessionSettingsSchema> & { [key: string]: unknown };

/**
 * The body of generate-session: who views, what they may see, and how the
 * embed looks. Exactly one of `externalId` and `internalId`. A field the
 * platform added after this package was built is sent as it is.
 */
export interface GenerateSessionRequest extends Omit<Known, 'embedTheme' | 'settings' | 'userAttributes'> {
  /** The deployment whose content the session opens (a positive safe integer). */
  deploymentId: number;
  /** Your id of the viewer, lowercase and trimmed; the platform creates or updates this external viewer. */
  externalId?: string | null;
  /** Tenant name for multi-tenant embedding: `/^[a-z][a-z0-9-]{0,34}[a-z0-9]$/`. */
  embedTenantName?: string | null;
  /** A branch of the deployment whose data model the session queries; the platform answers 404 for an unknown one. */
  branchName?: string | null;
  /** Row-level-security attributes of the viewer; a value is a string, number, boolean, list of strings or numbers, or missing/`null`. */
  userAttributes?: { name: string; value?: unknown }[] | null;
  embedTheme?: EmbedTheme | null;
  settings?: SessionSettings | null;
  [field: string]: unknown;
}
