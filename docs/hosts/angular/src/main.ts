// The element is defined before the app hydrates, so the server-rendered embed
// is taken over at once; the elements already in the server's HTML get their
// provider in the same task, so none starts a load without one.
import 'platform-embed/embed';
import { bootstrapApplication } from '@angular/platform-browser';
import { App } from './app/app';
import { appConfig } from './app/app.config';
import { sessionProvider } from './app/platform';

document.querySelectorAll('platform-embed').forEach((embed) => (embed.sessionProvider = sessionProvider));

bootstrapApplication(App, appConfig).catch((err) => console.error(err));
