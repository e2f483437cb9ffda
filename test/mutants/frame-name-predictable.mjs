// Iframes named platform-embed-1, -2, …: any frame on the page named so first takes the navigation, the session and the events.
export default {
  id: 'frame-name-predictable',
  title: 'frame capture by name: iframes named predictably (platform-embed-1, -2, …), so another frame of that name takes the load and its session',
  origin:
    'Commit a68ce9d ("each iframe gets a name no other document can guess"; CHANGELOG Security "Each iframe gets a random name…"), replacing `platform-embed-${++frames}` from dc60fee. Tests: test/hardening (a hostile cross-origin frame at two depths, b9a1e16).',
  file: 'src/embed/shadow.ts',
  find: 'export const frameName = () => crypto.getRandomValues(new Uint32Array(4)).join();\n',
  replace: 'let frames = 0;\nexport const frameName = () => `platform-embed-${++frames}`;\n',
};
