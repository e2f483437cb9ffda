// web-test-runner plugin: runs the mock platform for the browser tests and
// tells them where it is through a virtual module:
//
//   import { mockUrl, adminKey, viewerKey, noAnalyticsKey, closedUrl } from '/__mock-platform.js';
//
// `closedUrl` is a loopback address where nothing listens (a refused connection).
//
// Its server command `mock-embed` (`executeServerCommand('mock-embed', { op, … })`)
// reaches the testing kit's MockEmbed objects of that mock from a browser test:
// `{ op: 'count' }` → `{ count }` (pages connected so far),
// `{ op: 'next', timeout? }` → `{ index, path, session }`, then by `index`:
// `send` (`type`, `payload`), `fail` (`message`, `options`), `wait` (`type`,
// `timeout?`) → the action, `actions` → every action. A failure is answered as
// `{ error: message }`.
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';

const modulePath = '/__mock-platform.js';

/** A loopback port that was free a moment ago and is closed now. */
async function closedPort() {
  const server = createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

let running = null;

/** The mock the plugin started (`{ url, keys, state, registry }`), for other test-server plugins; null before it starts. */
export const runningMock = () => running;

/** @returns {import('@web/test-runner').TestRunnerPlugin} */
export function mockPlatformPlugin() {
  let mock;
  let closedUrl = '';
  return {
    name: 'mock-platform',
    async serverStart() {
      if (!existsSync(new URL('../dist/testing/server.js', import.meta.url))) {
        throw new Error('The mock platform is part of the built package: run `npm run build` first.');
      }
      const { startMockServer } = await import('../dist/testing/server.js');
      mock = await startMockServer({ port: 0, host: '127.0.0.1' });
      running = mock;
      closedUrl = `http://127.0.0.1:${await closedPort()}`;
    },
    async serverStop() {
      await mock?.close();
    },
    async executeCommand({ command, payload }) {
      if (command !== 'mock-embed') return undefined;
      const { op, index, ...args } = payload ?? {};
      try {
        if (op === 'count') return { count: mock.registry.embeds().length };
        if (op === 'sessions') return mock.state.generated.map(({ sessionId, record }) => ({ sessionId, used: record.used }));
        if (op === 'next') {
          const embed = await mock.registry.nextEmbed({ timeout: args.timeout });
          return { index: mock.registry.embeds().indexOf(embed), path: embed.path, session: embed.session };
        }
        const embed = mock.registry.embeds()[index];
        if (!embed) return { error: `no embed page ${index}` };
        if (op === 'send') return void (await embed.send(args.type, args.payload)) ?? { ok: true };
        if (op === 'fail') return void (await embed.fail(args.message, args.options)) ?? { ok: true };
        if (op === 'expire') return void (await embed.expire()) ?? { ok: true };
        if (op === 'wait') return await embed.waitForAction(args.type, { timeout: args.timeout });
        if (op === 'actions') return embed.actions();
        return { error: `unknown op ${op}` };
      } catch (error) {
        return { error: error.message };
      }
    },
    serve(context) {
      if (context.path !== modulePath) return undefined;
      const exports = {
        mockUrl: mock.url,
        adminKey: mock.keys.admin,
        viewerKey: mock.keys.viewer,
        noAnalyticsKey: mock.keys.noAnalytics,
        closedUrl,
      };
      const body = Object.entries(exports)
        .map(([name, value]) => `export const ${name} = ${JSON.stringify(value)};`)
        .join('\n');
      return { body, type: 'js' };
    },
  };
}
