// A consumer project's view of the package's types: every subpath resolves
// under "moduleResolution": "node" (through typesVersions) as under "bundler"
// (through exports), and listeners on document and window are typed.
// Checked by test/types/types.test.mjs from a project that has the package in
// its node_modules.
import type { ComponentProps } from 'react';
import { PlatformApiClient, type GenerateSessionRequest } from 'platform-embed';
import type { PlatformEmbedElement } from 'platform-embed/embed';
import type { PlatformAdminPanelElement } from 'platform-embed/admin';
import type {} from 'platform-embed/define';
import { PlatformAdminPanel, PlatformEmbed } from 'platform-embed/react';
import type {} from 'platform-embed/vue';
import type {} from 'platform-embed/svelte';
import { startMockPlatform, type MockEmbed } from 'platform-embed/testing';

export const request: GenerateSessionRequest = { deploymentId: 42, externalId: 'ada@example.com' };
export const client = new PlatformApiClient({ baseUrl: 'https://acme.platform.example', token: 'key' });

document.addEventListener('platform-ready', (event) => {
  const mode: 'signed' | 'private' = event.detail.mode;
  void mode;
});
window.addEventListener('platform-session-renewal', (event) => {
  const attempt: number = event.detail.attempt;
  void attempt;
});
document.addEventListener('platform-settings-saved', (event) => {
  const id: number = event.detail.id;
  void id;
});
// @ts-expect-error the ready detail has no `nope`
document.addEventListener('platform-ready', (event) => void event.detail.nope);

export function elements(embed: PlatformEmbedElement, admin: PlatformAdminPanelElement): void {
  embed.setColorScheme('dark');
  // @ts-expect-error not a color scheme
  embed.setColorScheme('blue');
  admin.deploymentId = 42;
}

type EmbedProps = ComponentProps<typeof PlatformEmbed>;
export const props: EmbedProps = {
  baseUrl: 'https://acme.platform.example',
  dashboard: 'sales-overview',
  sessionProvider: async () => 'session-id',
  theme: { primaryColor: '#0055ff' },
  debug: false,
  onPlatformReady: (event) => void event.detail.mode,
  onPlatformSessionRenewal: (event) => void event.detail.attempt.toFixed(),
  onPlatformError: (event) => void event.detail.message,
};
// @ts-expect-error the ready event's detail has no `nope`
export const wrongHandler: EmbedProps = { onPlatformReady: (event) => void event.detail.nope };
// @ts-expect-error readyTimeout is a number
export const wrongValue: EmbedProps = { readyTimeout: 'soon' };
export const adminProps: ComponentProps<typeof PlatformAdminPanel> = {
  deploymentId: 42,
  onPlatformApiError: (event) => void event.detail.code,
};

export async function drive(): Promise<void> {
  const platform = await startMockPlatform({ apiKey: 'test-key-123' });
  const embed: MockEmbed = await platform.nextEmbed({ timeout: 1000 });
  await embed.send('drilldown', { member: 'orders.region', value: 'EMEA' });
  const action = await embed.waitForAction('set-filter');
  void action.payload;
  platform.fail({ operation: 'updateDeploymentSettings', status: 409 });
  // @ts-expect-error no such option
  await startMockPlatform({ prot: 4100 });
  await platform.close();
}

// A classic page's global (`window.PlatformEmbed` of the embed-only classic file), typed from
// the entry it carries, as docs/keep-alive.md writes it.
declare const classicGlobal: typeof import('platform-embed/embed');
classicGlobal.discardKeptAlive();
classicGlobal.discardKeptAlive('viewer-1');
export const keptOnClassicPage: number = classicGlobal.keptCount();
// @ts-expect-error a scope is a `keep-alive` value, a string
classicGlobal.discardKeptAlive(42);
