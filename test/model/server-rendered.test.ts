// Model-based lifecycle test, the mix for server-rendered markup that is moved, removed and inserted again (see property.ts).
import { describeMix } from './property.js';

describeMix(1);
