import { Badge, Group, Text } from '@mantine/core';
import type { RunningEventsReply, Site } from '@towerwatch/contract';
import {
  type ColourKind,
  DC_LOAD_LABELS,
  eventDisplayName,
  formatDuration,
  tenantLabel,
  valueColour,
} from '@towerwatch/domain';
import { formatDateTime } from '../../../lib/time.ts';
import { type SortableColumn, SortableTable } from '../../../ui/sortable-table.tsx';
import type { LegacyTableRow } from '../api/legacy-api.ts';

const MANTINE_COLOUR = {
  red: 'red',
  blue: 'blue',
  yellow: 'yellow',
  sky: 'cyan',
  green: 'teal',
  gray: 'gray',
} as const;

function Reading({ kind, value, unit }: { kind: ColourKind; value: number | null; unit: string }) {
  if (value === null)
    return (
      <Text span c="dimmed">
        –
      </Text>
    );
  return (
    <Text span fw={600} c={`${MANTINE_COLOUR[valueColour(kind, value)]}.5`}>
      {value.toFixed(1)}
      <Text span size="xs" c="dimmed" ml={2}>
        {unit}
      </Text>
    </Text>
  );
}

const siteColumn: SortableColumn<LegacyTableRow> = {
  key: 'site',
  label: 'Site',
  value: (row) => row.site_name,
  render: (row) => (
    <div>
      <Text size="sm" fw={500}>
        {row.site_name}
      </Text>
      <Text size="xs" c="dimmed">
        {row.generic_site_id ?? row.site_uid}
      </Text>
    </div>
  ),
};
const tenantColumn: SortableColumn<LegacyTableRow> = {
  key: 'tenant',
  label: 'Tenant',
  value: (row) => (row.tenant ? tenantLabel(row.tenant) : null),
};

/** Columns of each ranking tab (platform-core §2 "Legacy pages and columns"). */
export const LEGACY_COLUMNS: Record<
  'energy' | 'climate' | 'voltage' | 'battery',
  SortableColumn<LegacyTableRow>[]
> = {
  energy: [
    siteColumn,
    tenantColumn,
    {
      key: 'load',
      label: 'Load',
      align: 'right',
      value: (r) => r.load,
      render: (r) => <Reading kind="energy" value={r.load} unit="W" />,
    },
    {
      key: 'current',
      label: 'Current',
      align: 'right',
      value: (r) => r.current,
      render: (r) => <Reading kind="current" value={r.current} unit="A" />,
    },
  ],
  climate: [
    siteColumn,
    {
      key: 'temperature',
      label: 'Temperature',
      align: 'right',
      value: (r) => r.temperature,
      render: (r) => <Reading kind="temperature" value={r.temperature} unit="°C" />,
    },
    {
      key: 'humidity',
      label: 'Humidity',
      align: 'right',
      value: (r) => r.humidity,
      render: (r) => <Reading kind="percentage" value={r.humidity} unit="%" />,
    },
  ],
  voltage: [
    siteColumn,
    tenantColumn,
    {
      key: 'voltage',
      label: 'Voltage',
      align: 'right',
      value: (r) => r.voltage,
      render: (r) => <Reading kind="dc_voltage" value={r.voltage} unit="V" />,
    },
  ],
  battery: [
    siteColumn,
    {
      key: 'soc',
      label: 'SOC',
      align: 'right',
      value: (r) => r.soc,
      render: (r) => <Reading kind="percentage" value={r.soc} unit="%" />,
    },
    {
      key: 'soh',
      label: 'SOH',
      align: 'right',
      value: (r) => r.soh,
      render: (r) => <Reading kind="state_of_health" value={r.soh} unit="%" />,
    },
  ],
};

/** Props of {@link AlarmTable}. */
export interface AlarmTableProps {
  items: RunningEventsReply['items'];
  companyCode: string | null;
}

