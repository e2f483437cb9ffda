// Test-server addition for the `session-url` tests (test/embed/session-url.test.ts):
// POST /__session-url/<mode> answers as a host backend would, by mode:
//   ok         200 { sessionId: "url-<n>" }
//   slow       the same after 150 ms
//   status-N   status N with a JSON error body
//   text       200 with a body that is not JSON
//   empty      200 JSON without a sessionId
// Every request is logged with what the element sent; GET /__session-url-log
// answers the log as JSON (oldest first), ?clear empties it.
const SECRET = 'backend-body-must-not-leak';

export function sessionUrlMiddlewares() {
  const log = [];
  let issued = 0;
  return [
    async function sessionUrl(ctx, next) {
      if (ctx.path === '/__session-url-log') {
        ctx.type = 'application/json';
        ctx.body = JSON.stringify(log);
        if ('clear' in ctx.query) log.length = 0;
        return;
      }
      const mode = /^\/__session-url\/([\w-]+)$/.exec(ctx.path)?.[1];
      if (!mode) return next();
      let body = '';
      for await (const chunk of ctx.req) body += chunk;
      log.push({
        method: ctx.method,
        mode,
        body,
        contentType: ctx.get('content-type'),
        accept: ctx.get('accept'),
        cookie: ctx.get('cookie'),
      });
      if (mode === 'slow') await new Promise((r) => setTimeout(r, 150));
      const status = /^status-(\d{3})$/.exec(mode);
      if (status) {
        ctx.status = Number(status[1]);
        ctx.type = 'application/json';
        ctx.body = JSON.stringify({ error: SECRET });
      } else if (mode === 'text') {
        ctx.type = 'text/plain';
        ctx.body = `not json ${SECRET}`;
      } else if (mode === 'empty') {
        ctx.type = 'application/json';
        ctx.body = JSON.stringify({ note: SECRET });
      } else {
        ctx.type = 'application/json';
        ctx.body = JSON.stringify({ sessionId: `url-${++issued}`, extra: 'ignored' });
      }
    },
  ];
}
