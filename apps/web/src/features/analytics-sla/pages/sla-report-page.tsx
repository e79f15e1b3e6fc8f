import { Alert, Anchor, Button, Group, NumberInput, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import {
  allowedTenants,
  ROUTES,
  SLA_DEFAULT_TARGET,
  SLA_TARGET_LIMITS,
  tenantLabel,
} from '@towerwatch/domain';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { errorMessage } from '../../../lib/api-error.ts';
import { useAuthUser } from '../../auth/index.ts';
import { downloadSlaReport, type SlaParams, slaReportQueryOptions } from '../api/analytics-sla-api.ts';
import { SlaCharts } from '../components/sla-charts.tsx';
import { SlaBreachTable, SlaTenantTable } from '../components/sla-tables.tsx';
import { causeTotals, recentMonths } from '../sla-model.ts';

/**
 * /analytics/sla: per tenant, the month's site availability against a target (a running month counts
 * up to now), the sites below it with their outage minutes and main cause, and the .xlsx export.
 */
export function SlaReportPage() {
  const user = useAuthUser();
  const months = useMemo(() => recentMonths(new Date()), []);
  const [searchParams, setSearchParams] = useSearchParams();
  const month = searchParams.get('month') ?? months[0]?.value ?? '';
  const [target, setTarget] = useState<number>(Number(searchParams.get('target')) || SLA_DEFAULT_TARGET);
  const tenants = allowedTenants(user);
  const tenantParam = searchParams.get('tenant');
  const tenant = tenantParam && (tenants as readonly string[]).includes(tenantParam) ? tenantParam : null;
  const params: SlaParams = { month, target, tenant };
  const report = useQuery(slaReportQueryOptions(params));
  const [exporting, setExporting] = useState(false);
  const setView = (key: string, value: string | null) => {
    const next = new URLSearchParams(searchParams);
    if (value) next.set(key, value);
    else next.delete(key);
    setSearchParams(next, { replace: true });
  };
  const exportExcel = async () => {
    setExporting(true);
    try {
      await downloadSlaReport(params);
    } catch (err) {
      notifications.show({ color: 'red', message: errorMessage(err) });
    } finally {
      setExporting(false);
    }
  };
  const totals = causeTotals(report.data?.tenants ?? []);

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={2}>Tenant SLA</Title>
          <Text c="dimmed" size="sm">
            Site availability per tenant against the target; device-offline time is a data gap, not uptime.{' '}
            <Anchor component={Link} to={ROUTES.reportSchedules} size="sm">
              Scheduled reports
            </Anchor>
          </Text>
        </div>
        <Group align="flex-end" wrap="wrap">
          <Select
            label="Month"
            data={months}
            value={month}
            onChange={(v) => setView('month', v)}
            allowDeselect={false}
            w={170}
          />
          <NumberInput
            label="Target %"
            value={target}
            onChange={(v) => typeof v === 'number' && setTarget(v)}
            min={SLA_TARGET_LIMITS.min}
            max={SLA_TARGET_LIMITS.max}
            step={0.1}
            decimalScale={2}
            w={110}
          />
          <Select
            label="Tenant"
            placeholder="All tenants"
            data={tenants.map((t) => ({ value: t, label: tenantLabel(t) }))}
            value={tenant}
            onChange={(v) => setView('tenant', v)}
            clearable
            w={170}
          />
          <Button leftSection={<IconDownload size={16} />} onClick={exportExcel} loading={exporting}>
            Export to Excel
          </Button>
        </Group>
      </Group>
      {report.isError && (
        <Alert color="red" title="The SLA report could not be loaded">
          {errorMessage(report.error)}
        </Alert>
      )}
      <SlaCharts rows={report.data?.tenants ?? []} target={target} loading={report.isLoading} />
      {totals.length > 0 && (
        <Text size="sm" c="dimmed" data-testid="sla-causes">
          Outage minutes by cause: {totals.map((c) => `${c.label} ${c.minutes.toLocaleString()}`).join(' · ')}
        </Text>
      )}
      <Paper withBorder p="sm">
        <SlaTenantTable rows={report.data?.tenants ?? []} />
      </Paper>
      <Title order={4}>Sites below target ({report.data?.breaches.length ?? 0})</Title>
      <Paper withBorder p="sm">
        <SlaBreachTable rows={report.data?.breaches ?? []} />
      </Paper>
    </Stack>
  );
}
