import { Group, MultiSelect, SegmentedControl, Select, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { AuthUser } from '@towerwatch/contract';
import {
  ALARM_CONSOLE_AGE_LABELS,
  ALARM_CONSOLE_AGES,
  ALARM_FILTER_GROUPS,
  type AlarmFilterGroup,
  alarmFilterOptions,
  allowedTenants,
  tenantLabel,
} from '@towerwatch/domain';
import { useEffect, useState } from 'react';
import type { ConsoleFilter } from '../alarm-console-model.ts';

const ALL = 'All';

/** The console's filter bar: view, group, alarms, tenant, division, district, age, acknowledged, search. */
export function ConsoleFilters({
  user,
  filter,
  onChange,
}: {
  user: AuthUser;
  filter: ConsoleFilter;
  onChange: (f: ConsoleFilter) => void;
}) {
  const set = (patch: Partial<ConsoleFilter>) => onChange({ ...filter, ...patch });
  const groups = filter.group ? [filter.group] : ALARM_FILTER_GROUPS;
  const alarmOptions = groups.flatMap((g) =>
    alarmFilterOptions(g, user.company_code)
      .filter((o) => o.tenant === null)
      .map((o) => ({ value: o.alarmId, label: o.label })),
  );
  const tenants = allowedTenants(user).map((t) => ({ value: t, label: tenantLabel(t) }));
  // Text fields apply when typing pauses (one request, not one per key).
  const [q, setQ] = useState(filter.q);
  const [division, setDivision] = useState(filter.division ?? '');
  const [district, setDistrict] = useState(filter.district ?? '');
  useEffect(() => {
    const timer = setTimeout(() => {
      const next = { q, division: division.trim() || null, district: district.trim() || null };
      if (next.q !== filter.q || next.division !== filter.division || next.district !== filter.district)
        onChange({ ...filter, ...next });
    }, 300);
    return () => clearTimeout(timer);
  }, [q, division, district, filter, onChange]);

  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <SegmentedControl
        aria-label="View"
        data={[
          { value: 'active', label: 'Active now' },
          { value: 'recent', label: 'Last 7 days' },
        ]}
        value={filter.view}
        onChange={(v) => set({ view: v === 'recent' ? 'recent' : 'active' })}
      />
      <SegmentedControl
        aria-label="Alarm group"
        data={[ALL, ...ALARM_FILTER_GROUPS]}
        value={filter.group ?? ALL}
        onChange={(v) => set({ group: v === ALL ? null : (v as AlarmFilterGroup), alarms: [] })}
      />
      <MultiSelect
        aria-label="Alarms"
        placeholder={filter.alarms.length ? undefined : 'Every alarm'}
        data={alarmOptions}
        value={filter.alarms}
        onChange={(alarms) => set({ alarms })}
        searchable
        clearable
        w={240}
      />
      {tenants.length > 1 && (
        <Select
          aria-label="Tenant"
          placeholder="Every tenant"
          data={tenants}
          value={filter.tenant}
          onChange={(tenant) => set({ tenant })}
          clearable
          w={150}
        />
      )}
      <TextInput
        aria-label="Division"
        placeholder="Division"
        value={division}
        onChange={(e) => setDivision(e.currentTarget.value)}
        w={130}
      />
      <TextInput
        aria-label="District"
        placeholder="District"
        value={district}
        onChange={(e) => setDistrict(e.currentTarget.value)}
        w={130}
      />
      <Select
        aria-label="Age"
        placeholder="Any age"
        data={ALARM_CONSOLE_AGES.map((a) => ({ value: a, label: ALARM_CONSOLE_AGE_LABELS[a] }))}
        value={filter.age}
        onChange={(age) => set({ age: age as ConsoleFilter['age'] })}
        clearable
        w={210}
      />
      <Select
        aria-label="Acknowledged"
        placeholder="Acknowledged or not"
        data={[
          { value: 'no', label: 'Not acknowledged' },
          { value: 'yes', label: 'Acknowledged' },
        ]}
        value={filter.acknowledged}
        onChange={(v) => set({ acknowledged: v as ConsoleFilter['acknowledged'] })}
        clearable
        w={190}
      />
      <TextInput
        aria-label="Search sites"
        placeholder="Site id or name"
        leftSection={<IconSearch size={14} />}
        value={q}
        onChange={(e) => setQ(e.currentTarget.value)}
        w={200}
      />
    </Group>
  );
}
