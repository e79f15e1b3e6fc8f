/** The shared time-series reader (docs/requirements.md#time-series): series, threshold counts, ranges. */
export { readSeries, rollupWatermark, type Series } from './series.ts';
export { readThresholdCounts } from './threshold-counts.ts';
export { resolveRange } from './ranges.ts';
export { healthRollupSql, rollupBatteryHealth } from './health-rollup.ts';
export { firstRecordSql } from './first-record.ts';
export { rollupPinDay } from './daily-pins.ts';
export {
  fillRunningTotals,
  hourlyRunsSql,
  pinSumCountSql,
  recomputeRunningTotals,
} from './running-totals.ts';
