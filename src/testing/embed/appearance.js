// Color scheme and brand theme of the embed, as attributes and CSS custom
// properties on the root element (read by embed.css).

const root = document.documentElement;
const darkQuery = window.matchMedia('(prefers-color-scheme: dark)');
let scheme = 'light';

function resolve() {
  const resolved = scheme === 'auto' ? (darkQuery.matches ? 'dark' : 'light') : scheme;
  root.dataset.scheme = scheme;
  root.dataset.resolvedScheme = resolved;
  root.style.colorScheme = resolved;
}

// `auto` keeps following the viewer's OS setting while the embed is open.
darkQuery.addEventListener('change', () => {
  if (scheme === 'auto') resolve();
});

/** Applies `light`, `dark` or `auto`; returns false for any other value. */
export function setColorScheme(value) {
  if (value !== 'light' && value !== 'dark' && value !== 'auto') return false;
  scheme = value;
  resolve();
  return true;
}

const length = (v) => (typeof v === 'number' && Number.isFinite(v) && v >= 0 ? `${v}px` : typeof v === 'string' && CSS.supports('border-radius', v) ? v : null);

/**
 * Applies an `embedTheme` object over the defaults. Known fields:
 * `primaryColor` (CSS color), `borderRadius` (px number or CSS length),
 * `font` (font family). Invalid or unknown fields are left out. Returns the
 * fields applied.
 */
export function setTheme(theme) {
  const applied = {};
  const color = typeof theme.primaryColor === 'string' && CSS.supports('color', theme.primaryColor) ? theme.primaryColor : null;
  const radius = length(theme.borderRadius);
  const font = typeof theme.font === 'string' && theme.font.trim() && CSS.supports('font-family', theme.font) ? theme.font : null;
  setVar('--primary', color);
  setVar('--radius', radius);
  setVar('--font', font ? `${font}, system-ui, sans-serif` : null);
  if (color) applied.primaryColor = color;
  if (radius) applied.borderRadius = radius;
  if (font) applied.font = font;
  root.dataset.theme = JSON.stringify(applied);
  return applied;
}

function setVar(name, value) {
  if (value) root.style.setProperty(name, value);
  else root.style.removeProperty(name);
}

setColorScheme('light');
