// Shared helpers of the admin panel tests: the real mock platform (served by
// the web-test-runner plugin), a panel fixture that records every event from
// the start, and shadow-DOM queries.
import { fixture, html, waitUntil } from '@open-wc/testing';
import { ifDefined } from 'lit/directives/if-defined.js';
import type { PlatformAdminPanelElement } from '../../src/admin/index.js';
import type { PlatformApiClient } from '../../src/api/index.js';
import '../../src/admin.js';
import { mockFail, mockPlatform, mockRequests, mockReset } from '../api/mock-platform.js';
import type { MockFailure, MockRequest } from '../api/mock-platform.js';

export { mockPlatform };
export type { MockPlatform, MockFailure as FailureRule, MockRequest as LoggedRequest } from '../api/mock-platform.js';

/** Re-seeds the mock and clears its request log and injected failures. */
export const resetMock = mockReset;

/** Makes the next matching request(s) fail as the rule says. */
export async function failNext(rule: MockFailure): Promise<void> {
  await mockFail(rule);
}

/** The API requests the mock received since the last reset (optionally of one operation). */
export async function requests(operation?: string): Promise<MockRequest[]> {
  const all = await mockRequests();
  return operation ? all.filter((r) => r.operation === operation) : all;
}

/** Waits for a condition (5 s by default: injected delays and the client's retries take a while). */
export function until(predicate: () => unknown, message?: string, timeout = 5000): Promise<void> {
  return waitUntil(predicate, message, { timeout });
}

/** Every event a panel fired, in order. */
export class EventLog {
  readonly events: CustomEvent[] = [];
  readonly push = (event: Event) => {
    this.events.push(event as CustomEvent);
  };
  of<T = unknown>(type: string): T[] {
    return this.events.filter((e) => e.type === type).map((e) => e.detail as T);
  }
  count(type: string): number {
    return this.of(type).length;
  }
}

export interface PanelOptions {
  deploymentId?: number | string | null;
  baseUrl?: string | null;
  token?: string;
  tokenProvider?: () => Promise<string>;
  client?: PlatformApiClient;
  /** Wait for `platform-settings-loaded` (default true when a deployment is set). */
  waitLoaded?: boolean;
}

/** A connected panel on the mock platform, admin key and deployment 42 unless told otherwise. */
export async function mountPanel(options: PanelOptions = {}): Promise<{ el: PlatformAdminPanelElement; log: EventLog }> {
  const { mockUrl, adminKey } = await mockPlatform();
  const log = new EventLog();
  const deploymentId = options.deploymentId === undefined ? '42' : options.deploymentId;
  const baseUrl = options.baseUrl === undefined ? mockUrl : options.baseUrl;
  const token = options.client || options.tokenProvider ? undefined : (options.token ?? adminKey);
  const el = await fixture<PlatformAdminPanelElement>(html`<platform-admin-panel
    base-url=${ifDefined(baseUrl ?? undefined)}
    deployment-id=${ifDefined(deploymentId === null ? undefined : String(deploymentId))}
    .token=${token}
    .tokenProvider=${options.tokenProvider}
    .client=${options.client}
    @platform-settings-loaded=${log.push}
    @platform-settings-saved=${log.push}
    @platform-token-issued=${log.push}
    @platform-branch-deleted=${log.push}
    @platform-api-error=${log.push}
  ></platform-admin-panel>`);
  if (options.waitLoaded ?? deploymentId !== null) {
    await until(() => log.count('platform-settings-loaded') > 0 || log.count('platform-api-error') > 0, 'settings never loaded');
    await el.updateComplete;
  }
  return { el, log };
}

/** One element in the panel's shadow root (throws when missing). */
export function $<T extends Element = HTMLElement>(el: Element, selector: string): T {
  const found = el.shadowRoot!.querySelector<T>(selector);
  if (!found) throw new Error(`no ${selector} in the panel`);
  return found;
}

/** Every match in the panel's shadow root. */
export function $$<T extends Element = HTMLElement>(el: Element, selector: string): T[] {
  return [...el.shadowRoot!.querySelectorAll<T>(selector)];
}

/** The visible text of the panel, whitespace collapsed. */
export function panelText(el: Element): string {
  return (el.shadowRoot!.textContent ?? '').replace(/\s+/g, ' ');
}

/** Types into a text input the way a user would (value + input event). */
export function typeInto(input: HTMLInputElement, value: string): void {
  input.value = value;
  input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
}

/** Flips a checkbox or switch with a click. */
export function toggle(input: HTMLInputElement): void {
  input.click();
}

/** Chooses an option of a select. */
export function choose(select: HTMLSelectElement, value: string): void {
  select.value = value;
  select.dispatchEvent(new Event('change', { bubbles: true, composed: true }));
}

/** Finds a button of the panel by its accessible name (`aria-label`, else its text). */
export function button(el: Element, text: string | RegExp): HTMLButtonElement {
  const match = $$<HTMLButtonElement>(el, 'button').find((b) => {
    const name = b.getAttribute('aria-label') ?? b.textContent!.trim();
    return typeof text === 'string' ? name === text : text.test(name);
  });
  if (!match) throw new Error(`no button "${String(text)}"`);
  return match;
}

/** Waits for the panel to finish rendering after an interaction. */
export async function settle(el: PlatformAdminPanelElement): Promise<void> {
  await el.updateComplete;
}

/** Every attribute value in the panel (host and shadow tree). */
export function allAttributeValues(el: Element): string[] {
  const values: string[] = [...el.attributes].map((a) => a.value);
  for (const node of el.shadowRoot!.querySelectorAll('*')) values.push(...[...node.attributes].map((a) => a.value));
  return values;
}
