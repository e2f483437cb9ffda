#!/usr/bin/env node
// `npx platform-embed-mock [--port N] [--host H] [--api-key K]`: the testing
// kit's mock platform from a shell, until Ctrl-C or SIGTERM.
import { kitBanner } from './banner.js';
import { startMockPlatform, type MockPlatformOptions } from './index.js';
import { apiKeys } from './state.js';

const usage = 'Usage: platform-embed-mock [--port 4100] [--host 127.0.0.1] [--api-key KEY]';

/** The options given on the command line; exits with status 2 on a bad one. */
function parseArgs(argv: string[]): MockPlatformOptions {
  // The documented local key by default, so the README's backend snippets,
  // which fall back to it, run against this mock as written. A test that
  // starts the mock from code still gets a random key (startMockPlatform).
  const options: MockPlatformOptions = { port: 4100, apiKey: apiKeys.admin };
  const bad = (message: string): never => {
    console.error(`${message}\n${usage}`);
    process.exit(2);
  };
  for (let i = 0; i < argv.length; i += 1) {
    const [flag, inline] = argv[i]!.split(/=(.*)/s, 2) as [string, string | undefined];
    if (flag === '--help' || flag === '-h') {
      console.log(usage);
      process.exit(0);
    }
    const value = inline ?? argv[++i];
    if (value === undefined) bad(`${flag} needs a value.`);
    if (flag === '--port') {
      const port = Number(value);
      if (!/^\d+$/.test(value!) || port > 65535) bad('--port must be an integer from 0 to 65535.');
      options.port = port;
    } else if (flag === '--host') options.host = value!;
    else if (flag === '--api-key') options.apiKey = value!;
    else bad(`Unknown argument ${flag}.`);
  }
  return options;
}

const options = parseArgs(process.argv.slice(2));
try {
  const platform = await startMockPlatform(options);
  console.log(kitBanner(platform));
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    void platform.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
