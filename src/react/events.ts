/**
 * Event props of the React components: every DOM event of an element becomes
 * `on` + its PascalCase name (`platform-session-renewal` →
 * `onPlatformSessionRenewal`), typed with the event the listener receives.
 */
import type { EventName } from '@lit/react';

type Pascal<S extends string> = S extends `${infer Head}-${infer Tail}` ? `${Capitalize<Head>}${Pascal<Tail>}` : Capitalize<S>;

/** `on` + PascalCase prop name → DOM event name, typed with the event. */
export type EventProps<M> = { [K in keyof M & string as `on${Pascal<K>}`]: EventName<M[K] & Event> };

/** The event props of `names` (every key of the element's event map: a missing one does not compile). */
export function eventProps<M>(names: Record<keyof M & string, true>): EventProps<M> {
  const props: Record<string, string> = {};
  for (const name of Object.keys(names)) props[`on${name.replace(/(?:^|-)(\w)/g, (_, c: string) => c.toUpperCase())}`] = name;
  return props as EventProps<M>;
}
