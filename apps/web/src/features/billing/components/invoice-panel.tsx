import { Alert, Button, Group, Loader, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-error.ts';
import { downloadInvoices, invoicesQueryOptions } from '../api/billing-api.ts';
import { RateEditor } from './rate-editor.tsx';
import { formatMoney, periodLabel } from '../billing-model.ts';

/** A month's invoices per company (monitored sites × per-site rate) with what was paid; .xlsx export. */
export function InvoicePanel({ periods, canEdit }: { periods: readonly string[]; canEdit: boolean }) {
  const [period, setPeriod] = useState(periods[0] ?? '');
  const invoices = useQuery(invoicesQueryOptions(period));
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await downloadInvoices(period);
    } catch (error) {
      notifications.show({ color: 'red', message: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-end">
          <Title order={4}>Invoices</Title>
          <Group gap="sm" align="flex-end">
            <Select
              label="Month"
              data={periods.map((p) => ({ value: p, label: periodLabel(p) }))}
              value={period}
              onChange={(v) => v && setPeriod(v)}
              allowDeselect={false}
              w={160}
            />
            <Button
              variant="light"
              leftSection={<IconDownload size={16} />}
              loading={busy}
              onClick={() => void download()}
            >
              Export .xlsx
            </Button>
          </Group>
        </Group>
        {invoices.isPending ? (
          <Loader size="sm" />
        ) : invoices.isError ? (
          <Alert color="red">{errorMessage(invoices.error)}</Alert>
        ) : (
          <Table striped verticalSpacing={6} aria-label="Invoices">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Company</Table.Th>
                <Table.Th ta="right">Monitored sites</Table.Th>
                <Table.Th ta="right">Rate per site</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
                <Table.Th ta="right">Paid</Table.Th>
                <Table.Th ta="right">Due</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {invoices.data.items.map((i) => {
                const due = Math.max(0, i.amount - i.paid);
                return (
                  <Table.Tr key={i.companyId}>
                    <Table.Td>{i.companyName}</Table.Td>
                    <Table.Td ta="right">{i.monitoredSites.toLocaleString()}</Table.Td>
                    <Table.Td ta="right">
                      {canEdit ? (
                        <RateEditor
                          companyId={i.companyId}
                          companyName={i.companyName}
                          rate={i.perSiteRate}
                        />
                      ) : (
                        formatMoney(i.perSiteRate)
                      )}
                    </Table.Td>
                    <Table.Td ta="right">{formatMoney(i.amount)}</Table.Td>
                    <Table.Td ta="right">{formatMoney(i.paid)}</Table.Td>
                    <Table.Td ta="right">
                      <Text size="sm" c={due > 0 ? 'red' : 'teal'} fw={600}>
                        {formatMoney(due)}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Paper>
  );
}
