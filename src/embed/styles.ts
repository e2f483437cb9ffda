/**
 * The CSS of `<platform-embed>`'s shadow tree, as a plain string with no
 * DOM or Lit import: the element adopts it (`shadow.ts`) and `renderEmbed`
 * writes the same text into the declarative shadow root, so a server-rendered
 * element holds the element's own box from the first paint.
 */
export const EMBED_CSS =
  ':host{display:block;position:relative;height:var(--platform-embed-height,600px);overflow:hidden}' +
  ':host([hidden]),[hidden]{display:none}' +
  'iframe{display:block;width:100%;height:100%;border:0}' +
  // The overlays are the shadow tree's only <div>s: a type selector needs no class on them.
  'div{position:absolute;inset:0;display:grid;place-items:center;' +
  'background:var(--platform-embed-overlay-background,Canvas);color:var(--platform-embed-overlay-color,CanvasText)}';
