// Settings of `cem analyze` (the build's manifest step). Defaults shared with the
// server renderer live in constants (src/embed/defaults.ts): the manifest shows
// their values, not their names.
export default {
  plugins: [
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
