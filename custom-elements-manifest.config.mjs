// Settings of `cem analyze` (the build's manifest step). Defaults shared with the
// server renderer live in constants (src/embed/defaults.ts): the manifest shows
// their values, not their names.
export default {
  plugins: [
    {
      // The analyzer lists modules in the order the file system returns them, which
      // differs between clones: sorted by path, a fresh clone's build leaves the
      // committed manifest as it is.
      name: 'modules-by-path',
      packageLinkPhase({ customElementsManifest }) {
        customElementsManifest.modules.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
      },
    },
    {
      name: 'constant-defaults',
      packageLinkPhase({ customElementsManifest }) {
        const constants = new Map();
        const declarations = customElementsManifest.modules.flatMap((mod) => mod.declarations ?? []);
        for (const d of declarations) if (d.kind === 'variable' && d.default !== undefined) constants.set(d.name, d.default);
        for (const d of declarations) {
          for (const entry of [...(d.members ?? []), ...(d.attributes ?? [])]) {
            if (constants.has(entry.default)) entry.default = constants.get(entry.default);
          }
        }
      },
    },
  ],
};
