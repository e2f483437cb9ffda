// Model-based lifecycle test, the mix for viewers, session providers and session-url, reloads and moves (see property.ts).
import { describeMix } from './property.js';

describeMix(0);
