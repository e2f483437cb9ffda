/**
 * The platform management API: the client, its error class and the
 * resource schemas (tables that validate and type the API's JSON).
 */
export { PlatformApiClient } from './client.js';
export type { DeleteBranchOptions, FetchLike, GenerateSessionRequest, PlatformApiClientOptions, RequestOptions } from './client.js';
export { PlatformApiError, platformApiErrorCodes } from './errors.js';
export type { PlatformApiErrorCode, PlatformApiErrorInit, PlatformApiOperation } from './errors.js';
export {
  branchDeletionSchema,
  creationSteps,
  cspsConfigSchema,
  deploymentSettingsSchema,
  embedSessionSchema,
  readOnlySettings,
  usageAnalyticsTokenSchema,
  writableSettings,
} from './schemas.js';
export { generateSessionSchema, sessionSettingsSchema } from './session-schema.js';
export type { SessionSettings } from './session-schema.js';
export type {
  BranchDeletionResult,
  CspsConfig,
  DeploymentSettings,
  DeploymentSettingsUpdate,
  EmbedSession,
  UsageAnalyticsToken,
} from './schemas.js';
