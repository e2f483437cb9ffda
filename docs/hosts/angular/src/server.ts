import {
  AngularNodeAppEngine,
  createNodeRequestHandler,
  createWebRequestFromNodeRequest,
  isMainModule,
  writeResponseToNodeResponse,
} from '@angular/ssr/node';
import express from 'express';
import { join } from 'node:path';
import { sessionHandler } from './app/platform.server';

const browserDistFolder = join(import.meta.dirname, '../browser');

const app = express();
const angularApp = new AngularNodeAppEngine();

// The session route for the element's sessionProvider: the Fetch API handler,
// mounted with the same Node adapters Angular's own engine uses below.
app.post('/api/embed-session', (req, res, next) => {
  sessionHandler(createWebRequestFromNodeRequest(req))
    .then((response) => writeResponseToNodeResponse(response, res))
    .catch(next);
});

// No icon, and no 404 in the console of the first page a visitor opens.
app.get('/favicon.ico', (_req, res) => void res.status(204).end());

app.use(express.static(browserDistFolder, { maxAge: '1y', index: false, redirect: false }));

app.use((req, res, next) => {
  angularApp
    .handle(req)
    .then((response) => (response ? writeResponseToNodeResponse(response, res) : next()))
    .catch(next);
});

if (isMainModule(import.meta.url) || process.env['pm_id']) {
  const port = Number(process.env['PORT'] || 4000);
  const host = process.env['HOST'] || 'localhost';
  app.listen(port, host, (error) => {
    if (error) throw error;
    console.log(`Node Express server listening on http://${host}:${port}`);
  });
}

export const reqHandler = createNodeRequestHandler(app);
