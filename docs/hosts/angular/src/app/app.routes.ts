import type { Routes } from '@angular/router';
import { DashboardPage } from './dashboard.page';
import { ElementPage } from './element.page';
import { PlainPage } from './plain.page';
import { embedHtmlResolver } from './embed.resolver';

export const routes: Routes = [
  { path: '', component: DashboardPage, resolve: { html: embedHtmlResolver('embed') }, runGuardsAndResolvers: 'always' },
  { path: 'element', component: ElementPage },
  { path: 'plain', component: PlainPage, resolve: { html: embedHtmlResolver('plain') } },
];
