// A server-rendered embed removed and inserted again puts back its taken-over iframe, which asks for the server's spent session.
export default {
  id: 'server-rendered-re-request',
  title: "server-rendered re-request: removed and inserted again, the element puts back its taken-over iframe, which requests the server's spent session again",
  origin:
    'Commit 0d0fa40 ("a taken-over iframe is never put back"; CHANGELOG Security "A server-rendered embed removed and inserted again never puts back its old iframe or asks for the server\'s spent session"); tests in test/embed/takeover.test.ts. Before it the element kept the taken-over iframe across a disconnect and rendered it again on the next load; the load now looks for markup afresh, so the mutant also keeps the old one when none is found.',
  mix: 2,
  changes: [
    {
      file: 'src/embed/render.ts',
      find: '    // A taken-over iframe is never put back: its server session is spent.\n    this._adopted = undefined;\n',
      replace: '',
    },
    {
      file: 'src/embed/load.ts',
      find: '    const adopted = (this._adopted = takeOver(this, this.renderRoot, base?.origin));\n',
      replace: '    const adopted = (this._adopted = takeOver(this, this.renderRoot, base?.origin) ?? (this._adopted as ReturnType<typeof takeOver>));\n',
    },
  ],
};
