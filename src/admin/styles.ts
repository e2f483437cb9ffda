/**
 * The admin panel's styles. Every color, the font and the radius come from
 * `--platform-admin-*` custom properties with accessible defaults (text and
 * controls meet WCAG AA contrast on the default surface).
 */
import { unsafeCSS } from 'lit';

/**
 * Lit's `css` tag without its check of interpolated values: these styles have
 * none, and the check's code and message would be the only reason the bundle
 * carries it. Named `css` so the build still minifies the text.
 */
const css = (strings: TemplateStringsArray) => unsafeCSS(strings[0]);

/**
 * The shadow-root styles of `<platform-admin-panel>`. The private custom
 * properties set on `:host` have one-letter names, as no minifier shortens
 * them: `--_a` accent, `--_at` text on the accent, `--_d` danger, `--_s`
 * success, `--_t` text, `--_m` muted, `--_b` background (the surface), `--_l`
 * lines (the border color), `--_r` radius, `--_g` gap.
 */
export const adminPanelStyles = css`
  :host {
    --_a: var(--platform-admin-accent, #2f5bd3);
    --_at: var(--platform-admin-accent-text, #ffffff);
    --_d: var(--platform-admin-danger, #b3261e);
    --_s: var(--platform-admin-success, #1b6b36);
    --_t: var(--platform-admin-text, #1d1d1f);
    --_m: var(--platform-admin-muted, #55575d);
    --_b: var(--platform-admin-surface, #ffffff);
    --_l: var(--platform-admin-border, #8a8d94);
    --_r: var(--platform-admin-radius, 6px);
    --_g: var(--platform-admin-gap, 1rem);
    display: block;
    color: var(--_t);
    background: var(--_b);
    font-family: var(--platform-admin-font, system-ui,-apple-system,'Segoe UI',Roboto,sans-serif);
    font-size: 0.9375rem;
    line-height: 1.45;
    /* A word longer than its line (a long value in the change summary) breaks rather than overflows. */
    overflow-wrap: break-word;
    /* Long compounds (German) break at a syllable with a hyphen; a browser hyphenates only where a lang is known. */
    hyphens: auto;
  }
  code {
    hyphens: manual;
  }
  /* Japanese has no spaces: wrap between phrases (bunsetsu), not inside a word, where the browser can. */
  :host(:lang(ja)) {
    word-break: auto-phrase;
  }
  :host([hidden]) {
    display: none;
  }
  * {
    box-sizing: border-box;
  }
  section {
    border: 1px solid var(--_l);
    border-radius: var(--_r);
    padding: var(--_g);
    margin-block-end: var(--_g);
  }
  h2 {
    font-size: 1.15rem;
    margin: 0 0 0.75rem;
    display: flex;
    align-items: center;
    gap: 0.5rem;
    flex-wrap: wrap;
  }
  h3 {
    font-size: 1rem;
    margin: 0.75rem 0 0.5rem;
  }
  fieldset {
    border: 1px solid var(--_l);
    border-radius: var(--_r);
    margin: 0 0 var(--_g);
    padding: 0.75rem;
    min-width: 0;
  }
  .group,
  .subform {
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(16rem, 1fr));
    column-gap: var(--_g);
    align-items: start;
  }
  .group > .editor,
  .group > .subform {
    grid-column: 1 / -1;
  }
  .subform > .field.switch {
    grid-column: 1 / -1;
  }
  legend {
    font-weight: 600;
    padding: 0 0.25rem;
  }
  .field {
    display: grid;
    gap: 0.25rem;
    margin-block-end: 0.75rem;
  }
  .field.switch,
  .field.checkbox {
    grid-template-columns: auto 1fr;
    align-items: center;
    column-gap: 0.5rem;
  }
  input[type='text'],
  select {
    font: inherit;
    color: inherit;
    background: var(--_b);
    border: 1px solid var(--_l);
    border-radius: var(--_r);
    padding: 0.375rem 0.5rem;
    min-width: 0;
    width: 100%;
  }
  input[type='checkbox'] {
    inline-size: 1.1rem;
    block-size: 1.1rem;
    accent-color: var(--_a);
    margin: 0;
  }
  input[role='switch'] {
    appearance: none;
    inline-size: 2.25rem;
    block-size: 1.25rem;
    border-radius: 999px;
    border: 1px solid var(--_l);
    background: var(--_b);
    position: relative;
    cursor: pointer;
  }
  input[role='switch']::after {
    content: '';
    position: absolute;
    inset-block-start: 2px;
    inset-inline-start: 2px;
    inline-size: calc(1.25rem - 6px);
    block-size: calc(1.25rem - 6px);
    border-radius: 50%;
    background: var(--_m);
    transition: inset-inline-start 0.15s;
  }
  input[role='switch']:checked {
    background: var(--_a);
    border-color: var(--_a);
  }
  input[role='switch']:checked::after {
    background: var(--_at);
    /* A logical offset, so the knob moves towards the end in either direction. */
    inset-inline-start: calc(2px + 1rem);
  }
  input[aria-invalid='true'] {
    border-color: var(--_d);
    border-width: 2px;
  }
  :focus-visible {
    outline: 3px solid var(--_a);
    outline-offset: 2px;
  }
  button {
    font: inherit;
    color: var(--_t);
    background: var(--_b);
    border: 1px solid var(--_l);
    border-radius: var(--_r);
    padding: 0.375rem 0.875rem;
    cursor: pointer;
  }
  button[part~='primary'] {
    background: var(--_a);
    border-color: var(--_a);
    color: var(--_at);
  }
  button[part~='danger'] {
    background: var(--_d);
    border-color: var(--_d);
    color: #ffffff;
  }
  button[aria-disabled='true'],
  button:disabled {
    opacity: 0.6;
    cursor: not-allowed;
  }
  button.icon {
    padding: 0.25rem 0.5rem;
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: 0.5rem;
    align-items: center;
    margin-block: 0.5rem;
  }
  .rows {
    list-style: none;
    margin: 0 0 0.5rem;
    padding: 0;
    display: grid;
    gap: 0.375rem;
  }
  .row {
    display: flex;
    flex-wrap: wrap;
    gap: 0.375rem;
    align-items: center;
  }
  .row input[type='text'] {
    flex: 1 1 8rem;
    width: auto;
  }
  .row .field-error {
    flex-basis: 100%;
  }
  .field-error,
  .error {
    color: var(--_d);
    margin: 0;
  }
  .error:empty,
  .status:empty {
    display: none;
  }
  .error-box {
    border-inline-start: 4px solid var(--_d);
    padding-inline-start: 0.75rem;
  }
  .error-box p {
    color: var(--_d);
  }
  .status {
    color: var(--_s);
    margin: 0.25rem 0;
  }
  .loading .status,
  .empty {
    color: var(--_m);
  }
  .hint {
    color: var(--_m);
    margin: 0.25rem 0;
  }
  .required {
    color: var(--_d);
  }
  .badge {
    font-size: 0.8rem;
    font-weight: 600;
    border-radius: 999px;
    padding: 0.1rem 0.6rem;
    background: #fff4d6;
    color: #5c3d00;
    border: 1px solid #a8741a;
  }
  .summary ul {
    margin: 0;
    padding-inline-start: 1.25rem;
  }
  dl {
    display: grid;
    grid-template-columns: repeat(auto-fill, minmax(14rem, 1fr));
    gap: 0.5rem 1rem;
    margin: 0;
  }
  dt {
    color: var(--_m);
    font-size: 0.85rem;
  }
  dd {
    margin: 0;
  }
  .jwt {
    word-break: break-all;
  }
  dialog {
    color: var(--_t);
    background: var(--_b);
    border: 1px solid var(--_l);
    border-radius: var(--_r);
    max-inline-size: min(32rem, 90vw);
    font-family: inherit;
  }
  dialog::backdrop {
    background: rgb(0 0 0 / 0.4);
  }
  .visually-hidden {
    position: absolute;
    inline-size: 1px;
    block-size: 1px;
    margin: -1px;
    padding: 0;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
    border: 0;
  }
`;
