/**
 * `keep-alive` in Angular 21 (zoneless, JIT) with its router: the route the
 * viewer leaves is destroyed with its `<platform-embed>`; coming back creates
 * a new element, which adopts the kept embed: no navigation and no session.
 */
import '@angular/compiler';
import { provideLocationMocks } from '@angular/common/testing';
import { Component, CUSTOM_ELEMENTS_SCHEMA, provideZonelessChangeDetection, type ApplicationRef } from '@angular/core';
import { bootstrapApplication } from '@angular/platform-browser';
import { provideRouter, Router, RouterOutlet } from '@angular/router';
import { expect } from '@open-wc/testing';
import '../../src/embed.js';
import '../../src/keep-alive.js';
import type { PlatformEmbedElement } from '../../src/index.js';
import { tenantOrigin, until } from './helpers.js';
import { LoadCounter, readyEmbed, settle } from './keep-alive.js';

let counter: LoadCounter;
const Embed = customElements.get('platform-embed') as unknown as { discardKeptAlive(scope?: string): void };

@Component({
  selector: 'test-analytics',
  schemas: [CUSTOM_ELEMENTS_SCHEMA],
  template: `<platform-embed keep-alive="viewer-1" [attr.base-url]="baseUrl" dashboard="sales" [sessionProvider]="provider" />`,
})
class Analytics {
  readonly baseUrl = tenantOrigin;
  readonly provider = counter.provider;
}

@Component({ selector: 'test-settings', template: `<p>Settings</p>` })
class Settings {}

@Component({ selector: 'test-router-shell', imports: [RouterOutlet], template: `<router-outlet />` })
class Shell {}

describe('Angular router: keep-alive across routes', () => {
  it('a route away and back adopts the kept embed: 0 navigations, 0 sessions', async () => {
    counter = new LoadCounter();
    const container = document.createElement('div');
    container.append(document.createElement('test-router-shell'));
    document.body.append(container);
    const appRef: ApplicationRef = await bootstrapApplication(Shell, {
      providers: [
        provideZonelessChangeDetection(),
        provideLocationMocks(),
        provideRouter([
          { path: 'analytics', component: Analytics },
          { path: 'settings', component: Settings },
        ]),
      ],
    });
    const router = appRef.injector.get(Router);
    const find = () => container.querySelector<PlatformEmbedElement>('platform-embed');
    try {
      await router.navigateByUrl('/analytics');
      await appRef.whenStable();
      const first = await readyEmbed(find);
      const iframe = first.iframe;
      await router.navigateByUrl('/settings');
      await appRef.whenStable();
      await until(() => !find(), 'the analytics route destroyed');
      await settle();
      await router.navigateByUrl('/analytics');
      await appRef.whenStable();
      await until(() => !!find(), 'the analytics route back');
      const second = find()!;
      expect(second, 'a new element').to.not.equal(first);
      await until(() => second.ready, 'ready');
      expect(second.iframe, 'the same iframe').to.equal(iframe);
      await settle();
      expect([counter.navigations, counter.sessions], '[navigations, sessions]').to.deep.equal([1, 1]);
    } finally {
      appRef.destroy();
      container.remove();
      counter.dispose();
      Embed.discardKeptAlive();
    }
  });
});
