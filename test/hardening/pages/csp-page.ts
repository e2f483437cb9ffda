/**
 * Runs inside csp.html, which the test server serves with a strict
 * Content-Security-Policy (see scripts/wtr-hardening-plugins.mjs). It drives
 * both elements through their main flows and reports to the parent test page
 * with postMessage: `{ csp: 'result', steps, violations, error }`.
 */
import '../../../src/embed.js';
import '../../../src/admin.js';
import type { PlatformAdminPanelElement } from '../../../src/admin/platform-admin-panel.js';
import type { PlatformEmbedElement } from '../../../src/embed/platform-embed.js';

const params = new URLSearchParams(location.search);
/** The API key arrives by postMessage from the parent test page: credentials never go in a URL. */
let apiKey = '';
const violations: string[] = [];
const steps: string[] = [];

document.addEventListener('securitypolicyviolation', (e) => {
  violations.push(`${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'} at ${e.sourceFile}:${e.lineNumber} ${e.sample}`);
});

function once<T = unknown>(target: EventTarget, type: string, test: (e: Event) => boolean = () => true): Promise<T> {
  return new Promise((resolve) => {
    const on = (e: Event) => {
      if (!test(e)) return;
      target.removeEventListener(type, on);
      resolve(e as T);
    };
    target.addEventListener(type, on);
  });
}

async function runEmbed(): Promise<void> {
  const el = document.createElement('platform-embed') as PlatformEmbedElement;
  el.setAttribute('base-url', `http://127.0.0.1:${location.port}/__hardening/tenant`);
  el.setAttribute('dashboard', 'auto-csp');
  el.setAttribute('session', 'csp-session');
  el.setAttribute('ready-timeout', '0');
  document.getElementById('embed-host')!.append(el);
  await el.whenReady();
  steps.push('embed ready');
  const seen = once<MessageEvent>(window, 'message', (e) => {
    const d = (e as MessageEvent).data as { hardening?: string; action?: { type?: string; payload?: { scheme?: string } } };
    return d?.hardening === 'action-seen' && d.action?.type === 'platform:action:set-color-scheme' && d.action.payload?.scheme === 'dark';
  });
  el.setColorScheme('dark');
  await seen;
  steps.push('embed action delivered');
}

async function runAdmin(): Promise<void> {
  const panel = document.createElement('platform-admin-panel') as PlatformAdminPanelElement;
  panel.setAttribute('base-url', params.get('api')!);
  panel.setAttribute('deployment-id', params.get('deployment') ?? '42');
  panel.token = apiKey;
  const loaded = once(panel, 'platform-settings-loaded');
  document.getElementById('admin-host')!.append(panel);
  await loaded;
  await panel.updateComplete;
  steps.push('admin settings loaded');
  const root = panel.shadowRoot!;
  const name = root.querySelector<HTMLInputElement>('#field-name')!;
  name.value = 'Renamed under CSP';
  name.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  await panel.updateComplete;
  const saved = once<CustomEvent<{ name: string }>>(panel, 'platform-settings-saved');
  root.querySelector<HTMLButtonElement>('section[part~="settings-section"] button[type="submit"]')!.click();
  const detail = (await saved).detail;
  if (detail.name !== 'Renamed under CSP') throw new Error(`saved name is ${detail.name}`);
  steps.push('admin settings saved');
  const issued = once(panel, 'platform-token-issued');
  [...root.querySelectorAll('button')].find((b) => /Issue token/.test(b.textContent ?? ''))!.click();
  await issued;
  await panel.updateComplete;
  [...root.querySelectorAll('button')].find((b) => /Show token/.test(b.textContent ?? ''))!.click();
  await panel.updateComplete;
  if (!root.querySelector('code.jwt')) throw new Error('the revealed token is not shown');
  steps.push('admin token issued and revealed');
}

async function main(): Promise<void> {
  let error: string | null = null;
  try {
    await runEmbed();
    await runAdmin();
  } catch (e) {
    error = String((e as Error)?.stack ?? e);
  }
  // Violation reports are queued tasks; let any pending one arrive before reporting.
  await new Promise((resolve) => setTimeout(resolve, 200));
  const adopted = (document.querySelector('platform-admin-panel')?.shadowRoot?.adoptedStyleSheets.length ?? 0) > 0;
  parent.postMessage({ csp: 'result', steps, violations, error, adopted, trustedTypes: 'trustedTypes' in window }, location.origin);
}

window.addEventListener('message', (e) => {
  const d = e.data as { csp?: string; key?: string };
  if (e.origin !== location.origin || e.source !== parent || d?.csp !== 'start') return;
  apiKey = d.key ?? '';
  void main();
});
parent.postMessage({ csp: 'loaded' }, location.origin);
