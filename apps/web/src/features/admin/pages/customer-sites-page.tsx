import { Badge, Button, Group, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch, IconUpload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { CustomerCompany } from '@towerwatch/contract';
import { CUSTOMER_PAGE_SIZE, ROUTES } from '@towerwatch/domain';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { SortableTable } from '../../../ui/sortable-table.tsx';
import { TablePager } from '../../../ui/table-pager.tsx';
import { companiesQueryOptions } from '../api/admin-api.ts';
import { healthOf } from '../admin-model.ts';
import { CustomerSitesPanel } from '../components/customer-sites-panel.tsx';
import { ImportModal } from '../components/import-modal.tsx';

/**
 * /customer/sites, the operators' home (docs/requirements.md#admin-screens): customers with their site
 * counts and health, 25 per page, searchable; opening one shows its sites as that customer sees them.
 */
export function CustomerSitesPage() {
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const [page, setPage] = useState(1);
  const [importing, setImporting] = useState(false);
  const companies = useQuery(companiesQueryOptions(page, debounced));
  const selectedId = params.get('customer');
  const items = companies.data?.items ?? [];
  const selected = items.find((c) => c.id === selectedId) ?? null;
  const open = (c: CustomerCompany) => setParams({ customer: c.id });
  const pages = Math.max(1, Math.ceil((companies.data?.total ?? 0) / CUSTOMER_PAGE_SIZE));
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Customer Sites</Title>
        <Group>
          <Button component={Link} to={ROUTES.customersList} variant="default">
            Customers
          </Button>
          <Button variant="default" leftSection={<IconUpload size={16} />} onClick={() => setImporting(true)}>
            Import sites
          </Button>
          <Button component={Link} to={ROUTES.customerSiteCreate} leftSection={<IconPlus size={16} />}>
            New site
          </Button>
        </Group>
      </Group>
      <Paper withBorder p="md">
        <Group justify="space-between" mb="sm">
          <TextInput
            aria-label="Search customers"
            placeholder="Search customers"
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              setPage(1);
            }}
          />
          <Text size="sm" c="dimmed">
            {companies.data ? `${companies.data.total} customers` : ''}
          </Text>
        </Group>
        {companies.isPending ? (
          <Loader />
        ) : (
          <SortableTable
            caption="Customers"
            rows={items}
            rowKey={(c) => c.id}
            columns={[
              {
                key: 'name',
                label: 'Customer',
                value: (c) => c.label,
                render: (c) => (
                  <Button
                    variant="subtle"
                    size="compact-sm"
                    onClick={() => open(c)}
                    aria-label={`Open customer ${c.label}`}
                  >
                    {c.label} — {c.name}
                  </Button>
                ),
              },
              { key: 'sites', label: 'Sites', value: (c) => c.sites, align: 'right' },
              { key: 'down', label: 'Sites down', value: (c) => c.sites_down, align: 'right' },
              {
                key: 'online',
                label: 'Devices online',
                value: (c) => c.devices_online,
                render: (c) => `${c.devices_online} / ${c.devices}`,
                align: 'right',
              },
              { key: 'alarms', label: 'Active alarms', value: (c) => c.active_alarms, align: 'right' },
              {
                key: 'health',
                label: 'Health',
                value: (c) => healthOf(c).label,
                render: (c) => <Badge color={healthOf(c).color}>{healthOf(c).label}</Badge>,
              },
            ]}
          />
        )}
        <TablePager pages={pages} page={page} onChange={setPage} />
      </Paper>
      {importing && <ImportModal onClose={() => setImporting(false)} />}
      {selected && <CustomerSitesPanel customer={selected} onClose={() => setParams({})} />}
    </Stack>
  );
}
