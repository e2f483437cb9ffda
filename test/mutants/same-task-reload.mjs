// reload() in the same task as a change of the session source acts on the element as it was before the change.
export default {
  id: 'same-task-reload',
  title: "same-task `session-url` + `reload()`: the switch to a new viewer's source and the reload in one task load with the old source (the old viewer's session, or a spent one re-sent)",
  origin:
    'Found from outside by a random driver: `el.setAttribute(\'session-url\', …); el.reload()` signed the new viewer in with the old viewer\'s session, because the attribute was applied only at the next update. Fixed by commit 9b7c19b ("reload() acts on the element as it is when called: changes set earlier in the same task apply first"); test in test/embed/session-url.test.ts. Commit af22b90 made the flush `performUpdate()` alone, which does nothing when no update is pending.',
  mix: 1,
  file: 'src/embed/platform-embed.ts',
  find: '      this.performUpdate();\n',
  replace: '',
};
