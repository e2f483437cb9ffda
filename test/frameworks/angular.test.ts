/**
 * Angular 21 hosting both elements: docs/hosts/angular-client/platform-host.component.ts,
 * compiled just in time (@angular/compiler) and run zoneless.
 */
import '@angular/compiler';
import { Component, provideZonelessChangeDetection, signal, type ApplicationRef } from '@angular/core';
import { bootstrapApplication } from '@angular/platform-browser';
import { expect } from '@open-wc/testing';
import { PlatformHostComponent, type PlatformEventReport } from '../../docs/hosts/angular-client/platform-host.component.js';
import {
  attributesOf,
  checkBoundHost,
  EventLog,
  initialState,
  itBindsWhenDefinedFirst,
  type HostHandle,
  type HostState,
} from './scenario.js';

let next: { state: HostState; log: EventLog } | undefined;

@Component({
  selector: 'test-angular-harness',
  imports: [PlatformHostComponent],
  template: `
    <app-platform-host
      [baseUrl]="state().baseUrl"
      [dashboard]="state().dashboard"
      [scheme]="state().scheme"
      [theme]="state().theme"
      [filters]="state().filters"
      [sessionProvider]="state().sessionProvider"
      [client]="state().client"
      [deploymentId]="state().deploymentId"
      (platformEvent)="onEvent($event)"
    />
  `,
})
class Harness {
  readonly state = signal<HostState>(next!.state);
  private readonly log: EventLog = next!.log;

  onEvent(event: PlatformEventReport): void {
    this.log.report(event.name, event.detail);
  }
}

async function mount(state: HostState, log: EventLog): Promise<HostHandle> {
  const container = document.createElement('div');
  container.append(document.createElement('test-angular-harness'));
  document.body.append(container);
  next = { state, log };
  const appRef: ApplicationRef = await bootstrapApplication(Harness, { providers: [provideZonelessChangeDetection()] });
  const harness = appRef.components[0]!.instance as Harness;
  return {
    embed: () => container.querySelector('platform-embed'),
    admin: () => container.querySelector('platform-admin-panel'),
    async update(change) {
      harness.state.update((state) => ({ ...state, ...change }));
      await appRef.whenStable();
    },
    unmount() {
      appRef.destroy();
      container.remove();
    },
  };
}

describe('Angular 21 host (zoneless, JIT)', () => {
  // Runs first: the elements are not defined until this test imports them.
  it('works when the elements are defined after the first render', async () => {
    expect(customElements.get('platform-embed')).to.equal(undefined);
    const log = new EventLog();
    const state = initialState();
    const handle = await mount(state, log);
    try {
      // Angular's [prop] bindings are property sets, also on an undefined element.
      const early = handle.embed()!;
      expect(attributesOf(early)).not.to.have.any.keys('theme', 'filters', 'sessionprovider');
      expect(Object.prototype.hasOwnProperty.call(early, 'sessionProvider')).to.equal(true);
      await import('../../src/define.js');
      await checkBoundHost(handle, state, log);
    } finally {
      handle.unmount();
    }
  });

  itBindsWhenDefinedFirst(mount);
});
