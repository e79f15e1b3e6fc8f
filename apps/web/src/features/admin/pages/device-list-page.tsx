import {
  Badge,
  Button,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { ROUTES } from '@towerwatch/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/time.ts';
import { SortableTable } from '../../../ui/sortable-table.tsx';
import { TablePager } from '../../../ui/table-pager.tsx';
import { allCompaniesQueryOptions, devicesQueryOptions } from '../api/admin-api.ts';

/** /device/list: controllers with com_id, vendor, customer, bound site and online state. */
export function DeviceListPage() {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const [companyId, setCompanyId] = useState<string | null>(null);
  const [bound, setBound] = useState<'all' | 'yes' | 'no'>('all');
  const [page, setPage] = useState(1);
  const companies = useQuery(allCompaniesQueryOptions());
  const devices = useQuery(
    devicesQueryOptions({ page, search: debounced, companyId, bound: bound === 'all' ? null : bound }),
  );
  const pages = Math.max(1, Math.ceil((devices.data?.total ?? 0) / 50));
  const customerLabel = new Map((companies.data?.items ?? []).map((c) => [c.id, c.label]));
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Device List</Title>
        <Button component={Link} to={ROUTES.deviceCreate}>
          New device
        </Button>
      </Group>
      <Paper withBorder p="md">
        <Group mb="sm" align="flex-end">
          <TextInput
            aria-label="Search devices"
            placeholder="com_id or site"
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              setPage(1);
            }}
          />
          <Select
            aria-label="Customer"
            placeholder="Every customer"
            data={(companies.data?.items ?? []).map((c) => ({ value: c.id, label: c.label }))}
            value={companyId}
            onChange={(v) => {
              setCompanyId(v);
              setPage(1);
            }}
            clearable
          />
          <SegmentedControl
            value={bound}
            onChange={(v) => {
              setBound(v as typeof bound);
              setPage(1);
            }}
            data={[
              { value: 'all', label: 'All' },
              { value: 'yes', label: 'Bound' },
              { value: 'no', label: 'Unbound' },
            ]}
          />
          <Text size="sm" c="dimmed">
            {devices.data ? `${devices.data.total} devices` : ''}
          </Text>
        </Group>
        {devices.isPending ? (
          <Loader />
        ) : (
          <SortableTable
            caption="Devices"
            rows={devices.data?.items ?? []}
            rowKey={(d) => d.com_id}
            columns={[
              { key: 'com', label: 'com_id', value: (d) => d.com_id },
              { key: 'vendor', label: 'Vendor', value: (d) => d.vendor_name },
              // Named as the customer summary (/customer/sites) names it, so the two read alike.
              {
                key: 'company',
                label: 'Customer',
                value: (d) => customerLabel.get(d.company_id ?? '') ?? d.company_id,
              },
              {
                key: 'site',
                label: 'Site',
                value: (d) => d.site_name,
                render: (d) =>
                  d.site_uid ? (
                    <Link to={`${ROUTES.customerSiteConfigure}?site_uid=${encodeURIComponent(d.site_uid)}`}>
                      {d.site_name}
                    </Link>
                  ) : (
                    <Text c="dimmed">Unbound</Text>
                  ),
              },
              { key: 'model', label: 'Model', value: (d) => d.model },
              {
                key: 'online',
                label: 'State',
                value: (d) => (d.online ? 1 : 0),
                render: (d) => (
                  <Badge color={d.online ? 'teal' : 'gray'}>{d.online ? 'Online' : 'Offline'}</Badge>
                ),
              },
              {
                key: 'seen',
                label: 'Last seen',
                value: (d) => d.last_seen_at,
                render: (d) => (d.last_seen_at ? formatDateTime(d.last_seen_at) : '—'),
              },
            ]}
          />
        )}
        <TablePager pages={pages} page={page} onChange={setPage} />
      </Paper>
    </Stack>
  );
}
