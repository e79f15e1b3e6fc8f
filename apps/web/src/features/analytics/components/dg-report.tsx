import { Paper, Stack, Table, Text, useMantineTheme } from '@mantine/core';
import type { DgReportReply, DgReportRow } from '@towerwatch/contract';
import { tenantLabel } from '@towerwatch/domain';
import { useMemo } from 'react';
import { ChartCard } from '../../../ui/chart-card.tsx';
import type { SortableColumn } from '../../../ui/sortable-table.tsx';
import { siteBarsOption } from '../report-charts.ts';
import { formatNumber, hasData, previousOf } from '../report-model.ts';
import { completenessColumn, FigureCards, PreviousCell, ReportTable, siteColumns } from './report-parts.tsx';

const hours = (v: number) => formatNumber(v, 1, 'h');
const litres = (v: number) => formatNumber(v, 0, 'L');
const bdt = (v: number) => `${formatNumber(v, 0)} BDT`;

function columns(compare: boolean): SortableColumn<DgReportRow>[] {
  return [
    ...siteColumns<DgReportRow>(),
    {
      key: 'dgHours',
      label: 'DG hours',
      value: (r) => r.dgRunHours,
      align: 'right',
      render: (r) => hours(r.dgRunHours),
    },
    ...(compare
      ? [
          {
            key: 'dgPrevious',
            label: 'DG hours before',
            value: (r: DgReportRow) => previousOf(r)?.dgRunHours ?? null,
            align: 'right' as const,
            render: (r: DgReportRow) => (
              <PreviousCell current={r.dgRunHours} previous={previousOf(r)?.dgRunHours} format={hours} />
            ),
          },
        ]
      : []),
    { key: 'dgStarts', label: 'DG starts', value: (r) => r.dgStarts, align: 'right' },
    {
      key: 'pgHours',
      label: 'PG hours',
      value: (r) => r.pgRunHours,
      align: 'right',
      render: (r) => hours(r.pgRunHours),
    },
    { key: 'pgStarts', label: 'PG starts', value: (r) => r.pgStarts, align: 'right' },
    {
      key: 'fuel',
      label: 'Fuel',
      value: (r) => r.fuelLitres,
      align: 'right',
      render: (r) => litres(r.fuelLitres),
    },
    { key: 'cost', label: 'Cost', value: (r) => r.cost, align: 'right', render: (r) => bdt(r.cost) },
    completenessColumn<DgReportRow>(),
  ];
}

/** The DG report: run hours, starts, fuel and cost per site, per tenant, and the fleet's totals. */
export function DgReport({ reply, compare }: { reply: DgReportReply; compare: boolean }) {
  const theme = useMantineTheme();
  const rows = reply.sites;
  const option = useMemo(
    () =>
      siteBarsOption(
        [...rows]
          .sort((a, b) => b.dgRunHours - a.dgRunHours)
          .map((r) => ({ name: r.siteName, value: r.dgRunHours, previous: previousOf(r)?.dgRunHours })),
        {
          unit: 'h',
          series: 'DG run hours',
          compare: compare ? 'Period before' : null,
          colour: theme.colors.orange[6],
          previousColour: theme.colors.gray[5],
        },
      ),
    [rows, compare, theme],
  );
  const t = reply.totals;
  const p = reply.previousTotals;
  return (
    <Stack gap="md">
      <FigureCards
        compare={compare}
        previousEmpty={!hasData(p)}
        figures={[
          {
            label: 'DG run hours',
            value: t.dgRunHours,
            previous: p?.dgRunHours,
            format: hours,
            better: 'down',
          },
          { label: 'DG starts', value: t.dgStarts, previous: p?.dgStarts, format: (v) => formatNumber(v, 0) },
          { label: 'PG run hours', value: t.pgRunHours, previous: p?.pgRunHours, format: hours },
          {
            label: 'Fuel used',
            value: t.fuelLitres,
            previous: p?.fuelLitres,
            format: litres,
            better: 'down',
          },
          { label: 'Fuel cost', value: t.cost, previous: p?.cost, format: bdt, better: 'down' },
        ]}
      />
      <ChartCard
        title="DG run hours per site (most first)"
        option={option}
        label="DG run hours per site"
        testId="dg-report-chart"
        height={300}
        empty={rows.some((r) => r.dgRunHours > 0) ? null : 'No DG ran in this period.'}
      />
      {reply.byTenant.length > 0 && (
        <Paper withBorder radius="md" p="xs">
          <Text size="xs" fw={700} tt="uppercase" c="dimmed" lts={0.4} px={4} pb={4}>
            Per tenant (shared generators split equally) · diesel at {reply.parameters.fuelPricePerLitre}{' '}
            BDT/L
          </Text>
          <Table fz="sm" striped aria-label="DG per tenant">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Tenant</Table.Th>
                <Table.Th ta="right">Sites</Table.Th>
                <Table.Th ta="right">DG hours</Table.Th>
                <Table.Th ta="right">Fuel</Table.Th>
                <Table.Th ta="right">Cost</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {reply.byTenant.map((row) => (
                <Table.Tr key={row.tenant}>
                  <Table.Td>{tenantLabel(row.tenant)}</Table.Td>
                  <Table.Td ta="right">{row.sites}</Table.Td>
                  <Table.Td ta="right">{hours(row.dgRunHours)}</Table.Td>
                  <Table.Td ta="right">{litres(row.fuelLitres)}</Table.Td>
                  <Table.Td ta="right">{bdt(row.cost)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>
      )}
      <ReportTable
        columns={columns(compare)}
        rows={rows}
        caption="DG report"
        emptyText="No site in this report."
        initialSortKey="dgHours"
      />
    </Stack>
  );
}
