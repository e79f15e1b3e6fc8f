import { Button, Group, NumberInput, SegmentedControl, Select } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import type { CompareMode } from '@towerwatch/domain';
import { dhakaDate } from '@towerwatch/domain';
import { usePhoneWidth } from '../../../lib/use-phone-width.ts';
import { DateField } from '../../../ui/date-field.tsx';
import { COMPARE_CHOICES, type CustomRange, initialCustomRange, MONTH_CHOICES } from '../report-model.ts';

const CUSTOM = 'custom';
const RANGE_CHOICES = [
  ...MONTH_CHOICES.map((m) => ({ value: String(m), label: m === 1 ? '1 month' : `${m} months` })),
  { value: CUSTOM, label: 'Custom' },
];

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
  /** The custom range, or null when the range is months back from now. */
  custom: CustomRange | null;
  onCustom: (custom: CustomRange | null) => void;
  /** What is wrong with the custom range, shown under its fields. */
  customProblem: string | null;
  /** Null: the report has no compare (temperature). */
  compare: CompareMode | null;
  onCompare: (compare: CompareMode) => void;
  threshold: ThresholdControl | null;
  exporting: boolean;
  onExport: () => void;
}

/**
 * The controls of a report: the range (the chosen number of months back from now, or Custom: from one
 * day to another, in the product's date format), the compare period (side by side), the report's
 * threshold, and Export to Excel.
 */
export function ReportControls({
  months,
  onMonths,
  custom,
  onCustom,
  customProblem,
  compare,
  onCompare,
  threshold,
  exporting,
  onExport,
}: ReportControlsProps) {
  const phone = usePhoneWidth();
  const range = custom ? CUSTOM : String(months);
  const chooseRange = (value: string) => {
    if (value === CUSTOM) {
      onCustom(initialCustomRange(new Date()));
      return;
    }
    onCustom(null);
    onMonths(Number(value));
  };
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      {/* A phone has no room for six segments: the same choices in a dropdown. */}
      {phone ? (
        <Select
          label="Range"
          w={140}
          allowDeselect={false}
          value={range}
          onChange={(value) => value && chooseRange(value)}
          data={RANGE_CHOICES}
        />
      ) : (
        <SegmentedControl
          aria-label="Months back from now"
          value={range}
          onChange={chooseRange}
          data={RANGE_CHOICES}
        />
      )}
      {custom && (
        <>
          <DateField
            label="First day"
            w={140}
            value={custom.from}
            max={custom.until || dhakaDate(new Date())}
            error={customProblem ?? undefined}
            onChange={(from) => onCustom({ ...custom, from })}
          />
          <DateField
            label="Last day"
            w={140}
            value={custom.until}
            min={custom.from || undefined}
            max={dhakaDate(new Date())}
            onChange={(until) => onCustom({ ...custom, until })}
          />
        </>
      )}
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
