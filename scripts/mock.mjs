// `npm run mock`: the built mock platform (dist/testing/) with the seed's fixed
// keys and test hooks, for developing this package. Customers start the same
// server with `npx platform-embed-mock` (the same admin key unless given).
//
//   node scripts/mock.mjs --port 4100 --host 127.0.0.1 [--log]   (or PORT / HOST)
import { startMockServer } from '../dist/testing/server.js';
import { startBanner } from '../dist/testing/banner.js';

function parseArgs(argv) {
  const options = { port: Number(process.env.PORT ?? 4100), host: process.env.HOST ?? '127.0.0.1', log: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--port') options.port = Number(argv[++i]);
    else if (arg === '--host') options.host = argv[++i];
    else if (arg === '--log') options.log = true;
    else {
      console.error(`Unknown argument ${arg}. Usage: node scripts/mock.mjs [--port 4100] [--host 127.0.0.1] [--log]`);
      process.exit(2);
    }
  }
  if (!Number.isInteger(options.port) || options.port < 0 || options.port > 65535) {
    console.error('--port must be an integer from 0 to 65535');
    process.exit(2);
  }
  return options;
}

let mock;
try {
  mock = await startMockServer(parseArgs(process.argv.slice(2)));
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
console.log(startBanner(mock));
const stop = () => mock.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
