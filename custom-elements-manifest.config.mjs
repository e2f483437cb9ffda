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
      // `<platform-embed>` lists its properties without attribute names: each attribute is the
      // property's name in kebab case (`baseUrl` → `base-url`, see src/embed/properties.ts). The
      // analyzer would name it as the property; before inheritance copies it, it gets its real name.
      name: 'kebab-attributes',
      moduleLinkPhase({ moduleDoc }) {
        const kebab = (name) => name.replace(/[A-Z]/g, '-$&').toLowerCase();
        for (const d of moduleDoc.declarations ?? []) {
          for (const a of d.attributes ?? []) if (a.name === a.fieldName) a.name = kebab(a.name);
          for (const m of d.members ?? []) if (m.attribute === m.name) m.attribute = kebab(m.name);
        }
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
