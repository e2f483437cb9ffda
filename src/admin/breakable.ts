/**
 * Values the panel shows as they are (URLs, domains, registry paths) have no
 * spaces to wrap at. A `<wbr>` after each dot and slash lets a line break
 * there, between the parts an engineer reads, rather than inside a word; the
 * copied text is unchanged.
 */
import { html } from 'lit';

/** `text` with a line break allowed after each `.` and `/`. */
export const breakable = (text: string) => text.split(/(?<=[./])/).map((part) => html`${part}<wbr>`);
