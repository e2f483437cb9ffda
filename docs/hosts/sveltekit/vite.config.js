// SvelteKit 3 takes its configuration in the Vite plugin (svelte.config.js is
// gone). The Node adapter's server is the production server (`node build`,
// HOST and PORT from the environment).
//
// `paths.origin` is the site's public origin, for SvelteKit's CSRF check of the
// session route's POST. Without it, adapter-node takes the scheme from
// PROTOCOL_HEADER and otherwise assumes `https`, so on a plain `http://` page
// the provider's POST is refused (403). Build with ORIGIN set
// (`ORIGIN=http://localhost:3000 npx vite build`, or `https://app.example.com`),
// or leave it unset behind a TLS proxy and start with
// PROTOCOL_HEADER=x-forwarded-proto.
import adapter from '@sveltejs/adapter-node';
import { sveltekit } from '@sveltejs/kit/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [sveltekit({ adapter: adapter(), paths: { origin: process.env.ORIGIN || undefined } })],
});
