// SvelteKit 3 takes its configuration in the Vite plugin (svelte.config.js is
// gone). The Node adapter's server is the production server (`node build`,
// HOST and PORT from the environment).
import adapter from '@sveltejs/adapter-node';
import { sveltekit } from '@sveltejs/kit/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [sveltekit({ adapter: adapter() })],
});
