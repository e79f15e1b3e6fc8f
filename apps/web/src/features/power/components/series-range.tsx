import { SegmentedControl } from '@mantine/core';
import { SERIES_RANGES } from '../power-model.ts';

/** The range choice of a page's "now" charts: 24 hours, 7 or 30 days. */
export function SeriesRangeControl({
  value,
  onChange,
}: {
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <SegmentedControl
      size="xs"
      aria-label="Chart range"
      value={value}
      onChange={onChange}
      data={SERIES_RANGES.map((r) => ({ value: r.value, label: r.label }))}
    />
  );
}
