import { ActionIcon, Alert, Anchor, Button, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProducedReport, ReportSchedule } from '@towerwatch/contract';
import {
  allowedTenants,
  canScheduleReports,
  ROUTES,
  SCHEDULED_REPORT_KIND_LABELS,
  tenantLabel,
} from '@towerwatch/domain';
import { Link } from 'react-router';
import { errorMessage } from '../../../lib/api-error.ts';
import { formatDateTime } from '../../../lib/time.ts';
import { type SortableColumn, SortableTable } from '../../../ui/sortable-table.tsx';
import { useAuthUser } from '../../auth/index.ts';
import {
  createSchedule,
  deleteSchedule,
  downloadProduced,
  producedQueryOptions,
  schedulesQueryOptions,
  slaKeys,
} from '../api/analytics-sla-api.ts';
import { ScheduleForm } from '../components/schedule-form.tsx';
import { formatBytes } from '../sla-model.ts';

const failed = (err: unknown) => notifications.show({ color: 'red', message: errorMessage(err) });

/**
 * /analytics/schedules: the company admins' monthly reports — schedule one, delete one, and download
 * what the 1st of each month produced (also announced in the company's messaging groups).
 */
export function ReportSchedulesPage() {
  const user = useAuthUser();
  const allowed = canScheduleReports(user);
  const queryClient = useQueryClient();
  const schedules = useQuery({ ...schedulesQueryOptions(), enabled: allowed });
  const produced = useQuery({ ...producedQueryOptions(), enabled: allowed });
  const refresh = () => queryClient.invalidateQueries({ queryKey: slaKeys.all });
  const create = useMutation({
    mutationFn: createSchedule,
    onSuccess: () => {
      notifications.show({ color: 'teal', message: 'Monthly report scheduled' });
      void refresh();
    },
    onError: failed,
  });
  const remove = useMutation({
    mutationFn: deleteSchedule,
    onSuccess: () => void refresh(),
    onError: failed,
  });

  const scheduleColumns: SortableColumn<ReportSchedule>[] = [
    { key: 'kind', label: 'Report', value: (s) => SCHEDULED_REPORT_KIND_LABELS[s.kind] },
    {
      key: 'tenant',
      label: 'Tenant',
      value: (s) => (s.params.tenant ? tenantLabel(s.params.tenant) : 'All'),
    },
    {
      key: 'target',
      label: 'Target',
      value: (s) => s.params.target ?? null,
      render: (s) => (s.params.target ? `${s.params.target} %` : '–'),
    },
    {
      key: 'created',
      label: 'Created',
      value: (s) => s.createdAt,
      render: (s) => formatDateTime(s.createdAt),
    },
    {
      key: 'last',
      label: 'Last produced',
      value: (s) => s.lastMonth,
      render: (s) => s.lastMonth ?? 'not yet',
    },
    {
      key: 'delete',
      label: '',
      value: () => null,
      render: (s) => (
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={`Delete schedule ${s.id}`}
          onClick={() => remove.mutate(s.id)}
        >
          <IconTrash size={16} />
        </ActionIcon>
      ),
    },
  ];
  const producedColumns: SortableColumn<ProducedReport>[] = [
    { key: 'month', label: 'Month', value: (r) => r.month },
    { key: 'kind', label: 'Report', value: (r) => SCHEDULED_REPORT_KIND_LABELS[r.kind] },
    {
      key: 'produced',
      label: 'Produced',
      value: (r) => r.producedAt,
      render: (r) => formatDateTime(r.producedAt),
    },
    {
      key: 'delivered',
      label: 'Delivered',
      value: (r) => r.deliveredTo,
      render: (r) => (r.deliveredTo > 0 ? `to ${r.deliveredTo} group(s)` : 'kept for download'),
    },
    {
      key: 'size',
      label: 'Size',
      value: (r) => r.bytes,
      render: (r) => formatBytes(r.bytes),
      align: 'right',
    },
    {
      key: 'download',
      label: '',
      value: () => null,
      render: (r) => (
        <Button
          size="xs"
          variant="light"
          leftSection={<IconDownload size={14} />}
          onClick={() => downloadProduced(r.id, r.fileName).catch(failed)}
        >
          Download
        </Button>
      ),
    },
  ];

  return (
    <Stack gap="md">
      <div>
        <Title order={2}>Scheduled reports</Title>
        <Text c="dimmed" size="sm">
          Produced on the 1st of each month (Asia/Dhaka) for the month before, sent to your messaging groups
          and kept here. See the{' '}
          <Anchor component={Link} to={ROUTES.slaReport} size="sm">
            tenant SLA
          </Anchor>{' '}
          now.
        </Text>
      </div>
      {!allowed ? (
        <Alert color="yellow">Only your company's admins schedule reports.</Alert>
      ) : (
        <>
          <Paper withBorder p="sm">
            <ScheduleForm
              tenants={allowedTenants(user)}
              kinds={schedules.data?.kinds ?? []}
              saving={create.isPending}
              onCreate={(body) => create.mutate(body)}
            />
          </Paper>
          {schedules.isError && <Alert color="red">{errorMessage(schedules.error)}</Alert>}
          <Paper withBorder p="sm">
            <SortableTable
              caption="Schedules"
              columns={scheduleColumns}
              rows={schedules.data?.items ?? []}
              rowKey={(s) => String(s.id)}
              emptyText="No report scheduled"
            />
          </Paper>
          <Title order={4}>Produced reports</Title>
          <Paper withBorder p="sm">
            <SortableTable
              caption="Produced reports"
              columns={producedColumns}
              rows={produced.data?.items ?? []}
              rowKey={(r) => String(r.id)}
              emptyText="Nothing produced yet: the first report comes on the 1st"
            />
          </Paper>
        </>
      )}
    </Stack>
  );
}
