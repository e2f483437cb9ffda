/**
 * The element's side of server-rendered markup (see handoff.ts): waiting for
 * the parser to reach the end of the markup when the element was defined
 * first, and taking the markup's iframe and early messages over.
 */
import { EARLY_PROPERTY, SERVER_RENDERED_ATTRIBUTE, type EarlyRecord } from './handoff.js';

/** A server-rendered load to adopt: the iframe navigating with the server's session, and what the keeper kept. */
export interface Adopted {
  iframe: HTMLIFrameElement;
  early: EarlyRecord | undefined;
}

const keeper = (host: Element) => host.querySelector(':scope>script');

/**
 * When `host` holds server-rendered markup that the parser has not finished
 * (the element was defined before it), calls `go` once the document is parsed
 * and returns a function that stops waiting; otherwise returns `undefined`.
 * Meanwhile the iframe navigates and the keeper script keeps its messages, as
 * for an element defined late.
 */
export function waitForMarkup(host: Element, go: () => void): (() => void) | undefined {
  if (!host.hasAttribute(SERVER_RENDERED_ATTRIBUTE) || keeper(host) || document.readyState !== 'loading') return undefined;
  document.addEventListener('DOMContentLoaded', go);
  return () => document.removeEventListener('DOMContentLoaded', go);
}

/**
 * Takes server-rendered markup out of `host` (its marker, template, keeper and
 * record) and returns its iframe and early messages when the iframe loads from
 * `origin`; an iframe from anywhere else is removed. `undefined` when `host`
 * holds no such markup.
 */
export function takeOver(host: HTMLElement, root: ParentNode, origin: string | undefined): Adopted | undefined {
  if (!host.hasAttribute(SERVER_RENDERED_ATTRIBUTE)) return undefined;
  host.removeAttribute(SERVER_RENDERED_ATTRIBUTE);
  // Inserted by script, the markup's template stays inert: its iframe has not navigated yet, and does once inserted.
  const template = host.querySelector<HTMLTemplateElement>(':scope>template');
  const frame = root.querySelector('iframe') ?? template?.content.querySelector('iframe');
  template?.remove();
  keeper(host)?.remove();
  const record = host as unknown as Record<string, EarlyRecord | undefined>;
  const early = record[EARLY_PROPERTY];
  delete record[EARLY_PROPERTY];
  if (early) removeEventListener('message', early.listener);
  if (origin && frame?.getAttribute('src')?.startsWith(origin + '/')) return { iframe: frame, early };
  frame?.remove();
  return undefined;
}
