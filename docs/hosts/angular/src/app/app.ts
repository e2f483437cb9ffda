import { Component } from '@angular/core';
import { RouterLink, RouterOutlet } from '@angular/router';

@Component({
  selector: 'app-root',
  imports: [RouterOutlet, RouterLink],
  template: `
    <nav><a routerLink="/">Server-rendered embed</a> · <a routerLink="/element">Element</a></nav>
    <router-outlet />
  `,
})
export class App {}
