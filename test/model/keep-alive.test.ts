// Model-based lifecycle test, the mix for keep-alive, discardKeptAlive() and sign-out (see property.ts).
import { describeMix } from './property.js';

describeMix(2);
