// discardKeptAlive() while the dashboard is still on screen: its element keeps the embed when the router removes it.
export default {
  id: 'discard-on-screen',
  title: 'discardKeptAlive() does not cover an embed still on screen: removed after the sign-out, it is kept and adopted by the next viewer',
  origin:
    'Commit 735190d ("keeps nothing of a signed-out viewer"; CHANGELOG Security "Keep-alive ends at sign-out: discardKeptAlive() also covers elements of that scope still in the document"); docs/keep-alive.md "Sign-out", the dashboard still on screen.',
  mix: 3,
  file: 'src/embed/keep-alive/install.ts',
  find: '    for (const [element, placement] of placements) if (scope === undefined || element.keepAlive === scope) signedOut.add(placement.frame);\n',
  replace: '',
};
