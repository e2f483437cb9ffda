// The benchmark's baseline (bench/suites/ttd-hosts.mjs): the URL of a plain
// iframe with a server-made session, for app/pages/plain.vue.
export default defineEventHandler(async (event) => {
  setResponseHeader(event, 'cache-control', 'no-store');
  return { baseUrl: platformUrl(), src: `${platformUrl()}/embed/dashboard/sales-overview?session=${encodeURIComponent(await createSession())}` };
});
