// Loaded first by test pages (see the html-snippets plugin): records every
// platform-* DOM event, console warning, uncaught error and the actions the
// tenant fixture echoes, so a test can read them from the frame afterwards.
(() => {
  const record = { events: [], warnings: [], errors: [], actions: [], navigations: {} };
  window.__platform = record;
  // The element navigates its iframe with a link that targets the iframe's name: keep each URL by name.
  const click = HTMLAnchorElement.prototype.click;
  HTMLAnchorElement.prototype.click = function () {
    if (this.target) record.navigations[this.target] = this.href;
    click.call(this);
  };
  const names = [
    'platform-ready', 'platform-view', 'platform-navigate', 'platform-dashboard-loaded', 'platform-download',
    'platform-drilldown', 'platform-ai-query', 'platform-error', 'platform-event',
  ];
  for (const name of names) {
    document.addEventListener(name, (event) => {
      record.events.push({ name, id: event.target.id, detail: JSON.parse(JSON.stringify(event.detail ?? null)) });
    });
  }
  const warn = console.warn.bind(console);
  console.warn = (...args) => {
    record.warnings.push(args.map(String).join(' '));
    warn(...args);
  };
  addEventListener('error', (event) => record.errors.push(String(event.message)));
  addEventListener('unhandledrejection', (event) => record.errors.push(String(event.reason)));
  addEventListener('message', (event) => {
    if (event.data && event.data.fixtureReport === 'action') record.actions.push(event.data.data);
  });
})();
