import { Button, Group, Select, TextInput } from '@mantine/core';
import { tenantLabel } from '@towerwatch/domain';
import { inDhaka } from '../../../lib/time.ts';

const DATE = 'YYYY-MM-DD';

/** A quick range of Asia/Dhaka dates. */
export interface RangePreset {
  label: string;
  from: string;
  until: string;
}

/** Quick ranges, as Asia/Dhaka dates: today, yesterday, the last 7 and 30 days. */
export function rangePresets(): RangePreset[] {
  const today = inDhaka(new Date());
  return [
    { label: 'Today', from: today.format(DATE), until: today.format(DATE) },
    {
      label: 'Yesterday',
      from: today.subtract(1, 'day').format(DATE),
      until: today.subtract(1, 'day').format(DATE),
    },
    { label: 'Last 7 days', from: today.subtract(6, 'day').format(DATE), until: today.format(DATE) },
    { label: 'Last 30 days', from: today.subtract(29, 'day').format(DATE), until: today.format(DATE) },
  ];
}

/** Props of {@link AvailabilityFilters}. */
export interface AvailabilityFiltersProps {
  presets: readonly RangePreset[];
  fromDate: string;
  untilDate: string;
  /** The user's allowed tenants (the tenant choice shows with more than one). */
  tenants: readonly string[];
  tenant: string | null;
  onRange: (from: string, until: string) => void;
  onTenant: (tenant: string | null) => void;
}

/** The range (quick ranges, from, until) and the tenant of the availability page. */
export function AvailabilityFilters({
  presets,
  fromDate,
  untilDate,
  tenants,
  tenant,
  onRange,
  onTenant,
}: AvailabilityFiltersProps) {
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <Button.Group>
        {presets.map((preset) => (
          <Button
            key={preset.label}
            size="sm"
            variant={preset.from === fromDate && preset.until === untilDate ? 'filled' : 'default'}
            onClick={() => onRange(preset.from, preset.until)}
          >
            {preset.label}
          </Button>
        ))}
      </Button.Group>
      <TextInput
        type="date"
        label="From"
        value={fromDate}
        max={untilDate}
        onChange={(event) => onRange(event.currentTarget.value, untilDate)}
      />
      <TextInput
        type="date"
        label="Until"
        value={untilDate}
        min={fromDate}
        onChange={(event) => onRange(fromDate, event.currentTarget.value)}
      />
      {tenants.length > 1 && (
        <Select
          label="Tenant"
          placeholder="All tenants"
          clearable
          w={160}
          data={tenants.map((code) => ({ value: code, label: tenantLabel(code) }))}
          value={tenant}
          onChange={onTenant}
        />
      )}
    </Group>
  );
}
