// The benchmark's baseline (bench/suites/ttd-hosts.mjs): a plain iframe with a
// server-made session, at the same place in the same app's page as the embed on "/".
import type { PageServerLoad } from './$types';
import { baseUrl, createSession } from '#lib/server/platform.ts';

export const load: PageServerLoad = async () => ({
  src: `${baseUrl}/embed/dashboard/sales-overview?session=${encodeURIComponent(await createSession())}`,
});
