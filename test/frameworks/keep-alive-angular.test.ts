/**
 * Keeping a dashboard warm in Angular 21 (zoneless, JIT): `[hidden]` keeps the
 * element in the document, so the embed stays alive; `@if` destroys it, and
 * showing it again loads it anew with a fresh session.
 */
import '@angular/compiler';
import { Component, CUSTOM_ELEMENTS_SCHEMA, provideZonelessChangeDetection, signal, type ApplicationRef, type Type } from '@angular/core';
import { bootstrapApplication } from '@angular/platform-browser';
import { expect } from '@open-wc/testing';
import '../../src/embed.js';
import { tenantOrigin } from './helpers.js';
import { checkKeptAlive, checkReloads, LoadCounter } from './keep-alive.js';

let counter: LoadCounter;

@Component({
  selector: 'test-keep-hidden',
  schemas: [CUSTOM_ELEMENTS_SCHEMA],
  template: `<platform-embed [hidden]="!shown()" [attr.base-url]="baseUrl" dashboard="sales" [sessionProvider]="provider" />`,
})
class HiddenTab {
  readonly shown = signal(true);
  readonly baseUrl = tenantOrigin;
  readonly provider = counter.provider;
}

@Component({
  selector: 'test-keep-if',
  schemas: [CUSTOM_ELEMENTS_SCHEMA],
  template: `@if (shown()) {<platform-embed [attr.base-url]="baseUrl" dashboard="sales" [sessionProvider]="provider" />}`,
})
class IfTab {
  readonly shown = signal(true);
  readonly baseUrl = tenantOrigin;
  readonly provider = counter.provider;
}

async function mount<T extends HiddenTab | IfTab>(component: Type<T>, selector: string) {
  const container = document.createElement('div');
  container.append(document.createElement(selector));
  document.body.append(container);
  const appRef: ApplicationRef = await bootstrapApplication(component, { providers: [provideZonelessChangeDetection()] });
  const tab = appRef.components[0]!.instance as T;
  return {
    async show(value: boolean) {
      tab.shown.set(value);
      await appRef.whenStable();
    },
    find: () => container.querySelector('platform-embed'),
    unmount() {
      appRef.destroy();
      container.remove();
    },
  };
}

describe('Angular 21: a dashboard kept warm across tabs', () => {
  it('[hidden]: no navigation, no session, still ready when shown again', async () => {
    counter = new LoadCounter();
    const app = await mount(HiddenTab, 'test-keep-hidden');
    try {
      await checkKeptAlive(app.find, counter, () => app.show(false), () => app.show(true), (embed) => expect(embed.hidden).to.equal(true));
    } finally {
      app.unmount();
      counter.dispose();
    }
  });

  it('@if destroys the element: showing it again is a new load with a fresh session', async () => {
    counter = new LoadCounter();
    const app = await mount(IfTab, 'test-keep-if');
    try {
      await checkReloads(app.find, counter, () => app.show(false), () => app.show(true));
    } finally {
      app.unmount();
      counter.dispose();
    }
  });
});
