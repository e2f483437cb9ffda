// Browser only (.client): defines <platform-embed> before the app hydrates, so
// the server-rendered embed is taken over at once, and Vue's `.prop` bindings
// meet a defined element. The elements already in the server's HTML get their
// provider in the same task as the definition, so none starts a load without one.
import 'platform-embed/embed';
import { provideSessions } from '../utils/session-provider';

provideSessions(document);

export default defineNuxtPlugin(() => {});
