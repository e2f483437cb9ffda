'use client';
// Loads the element in the browser (it takes over the server-rendered load)
// and gives it a session provider for reload() and session renewals.
import { useEffect } from 'react';

export function EmbedScript({ id }) {
  useEffect(() => {
    import('platform-embed/embed').then(() => {
      document.getElementById(id).sessionProvider = async () => {
        const res = await fetch('/embed-session', { method: 'POST' });
        if (!res.ok) throw new Error(`session route answered ${res.status}`);
        return (await res.json()).sessionId;
      };
    });
  }, [id]);
  return null;
}
