// The ready timeout keeps running after ready: a ready embed ends in a ReadyTimeoutError.
export default {
  id: 'ready-timer-not-cleared',
  title: 'a ready timer not cleared at ready: a ready embed fails with ReadyTimeoutError when the timeout runs out',
  origin:
    'The ready timeout of the load lifecycle (commit 78c20a6), cleared at ready; reworked by 1208066 ("a cleared ready timer is not reset") and 77f87f1 ("the ready timeout is cleared by clearTimeout directly, no one-line _settle method"), each a chance to lose the clear.',
  file: 'src/embed/lifecycle.ts',
  find: '  readied(info: ReadyPayload): void {\n    clearTimeout(this._timer);\n',
  replace: '  readied(info: ReadyPayload): void {\n',
};
