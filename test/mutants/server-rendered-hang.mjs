// A server-rendered embed that must load again with no session source waits behind the loading overlay for good.
export default {
  id: 'server-rendered-hang',
  title: 'server-rendered hang: moved or reloaded with neither sessionProvider nor session-url, it waits forever instead of ending in a SessionError',
  origin:
    'Commit a68ce9d ("a server-rendered embed that must load again without a provider ends in a SessionError"; CHANGELOG Security "…with neither it ends in a SessionError … instead of waiting behind the loading overlay").',
  mix: 2,
  file: 'src/embed/lifecycle.ts',
  find: "      if (request.rendered) this._fail(token, new SessionError('Reloading a server-rendered embed needs a sessionProvider or session-url.'));\n",
  replace: '',
};
