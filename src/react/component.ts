'use client';

/**
 * What both React components are made of: `@lit/react`'s `createComponent`
 * with every DOM event of the element as an `on` + PascalCase prop
 * (`platform-session-renewal` → `onPlatformSessionRenewal`), typed with the
 * event the listener receives, and the element defined when the component is
 * made.
 */
import * as React from 'react';
// `@lit/react` is an optional peer dependency: only this entry needs it. A bundler that cannot
// resolve it shows this line: install it beside React with `npm install @lit/react`.
import { createComponent, type EventName, type ReactWebComponent } from '@lit/react'; // npm install @lit/react
import { defineElement } from '../define-element.js';

type Pascal<S extends string> = S extends `${infer Head}-${infer Tail}` ? `${Capitalize<Head>}${Pascal<Tail>}` : Capitalize<S>;

/** `on` + PascalCase prop name → DOM event name, typed with the event. */
export type EventProps<M> = { [K in keyof M & string as `on${Pascal<K>}`]: EventName<M[K] & Event> };

/**
 * The component of `tag`; `events` lists every key of the element's event map
 * (a missing one does not compile).
 */
export function component<E extends HTMLElement, M>(
  tag: string,
  elementClass: (new () => E) & { readonly observedAttributes: string[] },
  displayName: string,
  events: Record<keyof M & string, true>,
): ReactWebComponent<E, EventProps<M>> {
  // Finalizing puts every reactive property's accessor on the prototype, where
  // @lit/react looks to set a prop as a property, also before the definition.
  void elementClass.observedAttributes;
  defineElement(tag, elementClass);
  const props: Record<string, string> = {};
  for (const name of Object.keys(events)) props[`on${name.replace(/(?:^|-)(\w)/g, (_, c: string) => c.toUpperCase())}`] = name;
  return createComponent({ react: React, tagName: tag, elementClass, displayName, events: props as EventProps<M> });
}
