#!/usr/bin/env node
// `npx platform-embed-wordpress [folder]`: writes the WordPress plugin,
// platform-embed-wordpress.zip, that ships in this package, into a folder
// (the current one by default), ready for Plugins → Add New → Upload Plugin.
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const zip = fileURLToPath(new URL('../dist/platform-embed-wordpress.zip', import.meta.url));
const args = process.argv.slice(2);
if (args.includes('--help') || args.includes('-h') || args.length > 1) {
  console.log('Usage: npx platform-embed-wordpress [folder]\nWrites platform-embed-wordpress.zip (the WordPress plugin) into the folder, the current one by default.');
  process.exit(args.length > 1 ? 1 : 0);
}
if (!existsSync(zip)) {
  console.error(`platform-embed-wordpress: ${zip} is missing from this copy of the package (in a clone of the repository, run npm run build first).`);
  process.exit(1);
}
const folder = resolve(args[0] ?? '.');
mkdirSync(folder, { recursive: true });
const target = resolve(folder, 'platform-embed-wordpress.zip');
copyFileSync(zip, target);
console.log(`Wrote ${target}\nIn WordPress: Plugins → Add New → Upload Plugin, choose this file, Install Now, then Activate Plugin.`);
