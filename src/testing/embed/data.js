// Seed content of the mock platform's embed surfaces: the published
// dashboards of deployment 42, its workbooks and the sample rows behind them.
// Plain data with no DOM access, so the mock server (Node) can validate
// generate-session requests against the same catalogue the pages render.

/** The deployment all seeded content belongs to. */
export const DEPLOYMENT_ID = 42;

/** Deterministic pseudo-random numbers, so every load shows the same figures. */
function seeded(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = (rnd, list) => list[Math.floor(rnd() * list.length)];
const HOUR = 3_600_000;

/**
 * Rows are spaced a few hours apart ending at `now`, so the time zone decides
 * which calendar day a row falls into — the effect `set-timezone` must show.
 */
function rows(count, seed, now, make) {
  const rnd = seeded(seed);
  const out = [];
  for (let i = 0; i < count; i += 1) {
    const at = new Date(now - i * 5 * HOUR - Math.floor(rnd() * 3 * HOUR));
    out.push({ id: `${seed}-${i + 1}`, ...make(rnd, at.toISOString()) });
  }
  return out;
}

/** Sample rows per semantic view, generated relative to `now` (epoch ms). */
export function sampleData(now = Date.now()) {
  return {
    orders: rows(36, 7, now, (rnd, at) => ({
      created_at: at,
      region: pick(rnd, ['EMEA', 'AMER', 'APAC']),
      product: pick(rnd, ['Starter', 'Pro', 'Enterprise']),
      amount: Math.round(400 + rnd() * 24_000),
    })),
    incidents: rows(28, 11, now, (rnd, at) => ({
      opened_at: at,
      service: pick(rnd, ['api', 'web', 'worker', 'database']),
      severity: pick(rnd, ['low', 'medium', 'high', 'critical']),
      minutes: Math.round(5 + rnd() * 240),
    })),
    campaigns: rows(30, 23, now, (rnd, at) => ({
      sent_at: at,
      channel: pick(rnd, ['search', 'social', 'email', 'events']),
      signups: Math.round(20 + rnd() * 900),
      spend: Math.round(150 + rnd() * 9_000),
    })),
  };
}

/**
 * Widget kinds: `kpi` (one aggregated measure), `bar` (a measure grouped by a
 * dimension) and `table` (latest rows). Measures are `<view>.<name>` and name
 * the aggregation over a row field.
 */
export const DASHBOARDS = {
  'sales-overview': {
    title: 'Sales overview',
    description: 'Revenue and orders across regions and plans.',
    view: 'orders',
    dateField: 'created_at',
    widgets: [
      { id: 'kpi-revenue', kind: 'kpi', title: 'Revenue', measure: 'orders.total_amount', field: 'amount', agg: 'sum', style: 'currency' },
      { id: 'kpi-orders', kind: 'kpi', title: 'Orders', measure: 'orders.count', agg: 'count' },
      { id: 'kpi-aov', kind: 'kpi', title: 'Average order', measure: 'orders.average_amount', field: 'amount', agg: 'avg', style: 'currency' },
      { id: 'bar-region', kind: 'bar', title: 'Revenue by region', measure: 'orders.total_amount', field: 'amount', agg: 'sum', dimension: 'region', style: 'currency' },
      { id: 'table-orders', kind: 'table', title: 'Recent orders', measure: 'orders.amount', field: 'amount', columns: ['created_at', 'region', 'product', 'amount'], style: 'currency' },
    ],
  },
  'ops-health': {
    title: 'Operations health',
    description: 'Incidents and time to resolve, per service.',
    view: 'incidents',
    dateField: 'opened_at',
    widgets: [
      { id: 'kpi-incidents', kind: 'kpi', title: 'Incidents', measure: 'incidents.count', agg: 'count' },
      { id: 'kpi-mttr', kind: 'kpi', title: 'Mean time to resolve (min)', measure: 'incidents.avg_minutes', field: 'minutes', agg: 'avg' },
      { id: 'bar-service', kind: 'bar', title: 'Incidents by service', measure: 'incidents.count', agg: 'count', dimension: 'service' },
      { id: 'table-incidents', kind: 'table', title: 'Latest incidents', measure: 'incidents.minutes', field: 'minutes', columns: ['opened_at', 'service', 'severity', 'minutes'] },
    ],
  },
  'marketing-funnel': {
    title: 'Marketing funnel',
    description: 'Sign-ups and spend by acquisition channel.',
    view: 'campaigns',
    dateField: 'sent_at',
    widgets: [
      { id: 'kpi-signups', kind: 'kpi', title: 'Sign-ups', measure: 'campaigns.total_signups', field: 'signups', agg: 'sum' },
      { id: 'kpi-spend', kind: 'kpi', title: 'Spend', measure: 'campaigns.total_spend', field: 'spend', agg: 'sum', style: 'currency' },
      { id: 'bar-channel', kind: 'bar', title: 'Sign-ups by channel', measure: 'campaigns.total_signups', field: 'signups', agg: 'sum', dimension: 'channel' },
      { id: 'table-campaigns', kind: 'table', title: 'Latest sends', measure: 'campaigns.signups', field: 'signups', columns: ['sent_at', 'channel', 'signups', 'spend'] },
    ],
  },
};

/** Workbooks of the creator-mode app. */
export const WORKBOOKS = {
  7: { title: 'Quarterly revenue review', folder: 'Finance', dashboard: 'sales-overview' },
  12: { title: 'Incident retrospective', folder: 'Engineering', dashboard: 'ops-health' },
  19: { title: 'Channel mix analysis', folder: 'Marketing', dashboard: 'marketing-funnel' },
};

/**
 * Row-level security as the platform applies it: a `userAttributes` entry
 * whose name is a row field (e.g. `region`) keeps only the rows with that
 * value (or one of them, for an array value) in every view that has the field.
 */
export function restrictToViewer(data, userAttributes = []) {
  const out = {};
  for (const [view, list] of Object.entries(data)) {
    out[view] = list.filter((row) =>
      userAttributes.every(({ name, value }) => !(name in row) || (Array.isArray(value) ? value.includes(row[name]) : row[name] === value)),
    );
  }
  return out;
}
