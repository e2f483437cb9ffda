// The kept embeds of a keep-alive value shared across viewers outlive discardKeptAlive().
export default {
  id: 'keep-alive-survives-sign-out',
  title: "the shared keep-alive value's kept embed survives sign-out: discardKeptAlive() drops nothing kept, and the next viewer's element adopts the old viewer's embed",
  origin:
    'Keep-alive\'s sign-out rule (commits be15a51, 735190d; docs/keep-alive.md "Sign-out", the route already left: "the kept embeds of that value are dropped"). The keep-alive value is any string, and a page that gives every viewer the same one relies on discardKeptAlive() alone.',
  mix: 3,
  file: 'src/embed/keep-alive/install.ts',
  find: '    discard(scope);\n',
  replace: '',
};
