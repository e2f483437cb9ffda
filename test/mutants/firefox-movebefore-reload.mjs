// moveBefore() where the browser closes the iframe's window (Firefox ESR): the element stays as it was.
export default {
  id: 'firefox-movebefore-reload',
  title: "Firefox moveBefore(): the iframe's window closed by the move is not reloaded (a server-rendered embed shows its spent session, a live one a blank frame)",
  origin:
    'Commit d186ab3 (CHANGELOG Fixed: "A server-rendered embed moved with moveBefore() where the browser drops the moved iframe\'s document (Firefox ESR…) loads anew"), which replaced an empty connectedMoveCallback(); found by the model in Firefox. Only Firefox drops the document, so only Firefox can catch it.',
  browser: 'firefox',
  // Server-rendered markup that moves: its iframe has a `src`, which Firefox loads again after the move.
  mix: 2,
  file: 'src/embed/platform-embed.ts',
  find: '  connectedMoveCallback(): void {\n    if (this._win?.closed) {\n      this._drop();\n      this.reload();\n    }\n  }\n',
  replace: '  connectedMoveCallback(): void {}\n',
};
