// `[embedHtml]`: [innerHTML] for renderEmbed's HTML, safe through hydration.
//
// A plain `[innerHTML]` binding fails here: hydration keeps the server's DOM
// but still runs every property binding once, so innerHTML is set again with
// the same string. That replaces the server's <platform-embed>: its iframe,
// already navigating with the session, is thrown away and a new one loads the
// same, now spent, session.
//
// This directive writes the HTML on the server and whenever the page renders
// in the browser into an empty element (a client-side navigation), and leaves
// the server's nodes alone when it first runs over them (hydration). It takes
// a SafeHtml, as [innerHTML] does, and unwraps it with the sanitizer: a value
// not marked trusted is sanitized, so the <iframe> would be stripped.
import { Directive, effect, ElementRef, inject, input, Renderer2, SecurityContext } from '@angular/core';
import { DomSanitizer, type SafeHtml } from '@angular/platform-browser';

@Directive({ selector: '[embedHtml]' })
export class EmbedHtml {
  readonly embedHtml = input.required<SafeHtml>();

  constructor() {
    const host = inject<ElementRef<HTMLElement>>(ElementRef).nativeElement;
    const renderer = inject(Renderer2);
    const sanitizer = inject(DomSanitizer);
    let first = true;
    effect(() => {
      const html = sanitizer.sanitize(SecurityContext.HTML, this.embedHtml()) ?? '';
      const hydrating = first && host.hasChildNodes();
      first = false;
      if (!hydrating) renderer.setProperty(host, 'innerHTML', html);
    });
  }
}
