// The shared table of session-endpoint cases (test/session-cases/cases.mjs)
// against the TypeScript `createSessionHandler`, with real Fetch API Requests
// and the real mock platform. The WordPress suite runs the same table against
// the plugin's PHP route. Needs a built dist/ (`npm run build`).
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createSessionHandler } from '../../dist/server/index.js';
import { startMockPlatform } from '../../dist/testing/index.js';
import { casesFor, CUSTOM_VIEWER, failRuleOf, judgeAnswer, judgePlatform, requestOf, snapshot, VIEWER_HEADER } from '../session-cases/check.mjs';

const own = 'http://site.example';

let platform;
let handler;
/** What the handler logged with console.error (its failures), searched for the key at the end. */
const logged = [];
const realConsoleError = console.error;
before(async () => {
  console.error = (...args) => logged.push(args.map(String).join(' '));
  platform = await startMockPlatform();
  handler = createSessionHandler({
    baseUrl: platform.url,
    apiKey: platform.apiKey,
    deploymentId: 42,
    // The same hook as the WordPress suite's platform_embed_viewer filter.
    viewer: (request) => {
      switch (request.headers.get(VIEWER_HEADER)) {
        case 'refuse':
          return null;
        case 'invalid':
          return { externalId: 'Case-Viewer' };
        case 'custom':
          return structuredClone(CUSTOM_VIEWER);
        default:
          return { externalId: 'anonymous-visitor' };
      }
    },
  });
});
after(async () => {
  console.error = realConsoleError;
  await platform?.close();
  for (const line of logged) assert.ok(!line.includes(platform.apiKey), `a log line holds the API key: ${line}`);
});

describe('session cases: createSessionHandler', () => {
  for (const c of casesFor('ts')) {
    it(c.name, async () => {
      const rule = failRuleOf(c, platform.apiKey);
      if (rule) platform.fail(rule);
      const before = snapshot(platform);
      const { method, headers, body } = requestOf(c, own);
      const times = c.request.times ?? 1;
      for (let i = 1; i <= times; i += 1) {
        const response = await handler(new Request(`${own}/embed-session`, { method, headers, body }));
        const answer = { status: response.status, headers: response.headers, text: await response.text() };
        judgeAnswer(c, answer, { platform, last: i === times });
      }
      judgePlatform(c, { platform, before });
    });
  }
});
