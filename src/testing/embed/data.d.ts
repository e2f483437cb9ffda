// Types of the embed pages' catalogue (data.js), which the Node side of the
// mock reads too: the page script stays plain JavaScript served as it is.

/** The deployment all seeded content belongs to. */
export declare const DEPLOYMENT_ID: number;
/** Published dashboards by public id. */
export declare const DASHBOARDS: Record<string, { title: string; description: string }>;
/** Workbooks of the creator-mode app, by id. */
export declare const WORKBOOKS: Record<string, { title: string; folder: string; dashboard: string }>;
