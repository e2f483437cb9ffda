// A load under the new provider waits for the old provider's call in flight and uses its answer.
export default {
  id: 'provider-call-shared',
  title: "provider replaced and reload() while the old provider's call is in flight: the new load shares that call and opens the old viewer's session",
  origin:
    'Commit 0d0fa40: before it, the provider call in flight was shared by every later load, whatever provider it came from. Its test: "provider replaced and reload() in place while A\'s call is in flight: B\'s session loads, after A\'s call settled" (test/embed/sessions.test.ts); docs/moving.md "Every session belongs to the provider that made it".',
  mix: 1,
  file: 'src/embed/lifecycle.ts',
  find: '    if (same && before) return before;\n',
  replace: '    if (before) return before;\n',
};
