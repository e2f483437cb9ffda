// allow written as the host gave it: a feature without an allowlist means the origin of the iframe's src, which it has none of.
export default {
  id: 'allow-not-granted',
  title: 'lost `allow` permissions: features without an allowlist are not granted to the tenant origin, so full screen and clipboard reach nothing',
  origin:
    'Commit 0d0fa40 (CHANGELOG Changed: "The default allow reaches the dashboard again: a feature without an allowlist is granted to the tenant origin"): after dc60fee navigated the iframe by a link instead of `src`, the default `allow` granted its features to an origin the iframe did not have. Tests: test/embed/permissions.test.ts.',
  file: 'src/embed/render.ts',
  find: "    setAttribute(frame, 'allow', grantAllow(this.allow, this._eff.base?.origin ?? \"'src'\"));\n",
  replace: "    setAttribute(frame, 'allow', this.allow);\n",
};
