// The iframe gets no allow attribute: none of the permissions the element grants reach the embed.
export default {
  id: 'allow-not-set',
  title: '`allow` not set on the iframe',
  origin:
    'The element renders its shadow tree by DOM calls since commit 179a2f1 (no ShadowView); each attribute of the iframe is written by its own line of update(), and a missing one changes no other behaviour. Commit 17239b9 ("a removed allow attribute never breaks the update") touched the same write.',
  file: 'src/embed/render.ts',
  find: "    setAttribute(frame, 'allow', grantAllow(this.allow, this._eff.base?.origin ?? \"'src'\"));\n",
  replace: '',
};
