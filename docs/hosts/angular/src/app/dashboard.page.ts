// The dashboard is in the HTML the server sends, with a fresh session in its
// iframe's URL, so it starts loading while the browser parses the page.
import { Component, CUSTOM_ELEMENTS_SCHEMA, inject, input, TransferState, computed, ElementRef, afterNextRender } from '@angular/core';
import { DomSanitizer } from '@angular/platform-browser';
import { EmbedHtml } from './embed-html.directive';
import { BASE_URL_KEY, sessionProvider } from './platform';

@Component({
  selector: 'app-dashboard-page',
  imports: [EmbedHtml],
  schemas: [CUSTOM_ELEMENTS_SCHEMA],
  template: `
    <main>
      <h1>Sales</h1>
      @if (trusted(); as html) {
        <div [embedHtml]="html"></div>
      } @else {
        <platform-embed id="dashboard" [attr.base-url]="baseUrl" dashboard="sales-overview" [sessionProvider]="sessionProvider"></platform-embed>
      }
    </main>
  `,
})
export class DashboardPage {
  /** The server's HTML (route data, see embed.resolver.ts), or null on a client-side navigation. */
  readonly html = input<string | null>(null);
  readonly baseUrl = inject(TransferState).get(BASE_URL_KEY, '');
  readonly sessionProvider = sessionProvider;
  private readonly sanitizer = inject(DomSanitizer);

  // Angular's sanitizer removes <iframe>, <template> and <script> from bound
  // HTML (and [embedHtml] sanitizes as [innerHTML] does, see
  // embed-html.directive.ts for why it is not [innerHTML]). Trusting it is safe here: the string is renderEmbed's output, made on
  // our server from our own options; renderEmbed escapes every value and throws
  // a TypeError for anything the element would not load. No user input is in it.
  readonly trusted = computed(() => {
    const html = this.html();
    return html ? this.sanitizer.bypassSecurityTrustHtml(html) : null;
  });

  constructor() {
    const host = inject<ElementRef<HTMLElement>>(ElementRef).nativeElement;
    // The provider serves the server-rendered embed's later loads (reload(), renewals).
    afterNextRender(() => {
      const embed = host.querySelector('platform-embed');
      if (embed) embed.sessionProvider = sessionProvider;
    });
  }
}
