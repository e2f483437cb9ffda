/**
 * Shadow tree of `<platform-embed>`: the iframe fills the host; overlays
 * cover it while loading or failed.
 */
import { css } from '@lit/reactive-element';

export const embedStyles = css`
  :host {
    display: block;
    position: relative;
    height: var(--platform-embed-height, 600px);
    overflow: hidden;
  }
  :host([hidden]) {
    display: none;
  }
  iframe {
    display: block;
    width: 100%;
    height: 100%;
    border: 0;
  }
  .overlay {
    position: absolute;
    inset: 0;
    display: flex;
    align-items: center;
    justify-content: center;
    background: var(--platform-embed-overlay-background, Canvas);
    color: var(--platform-embed-overlay-color, CanvasText);
    font: inherit;
  }
  .overlay[hidden] {
    display: none;
  }
`;

/** The overlays of the element's shadow tree (the iframe is rendered by the element). */
export interface Overlays {
  loading: HTMLElement;
  error: HTMLElement;
}

/** Appends the overlays (a part, a named slot and its default content each) to `root`. */
export function renderOverlays(root: HTMLElement | DocumentFragment): Overlays {
  const overlay = (part: string, role: string, text: string) => {
    const container = document.createElement('div');
    const slot = document.createElement('slot');
    const fallback = document.createElement('span');
    container.setAttribute('part', part);
    container.className = 'overlay';
    slot.name = part;
    fallback.setAttribute('role', role);
    fallback.textContent = text;
    slot.append(fallback);
    container.append(slot);
    root.append(container);
    return container;
  };
  return {
    loading: overlay('loading', 'status', 'Loading…'),
    error: overlay('error', 'alert', 'The embedded content could not be loaded.'),
  };
}

/** Sets or removes (`undefined`) an attribute, touching the DOM only on a change. */
export function setAttribute(element: Element, name: string, value: string | undefined): void {
  if (value === undefined) element.removeAttribute(name);
  else if (element.getAttribute(name) !== value) element.setAttribute(name, value);
}
