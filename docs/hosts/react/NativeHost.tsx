// React 19 without the wrapper components: <platform-embed> and
// <platform-admin-panel> as native JSX custom elements (PlatformHost.tsx, with
// the components, works on React 18 too and is the recommended way).
// Types: `import type {} from 'platform-embed/react'` adds both tags to JSX.
// Strings go in kebab-case attributes (`base-url`), objects and functions are
// properties (`theme`, `filters`, `sessionProvider`, `client`), and events are
// `on` + the event name (`onplatform-ready`), as React 19 does for custom elements.
import type {} from 'platform-embed/react';
// The same props as the component version.
import type { PlatformHostProps } from './PlatformHost';

export function NativeHost(props: PlatformHostProps) {
  const report = (event: CustomEvent<unknown>) => props.onPlatformEvent(event.type, event.detail);
  return (
    <>
      <platform-embed
        base-url={props.baseUrl}
        dashboard={props.dashboard}
        scheme={props.scheme}
        locale="en-US"
        timezone="Europe/Berlin"
        allow-export
        frame-title="Sales dashboard"
        ready-timeout={30000}
        allow="fullscreen; clipboard-write"
        referrer-policy="strict-origin-when-cross-origin"
        debug={false}
        theme={props.theme}
        filters={props.filters}
        sessionProvider={props.sessionProvider}
        onplatform-ready={(event) => report(event)}
        onplatform-view={(event) => report(event)}
        onplatform-navigate={(event) => report(event)}
        onplatform-dashboard-loaded={(event) => report(event)}
        onplatform-download={(event) => report(event)}
        onplatform-drilldown={(event) => report(event)}
        onplatform-ai-query={(event) => report(event)}
        onplatform-error={(event) => report(event)}
        onplatform-event={(event) => report(event)}
      />
      <platform-admin-panel
        base-url={props.baseUrl}
        deployment-id={props.deploymentId}
        client={props.client}
        onplatform-settings-loaded={(event) => report(event)}
        onplatform-settings-saved={(event) => report(event)}
        onplatform-token-issued={(event) => report(event)}
        onplatform-branch-deleted={(event) => report(event)}
        onplatform-api-error={(event) => report(event)}
      />
    </>
  );
}
