// A scriptable stand-in for the platform's embed page, served (by
// scripts/wtr-hardening-plugins.mjs) under /__hardening/tenant/** on every
// loopback origin. The host test page drives it with `{ hardening: … }`
// commands; every action envelope it receives is reported back to the
// parent as `{ hardening: 'action-seen', origin, action, href }`, a message the
// element must ignore (wrong `source`).
//
// The dashboard id selects start-up behaviour:
//   /embed/dashboard/auto-*   posts a valid ready event on load
//   anything else             stays silent until told
const surface = 'dashboard';
const publicId = location.pathname.split('/').pop();

function envelope(type, payload) {
  return { source: 'platform-embed', direction: 'event', type, surface, payload, timestamp: Date.now() };
}

function readyEvent() {
  return envelope('platform:event:ready', { embedTenant: 'acme', deploymentId: 7, mode: 'signed', surface, publicId });
}

function reply(message) {
  parent.postMessage({ hardening: 'reply', href: location.origin + location.pathname, ...message }, '*');
}

addEventListener('message', (event) => {
  const data = event.data;
  if (data && data.source === 'platform-embed' && data.direction === 'action') {
    parent.postMessage({ hardening: 'action-seen', origin: event.origin, action: data, href: location.origin + location.pathname }, '*');
    return;
  }
  if (!data || typeof data.hardening !== 'string') return;
  switch (data.hardening) {
    case 'post': {
      // Posts a batch in order, then a marker: when the marker arrives, every
      // message of the batch has been dispatched in the host window.
      let sent = 0;
      let unsendable = 0;
      for (const message of data.messages) {
        try {
          parent.postMessage(message, data.targetOrigin ?? '*');
          sent += 1;
        } catch {
          unsendable += 1; // structured clone limits (e.g. extreme nesting)
        }
      }
      reply({ id: data.id, sent, unsendable });
      break;
    }
    case 'post-deep': {
      // Builds the nested value here, so the host side does not need to clone it first.
      let value = data.leaf ?? 1;
      for (let i = 0; i < data.depth; i++) value = data.kind === 'array' ? [value] : { v: value };
      const message = envelope('platform:event:drilldown', { member: 'orders.count', value });
      let sent = 0;
      try {
        parent.postMessage(message, '*');
        sent = 1;
      } catch {
        // structured clone refused it
      }
      reply({ id: data.id, sent, unsendable: 1 - sent });
      break;
    }
    case 'ready':
      parent.postMessage(readyEvent(), '*');
      reply({ id: data.id });
      break;
    case 'navigate':
      location.href = data.url;
      break;
    case 'reload':
      location.reload();
      break;
    case 'ping':
      reply({ id: data.id, session: new URL(location.href).searchParams.has('session') });
      break;
  }
});

if (publicId.startsWith('auto')) parent.postMessage(readyEvent(), '*');
else parent.postMessage({ hardening: 'loaded', href: location.origin + location.pathname }, '*');
