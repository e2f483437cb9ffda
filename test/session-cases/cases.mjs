// One table of session-endpoint cases, run against both session endpoints of
// the project: the TypeScript `createSessionHandler` (test/node/
// session-cases.test.mjs) and the WordPress plugin's PHP route
// (test/wordpress/route.mjs). A case is data only; each runner turns it into a
// request for its target. A change of behaviour in one endpoint then fails
// here until the other follows, or the difference is written down as a case
// with `targets`.
//
// A case:
//   name       what it shows
//   targets    which endpoints it applies to (default: both, 'ts' and 'php')
//   mode       PHP only: the plugin's "Who may view" ('public' unless given)
//   request    method (default POST); headers, where '{own}' stands for the
//              endpoint's own origin; a body given as `json` (sent as JSON),
//              `text` (sent as it is) or `padTo` (the JSON object `json`
//              padded with a `pad` field to exactly that many bytes);
//              `times`: send it that many times from one fresh client address
//   viewer     who the host says is viewing, through the header
//              `X-Case-Viewer` that both runners' viewer hooks read:
//              'refuse' (null), 'invalid' (an externalId that is not
//              lowercase), 'custom' (CUSTOM_VIEWER); otherwise the default
//   platform   `fail`: the mock platform's next generate-session answers so
//              (a rule of `platform.fail`, its body carrying MARKER and the API key)
//   expect     for the last answer: `status`; `headers` (name → exact value,
//              or { match: regexp source }); `absent` (headers that must be
//              missing); `body` rules (see RULES); `generate`: how many
//              generate-session requests the platform saw for the case;
//              `sent`: fields the generate-session request body must hold.
//              `before`: the status of every earlier answer (with `times`).
//
// Every answer of every case is also checked for `Cache-Control: no-store`
// and for holding neither the API key nor MARKER, in its body and headers.

/** A string the failing platform puts in its bodies: no answer may repeat it. */
export const MARKER = 'PLATFORM-INTERNAL-DETAIL-5e0b';

/** What the viewer hook returns for `X-Case-Viewer: custom`. */
export const CUSTOM_VIEWER = {
  externalId: 'case-viewer',
  email: 'case-viewer@example.com',
  groups: ['sales'],
  userAttributes: [{ name: 'region', value: 'EMEA' }],
};

/**
 * Body rules:
 * - `sessionId`: a JSON object whose only field is a non-empty string
 *   `sessionId` that the platform generated;
 * - `error`: a JSON object with a non-empty string `error`;
 * - `empty`: no body at all.
 */
export const RULES = ['sessionId', 'error', 'empty'];

const json = { match: '^application/json' };
const own = { origin: '{own}', 'sec-fetch-site': 'same-origin' };
const evil = 'https://evil.example';
const ok = { status: 200, headers: { 'cache-control': 'no-store', 'content-type': json }, absent: ['access-control-allow-origin'], body: ['sessionId'], generate: 1 };
const refused = (status, more = {}) => ({ status, headers: { 'cache-control': 'no-store', 'content-type': json }, body: ['error'], generate: 0, ...more });
const bad = refused(400);
const foreign = refused(403, { absent: ['access-control-allow-origin', 'access-control-allow-credentials'] });
const wrongMethod = refused(405, { headers: { 'cache-control': 'no-store', allow: 'POST, OPTIONS' } });
const failing = (status) => ({ operation: 'generateSession', status, body: { error: { message: `${MARKER} {key}` } } });
const upstream = (status) => refused(502, { generate: 1, errorMatches: `\\b${status}\\b` });

