// `v-embed-html`: v-html for renderEmbed's HTML, safe through hydration.
//
// Plain v-html fails here: Vue 3.5 hydrates a dynamic prop by setting it again,
// so hydration re-sets innerHTML with the same string. That replaces the
// server's <platform-embed>: its iframe, already navigating with the session,
// is thrown away and a new one loads the same, now spent, session.
//
// This directive writes the HTML on the server (getSSRProps, as v-html does),
// leaves the server's nodes alone during hydration (the element already has
// children), and writes it into an empty element when the page renders in the
// browser (a client-side navigation). A later new value replaces the embed.
// Like v-html, it is for trusted HTML only: renderEmbed escapes every value and
// throws a TypeError for anything the element would not load.
import type { Directive } from 'vue';

export const vEmbedHtml: Directive<HTMLElement, string | undefined> = {
  getSSRProps: (binding) => ({ innerHTML: binding.value ?? '' }),
  beforeMount(el, binding) {
    if (!el.hasChildNodes()) el.innerHTML = binding.value ?? '';
  },
  updated(el, binding) {
    if (binding.value !== binding.oldValue) el.innerHTML = binding.value ?? '';
  },
};
