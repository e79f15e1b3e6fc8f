import { Badge, Button, Group, Loader, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type AuthUser, type EndpointBody, userEndpoints } from '@towerwatch/contract';
import { ACCESS_ROLE_LABELS, isOperator, tenantLabel, userTypeLabel } from '@towerwatch/domain';
import { useState } from 'react';
import { apiCall } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/api-error.ts';
import { SortableTable } from '../../../ui/sortable-table.tsx';
import { TablePager, usePagedRows } from '../../../ui/table-pager.tsx';
import { useAuthUser } from '../../auth/index.ts';
import { mayDisableOrDelete } from '../admin-model.ts';
import { adminKeys, allCompaniesQueryOptions, usersQueryOptions } from '../api/admin-api.ts';
import { UserFormModal, type UserFormValues } from '../components/user-form-modal.tsx';

/** /user/list: list, create, edit (type, tenants, access), disable and delete users. */
export function UserListPage() {
  const manager = useAuthUser();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const [editing, setEditing] = useState<AuthUser | 'new' | null>(null);
  const users = useQuery(usersQueryOptions(debounced));
  const companies = useQuery({ ...allCompaniesQueryOptions(), enabled: isOperator(manager) });
  const paged = usePagedRows(users.data?.items ?? [], 50);
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminKeys.all });
  const onError = (error: unknown) => notifications.show({ color: 'red', message: errorMessage(error) });
  const save = useMutation({
    mutationFn: ({ uid, ...v }: UserFormValues) =>
      uid
        ? apiCall(userEndpoints.update, { body: { uid, ...v } as EndpointBody<typeof userEndpoints.update> })
        : apiCall(userEndpoints.signup, { body: v as EndpointBody<typeof userEndpoints.signup> }),
    onSuccess: async (user) => {
      setEditing(null);
      await refresh();
      notifications.show({ color: 'teal', message: `User ${user.username} saved` });
    },
  });
  const toggle = useMutation({
    mutationFn: (u: AuthUser) =>
      apiCall(userEndpoints.update, { body: { uid: u.uid, disabled: !u.disabled } }),
    onSuccess: refresh,
    onError,
  });
  const remove = useMutation({
    mutationFn: (uid: string) => apiCall(userEndpoints.delete, { body: { uid } }),
    onSuccess: refresh,
    onError,
  });
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Users</Title>
        <Button onClick={() => setEditing('new')}>New user</Button>
      </Group>
      <Paper withBorder p="md">
        <Group mb="sm">
          <TextInput
            aria-label="Search users"
            placeholder="Search users"
            value={search}
            onChange={(e) => setSearch(e.currentTarget.value)}
          />
          <Text size="sm" c="dimmed">
            {users.data ? `${users.data.total} users` : ''}
          </Text>
        </Group>
        {users.isPending ? (
          <Loader />
        ) : (
          <SortableTable
            caption="Users"
            rows={paged.shown}
            rowKey={(u) => u.uid}
            columns={[
              {
                key: 'username',
                label: 'Username',
                value: (u) => u.username,
                render: (u) => <Text fw={500}>{u.username}</Text>,
              },
              { key: 'name', label: 'Name', value: (u) => u.name },
              { key: 'type', label: 'Type', value: (u) => userTypeLabel(u) },
              { key: 'company', label: 'Company', value: (u) => u.company_code },
              {
                key: 'tenants',
                label: 'Tenants',
                value: (u) => (u.tenants.length ? u.tenants.map(tenantLabel).join(', ') : 'All'),
              },
              {
                key: 'access',
                label: 'Access',
                value: (u) => u.meta.accessRoles.map((r) => ACCESS_ROLE_LABELS[r]).join(', '),
              },
              {
                key: 'state',
                label: 'State',
                value: (u) => (u.disabled ? 0 : 1),
                // Never narrower than its word: a squeezed table column cut it to 'Acti…'.
                render: (u) => (
                  <Badge color={u.disabled ? 'gray' : 'teal'} miw="max-content">
                    {u.disabled ? 'Disabled' : 'Active'}
                  </Badge>
                ),
              },
              {
                key: 'actions',
                label: '',
                value: () => null,
                render: (u) => (
                  <Group gap="xs" wrap="nowrap">
                    <Button
                      size="compact-xs"
                      variant="default"
                      onClick={() => setEditing(u)}
                      aria-label={`Edit ${u.username}`}
                    >
                      Edit
                    </Button>
                    <Button
                      size="compact-xs"
                      variant="light"
                      disabled={!mayDisableOrDelete(manager, u)}
                      onClick={() => toggle.mutate(u)}
                      aria-label={`${u.disabled ? 'Enable' : 'Disable'} ${u.username}`}
                    >
                      {u.disabled ? 'Enable' : 'Disable'}
                    </Button>
                    <Button
                      size="compact-xs"
                      color="red"
                      variant="light"
                      aria-label={`Delete ${u.username}`}
                      disabled={!mayDisableOrDelete(manager, u)}
                      onClick={() => {
                        if (window.confirm(`Delete ${u.username}?`)) remove.mutate(u.uid);
                      }}
                    >
                      Delete
                    </Button>
                  </Group>
                ),
              },
            ]}
          />
        )}
        <TablePager pages={paged.pages} page={paged.page} onChange={paged.setPage} />
      </Paper>
      {editing && (
        <UserFormModal
          manager={manager}
          user={editing === 'new' ? null : editing}
          companies={(companies.data?.items ?? []).map((c) => ({ value: c.id, label: c.label }))}
          busy={save.isPending}
          error={save.error ? errorMessage(save.error) : null}
          onClose={() => {
            setEditing(null);
            save.reset();
          }}
          onSave={(v) => save.mutate(v)}
        />
      )}
    </Stack>
  );
}
