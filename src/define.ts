/** Defines `<platform-embed>` and `<platform-admin-panel>` (safe to load twice). */
import './embed.js';
import './admin.js';
