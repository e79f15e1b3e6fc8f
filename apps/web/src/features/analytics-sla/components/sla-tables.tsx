import { Badge } from '@mantine/core';
import type { SlaBreachRow, SlaTenantRow } from '@towerwatch/contract';
import { tenantLabel } from '@towerwatch/domain';
import { type SortableColumn, SortableTable } from '../../../ui/sortable-table.tsx';
import { mainCause } from '../sla-model.ts';

const pct = (v: number | null) => (v === null ? '–' : `${v.toFixed(2)} %`);
const min = (v: number) => v.toLocaleString();

const tenantColumns: SortableColumn<SlaTenantRow>[] = [
  { key: 'tenant', label: 'Tenant', value: (r) => tenantLabel(r.tenant) },
  { key: 'sites', label: 'Sites', value: (r) => r.sites, align: 'right' },
  { key: 'meeting', label: 'Meeting target', value: (r) => r.sitesMeeting, align: 'right' },
  { key: 'below', label: 'Below target', value: (r) => r.sitesBreaching, align: 'right' },
  {
    key: 'availability',
    label: 'Availability',
    value: (r) => r.availability,
    render: (r) => pct(r.availability),
    align: 'right',
  },
  {
    key: 'outage',
    label: 'Outage (min)',
    value: (r) => r.outageMinutes,
    render: (r) => min(r.outageMinutes),
    align: 'right',
  },
  {
    key: 'gap',
    label: 'Data gap (min)',
    value: (r) => r.gapMinutes,
    render: (r) => min(r.gapMinutes),
    align: 'right',
  },
];

/** One row per tenant of the month. */
export function SlaTenantTable({ rows }: { rows: readonly SlaTenantRow[] }) {
  return (
    <SortableTable
      caption="SLA by tenant"
      columns={tenantColumns}
      rows={rows}
      rowKey={(r) => `${r.month}-${r.tenant}`}
      emptyText="No sites of your tenants"
    />
  );
}

const breachColumns: SortableColumn<SlaBreachRow>[] = [
  { key: 'site', label: 'Site', value: (r) => r.genericSiteId ?? r.siteUid },
  { key: 'name', label: 'Name', value: (r) => r.siteName },
  { key: 'tenant', label: 'Tenant', value: (r) => tenantLabel(r.tenant) },
  {
    key: 'availability',
    label: 'Availability',
    value: (r) => r.availability,
    render: (r) => pct(r.availability),
    align: 'right',
  },
  {
    key: 'outage',
    label: 'Outage (min)',
    value: (r) => r.outageMinutes,
    render: (r) => min(r.outageMinutes),
    align: 'right',
  },
  { key: 'outages', label: 'Outages', value: (r) => r.outages, align: 'right' },
  { key: 'cause', label: 'Main cause', value: (r) => mainCause(r) },
  {
    key: 'now',
    label: 'Now',
    value: (r) => (r.downNow ? 1 : 0),
    render: (r) =>
      r.downNow ? (
        <Badge color="red" size="sm">
          Down
        </Badge>
      ) : null,
  },
];

/** The sites below the target, worst first. */
export function SlaBreachTable({ rows }: { rows: readonly SlaBreachRow[] }) {
  return (
    <SortableTable
      caption="Sites below target"
      columns={breachColumns}
      rows={rows}
      rowKey={(r) => `${r.month}-${r.tenant}-${r.siteUid}`}
      emptyText="Every site met the target"
      virtual={rows.length > 200 ? { height: 520, rowHeight: 36 } : undefined}
    />
  );
}
