/**
 * Entry of the script-tag keep-alive add-on (`platform-embed-keep-alive.iife.min.js`):
 * loaded after a script-tag bundle of the element (either one), it installs
 * keep-alive on the defined `<platform-embed>` class, whichever build defined
 * it, through the element's add-on interface. Exposes `keptCount`, `KEEP_MS`
 * and `MAX_KEPT` on `PlatformEmbedKeepAlive`.
 */
import { install, type EmbedClass } from './embed/keep-alive/install.js';

export { KEEP_MS, keptCount, MAX_KEPT } from './embed/keep-alive/store.js';

const TAG = 'platform-embed';
const defined = () => install(customElements.get(TAG) as EmbedClass);
if (customElements.get(TAG)) defined();
else void customElements.whenDefined(TAG).then(defined);
