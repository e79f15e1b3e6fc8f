import { Button, Group, NumberInput, SegmentedControl, Switch } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';

/** A threshold control of a report (daily_avg, min_backup_hour, monthly_frequency). */
export interface ThresholdControl {
  label: string;
  value: number;
  min: number;
  max: number;
  step: number;
  suffix: string;
  onChange: (value: number) => void;
}

/** Props of {@link ReportControls}. */
export interface ReportControlsProps {
  months: number;
  monthChoices: readonly number[];
  onMonths: (months: number) => void;
  /** Null: the report has no compare (temperature). */
  compare: boolean | null;
  onCompare: (compare: boolean) => void;
  threshold: ThresholdControl | null;
  exporting: boolean;
  onExport: () => void;
}

/**
 * The controls of a report: the range (the chosen number of months back from now), the compare
 * toggle (the period before it, side by side), the report's threshold, and Export to Excel.
 */
export function ReportControls({
  months,
  monthChoices,
  onMonths,
  compare,
  onCompare,
  threshold,
  exporting,
  onExport,
}: ReportControlsProps) {
  return (
    <Group gap="md" align="flex-end" wrap="wrap">
      <SegmentedControl
        aria-label="Months back"
        value={String(months)}
        onChange={(value) => onMonths(Number(value))}
        data={monthChoices.map((m) => ({ value: String(m), label: m === 1 ? '1 month' : `${m} months` }))}
      />
      {threshold && (
        <NumberInput
          label={threshold.label}
          w={170}
          size="xs"
          value={threshold.value}
          min={threshold.min}
          max={threshold.max}
          step={threshold.step}
          suffix={threshold.suffix}
          clampBehavior="strict"
          onChange={(value) => {
            if (typeof value === 'number' && Number.isFinite(value)) threshold.onChange(value);
          }}
        />
      )}
      {compare !== null && (
        <Switch
          label="Compare with the period before"
          checked={compare}
          onChange={(event) => onCompare(event.currentTarget.checked)}
          mb={6}
        />
      )}
      <Button
        leftSection={<IconFileSpreadsheet size={16} />}
        variant="light"
        loading={exporting}
        onClick={onExport}
      >
        Export to Excel
      </Button>
    </Group>
  );
}
