// The page's embed HTML. On the server: made per request by the server-only
// EMBED_HTML provider and put in TransferState. In the browser: taken from
// TransferState once, for hydration, and removed there, because its session
// is spent as soon as the server's iframe navigated. A later client-side
// navigation finds nothing and the page renders the element with a
// sessionProvider instead (a fresh session of its own).
import { inject, TransferState } from '@angular/core';
import type { ResolveFn } from '@angular/router';
import { EMBED_HTML, embedHtmlKey, type EmbedKind } from './platform';

export const embedHtmlResolver =
  (kind: EmbedKind): ResolveFn<string | null> =>
  async () => {
    const state = inject(TransferState);
    const key = embedHtmlKey(kind);
    const render = inject(EMBED_HTML, { optional: true });
    if (render) {
      const html = await render(kind);
      state.set(key, html);
      return html;
    }
    const html = state.get(key, null);
    state.remove(key);
    return html;
  };
