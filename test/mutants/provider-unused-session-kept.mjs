// A session the old provider made and no load used serves the next load under the new provider.
export default {
  id: 'provider-unused-session-kept',
  title: 'an unused session of the replaced provider serves the next load under the new one',
  origin:
    'Commit 0d0fa40: before it, a session made and not used served the next load while under a minute old, whichever provider was set by then. Its test: "an unused session of A is dropped when B is set, and B serves the next load" (test/embed/sessions.test.ts).',
  mix: 1,
  file: 'src/embed/lifecycle.ts',
  find: '    if (same && unused && Date.now() - unused.at < UNUSED_SESSION_MS) return Promise.resolve(unused.id);\n',
  replace: '    if (unused && Date.now() - unused.at < UNUSED_SESSION_MS) return Promise.resolve(unused.id);\n',
};
