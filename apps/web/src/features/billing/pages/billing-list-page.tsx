import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Pagination,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { PAYMENT_METHOD_LABELS, PAYMENT_STATUSES, type PaymentStatus, ROUTES } from '@towerwatch/domain';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { errorMessage } from '../../../lib/api-error.ts';
import { formatDateTime } from '../../../lib/time.ts';
import { useAuthUser } from '../../auth/index.ts';
import { PAYMENTS_PER_PAGE, paymentsQueryOptions } from '../api/billing-api.ts';
import {
  canRecordPayments,
  formatMoney,
  PAYMENT_STATUS_COLOUR,
  periodLabel,
  recentPeriods,
} from '../billing-model.ts';
import { InvoicePanel } from '../components/invoice-panel.tsx';

/**
 * /billing/list (guard 2: superuser, finance, sudo; docs/requirements.md#billing): the month's
 * invoices per company and the payments recorded, newest first; finance and sudo record payments
 * and change their status on /billing/update.
 */
export function BillingListPage() {
  const user = useAuthUser();
  const periods = useMemo(() => recentPeriods(new Date()), []);
  // The filters live in the URL (?period=&status=&page=): a reload or a shared link keeps them.
  const [params, setParams] = useSearchParams();
  const period = params.get('period');
  const rawStatus = params.get('status');
  const status = (PAYMENT_STATUSES as readonly string[]).includes(rawStatus ?? '')
    ? (rawStatus as PaymentStatus)
    : null;
  const page = Math.max(1, Number(params.get('page')) || 1);
  const setFilter = (next: { period?: string | null; status?: string | null; page?: number }) => {
    const merged = { period, status, page: 1, ...next };
    const query: Record<string, string> = {};
    if (merged.period) query.period = merged.period;
    if (merged.status) query.status = merged.status;
    if (merged.page > 1) query.page = String(merged.page);
    setParams(query, { replace: true });
  };
  const setPeriod = (v: string | null) => setFilter({ period: v });
  const setStatus = (v: PaymentStatus | null) => setFilter({ status: v });
  const setPage = (p: number) => setFilter({ page: p });
  const payments = useQuery(paymentsQueryOptions({ period, status, page }));
  const editor = canRecordPayments(user);
  const pages = payments.data ? Math.max(1, Math.ceil(payments.data.total / PAYMENTS_PER_PAGE)) : 1;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2}>Payment List</Title>
          <Text c="dimmed" size="sm">
            {user.type === 'superuser'
              ? 'Invoices and payments of your company'
              : 'Invoices and payments of every company'}
          </Text>
        </div>
        {editor && (
          <Button component={Link} to={ROUTES.billingUpdate} leftSection={<IconPlus size={16} />}>
            Record payment
          </Button>
        )}
      </Group>
      <InvoicePanel periods={periods} canEdit={editor} />
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <Group justify="space-between" align="flex-end">
            <Title order={4}>Payments</Title>
            <Group gap="sm">
              <Select
                aria-label="Payment month"
                placeholder="Any month"
                data={periods.map((p) => ({ value: p, label: periodLabel(p) }))}
                value={period}
                onChange={(v) => {
                  setPeriod(v);
                }}
                clearable
                w={160}
              />
              <Select
                aria-label="Payment status"
                placeholder="Any status"
                data={PAYMENT_STATUSES.map((s) => ({ value: s, label: s }))}
                value={status}
                onChange={(v) => {
                  setStatus(v as PaymentStatus | null);
                }}
                clearable
                w={150}
              />
            </Group>
          </Group>
          {payments.isError && <Alert color="red">{errorMessage(payments.error)}</Alert>}
          {payments.data && payments.data.items.length === 0 && (
            <Text c="dimmed" ta="center" p="md">
              No payment recorded{period ? ` for ${periodLabel(period)}` : ''}.
            </Text>
          )}
          {payments.data && payments.data.items.length > 0 && (
            <Table striped highlightOnHover verticalSpacing={6} aria-label="Payments">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Company</Table.Th>
                  <Table.Th>Month</Table.Th>
                  <Table.Th ta="right">Amount</Table.Th>
                  <Table.Th>Method</Table.Th>
                  <Table.Th>Reference</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Recorded</Table.Th>
                  {editor && <Table.Th />}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {payments.data.items.map((p) => (
                  <Table.Tr key={p.id} aria-label={p.transactionRef}>
                    <Table.Td>{p.companyName}</Table.Td>
                    <Table.Td>{periodLabel(p.period)}</Table.Td>
                    <Table.Td ta="right">{formatMoney(p.amount)}</Table.Td>
                    <Table.Td>{PAYMENT_METHOD_LABELS[p.method]}</Table.Td>
                    <Table.Td>
                      <Text size="sm" ff="monospace">
                        {p.transactionRef}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={PAYMENT_STATUS_COLOUR[p.status]}>
                        {p.status}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Text size="xs" c="dimmed">
                        {p.recordedByName} · {formatDateTime(p.createdAt)}
                      </Text>
                    </Table.Td>
                    {editor && (
                      <Table.Td>
                        {p.status !== 'complete' && (
                          <Anchor component={Link} to={`${ROUTES.billingUpdate}?id=${p.id}`} size="sm">
                            Update
                          </Anchor>
                        )}
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} size="sm" />}
        </Stack>
      </Paper>
    </Stack>
  );
}
