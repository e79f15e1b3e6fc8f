import { Button, Group, NumberInput, SegmentedControl, Select } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import type { CompareMode } from '@towerwatch/domain';
import { COMPARE_CHOICES, MONTH_CHOICES } from '../report-model.ts';

/** A threshold control of a report (daily_avg, min_backup_hour, monthly_frequency). */
export interface ThresholdControl {
  label: string;
  value: number | null;
  min: number;
  max: number;
  step: number;
  suffix: string;
  /** Empty allowed (the mains daily average: no flag). */
  optional: boolean;
  onChange: (value: number | null) => void;
}

/** Props of {@link ReportControls}. */
export interface ReportControlsProps {
  months: number;
  onMonths: (months: number) => void;
  /** Null: the report has no compare (temperature). */
  compare: CompareMode | null;
  onCompare: (compare: CompareMode) => void;
  threshold: ThresholdControl | null;
  exporting: boolean;
  onExport: () => void;
}

/**
 * The controls of a report: the range (the chosen number of months back from now), the compare
 * period (side by side), the report's threshold, and Export to Excel.
 */
export function ReportControls({
  months,
  onMonths,
  compare,
  onCompare,
  threshold,
  exporting,
  onExport,
}: ReportControlsProps) {
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <SegmentedControl
        aria-label="Months back from now"
        value={String(months)}
        onChange={(value) => onMonths(Number(value))}
        data={MONTH_CHOICES.map((m) => ({ value: String(m), label: m === 1 ? '1 month' : `${m} months` }))}
      />
      {compare !== null && (
        <Select
          label="Compare with"
          w={200}
          allowDeselect={false}
          value={compare}
          onChange={(value) => value && onCompare(value as CompareMode)}
          data={COMPARE_CHOICES.map((c) => ({ value: c.value, label: c.label }))}
        />
      )}
      {threshold && (
        <NumberInput
          label={threshold.label}
          w={180}
          value={threshold.value ?? ''}
          placeholder={threshold.optional ? 'off' : undefined}
          min={threshold.min}
          max={threshold.max}
          step={threshold.step}
          suffix={threshold.suffix}
          clampBehavior="strict"
          onChange={(value) => {
            if (typeof value === 'number' && Number.isFinite(value)) threshold.onChange(value);
            else if (value === '' && threshold.optional) threshold.onChange(null);
          }}
        />
      )}
      <Button leftSection={<IconFileSpreadsheet size={16} />} loading={exporting} onClick={onExport}>
        Export to Excel
      </Button>
    </Group>
  );
}
