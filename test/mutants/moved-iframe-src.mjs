// The iframe navigated through its src: a moved element's iframe, re-inserted by the browser, requests its old URL and spent session.
export default {
  id: 'moved-iframe-src',
  title: 'a moved element reloading with its old session: the iframe has a `src`, which the browser loads again (spent session) when the element is moved',
  origin:
    'Commit dc60fee ("navigate the iframe by name with a detached link (no src: a move re-sends no session, and the session leaves the DOM)"; CHANGELOG "a moved element never sends a spent session again"); src/embed/shadow.ts explains the rule.',
  file: 'src/embed/render.ts',
  find: "      Object.assign(document.createElement('a'), { href: this._frameSrc, target: frame.name, referrerPolicy }).click();\n",
  replace: '      frame.src = this._frameSrc;\n',
};
