// Shared by the Node tests of the session endpoint: the real mock platform for
// the whole file, and console.error recorded per test (Errors as
// `Name: message`), restored after each. Needs a built dist/.
import { after, afterEach, before, beforeEach } from 'node:test';
import { startMockPlatform } from '../../dist/testing/index.js';

/**
 * Starts the mock platform before the file's tests and closes it after them;
 * `logged` holds the current test's console.error lines. Read both through
 * the returned object (they are set when the hooks run).
 */
export function mockPlatformWithLog() {
  const state = { platform: undefined, logged: [] };
  const realConsoleError = console.error;
  before(async () => {
    state.platform = await startMockPlatform();
  });
  after(async () => {
    await state.platform?.close();
  });
  beforeEach(() => {
    state.logged = [];
    console.error = (...args) => state.logged.push(args.map((a) => (a instanceof Error ? `${a.name}: ${a.message}` : String(a))).join(' '));
  });
  afterEach(() => {
    console.error = realConsoleError;
  });
  return state;
}
