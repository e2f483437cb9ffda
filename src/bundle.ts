/** Entry of the self-contained script-tag bundles: every root export, both elements defined. */
import './define.js';

export * from './index.js';
