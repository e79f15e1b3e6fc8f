import { Badge, Group, Text } from '@mantine/core';
import {
  LEGACY_TABLE_COLUMNS,
  LEGACY_TIME_FIELDS,
  type LegacyTableReply,
  type RunningEventsReply,
  type Site,
} from '@towerwatch/contract';
import {
  type ColourKind,
  DC_LOAD_LABELS,
  eventDisplayName,
  formatDuration,
  tenantLabel,
  valueColour,
} from '@towerwatch/domain';
import type { ReactNode } from 'react';
import { formatDateTime } from '../../../lib/time.ts';
import { type SortableColumn, SortableTable } from '../../../ui/sortable-table.tsx';

const MANTINE_COLOUR = {
  red: 'red',
  blue: 'blue',
  yellow: 'yellow',
  sky: 'cyan',
  green: 'teal',
  gray: 'gray',
} as const;

/** Colour thresholds (docs/requirements.md#colour-thresholds) of the ranking tables' numeric columns, by row field. */
const FIELD_KIND: Readonly<Record<string, ColourKind>> = {
  load_kw: 'energy',
  current_a: 'current',
  temperature_c: 'temperature',
  humidity_pct: 'percentage',
  voltage_v: 'dc_voltage',
};

/** A measured value: plain when in range, coloured by its threshold otherwise (docs/requirements.md#colour-thresholds). */
function Reading({ kind, value }: { kind: ColourKind | undefined; value: number }) {
  const colour = kind ? valueColour(kind, value) : 'green';
  const alert = colour !== 'green' && colour !== 'gray';
  return (
    <Text span fz="sm" fw={alert ? 700 : 400} c={alert ? `${MANTINE_COLOUR[colour]}.5` : undefined}>
      {value.toFixed(2)}
    </Text>
  );
}

type Cell = string | number | null;

function cellView(field: string, value: Cell): ReactNode {
  if (value === null || value === '')
    return (
      <Text span c="dimmed">
        –
      </Text>
    );
  if (LEGACY_TIME_FIELDS.has(field) && typeof value === 'string') return formatDateTime(value);
  if (field === 'tenant' && typeof value === 'string') return tenantLabel(value);
  if (typeof value === 'number') return <Reading kind={FIELD_KIND[field]} value={value} />;
  return value;
}

/** Props of {@link RankingTable}. */
export interface RankingTableProps {
  table: LegacyTableReply;
  caption: string;
  /** The row field of the column sorted first (descending). */
  sortField?: string;
}

/**
 * A ranking table (DC Energy Meter, Climate, Rectifier): the rows of GET /site/legacy-table under
 * the columns of the .xlsx export (docs/requirements.md#legacy-tabs).
 */
export function RankingTable({ table, caption, sortField }: RankingTableProps) {
  type Row = { key: string; cells: Readonly<Record<string, Cell>> };
  const rows: Row[] = (table.rows as readonly Record<string, Cell>[]).map((cells, index) => ({
    key: String(index),
    cells,
  }));
  const columns: SortableColumn<Row>[] = LEGACY_TABLE_COLUMNS[table.kind].map(({ key, header }) => ({
    key,
    label: header,
    align: FIELD_KIND[key] ? 'right' : 'left',
    value: (row) => row.cells[key] ?? null,
    render: (row) => cellView(key, row.cells[key] ?? null),
  }));
  return (
    <SortableTable
      caption={caption}
      columns={columns}
      rows={rows}
      rowKey={(row) => row.key}
      initialSortKey={sortField}
      emptyText="No readings yet."
    />
  );
}

/** Props of {@link BatteryTable}. */
export interface BatteryTableProps {
  sites: Site[];
}

function bmsNumber(site: Site, key: string): number | null {
  const value = site.bms[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** Battery tab: SOC and SOH of the sites with a BMS (no export, docs/requirements.md#legacy-tabs). */
export function BatteryTable({ sites }: BatteryTableProps) {
  const withBms = sites.filter((site) => Object.keys(site.bms).length > 0);
  const reading = (kind: ColourKind, value: number | null) =>
    value === null ? (
      <Text span c="dimmed">
        –
      </Text>
    ) : (
      <Reading kind={kind} value={value} />
    );
  const columns: SortableColumn<Site>[] = [
    { key: 'site_id', label: 'Site ID', value: (s) => s.meta.generic_site_id ?? s.uid },
    { key: 'site', label: 'Site Name', value: (s) => s.name },
    {
      key: 'soc',
      label: 'SOC',
      align: 'right',
      value: (s) => bmsNumber(s, 'soc'),
      render: (s) => reading('percentage', bmsNumber(s, 'soc')),
    },
    {
      key: 'soh',
      label: 'SOH',
      align: 'right',
      value: (s) => bmsNumber(s, 'soh'),
      render: (s) => reading('state_of_health', bmsNumber(s, 'soh')),
    },
  ];
  return (
    <SortableTable
      caption="Battery"
      columns={columns}
      rows={withBms}
      rowKey={(s) => s.uid}
      initialSortKey="soc"
      emptyText="No site reports BMS data."
    />
  );
}

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
