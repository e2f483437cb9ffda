/**
 * What a server-rendered `<platform-embed>` (see `renderEmbed`) hands to the
 * element when it is defined. DOM-free: the server entry and the element both
 * import these names, so the markup and the takeover cannot drift apart.
 *
 * The markup is
 *
 *   <platform-embed …attributes… server-rendered>
 *     <template shadowrootmode="open"><style>…</style><iframe part="iframe" … src="…"></iframe></template>
 *     <script nonce="…">…keeper…</script>
 *   </platform-embed>
 *
 * The keeper script runs while the page is parsed, right after the iframe
 * started navigating. It stores an `EarlyRecord` on the element under
 * `EARLY_PROPERTY`: the parse time and every message of its iframe's window
 * with its arrival time, until the element takes them (the element then removes
 * its listener and replays the messages through the ordinary router). The
 * element removes `SERVER_RENDERED_ATTRIBUTE` once it has taken over; a keeper
 * that finds it gone keeps nothing. An element defined before the markup was
 * parsed waits for the end of parsing, so the keeper has run by then.
 */

/** Boolean attribute of server-rendered markup; removed by the element when it takes over. */
export const SERVER_RENDERED_ATTRIBUTE = 'server-rendered';

/** The element property under which the keeper script stores its `EarlyRecord`. */
export const EARLY_PROPERTY = 'platformEmbedEarly';

/** What the keeper script kept before the element was defined. */
export interface EarlyRecord {
  /** `performance.now()` when the HTML with the iframe was parsed: the start of the load. */
  time: number;
  /** Each message whose `source` is the iframe's window, with its arrival time (`performance.now()`), oldest first. */
  messages: [MessageEvent, number][];
  /** True once the iframe fired `load` (the embed's document finished loading). */
  loaded: boolean;
  /** The keeper's window `message` listener, for the element to remove. */
  listener: (event: MessageEvent) => void;
}
