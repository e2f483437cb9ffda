import type { LayoutServerLoad } from './$types';
import { baseUrl } from '#lib/server/platform';

export const load: LayoutServerLoad = () => ({ baseUrl });
