/** The shared time-series reader (docs/requirements.md#time-series): series, threshold counts, ranges. */
export { readSeries, rollupWatermark, type Series, type SeriesBucket, type SeriesRequest } from './series.ts';
export { readThresholdCounts, type ThresholdBucket, type ThresholdRequest } from './threshold-counts.ts';
export { type DateRangeQuery, resolveRange } from './ranges.ts';
export { HEALTH_WATERMARK, healthRollupSql, rollupBatteryHealth } from './health-rollup.ts';
export { firstRecordSql } from './first-record.ts';
export { rollupPinDay } from './daily-pins.ts';
