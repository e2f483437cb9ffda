// React 18 and 19: the components of `platform-embed/react` (made with @lit/react).
// Props are camelCase; objects and functions are set as properties; events are
// `on` + PascalCase (`onPlatformReady`) with a typed `event.detail`; `ref` is
// the element, for its methods. Using a component defines its element.
import type { Ref } from 'react';
import type { PlatformApiClient, PlatformEmbedElement } from 'platform-embed';
import { PlatformAdminPanel, PlatformEmbed } from 'platform-embed/react';

/** Every DOM event the two elements fire, reported to the parent. */
export type PlatformEventReport = (name: string, detail: unknown) => void;

export interface PlatformHostProps {
  baseUrl: string;
  dashboard: string;
  sessionProvider: () => Promise<string>;
  scheme: 'light' | 'dark' | 'auto';
  theme: { primaryColor?: string; borderRadius?: string; font?: string };
  filters: Record<string, unknown>;
  client: PlatformApiClient;
  deploymentId: number;
  onPlatformEvent: PlatformEventReport;
  embedRef?: Ref<PlatformEmbedElement>;
}

export function PlatformHost(props: PlatformHostProps) {
  const report = (event: CustomEvent<unknown>) => props.onPlatformEvent(event.type, event.detail);
  return (
    <>
      <PlatformEmbed
        ref={props.embedRef}
        baseUrl={props.baseUrl}
        dashboard={props.dashboard}
        scheme={props.scheme}
        locale="en-US"
        timezone="Europe/Berlin"
        allowExport
        frameTitle="Sales dashboard"
        readyTimeout={30000}
        allow="fullscreen; clipboard-write"
        referrerPolicy="strict-origin-when-cross-origin"
        debug={false}
        theme={props.theme}
        filters={props.filters}
        sessionProvider={props.sessionProvider}
        onPlatformReady={(event) => report(event)}
        onPlatformView={(event) => report(event)}
        onPlatformNavigate={(event) => report(event)}
        onPlatformDashboardLoaded={(event) => report(event)}
        onPlatformDownload={(event) => report(event)}
        onPlatformDrilldown={(event) => report(event)}
        onPlatformAiQuery={(event) => report(event)}
        onPlatformError={(event) => report(event)}
        onPlatformEvent={(event) => report(event)}
        onPlatformSessionRenewal={(event) => report(event)}
      />
      <PlatformAdminPanel
        baseUrl={props.baseUrl}
        deploymentId={props.deploymentId}
        client={props.client}
        onPlatformSettingsLoaded={(event) => report(event)}
        onPlatformSettingsSaved={(event) => report(event)}
        onPlatformTokenIssued={(event) => report(event)}
        onPlatformBranchDeleted={(event) => report(event)}
        onPlatformApiError={(event) => report(event)}
      />
    </>
  );
}
