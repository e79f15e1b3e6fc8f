import { Badge, Button, CloseButton, Group, Loader, Paper, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { CustomerCompany, SiteLean } from '@towerwatch/contract';
import { ROUTES } from '@towerwatch/domain';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../../lib/api-error.ts';
import { SortableTable } from '../../../ui/sortable-table.tsx';
import { TablePager, usePagedRows } from '../../../ui/table-pager.tsx';
import { customerSiteRows } from '../admin-model.ts';
import { customerSitesQueryOptions } from '../api/admin-api.ts';

/**
 * One customer's sites (the list call's `company_id`, so a customer without a root user is reached
 * too): status, devices, active alarms, and links to edit and configure each site. Refreshed every 15 s.
 */
export function CustomerSitesPanel({
  customer,
  onClose,
}: {
  customer: CustomerCompany;
  onClose: () => void;
}) {
  const sites = useQuery(customerSitesQueryOptions(customer.id));
  const [search, setSearch] = useState('');
  const items = (sites.data?.items ?? []) as SiteLean[];
  const rows = useMemo(() => {
    const q = search.trim().toLowerCase();
    return customerSiteRows(items).filter(
      (r) =>
        !q ||
        r.name.toLowerCase().includes(q) ||
        r.uid.toLowerCase().includes(q) ||
        r.genericId.toLowerCase().includes(q),
    );
  }, [items, search]);
  const paged = usePagedRows(rows, 50);
  return (
    <Paper withBorder p="md" aria-label={`Sites of ${customer.label}`}>
      <Group justify="space-between" mb="sm">
        <Title order={3}>
          Sites of {customer.label}{' '}
          <Text span c="dimmed">
            ({customer.name})
          </Text>
        </Title>
        <Group>
          <Button component={Link} to={`${ROUTES.customerSiteCreate}?customer=${customer.id}`} size="xs">
            New site for {customer.label}
          </Button>
          <CloseButton aria-label="Close customer" onClick={onClose} />
        </Group>
      </Group>
      <TextInput
        aria-label="Search sites"
        placeholder="Search sites by name or id"
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        mb="sm"
      />
      {sites.isError && <Text c="red">{errorMessage(sites.error)}</Text>}
      {sites.isPending ? (
        <Loader />
      ) : (
        <SortableTable
          caption={`Sites of ${customer.label}`}
          rows={paged.shown}
          rowKey={(r) => r.uid}
          emptyText="No sites"
          columns={[
            {
              key: 'name',
              label: 'Site',
              value: (r) => r.name,
              render: (r) => <Text fw={500}>{r.name}</Text>,
            },
            { key: 'uid', label: 'Site ID', value: (r) => r.genericId || r.uid },
            { key: 'tenants', label: 'Tenants', value: (r) => r.tenants },
            { key: 'place', label: 'Place', value: (r) => r.place },
            {
              key: 'status',
              label: 'Status',
              value: (r) => r.status,
              render: (r) => (
                <Badge
                  color={r.status === 'online' ? 'teal' : 'gray'}
                  aria-label={`${r.name} ${r.status}`}
                  miw={84}
                >
                  {r.status === 'online' ? 'Online' : 'Offline'}
                </Badge>
              ),
            },
            { key: 'devices', label: 'Devices', value: (r) => r.devices, align: 'right' },
            { key: 'alarms', label: 'Active alarms', value: (r) => r.activeAlarms, align: 'right' },
            {
              key: 'actions',
              label: 'Actions',
              value: () => null,
              render: (r) => (
                <Group gap="xs" wrap="nowrap">
                  <Button
                    component={Link}
                    to={`${ROUTES.customerSiteEdit}?site_uid=${r.uid}`}
                    size="compact-xs"
                    variant="default"
                  >
                    Edit
                  </Button>
                  <Button
                    component={Link}
                    to={`${ROUTES.customerSiteConfigure}?site_uid=${r.uid}`}
                    size="compact-xs"
                    aria-label={`Configure ${r.name}`}
                  >
                    Configure
                  </Button>
                </Group>
              ),
            },
          ]}
        />
      )}
      <TablePager pages={paged.pages} page={paged.page} onChange={paged.setPage} />
    </Paper>
  );
}
