// The demo's admin view: <platform-admin-panel> for deployment 42, created
// the first time the view is opened. demo.js imports this module then, so the
// admin bundle is loaded on this tab only (the embed-only bundle the page
// loaded first has defined <platform-embed>; this one's guarded define skips it).
import { registerTranslation } from '/dist/platform-embed.min.js';
import { createLog } from './event-log.js';

const ADMIN_EVENTS = ['platform-settings-loaded', 'platform-settings-saved', 'platform-token-issued', 'platform-branch-deleted', 'platform-api-error'];

/**
 * Mounts the admin panel into `host` once.
 * @param {HTMLElement} host
 * @param {{ platformUrl: string, deploymentId: number }} config
 */
export async function mountAdminPanel(host, config) {
  if (host.firstElementChild) return;
  const log = createLog(document.getElementById('admin-log'), { testid: 'admin-log-entry' });
  const panel = document.createElement('platform-admin-panel');
  panel.setAttribute('base-url', config.platformUrl);
  panel.setAttribute('deployment-id', String(config.deploymentId));
  for (const type of ADMIN_EVENTS) {
    panel.addEventListener(type, (event) => {
      // A token is never echoed into the page's log, even a short-lived one.
      const detail = type === 'platform-token-issued' ? { ...event.detail, token: '•••' } : event.detail;
      log.add('event', type, detail);
    });
  }
  // Demo only (see the notice on the page): the key comes from the demo backend.
  const response = await fetch('/backend/admin-key');
  const { token } = await response.json();
  panel.token = token;
  host.append(panel);
}

// A partial translation: keys left out are English. It shows the panel right to left.
const arabic = {
  settingsTitle: 'إعدادات النشر',
  settingsSave: 'حفظ التغييرات',
  settingsUnsaved: 'تغييرات غير محفوظة',
  tokenTitle: 'رمز تحليلات الاستخدام',
  tokenIssue: 'إصدار رمز',
  branchTitle: 'حذف فرع',
  branchName: 'اسم الفرع',
  cancel: 'إلغاء',
};

/**
 * The admin view's language switcher: loads the shipped translation the first
 * time a language is chosen, then sets `lang` (and `dir`) on the panel's host,
 * as an app's own language switcher would on `<html>`. The panel changes
 * language in place; edits in progress stay.
 * @param {HTMLSelectElement} select
 * @param {HTMLElement} host
 */
export function languageSwitcher(select, host) {
  const loaded = new Set(['en']);
  select.addEventListener('change', async () => {
    const lang = select.value;
    if (!loaded.has(lang)) {
      registerTranslation(lang, lang === 'ar' ? arabic : (await import(`/dist/locales/${lang}.js`)).default);
      loaded.add(lang);
    }
    host.lang = lang;
    host.dir = lang === 'ar' ? 'rtl' : 'ltr';
  });
}
