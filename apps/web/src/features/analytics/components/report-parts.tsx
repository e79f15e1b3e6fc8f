import { Badge, Group, Paper, SimpleGrid, Text } from '@mantine/core';
import { tenantLabel } from '@towerwatch/domain';
import type { ReactNode } from 'react';
import { type SortableColumn, SortableTable } from '../../../ui/sortable-table.tsx';
import { StatCard } from '../../../ui/stat-card.tsx';
import { change, formatChange, formatNumber } from '../report-model.ts';

/** Rows from which a report table renders only the rows in view. */
const VIRTUAL_FROM = 60;
const ROW_HEIGHT = 37;

/** One summary figure with, when compared, its change from the previous period. */
export interface Figure {
  label: string;
  value: number | null;
  format: (value: number) => string;
  previous?: number | null;
  /** Whether a rise is good (green) or bad (red); none: neutral. */
  better?: 'up' | 'down';
  /** A percentage already: its change is shown in points only, not also relative. */
  points?: boolean;
}

/**
 * The summary row of a report. `previousEmpty`: the compared period has no data (before the sites'
 * first records): the cards say so instead of a change from zeros.
 */
export function FigureCards({
  figures,
  compare,
  previousEmpty = false,
}: {
  figures: readonly Figure[];
  compare: boolean;
  previousEmpty?: boolean;
}) {
  return (
    <SimpleGrid cols={{ base: 2, md: figures.length }} spacing="sm">
      {figures.map((figure) => {
        const raw = compare && !previousEmpty ? change(figure.value, figure.previous) : null;
        const delta = raw && figure.points ? { ...raw, percent: null } : raw;
        const good =
          delta && delta.diff !== 0 && figure.better ? delta.diff > 0 === (figure.better === 'up') : null;
        return (
          <StatCard
            key={figure.label}
            label={figure.label}
            value={figure.value === null ? '—' : figure.format(figure.value)}
            hint={
              delta ? (
                <Text span size="xs" c={good === null ? 'dimmed' : good ? 'teal' : 'red'}>
                  {formatChange(delta, figure.format)} vs{' '}
                  {figure.previous === null || figure.previous === undefined
                    ? '—'
                    : figure.format(figure.previous)}
                </Text>
              ) : compare && previousEmpty ? (
                <Text span size="xs" c="dimmed">
                  no data in the compared period
                </Text>
              ) : undefined
            }
          />
        );
      })}
    </SimpleGrid>
  );
}

/** A report's sortable table (the one table component), rendering only the rows in view when long. */
export function ReportTable<Row extends { siteUid: string }>({
  columns,
  rows,
  caption,
  emptyText,
  initialSortKey,
}: {
  columns: readonly SortableColumn<Row>[];
  rows: readonly Row[];
  caption: string;
  emptyText: string;
  initialSortKey?: string;
}) {
  return (
    <Paper withBorder radius="md" p="xs">
      <Group justify="space-between" px={4} pb={4}>
        <Text size="xs" fw={700} tt="uppercase" c="dimmed" lts={0.4}>
          {caption}
        </Text>
        <Text size="xs" c="dimmed" data-testid="report-row-count">
          {rows.length.toLocaleString('en-US')} {rows.length === 1 ? 'site' : 'sites'}
        </Text>
      </Group>
      <SortableTable
        columns={columns}
        rows={rows}
        rowKey={(row) => row.siteUid}
        caption={caption}
        emptyText={emptyText}
        initialSortKey={initialSortKey}
        virtual={rows.length >= VIRTUAL_FROM ? { height: 520, rowHeight: ROW_HEIGHT } : undefined}
      />
    </Paper>
  );
}

/** A cell kept on one line (rows of a long table have one height): the end cut, the whole in its title. */
function OneLine({ text, width }: { text: string; width: number }) {
  return (
    <Text
      span
      size="sm"
      title={text}
      style={{
        display: 'block',
        maxWidth: width,
        whiteSpace: 'nowrap',
        overflow: 'hidden',
        textOverflow: 'ellipsis',
      }}
    >
      {text}
    </Text>
  );
}

/** The site and tenant columns every report table starts with. */
export function siteColumns<
  Row extends { siteName: string; tenants: readonly string[] },
>(): SortableColumn<Row>[] {
  const tenants = (r: Row) => r.tenants.map(tenantLabel).join(', ');
  return [
    {
      key: 'site',
      label: 'Site',
      value: (r) => r.siteName,
      width: 200,
      render: (r) => <OneLine text={r.siteName} width={190} />,
    },
    {
      key: 'tenants',
      label: 'Tenants',
      value: tenants,
      width: 170,
      render: (r) => <OneLine text={tenants(r)} width={160} />,
    },
  ];
}

/** The data completeness column: the share of the period the device reported (gaps are not data). */
export function completenessColumn<
  Row extends { completenessPct: number; gapMinutes: number },
>(): SortableColumn<Row> {
  return {
    key: 'completeness',
    label: 'Data',
    value: (r) => r.completenessPct,
    align: 'right',
    width: 90,
    render: (r) => (
      <Text
        span
        size="sm"
        c={r.completenessPct < 90 ? 'orange' : undefined}
        title={`${Math.round(r.gapMinutes)} min offline`}
      >
        {formatNumber(r.completenessPct, 1)} %
      </Text>
    ),
  };
}

/** A flag badge in a cell. */
export function Flag({ on, children }: { on: boolean | null; children: ReactNode }) {
  if (!on) return null;
  return (
    <Badge size="xs" color="red" variant="light" ml={6}>
      {children}
    </Badge>
  );
}

/** A compared figure: the previous value and the change, for a table cell ('no data' without one). */
export function PreviousCell({
  current,
  previous,
  format,
  points = false,
}: {
  current: number | null;
  previous: number | null | undefined;
  format: (value: number) => string;
  /** A percentage already: the change in points only. */
  points?: boolean;
}) {
  if (previous === null || previous === undefined) {
    return (
      <Text span size="sm" c="dimmed">
        no data
      </Text>
    );
  }
  const raw = change(current, previous);
  const delta = raw && points ? { ...raw, percent: null } : raw;
  return (
    <Text span size="sm">
      {format(previous)}{' '}
      <Text span size="xs" c="dimmed">
        {formatChange(delta, format)}
      </Text>
    </Text>
  );
}
