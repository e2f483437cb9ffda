// A server-rendered embed removed and inserted again puts back its taken-over iframe, which asks for the server's spent session.
export default {
  id: 'server-rendered-re-request',
  title: "server-rendered re-request: removed and inserted again (or moved), the element puts back its taken-over iframe and requests the server's spent session again",
  origin:
    'Commit 0d0fa40 ("a taken-over iframe is never put back"; CHANGELOG Security "A server-rendered embed removed and inserted again never puts back its old iframe or asks for the server\'s spent session"); tests in test/embed/takeover.test.ts.',
  mix: 2,
  file: 'src/embed/platform-embed.ts',
  find: '    // A taken-over iframe is never put back: its server session is spent.\n    this._adopted = undefined;\n',
  replace: '',
};
