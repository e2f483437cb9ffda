// The WordPress plugin (dist/platform-embed-wordpress.zip) in a real
// WordPress: the test installs what is missing (apt-get as root), starts a
// private MariaDB, WordPress on PHP's built-in server and the mock platform,
// then drives Chromium. Shape: see scripts/test.mjs.
import { nodeTestSuite } from '../node-test-suite.mjs';

export const suites = [nodeTestSuite('wordpress', 'WordPress plugin in WordPress 6.1 (PHP, MariaDB, Chromium)', 'test/wordpress/wordpress.e2e.mjs')];
