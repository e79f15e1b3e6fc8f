import type { MantineSize } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { DATE_FORMAT, parseCalendarDate } from '../lib/time.ts';

/** Props of {@link DateField}. */
export interface DateFieldProps {
  label: string;
  /** The calendar date as `YYYY-MM-DD`, or '' for none. */
  value: string;
  onChange: (value: string) => void;
  /** Earliest and latest choosable dates (`YYYY-MM-DD`). */
  min?: string;
  max?: string;
  size?: MantineSize;
  error?: string | undefined;
  clearable?: boolean;
  w?: number;
}

/**
 * A calendar date field in the product's one date format ('22 Nov 2026', lib/time.ts DATE_FORMAT),
 * whatever the browser's locale: a native date input would show the locale's (11/22/2026). Typing
 * takes that format or ISO.
 */
export function DateField({ label, value, onChange, min, max, size, error, clearable, w }: DateFieldProps) {
  return (
    <DateInput
      label={label}
      value={value || null}
      onChange={(next) => onChange(next ?? '')}
      valueFormat={DATE_FORMAT}
      dateParser={parseCalendarDate}
      placeholder="e.g. 22 Nov 2026"
      minDate={min || undefined}
      maxDate={max || undefined}
      size={size}
      error={error}
      clearable={clearable}
      w={w}
      popoverProps={{ withinPortal: true }}
    />
  );
}
