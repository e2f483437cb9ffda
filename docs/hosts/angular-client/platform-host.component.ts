// Angular: <platform-embed> and <platform-admin-panel> in a standalone
// component. CUSTOM_ELEMENTS_SCHEMA lets the template use the tags; strings
// are attributes (`[attr.base-url]`), objects and functions are property
// bindings (`[theme]`, which Angular sets as properties even before the
// element is defined), and events are `(platform-ready)`.
import { Component, CUSTOM_ELEMENTS_SCHEMA, EventEmitter, Input, Output } from '@angular/core';
import type { PlatformApiClient } from 'platform-embed';

/** One DOM event of either element, as reported to the parent. */
export interface PlatformEventReport {
  name: string;
  detail: unknown;
}

@Component({
  selector: 'app-platform-host',
  schemas: [CUSTOM_ELEMENTS_SCHEMA],
  template: `
    <platform-embed
      [attr.base-url]="baseUrl"
      [attr.dashboard]="dashboard"
      [attr.scheme]="scheme"
      locale="en-US"
      timezone="Europe/Berlin"
      allow-export
      frame-title="Sales dashboard"
      ready-timeout="30000"
      allow="fullscreen; clipboard-write"
      referrer-policy="strict-origin-when-cross-origin"
      [theme]="theme"
      [filters]="filters"
      [sessionProvider]="sessionProvider"
      (platform-ready)="report($event)"
      (platform-view)="report($event)"
      (platform-navigate)="report($event)"
      (platform-dashboard-loaded)="report($event)"
      (platform-download)="report($event)"
      (platform-drilldown)="report($event)"
      (platform-ai-query)="report($event)"
      (platform-error)="report($event)"
      (platform-event)="report($event)"
    ></platform-embed>
    <platform-admin-panel
      [attr.base-url]="baseUrl"
      [attr.deployment-id]="deploymentId"
      [client]="client"
      (platform-settings-loaded)="report($event)"
      (platform-settings-saved)="report($event)"
      (platform-token-issued)="report($event)"
      (platform-branch-deleted)="report($event)"
      (platform-api-error)="report($event)"
    ></platform-admin-panel>
  `,
})
export class PlatformHostComponent {
  @Input({ required: true }) baseUrl!: string;
  @Input({ required: true }) dashboard!: string;
  @Input({ required: true }) sessionProvider!: () => Promise<string>;
  @Input() scheme: 'light' | 'dark' | 'auto' = 'auto';
  @Input() theme: { primaryColor?: string; borderRadius?: string; font?: string } = {};
  @Input() filters: Record<string, unknown> = {};
  @Input({ required: true }) client!: PlatformApiClient;
  @Input({ required: true }) deploymentId!: number;
  /** Every DOM event of both elements. */
  @Output() readonly platformEvent = new EventEmitter<PlatformEventReport>();

  /** Template event bindings give `Event`; the elements fire `CustomEvent`s. */
  report(event: Event): void {
    this.platformEvent.emit({ name: event.type, detail: (event as CustomEvent<unknown>).detail });
  }
}
