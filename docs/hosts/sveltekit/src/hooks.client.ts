// Runs in the browser before hydration. The element is defined here, not in a
// component: Svelte sets a function as a property only on a defined element
// (on an undefined one it would become a `sessionprovider` attribute), and the
// server-rendered embed is taken over as soon as possible. The elements already
// in the server's HTML get their provider in the same task as the definition,
// so none starts a load without one.
import 'platform-embed/embed';
import { provideSessions } from '#lib/session-provider.ts';

provideSessions(document);
