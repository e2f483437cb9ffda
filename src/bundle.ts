/** Entry of the self-contained script-tag bundles: every root export, both elements defined. */
// Lit first: the bundle places modules in evaluation order, and Lit's template code (about
// 8 KB) then no longer sits between the embed's code and the panel's, which share much of their
// text within gzip's 32 KB window (measured). Lit defines no element: the elements are still
// defined by './define.js', `<platform-embed>` first, and no module of ours runs code on import.
import 'lit';
import './define.js';

export * from './index.js';
