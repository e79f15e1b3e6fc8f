import { Badge, Button, Group, Loader, Paper, Stack, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { CUSTOMER_PAGE_SIZE, ROUTES } from '@towerwatch/domain';
import { useState } from 'react';
import { Link } from 'react-router';
import { SortableTable } from '../../../ui/sortable-table.tsx';
import { TablePager } from '../../../ui/table-pager.tsx';
import { useAuthUser } from '../../auth/index.ts';
import { companiesQueryOptions } from '../api/admin-api.ts';
import { healthOf } from '../admin-model.ts';
import { CompanyModal } from '../components/company-modal.tsx';

/** /customers/list: every customer (company) with its code, root user and fleet size. */
export function CustomersListPage() {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const user = useAuthUser();
  const companies = useQuery(companiesQueryOptions(page, debounced));
  const pages = Math.max(1, Math.ceil((companies.data?.total ?? 0) / CUSTOMER_PAGE_SIZE));
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Customers</Title>
        {user.type === 'sudo' && <Button onClick={() => setCreating(true)}>New customer</Button>}
      </Group>
      {creating && <CompanyModal onClose={() => setCreating(false)} />}
      <Paper withBorder p="md">
        <TextInput
          aria-label="Search customers"
          placeholder="Search by name or code"
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          mb="sm"
        />
        {companies.isPending ? (
          <Loader />
        ) : (
          <SortableTable
            caption="Customers"
            rows={companies.data?.items ?? []}
            rowKey={(c) => c.id}
            columns={[
              { key: 'label', label: 'Label', value: (c) => c.label },
              { key: 'name', label: 'Name', value: (c) => c.name },
              { key: 'code', label: 'Code', value: (c) => c.code },
              { key: 'root', label: 'Root user', value: (c) => c.root_user_uid },
              { key: 'sites', label: 'Sites', value: (c) => c.sites, align: 'right' },
              { key: 'devices', label: 'Devices', value: (c) => c.devices, align: 'right' },
              {
                key: 'health',
                label: 'Health',
                value: (c) => healthOf(c).label,
                render: (c) => <Badge color={healthOf(c).color}>{healthOf(c).label}</Badge>,
              },
              {
                key: 'open',
                label: '',
                value: () => null,
                render: (c) => (
                  <Group gap="xs">
                    <Button
                      component={Link}
                      to={`${ROUTES.customerSites}?customer=${c.id}`}
                      size="compact-xs"
                      variant="default"
                    >
                      Sites
                    </Button>
                    <Button
                      component={Link}
                      to={`${ROUTES.customerSiteCreate}?customer=${c.id}`}
                      size="compact-xs"
                    >
                      New site
                    </Button>
                  </Group>
                ),
              },
            ]}
          />
        )}
        <TablePager pages={pages} page={page} onChange={setPage} />
      </Paper>
    </Stack>
  );
}
