// Test-server additions for the server-rendering and load tests (test/embed/takeover.test.ts,
// sessions.test.ts, timing.test.ts):
//
// - every navigation of an iframe to the fixture tenant (test/fixtures/tenant/embed/**)
//   is logged with its session; GET /__embed-log answers the log as JSON
//   ([{ path, session }], oldest first), GET /__embed-log?clear empties it;
// - GET /__ssr/page?options=<JSON>&order=first|late|never a document with two
//   paragraphs around the output of renderEmbed(options). `first` defines the
//   element before the markup is parsed with the classic script bundle in <head>;
//   `late` and `never` load no element script (a test injects one into `late`).
//   Every `platform-event` that reaches the document is recorded in `window.seen`.
const embedPrefix = '/test/fixtures/tenant/embed/';

async function render(options) {
  const { renderEmbed } = await import(process.env.RENDER_EMBED_MODULE ?? '../dist/server/index.js');
  return renderEmbed(options);
}

export function takeoverMiddlewares() {
  const log = [];
  return [
    async function embedLog(ctx, next) {
      if (ctx.path === '/__embed-log') {
        ctx.type = 'application/json';
        ctx.body = JSON.stringify(log);
        if ('clear' in ctx.query) log.length = 0;
        return;
      }
      if (ctx.path.startsWith(embedPrefix) && ctx.get('sec-fetch-dest') === 'iframe') {
        log.push({ path: ctx.path, session: ctx.query.session ?? null });
      }
      return next();
    },
    async function ssrPage(ctx, next) {
      if (ctx.path !== '/__ssr/page') return next();
      const markup = await render(JSON.parse(ctx.query.options));
      const head = ctx.query.order === 'first' ? '<script src="/dist/platform-embed.iife.min.js"></script>' : '';
      ctx.type = 'text/html';
      ctx.body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Server-rendered embed</title>
<script>window.seen=[];document.addEventListener('platform-event',function(e){seen.push(e.detail)})</script>${head}
<script>window.definedFirst=!!customElements.get('platform-embed')</script></head>
<body><p id="above">Above the embed.</p>${markup}<p id="below">Below the embed.</p><p>Second paragraph.</p></body></html>`;
    },
  ];
}
