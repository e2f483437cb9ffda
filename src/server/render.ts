/**
 * `renderEmbed`: the HTML of a server-rendered `<platform-embed>`. The
 * markup format is fixed by `embed/handoff.ts`, which the element's takeover
 * reads; the URL, styles and iframe defaults come from the element's own
 * modules, so the two cannot drift apart.
 */
import { DEFAULT_ALLOW, DEFAULT_REFERRER_POLICY, DEFAULT_TITLE, grantAllow } from '../embed/defaults.js';
import { SERVER_RENDERED_ATTRIBUTE } from '../embed/handoff.js';
import { EMBED_CSS } from '../embed/styles.js';
import { buildEmbedUrl } from '../embed/url.js';
import { attribute } from './escape.js';
import { KEEPER_SCRIPT } from './keeper.js';
import { checkOptions, type RenderEmbedOptions } from './options.js';

/**
 * The HTML of one `<platform-embed>` whose declarative shadow root already
 * holds the element's styles and its iframe with the full embed URL (the
 * session appears there only), plus the keeper script that holds the embed's
 * early messages until the element is defined. Place it in the page as is.
 *
 * @throws {TypeError} an option the element would refuse, a missing session
 * or dashboard/path, an unknown option or an extra attribute outside `id`,
 * `class`, `style`, `title`, `data-*` and `aria-*`; the message names the option.
 */
export function renderEmbed(options: RenderEmbedOptions): string {
  const o = checkOptions(options);
  const src = buildEmbedUrl({
    base: o.base,
    dashboard: o.dashboard,
    path: o.path,
    session: o.session,
    // `auto` is resolved in the browser, which sends it after ready.
    timezone: o.timezone === 'auto' ? undefined : o.timezone,
    locale: o.locale === 'auto' ? undefined : o.locale,
    allowExport: o.allowExport,
    filters: o.filters,
    hide: o.hide,
    granularities: o.granularities,
    fields: o.fields,
    tabs: o.tabs,
  })!;
  // An object attribute in its JSON form, when it has entries.
  const json = (name: string, value: Record<string, unknown>) => (Object.keys(value).length ? attribute(name, JSON.stringify(value)) : '');
  const host = [
    attribute('base-url', o.baseUrl),
    o.dashboard !== undefined ? attribute('dashboard', o.dashboard) : '',
    o.path !== undefined ? attribute('path', o.path) : '',
    o.scheme !== undefined ? attribute('scheme', o.scheme) : '',
    o.locale !== undefined ? attribute('locale', o.locale) : '',
    o.timezone !== undefined ? attribute('timezone', o.timezone) : '',
    json('filters', o.filters),
    o.allowExport ? attribute('allow-export', true) : '',
    o.hide.length ? attribute('hide', o.hide.join(' ')) : '',
    json('granularities', o.granularities),
    json('fields', o.fields),
    json('tabs', o.tabs),
    o.sandbox !== undefined ? attribute('sandbox', o.sandbox) : '',
    o.frameTitle !== undefined ? attribute('frame-title', o.frameTitle) : '',
    o.allow !== undefined ? attribute('allow', o.allow) : '',
    o.referrerPolicy !== undefined ? attribute('referrer-policy', o.referrerPolicy) : '',
    o.sessionUrl !== undefined ? attribute('session-url', o.sessionUrl) : '',
    o.sessionRenewal !== undefined ? attribute('session-renewal', o.sessionRenewal) : '',
    ...o.attributes.map(([name, value]) => attribute(name, value)),
    attribute(SERVER_RENDERED_ATTRIBUTE, true),
  ].join('');
  // The iframe's attributes in the order the element sets them: `src` last, after the policies.
  const frame = [
    attribute('part', 'iframe'),
    attribute('title', o.frameTitle || DEFAULT_TITLE),
    attribute('allow', grantAllow(o.allow ?? DEFAULT_ALLOW, o.base.origin)),
    attribute('referrerpolicy', o.referrerPolicy ?? DEFAULT_REFERRER_POLICY),
    o.sandbox !== undefined ? attribute('sandbox', o.sandbox) : '',
    attribute('src', src),
  ].join('');
  // A page whose policy allows inline code by nonce only needs it on the styles too, or the box is lost until the element is defined.
  const nonce = o.nonce !== undefined ? attribute('nonce', o.nonce) : '';
  const script = `<script${nonce}>`;
  return (
    `<platform-embed${host}><template shadowrootmode="open"><style${nonce}>${EMBED_CSS}</style>` +
    `<iframe${frame}></iframe></template>${script}${KEEPER_SCRIPT}</script></platform-embed>`
  );
}
