// A settings write as the platform applies it (`PUT /api/v1/deployments/:id`,
// `UpdateDeploymentInput`): only the writable fields, each with its type;
// omitted fields are left alone; `templateVariables` is merged key by key
// (a key sent as `null` is deleted); `releaseChannelVersion` must be one of
// the versions `/versions` lists for the channel.
import { deploymentSettingsSchema, writableSettings } from '../api/schemas.js';
import { hasOwn, validatePartial } from '../schema.js';
import type { Deployment, ReleaseVersion, Settings } from './state.js';

/** The settings after the write, or why it is refused (a 400 naming the field). */
export type WriteOutcome = { ok: true; settings: Settings } | { ok: false; message: string; field?: string };

const writable: ReadonlySet<string> = new Set(writableSettings);

/** The versions a deployment can switch to, as `GET /versions` lists them. */
export function versionsOf(target: Deployment, versions: readonly ReleaseVersion[]) {
  const heads = new Set<string>();
  return versions.map((v) => {
    const isLatestInChannel = !heads.has(v.releaseChannel);
    heads.add(v.releaseChannel);
    const isCurrent = target.settings.releaseChannel === v.releaseChannel && target.settings.releaseChannelVersion === v.releaseChannelVersion;
    return { ...v, isLatestInChannel, isCurrent };
  });
}

/** Applies a checked write body to `target`'s settings; nothing changes when it is refused. */
export function applySettingsWrite(target: Deployment, body: unknown, versions: readonly ReleaseVersion[]): WriteOutcome {
  const checked = validatePartial(body, deploymentSettingsSchema, 'settings');
  if (!checked.ok) return { ok: false, message: checked.reason, field: /^settings\.([A-Za-z0-9_.]+)/.exec(checked.reason)?.[1] };
  const update = checked.value as Record<string, unknown>;
  const fixed = Object.keys(update).find((key) => !writable.has(key));
  if (fixed) return { ok: false, message: `settings.${fixed} is not writable`, field: fixed };
  const next: Settings = { ...target.settings, ...update };
  if (hasOwn(update, 'templateVariables') && update.templateVariables !== null) {
    const merged: Record<string, unknown> = { ...((target.settings.templateVariables as Record<string, unknown> | null) ?? {}) };
    for (const [key, value] of Object.entries(update.templateVariables as Record<string, unknown>)) {
      if (value === null) delete merged[key];
      else merged[key] = value;
    }
    next.templateVariables = merged;
  }
  if (typeof update.releaseChannelVersion === 'string') {
    const channel = next.releaseChannel;
    const listed = versionsOf(target, versions).filter((v) => v.releaseChannel === channel);
    const found = listed.find((v) => v.releaseChannelVersion === update.releaseChannelVersion || v.version === update.releaseChannelVersion);
    if (!found) {
      return { ok: false, message: `settings.releaseChannelVersion must be one of the versions of the ${String(channel)} channel`, field: 'releaseChannelVersion' };
    }
    next.releaseChannelVersion = found.releaseChannelVersion;
    // Pinning a version that is not the channel's head holds it, unless the write says otherwise.
    if (!found.isLatestInChannel && !hasOwn(update, 'releaseChannelVersionHold')) next.releaseChannelVersionHold = true;
  }
  return { ok: true, settings: next };
}