export const cases = [
  // Sessions for the site's own pages.
  { name: 'a POST from the own origin for a dashboard', request: { headers: own, json: { dashboard: 'sales-overview' } }, expect: ok },
  { name: 'a POST for an embed path', request: { headers: own, json: { path: '/embed/dashboard/sales-overview' } }, expect: ok },
  { name: 'a POST with neither Origin nor Sec-Fetch-Site (not a cross-site browser request)', request: { json: { dashboard: 'sales-overview' } }, expect: ok },
  { name: 'Sec-Fetch-Site: none (typed in the address bar) is trusted', request: { headers: { 'sec-fetch-site': 'none' }, json: {} }, expect: ok },
  { name: 'Sec-Fetch-Site is read case-insensitively', request: { headers: { origin: '{own}', 'sec-fetch-site': 'Same-Origin' }, json: {} }, expect: ok },
  { name: 'Origin alone, equal to the own origin', request: { headers: { origin: '{own}' }, json: { dashboard: 'sales-overview' } }, expect: ok },
  { name: 'an empty body asks for nothing in particular', request: { headers: own }, expect: ok },
  { name: 'fields the endpoint does not know are ignored', request: { headers: own, json: { dashboard: 'sales-overview', extra: [1, 2] } }, expect: ok },
  { name: 'a body of exactly 4096 bytes is still read', request: { headers: own, json: { dashboard: 'sales-overview' }, padTo: 4096 }, expect: ok },

  // Other sites' pages: refused before anything else happens.
  { name: 'a foreign Origin with Sec-Fetch-Site: cross-site', request: { headers: { origin: evil, 'sec-fetch-site': 'cross-site' }, json: { dashboard: 'sales-overview' } }, expect: foreign },
  { name: 'Sec-Fetch-Site: cross-site without an Origin', request: { headers: { 'sec-fetch-site': 'cross-site' }, json: {} }, expect: foreign },
  { name: 'a foreign Origin without Sec-Fetch-Site (an older browser)', request: { headers: { origin: evil }, json: {} }, expect: foreign },
  { name: 'Sec-Fetch-Site: same-site (a sibling subdomain) is another site', request: { headers: { origin: 'http://blog.example.com', 'sec-fetch-site': 'same-site' }, json: {} }, expect: foreign },
  { name: 'Sec-Fetch-Site: cross-site wins over an Origin that looks like the own one', request: { headers: { origin: '{own}', 'sec-fetch-site': 'cross-site' }, json: {} }, expect: foreign },
  { name: 'Origin: null (a sandboxed frame)', request: { headers: { origin: 'null' }, json: {} }, expect: foreign },
  { name: 'the own host on another port is another origin', request: { headers: { origin: 'http://127.0.0.1:1' }, json: {} }, expect: foreign },
  { name: 'a cross-site preflight', request: { method: 'OPTIONS', headers: { origin: evil, 'sec-fetch-site': 'cross-site', 'access-control-request-method': 'POST' } }, expect: foreign },

  // Methods.
  { name: 'GET', request: { method: 'GET', headers: own }, expect: wrongMethod },
  { name: 'PUT', request: { method: 'PUT', headers: own, json: {} }, expect: wrongMethod },
  { name: 'DELETE', request: { method: 'DELETE', headers: own }, expect: wrongMethod },
  { name: 'PATCH', request: { method: 'PATCH', headers: own, json: {} }, expect: wrongMethod },
  {
    name: 'OPTIONS from the own origin: 204 with Allow and no CORS headers',
    request: { method: 'OPTIONS', headers: { 'sec-fetch-site': 'same-origin' } },
    expect: { status: 204, headers: { 'cache-control': 'no-store', allow: 'POST, OPTIONS' }, absent: ['access-control-allow-origin'], body: ['empty'], generate: 0 },
  },

  // Bodies that are not a small JSON object.
  { name: 'a body over 4 KB', request: { headers: own, json: { dashboard: 'sales-overview' }, padTo: 5000 }, expect: bad },
  { name: 'bad JSON', request: { headers: own, text: '{"dashboard":' }, expect: bad },
  { name: 'a JSON array', request: { headers: own, text: '[]' }, expect: bad },
  { name: 'JSON null', request: { headers: own, text: 'null' }, expect: bad },
  { name: 'a JSON string', request: { headers: own, text: '"sales-overview"' }, expect: bad },
  { name: 'a JSON number', request: { headers: own, text: '42' }, expect: bad },
  // Form bodies: PHP reads a multipart one into $_POST and leaves the route no body, yet it is not JSON.
  {
    name: 'a multipart/form-data body (a form with a dashboard field)',
    request: {
      headers: { ...own, 'content-type': 'multipart/form-data; boundary=case-boundary' },
      text: '--case-boundary\r\nContent-Disposition: form-data; name="dashboard"\r\n\r\nsales-overview\r\n--case-boundary--\r\n',
    },
    expect: bad,
  },
  {
    name: 'a multipart/form-data body with no field',
    request: { headers: { ...own, 'content-type': 'Multipart/Form-Data; boundary=case-boundary' }, text: '--case-boundary--\r\n' },
    expect: bad,
  },
  { name: 'an application/x-www-form-urlencoded body', request: { headers: { ...own, 'content-type': 'application/x-www-form-urlencoded' }, text: 'dashboard=sales-overview' }, expect: bad },
  { name: 'a dashboard that is not a string', request: { headers: own, json: { dashboard: 42 } }, expect: bad },
  { name: 'an empty dashboard', request: { headers: own, json: { dashboard: '' } }, expect: bad },
  { name: 'a path outside /embed/', request: { headers: own, json: { path: '/api/v1/deployments' } }, expect: bad },
  { name: 'a path that climbs out of /embed/', request: { headers: own, json: { path: '/embed/../api/v1/embed/generate-session' } }, expect: bad },
  { name: 'a dashboard and a path at once', request: { headers: own, json: { dashboard: 'sales-overview', path: '/embed/x' } }, expect: bad },

  // The viewer.
  { name: 'the host refuses the viewer (null): 401', request: { headers: own, json: { dashboard: 'sales-overview' } }, viewer: 'refuse', expect: refused(401) },
  {
    name: 'the host names the viewer: generate-session receives it with the deployment id',
    request: { headers: own, json: { dashboard: 'sales-overview' } },
    viewer: 'custom',
    expect: { ...ok, sent: { ...CUSTOM_VIEWER, deploymentId: 42 } },
  },
  { name: 'a viewer generate-session would refuse: 500 naming the field, no platform call', request: { headers: own, json: {} }, viewer: 'invalid', expect: refused(500, { errorMatches: 'externalId' }) },
  { name: 'signed-in mode, nobody signed in: 401', targets: ['php'], mode: 'signed-in', request: { headers: own, json: { dashboard: 'sales-overview' } }, expect: refused(401) },

  // The platform fails: 502 naming its status, never its body.
  { name: 'the platform fails with 500', request: { headers: own, json: { dashboard: 'sales-overview' } }, platform: { fail: failing(500) }, expect: upstream(500) },
  { name: 'the platform refuses the key (401)', request: { headers: own, json: { dashboard: 'sales-overview' } }, platform: { fail: failing(401) }, expect: upstream(401) },
  { name: 'the platform is rate-limited (429)', request: { headers: own, json: { dashboard: 'sales-overview' } }, platform: { fail: failing(429) }, expect: upstream(429) },
  {
    name: 'the platform answers 200 with no session in it',
    request: { headers: own, json: { dashboard: 'sales-overview' } },
    platform: { fail: { operation: 'generateSession', status: 200, body: { note: `${MARKER} {key}` } } },
    expect: refused(502, { generate: 1 }),
  },
  {
    name: 'the platform answers something that is not JSON',
    request: { headers: own, json: { dashboard: 'sales-overview' } },
    platform: { fail: { operation: 'generateSession', status: 200, body: `<html>${MARKER} {key}</html>`, contentType: 'text/html' } },
    expect: refused(502, { generate: 1 }),
  },

  // The WordPress route's own limit: anyone may ask for a public session.
  {
    name: 'public mode: the 31st session in a minute from one address is refused with 429',
    targets: ['php'],
    request: { headers: own, json: { dashboard: 'sales-overview' }, times: 31 },
    expect: { ...refused(429, { generate: 30, headers: { 'cache-control': 'no-store', 'content-type': json, 'retry-after': { match: '^[1-9]\\d*$' } } }), before: 200 },
  },
];
