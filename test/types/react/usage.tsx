// Type fixture for platform-embed/react, checked by tsc (test/types/types.test.mjs).
// Correct usage compiles; every `@ts-expect-error` line must really be an error.
import type { PlatformApiClient, PlatformEmbedElement } from 'platform-embed';
import type {} from 'platform-embed/react';

declare const client: PlatformApiClient;

export function Correct() {
  return (
    <>
      <platform-embed
        base-url="https://acme.platform.example"
        dashboard="sales"
        scheme="dark"
        allow-export
        ready-timeout={10000}
        theme={{ primaryColor: '#0055ff' }}
        filters={{ 'orders.status': 'shipped' }}
        sessionProvider={async () => 'session-id'}
        ref={(el: PlatformEmbedElement | null) => void el}
        onplatform-ready={(event) => {
          const mode: 'signed' | 'private' = event.detail.mode;
          void mode;
        }}
        onplatform-drilldown={(event) => void event.detail.member.toUpperCase()}
        onplatform-error={(event) => void event.detail.message}
      />
      <platform-admin-panel
        deployment-id={42}
        client={client}
        onplatform-branch-deleted={(event) => void event.detail.branchName}
        onplatform-api-error={(event) => void event.detail.code}
      />
    </>
  );
}

export function Wrong() {
  return (
    <>
      {/* @ts-expect-error `scheme` is light | dark | auto */}
      <platform-embed scheme="blue" />
      {/* @ts-expect-error misspelt property */}
      <platform-embed sheme="dark" />
      {/* @ts-expect-error `sessionProvider` must return a promise of a string */}
      <platform-embed sessionProvider={() => 42} />
      {/* @ts-expect-error the handler expects another detail type */}
      <platform-embed onplatform-ready={(event: CustomEvent<number>) => void event.detail.toFixed()} />
      {/* @ts-expect-error the ready payload has no such field */}
      <platform-embed onplatform-ready={(event) => void event.detail.tenant} />
      {/* @ts-expect-error `deployment-id` is a number */}
      <platform-admin-panel deployment-id={{ id: 42 }} />
    </>
  );
}
