// What the mock prints when it starts from a shell: where it is, what it
// holds, and a generate-session request to paste, which works as printed.
import { DASHBOARDS, DEPLOYMENT_ID, WORKBOOKS } from './embed/data.js';
import { apiKeys, type ApiKeys } from './state.js';

/** The generate-session request a backend makes, as a curl command. */
export function sessionCurl(url: string, apiKey: string): string {
  return `curl -s -X POST ${url}/api/v1/embed/generate-session \\
    -H 'Authorization: Bearer ${apiKey}' -H 'Content-Type: application/json' \\
    -d '{"deploymentId":${DEPLOYMENT_ID},"externalId":"ada@example.com","userAttributes":[{"name":"region","value":"EMEA"}]}'`;
}

const dashboardLines = (url: string) =>
  Object.entries(DASHBOARDS).map(([id, d]) => `  ${id.padEnd(18)} ${d.title.padEnd(19)} <platform-embed base-url="${url}" dashboard="${id}">`);

/** `npx platform-embed-mock`: the mock as a customer starts it. */
export function kitBanner({ url, apiKey, deployments }: { url: string; apiKey: string; deployments: readonly number[] }): string {
  const fixed = apiKey === apiKeys.admin ? "the documented local key; --api-key KEY to choose another" : 'given with --api-key';
  return `Mock platform listening on ${url}

API key:      ${apiKey}   (${fixed}; send as "Authorization: Bearer <key>")
Deployments:  ${deployments.join(', ')}
Dashboards (deployment ${DEPLOYMENT_ID}):
${dashboardLines(url).join('\n')}

A session for <platform-embed> (single-use, valid for 5 minutes; your backend makes this call):
  ${sessionCurl(url, apiKey)}

Run a backend snippet of the README against it (they default to these two values):
  PLATFORM_URL=${url} PLATFORM_API_KEY=${apiKey} node server.mjs

Press Ctrl-C to stop.`;
}

/** `npm run mock` in this repository: the seed's three fixed keys and the test hooks too. */
export function startBanner({ url, keys }: { url: string; keys: Readonly<ApiKeys> }): string {
  const workbooks = Object.entries(WORKBOOKS).map(([id, w]) => `/embed/d/${DEPLOYMENT_ID}/app/workbook/${id} (${w.title})`);
  return `Mock platform listening on ${url}   (tenant "acme": base-url="${url}")

Dashboards of deployment ${DEPLOYMENT_ID}:
${dashboardLines(url).join('\n')}
App and chat paths (the path attribute):
  /embed/d/${DEPLOYMENT_ID}/app, ${workbooks.join(', ')}
  /embed/d/${DEPLOYMENT_ID}/chat, /embed/chat

API keys (send as "Authorization: Bearer <key>"):
  admin        ${keys.admin}   account Acme, administrator (deployments 42 and 43, usage analytics on)
  viewer       ${keys.viewer}   account Acme, non-admin (usage-analytics token: 403)
  noAnalytics  ${keys.noAnalytics}   account Globex, administrator (deployment 77, usage analytics off: 404)

A session for <platform-embed> (single-use, valid for 5 minutes; your backend makes this call):
  ${sessionCurl(url, keys.admin)}

Test hooks: POST ${url}/__mock/reset, POST ${url}/__mock/fail, GET ${url}/__mock/requests
Embed controls: POST ${url}/mock-embed/sessions/expire or /fail with {"sessionId":"…"} or {"all":true}`;
}