/** Alarm tab: Name, Tenant, Duration, Time. */
export function AlarmTable({ items, companyCode }: AlarmTableProps) {
  type Item = RunningEventsReply['items'][number];
  const columns: SortableColumn<Item>[] = [
    { key: 'site', label: 'Site', value: (r) => r.siteName },
    {
      key: 'name',
      label: 'Name',
      value: (r) => eventDisplayName(r.name, companyCode),
      render: (r) => (
        <Badge variant="light" color="red" tt="none">
          {eventDisplayName(r.name, companyCode)}
        </Badge>
      ),
    },
    { key: 'tenant', label: 'Tenant', value: (r) => (r.tenant ? tenantLabel(r.tenant) : null) },
    {
      key: 'duration',
      label: 'Duration',
      align: 'right',
      value: (r) => r.durationSeconds,
      render: (r) => formatDuration(r.durationSeconds),
    },
    { key: 'time', label: 'Time', value: (r) => r.since, render: (r) => formatDateTime(r.since) },
  ];
  return (
    <SortableTable
      caption="Alarm"
      columns={columns}
      rows={items}
      rowKey={(r) => `${r.siteUid}:${r.name}:${r.tenant ?? ''}`}
      initialSortKey="duration"
      emptyText="No alarm is raised right now."
    />
  );
}

/** Which columns of the All RMS Station table are shown (View Settings). */
export const STATION_COLUMN_OPTIONS = [
  'status',
  'tenants',
  'dc_load',
  'alarms',
  'district',
  'rectifier',
] as const;
export type StationColumn = (typeof STATION_COLUMN_OPTIONS)[number];
export const STATION_COLUMN_LABELS: Record<StationColumn, string> = {
  status: 'Status',
  tenants: 'Tenants',
  dc_load: 'DC Load',
  alarms: 'Active Alarms',
  district: 'District',
  rectifier: 'Rectifier',
};

/** Props of {@link StationsTable}. */
export interface StationsTableProps {
  sites: Site[];
  visible: readonly StationColumn[];
}

/** All RMS Station (the spec shows no columns; these summarise each site). */
export function StationsTable({ sites, visible }: StationsTableProps) {
  const active = (site: Site) =>
    site.alarms.filter((a) => a.isAvailable && !a.isNormal && !a.isDisable).length;
  const all: Record<StationColumn, SortableColumn<Site>> = {
    status: {
      key: 'status',
      label: 'Status',
      value: (s) => s.status,
      render: (s) => (
        <Badge variant="dot" color={s.status === 'online' ? 'teal' : 'red'} tt="none">
          {s.status}
        </Badge>
      ),
    },
    tenants: { key: 'tenants', label: 'Tenants', value: (s) => s.tenants.map(tenantLabel).join(', ') },
    dc_load: {
      key: 'dc_load',
      label: 'DC Load',
      value: (s) =>
        s.dc_load.map((d) => `${tenantLabel(d.tenant)} ${DC_LOAD_LABELS[d.value]}`).join(', ') || null,
      render: (s) => (
        <Group gap={4}>
          {s.dc_load.map((d) => (
            <Badge
              key={d.tenant}
              size="sm"
              variant="light"
              color={d.value === 'NORMAL' ? 'teal' : d.value === 'OVER' ? 'red' : 'orange'}
              tt="none"
            >
              {tenantLabel(d.tenant)}: {DC_LOAD_LABELS[d.value]}
            </Badge>
          ))}
        </Group>
      ),
    },
    alarms: { key: 'alarms', label: 'Active Alarms', align: 'right', value: active },
    district: { key: 'district', label: 'District', value: (s) => s.place.district },
    rectifier: { key: 'rectifier', label: 'Rectifier', value: (s) => s.rectifier.rectifier_type },
  };
  const columns: SortableColumn<Site>[] = [
    {
      key: 'site',
      label: 'Site',
      value: (s) => s.name,
      render: (s) => (
        <div>
          <Text size="sm" fw={500}>
            {s.name}
          </Text>
          <Text size="xs" c="dimmed">
            {s.meta.generic_site_id ?? s.uid}
          </Text>
        </div>
      ),
    },
    ...STATION_COLUMN_OPTIONS.filter((c) => visible.includes(c)).map((c) => all[c]),
  ];
  return (
    <SortableTable
      caption="All RMS Station"
      columns={columns}
      rows={sites}
      rowKey={(s) => s.uid}
      initialSortKey="alarms"
      emptyText="No sites."
    />
  );
}
