// Keep-alive adoption keyed on the base URL and content only, as first written.
export default {
  id: 'keep-alive-adopt-ignores-sandbox',
  title: 'keep-alive adoption ignores `sandbox` and `allow-export`: an element adopts an embed loaded with other permissions',
  origin:
    'Commit be15a51 adopted a kept embed by keep-alive value, base URL and content; commit 735190d ("keep-alive keys adoption on every load-shaping value"; CHANGELOG Security "An embed is adopted only by an element that would have loaded it the same way").',
  mix: 3,
  file: 'src/embed/load.ts',
  find: '      sandbox,\n      this.allow,\n      this.allowExport,\n',
  replace: '      this.allow,\n',
};
