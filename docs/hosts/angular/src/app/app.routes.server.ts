import { RenderMode, type ServerRoute } from '@angular/ssr';

// Every page is rendered per request: a session is single-use, never made at build time.
export const serverRoutes: ServerRoute[] = [{ path: '**', renderMode: RenderMode.Server }];
