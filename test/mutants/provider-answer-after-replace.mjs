// The session a replaced sessionProvider was still making opens the dashboard for the new viewer.
export default {
  id: 'provider-answer-after-replace',
  title: 'a replaced sessionProvider whose previous viewer\'s answer is still used (provider replaced, no reload, while its call is in flight)',
  origin:
    'Commit 0d0fa40 ("a session serves only loads under the provider that made it"; CHANGELOG Security, first entry): a load whose provider was replaced while its call was in flight navigated with the old viewer\'s answer. Its test: "provider replaced without a reload while A\'s call is in flight: the load waits, then loads B\'s session" (test/embed/sessions.test.ts).',
  mix: 1,
  file: 'src/embed/lifecycle.ts',
  find: "        if (now !== provider) return now ? load(now) : (this._waiting = true);\n",
  replace: '',
};
