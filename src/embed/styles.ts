/** Styles of `<platform-embed>`: the iframe fills the host; overlays cover it while loading or failed. */
import { css } from 'lit';

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
