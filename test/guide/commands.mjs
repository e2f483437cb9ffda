// The shell commands a guide prints, read from its markdown: each
// `<!-- commands: NAME -->` marker before a ```sh block names that block, so
// a test runs what a customer copies, and the two cannot drift apart.
import { readFileSync } from 'node:fs';

/** The commands of each named block of `file`: `{ setup: ['npm init -y', …], … }`. */
export function guideCommands(file) {
  const text = readFileSync(file, 'utf8');
  const blocks = {};
  for (const [, name, body] of text.matchAll(/<!-- commands: ([\w-]+) -->\n```sh\n([\s\S]*?)```/g)) {
    if (blocks[name]) throw new Error(`${file}: two command blocks named ${name}`);
    blocks[name] = body.split('\n').map((line) => line.trim()).filter((line) => line && !line.startsWith('#'));
  }
  return blocks;
}

/**
 * `command` with the package installed from the packed file instead of the
 * registry: the one change a test makes to a printed `npm install`.
 */
export function fromTarball(command, tarball) {
  return /^npm (install|i) /.test(command) ? command.replace(/(?<=\s)platform-embed(?=\s|$)/, tarball) : command;
}
