// Test-server addition for the load tests (test/embed/takeover.test.ts, sessions.test.ts):
// every navigation of an iframe to the fixture tenant (test/fixtures/tenant/embed/**) is
// logged with its session; GET /__embed-log answers the log as JSON ([{ path, session }],
// oldest first), GET /__embed-log?clear empties it. (Server-rendered pages: wtr-server-plugins.mjs.)
const embedPrefix = '/test/fixtures/tenant/embed/';

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
  ];
}
