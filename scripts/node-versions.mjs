// Other Node majors than the machine's: the registry's `node` package carries the
// binary as an npm package, so `npm ci` in scripts/node-versions/<major>/ installs
// it with nothing downloaded from elsewhere. The meta-framework host apps
// (docs/hosts/*) need Node >= 22; the package's Node-side tests run on 20, 22 and 24.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Majors with a folder under scripts/node-versions/. */
export const extraMajors = ['22', '24'];

/**
 * The path of a Node binary of `major`: the machine's own when it is that major,
 * otherwise the one in scripts/node-versions/<major>/, installed with `npm ci`
 * on first use.
 */
export function nodeBinary(major) {
  if (process.versions.node.split('.')[0] === String(major)) return process.execPath;
  const dir = fileURLToPath(new URL(`./node-versions/${major}/`, import.meta.url));
  if (!existsSync(`${dir}package.json`)) throw new Error(`no scripts/node-versions/${major}/: add one with its own package.json and lockfile`);
  const bin = `${dir}node_modules/.bin/node`;
  if (!existsSync(bin)) execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir, stdio: ['ignore', 'inherit', 'inherit'] });
  return bin;
}

/**
 * An environment whose PATH starts with `node`'s folder, so npm, install
 * scripts and framework CLIs started from it run on that Node.
 */
export function envWithNode(node, env = process.env) {
  return { ...env, PATH: `${dirname(node)}:${env.PATH ?? ''}` };
}
