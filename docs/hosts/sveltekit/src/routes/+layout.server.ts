import type { LayoutServerLoad } from './$types';
import { baseUrl } from '#lib/server/platform.ts';

export const load: LayoutServerLoad = () => ({ baseUrl });
