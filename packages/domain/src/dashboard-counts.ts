/**
 * Site counts of the dashboard (docs/requirements.md#site-counts).
 */
/** Site counts (docs/requirements.md#site-counts). */
export interface SiteCounts {
  total: number;
  rms: number;
  rectifier: number;
  acs: number;
  sarbs: number;
  vertiv: number;
  eltek: number;
}

/** All-zero site counts. */
export function emptySiteCounts(): SiteCounts {
  return { total: 0, rms: 0, rectifier: 0, acs: 0, sarbs: 0, vertiv: 0, eltek: 0 };
}
