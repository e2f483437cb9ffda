// Test-server additions for the server-rendering suites (test/server/):
//
// - GET /__server/page?options=<JSON>[&csp=<policy>][&module=<path>]
//       a whole document whose body holds `renderEmbed(options)` between two
//       paragraphs, parsed by the browser as a page (declarative shadow roots
//       and inline scripts only exist in parsed documents). With `csp`, the
//       page is served with that Content-Security-Policy, and a nonce'd
//       script (the nonce of `options.nonce`) in <head> records violations in
//       `window.violations`. With `module`, a module script of that path
//       (on this server) ends the body. With `record`, every `platform-event`
//       that reaches the document is kept in `window.seen`; with `classic`,
//       the classic script bundle in <head> defines the element before the
//       markup is parsed (`window.definedFirst` says it did). A refused
//       option answers 400 with the TypeError's message.
import { existsSync } from 'node:fs';

export const serverPagePath = '/__server/page';

const escapeAttribute = (value) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Koa middleware serving server-rendered pages. */
export function serverRenderMiddleware() {
  let render;
  return async function serverRender(ctx, next) {
    if (ctx.path !== serverPagePath) return next();
    if (!existsSync(new URL('../dist/server/index.js', import.meta.url))) throw new Error('run `npm run build` first');
    render ??= (await import('../dist/server/index.js')).renderEmbed;
    const options = JSON.parse(String(ctx.query.options ?? '{}'));
    let embed;
    try {
      embed = render(options);
    } catch (error) {
      ctx.status = 400;
      ctx.body = String(error?.message);
      return;
    }
    const head = [];
    if (ctx.query.csp) {
      ctx.set('Content-Security-Policy', String(ctx.query.csp));
      head.push(
        `<script nonce="${escapeAttribute(String(options.nonce ?? ''))}">window.violations=[];addEventListener('securitypolicyviolation',function(e){violations.push(e.violatedDirective)})</script>`,
      );
    }
    if (ctx.query.record !== undefined) {
      head.push(`<script>window.seen=[];document.addEventListener('platform-event',function(e){seen.push(e.detail)})</script>`);
    }
    if (ctx.query.classic !== undefined) {
      head.push('<script src="/dist/platform-embed.iife.min.js"></script>', `<script>window.definedFirst=!!customElements.get('platform-embed')</script>`);
    }
    const module = typeof ctx.query.module === 'string' && ctx.query.module.startsWith('/') ? `<script type="module" src="${escapeAttribute(ctx.query.module)}"></script>` : '';
    ctx.type = 'text/html; charset=utf-8';
    ctx.set('Cache-Control', 'no-store');
    ctx.body = `<!doctype html><html><head><meta charset="utf-8"><title>server-rendered embed</title>${head.join('')}</head><body><p id="before">Before the embed.</p>${embed}<p id="after">After the embed.</p>${module}</body></html>`;
  };
}
