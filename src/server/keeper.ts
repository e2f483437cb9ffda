/**
 * The keeper: the inline classic script that `renderEmbed` places right after
 * the declarative shadow root. It runs while the page is parsed, before any
 * module script, and keeps what the element needs for its takeover (see
 * `handoff.ts`): the load time, every message of the embed's window with its
 * arrival time, and whether the iframe fired `load`. It does nothing when the
 * element already took over (defined first: the attribute is gone), when the
 * browser made no declarative root, or when a record exists.
 *
 * ES5 and written by hand: it must parse in every browser that parses the
 * page, and it contains no `<` at all, so it can never close its own script
 * element or open a comment.
 */
import { EARLY_PROPERTY, SERVER_RENDERED_ATTRIBUTE } from '../embed/handoff.js';

/** The keeper's source, placed verbatim in `<script>`. */
export const KEEPER_SCRIPT =
  '(function(){var s=document.currentScript,e=s&&s.parentNode,r=e&&e.shadowRoot,f=r&&r.querySelector("iframe"),q;' +
  `if(!f||!e.hasAttribute("${SERVER_RENDERED_ATTRIBUTE}")||e.${EARLY_PROPERTY})return;` +
  `q=e.${EARLY_PROPERTY}={time:performance.now(),messages:[],loaded:!1,listener:function(m){if(m.source===f.contentWindow)q.messages.push([m,performance.now()])}};` +
  'addEventListener("message",q.listener);f.addEventListener("load",function(){q.loaded=!0})})()';
