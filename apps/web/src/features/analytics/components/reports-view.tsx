import { Alert, Box, Group, Loader, LoadingOverlay, Paper, Select, Stack, Tabs, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery } from '@tanstack/react-query';
import { REPORT_KINDS, type ReportKind, tenantLabel } from '@towerwatch/domain';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../../lib/api-error.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { downloadReport, type ReportReply, reportQueryOptions } from '../api/analytics-api.ts';
import {
  customRangeProblem,
  DEFAULT_SETTINGS,
  exportFileName,
  formatPeriod,
  hasCompare,
  hasData,
  REPORT_TABS,
  type ReportSettings,
  reportQuery,
  THRESHOLDS,
} from '../report-model.ts';
import { BatteryReport } from './battery-report.tsx';
import { DgReport } from './dg-report.tsx';
import { MainsReport } from './mains-report.tsx';
import { ReportControls, type ThresholdControl } from './report-controls.tsx';
import { TemperatureReport } from './temperature-report.tsx';

/** Report load failures show the server's message in a toast (docs/requirements.md#server-message-toast). */
function useErrorToast(error: unknown) {
  useEffect(() => {
    if (error) notifications.show({ color: 'red', message: errorMessage(error) });
  }, [error]);
}

const isKind = (value: string | null): value is ReportKind =>
  value !== null && (REPORT_KINDS as readonly string[]).includes(value);

/** Props of {@link ReportsView}. */
export interface ReportsViewProps {
  /** The open site (its /report page), or null for the fleet. */
  siteUid: string | null;
  /** Names the scope in the file name: the site's name or 'all sites'. */
  scopeName: string;
  /** Tenants the fleet view may narrow to (empty: no tenant choice). */
  tenants: readonly string[];
  /** The focused tenant of the open site (its /report page). */
  fixedTenant?: string | null;
}

/** The four reports as tabs (?report=dg|mains|battery|temperature), their controls and Export to Excel. */
export function ReportsView({ siteUid, scopeName, tenants, fixedTenant = null }: ReportsViewProps) {
  const [params, setParams] = useSearchParams();
  const kindParam = params.get('report');
  const kind: ReportKind = isKind(kindParam) ? kindParam : 'dg';
  const [settings, setSettings] = useState<ReportSettings>({ ...DEFAULT_SETTINGS, tenant: fixedTenant });
  // Thresholds are typed: ask once the typing pauses.
  const [asked] = useDebouncedValue(settings, 400);
  const customProblem = customRangeProblem(settings.custom);
  const report = useQuery({
    ...reportQueryOptions(kind, { siteUid }, asked),
    enabled: customRangeProblem(asked.custom) === null,
  });
  useErrorToast(report.error);
  const exporting = useMutation({
    mutationFn: async () => {
      const now = new Date();
      const blob = await downloadReport(kind, reportQuery(kind, asked, now, siteUid));
      saveFile(blob, exportFileName(kind, scopeName, now));
    },
    onError: (error) => notifications.show({ color: 'red', message: errorMessage(error) }),
  });

  const update = (changes: Partial<ReportSettings>) => setSettings((s) => ({ ...s, ...changes }));
  const spec = kind === 'dg' ? null : THRESHOLDS[kind];
  const threshold: ThresholdControl | null = spec && {
    label: spec.label,
    value: settings[spec.key],
    min: spec.min,
    max: spec.max,
    step: spec.step,
    suffix: spec.suffix,
    optional: spec.key === 'dailyAvg',
    onChange: (value) => update({ [spec.key]: spec.key === 'dailyAvg' ? value : (value ?? spec.min) }),
  };
  const data = report.data?.kind === kind ? report.data : undefined;
  // The report of other settings is kept on screen while the new one loads: marked as loading, not
  // passed off as the answer (the period line says so, the figures are dimmed under a loader).
  const loading = report.isPlaceholderData || settings !== asked;
  const compare = hasCompare(kind) && asked.compare !== 'none';

  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="sm">
        <Stack gap="sm">
          <Tabs
            value={kind}
            onChange={(value) => {
              if (!isKind(value)) return;
              const next = new URLSearchParams(params);
              next.set('report', value);
              setParams(next, { replace: true });
            }}
          >
            <Tabs.List>
              {REPORT_TABS.map((tab) => (
                <Tabs.Tab key={tab.kind} value={tab.kind}>
                  {tab.label}
                </Tabs.Tab>
              ))}
            </Tabs.List>
          </Tabs>
          <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
            <ReportControls
              months={settings.months}
              onMonths={(months) => update({ months })}
              custom={settings.custom}
              onCustom={(custom) => update({ custom })}
              customProblem={customProblem}
              compare={hasCompare(kind) ? settings.compare : null}
              onCompare={(compare) => update({ compare })}
              threshold={threshold}
              exporting={exporting.isPending}
              onExport={() => exporting.mutate()}
            />
            {tenants.length > 1 && (
              <Select
                label="Tenant"
                placeholder="All tenants"
                clearable
                w={160}
                data={tenants.map((code) => ({ value: code, label: tenantLabel(code) }))}
                value={settings.tenant}
                onChange={(tenant) => update({ tenant })}
              />
            )}
          </Group>
          <Text size="xs" c="dimmed" data-testid="report-period" aria-live="polite" aria-busy={loading}>
            {customProblem ?? (data && !loading ? periodText(data) : 'Loading the report…')}
          </Text>
        </Stack>
      </Paper>
      {report.error && !data ? (
        <Alert color="red" variant="light" title="The report could not be loaded">
          {errorMessage(report.error)}
        </Alert>
      ) : !data ? (
        <Group justify="center" py="xl">
          <Loader size="sm" />
        </Group>
      ) : (
        <Box pos="relative" aria-busy={loading} data-testid="report-body">
          <LoadingOverlay
            visible={loading}
            zIndex={5}
            overlayProps={{ blur: 1 }}
            loaderProps={{ size: 'sm', 'aria-label': 'Loading the report' }}
          />
          <ReportBody data={data} compare={compare} />
        </Box>
      )}
    </Stack>
  );
}

function periodText({ reply }: ReportReply): string {
  const period = formatPeriod(reply.period);
  const empty = reply.comparePeriod && !hasData(reply.previousTotals) ? ' (no data then)' : '';
  const before = reply.comparePeriod ? ` · compared with ${formatPeriod(reply.comparePeriod)}${empty}` : '';
  const tenant = reply.tenant ? ` · ${tenantLabel(reply.tenant)}` : '';
  return `${period}${before}${tenant}`;
}

function ReportBody({ data, compare }: { data: ReportReply; compare: boolean }) {
  switch (data.kind) {
    case 'dg':
      return <DgReport reply={data.reply} compare={compare} />;
    case 'mains':
      return <MainsReport reply={data.reply} compare={compare} />;
    case 'battery':
      return <BatteryReport reply={data.reply} compare={compare} />;
    case 'temperature':
      return <TemperatureReport reply={data.reply} />;
  }
}
