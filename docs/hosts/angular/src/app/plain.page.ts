// The benchmark's baseline (bench/suites/ttd-hosts.mjs): a plain iframe with a
// server-made session, put in the page as "/" puts the embed.
import { Component, computed, inject, input } from '@angular/core';
import { DomSanitizer } from '@angular/platform-browser';
import { EmbedHtml } from './embed-html.directive';

@Component({
  selector: 'app-plain-page',
  imports: [EmbedHtml],
  template: `<main><h1>Sales</h1><div [embedHtml]="trusted()"></div></main>`,
})
export class PlainPage {
  readonly html = input<string | null>(null);
  private readonly sanitizer = inject(DomSanitizer);
  // Our server's own markup (see platform.server.ts), as on the dashboard page.
  readonly trusted = computed(() => this.sanitizer.bypassSecurityTrustHtml(this.html() ?? ''));
}
