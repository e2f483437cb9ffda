// The element without server rendering. CUSTOM_ELEMENTS_SCHEMA lets the
// template use the tag; strings are attributes, the provider is a property
// binding (Angular sets it as a property even before the element is defined),
// events are `(platform-view)`.
import { Component, CUSTOM_ELEMENTS_SCHEMA, inject, signal, TransferState } from '@angular/core';
import { BASE_URL_KEY, sessionProvider } from './platform';

@Component({
  selector: 'app-element-page',
  schemas: [CUSTOM_ELEMENTS_SCHEMA],
  template: `
    <main>
      <h1>Sales (element)</h1>
      <platform-embed
        id="element-dashboard"
        [attr.base-url]="baseUrl"
        dashboard="sales-overview"
        [sessionProvider]="sessionProvider"
        (platform-view)="onView($event)"
      ></platform-embed>
      <p>{{ title() }}</p>
    </main>
  `,
})
export class ElementPage {
  readonly baseUrl = inject(TransferState).get(BASE_URL_KEY, '');
  readonly sessionProvider = sessionProvider;
  readonly title = signal('');

  /** Template event bindings give `Event`; the element fires `CustomEvent`s (typed in HTMLElementEventMap). */
  onView(event: Event): void {
    this.title.set((event as HTMLElementEventMap['platform-view']).detail.title ?? '');
  }
}
