import { Alert, Badge, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { BankHealthItem } from '@towerwatch/contract';
import { BANK_SPREAD_WARN_V } from '@towerwatch/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-error.ts';
import { formatDateTime } from '../../../lib/time.ts';
import { type SortableColumn, SortableTable } from '../../../ui/sortable-table.tsx';
import { bankHealthQuery, downloadBankHealth } from '../api/oem-api.ts';
import { oemColour } from '../oem-model.ts';

const COLUMNS: readonly SortableColumn<BankHealthItem>[] = [
  { key: 'rank', label: 'Rank', value: (b) => b.rank, align: 'right' },
  { key: 'site', label: 'Site', value: (b) => b.siteName, render: (b) => `${b.siteName} (${b.siteUid})` },
  { key: 'address', label: 'Battery', value: (b) => b.address, align: 'right' },
  { key: 'score', label: 'Risk score', value: (b) => b.score, align: 'right' },
  {
    key: 'spread',
    label: 'Cell spread',
    value: (b) => b.spread,
    align: 'right',
    render: (b) =>
      b.spread === null ? (
        '–'
      ) : (
        <Badge color={b.flagged ? 'red' : 'gray'} variant={b.flagged ? 'filled' : 'light'} tt="none">
          {Math.round(b.spread * 1000)} mV
        </Badge>
      ),
  },
  {
    key: 'weakest',
    label: 'Weakest cell',
    value: (b) => b.weakestVoltage,
    align: 'right',
    render: (b) => (b.weakestCell === null ? '–' : `#${b.weakestCell} · ${b.weakestVoltage?.toFixed(3)} V`),
  },
  {
    key: 'soh',
    label: 'SOH',
    value: (b) => b.soh,
    align: 'right',
    render: (b) =>
      b.soh === null ? (
        '–'
      ) : (
        <Text span c={`${oemColour('soh', b.soh)}.7`} fw={600}>
          {b.soh.toFixed(1)} %
        </Text>
      ),
  },
  {
    key: 'trend',
    label: 'SOH trend (30 d)',
    value: (b) => b.sohTrend30d,
    align: 'right',
    render: (b) =>
      b.sohTrend30d === null ? '–' : `${b.sohTrend30d > 0 ? '+' : ''}${b.sohTrend30d.toFixed(2)} pts`,
  },
  { key: 'last', label: 'Last record', value: (b) => b.lastTime, render: (b) => formatDateTime(b.lastTime) },
];

/** /oem/battery-health: the company's batteries ranked by risk (docs/requirements.md#battery-bank-health). */
export function BatteryHealthPage() {
  const banks = useQuery(bankHealthQuery());
  const [downloading, setDownloading] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const download = async () => {
    setDownloading(true);
    setFailed(null);
    try {
      await downloadBankHealth();
    } catch (error) {
      setFailed(errorMessage(error));
    } finally {
      setDownloading(false);
    }
  };
  const items = banks.data?.items ?? [];
  const flagged = items.filter((b) => b.flagged).length;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={2}>Battery Bank Health</Title>
          <Text c="dimmed" size="sm">
            Batteries ranked by weakest-cell spread and state-of-health trend over the last 30 days: replace
            the top ones before an outage finds them.{' '}
            {flagged > 0 && `${flagged} with a spread of ${BANK_SPREAD_WARN_V * 1000} mV or more.`}
          </Text>
        </div>
        <Button
          leftSection={<IconDownload size={16} />}
          onClick={() => void download()}
          loading={downloading}
          variant="light"
        >
          Export .xlsx
        </Button>
      </Group>
      {failed && (
        <Alert color="red" title="The export failed">
          {failed}
        </Alert>
      )}
      {banks.isError && (
        <Alert color="red" title="The battery banks could not be loaded">
          {errorMessage(banks.error)}
        </Alert>
      )}
      <Paper withBorder radius="md">
        {banks.isPending ? (
          <Group justify="center" p="xl">
            <Loader size="sm" />
          </Group>
        ) : (
          <SortableTable
            columns={COLUMNS}
            rows={items}
            rowKey={(b) => `${b.siteUid}/${b.address}`}
            caption="Battery bank health"
            emptyText="No BMS records in the last 30 days"
          />
        )}
      </Paper>
    </Stack>
  );
}
