import { Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowsSort, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import { DEFAULT_SORT_DIRECTION, type SortDirection, toggleSortDirection } from '@towerwatch/domain';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type CSSProperties, type ReactNode, useEffect, useMemo, useRef, useState } from 'react';

/** A column of a {@link SortableTable}. */
export interface SortableColumn<Row> {
  key: string;
  label: string;
  /** The value used for sorting (numbers sort numerically; null sorts last). */
  value: (row: Row) => number | string | null;
  render?: (row: Row) => ReactNode;
  align?: 'left' | 'right';
  /** Column width (CSS); a virtual table lays its columns out fixed, so set it there. */
  width?: number | string;
  /** False: the header does not sort (a selection column). Default true. */
  sortable?: boolean;
  /** Shown in the header instead of the label (e.g. a select-all checkbox); the label stays its name. */
  header?: ReactNode;
}

/** The order is the server's (keyset pages): header clicks ask for another order instead of sorting rows. */
export interface ServerSort {
  key: string;
  direction: Direction;
  onChange: (key: string, direction: Direction) => void;
}

/** Props of {@link SortableTable}. */
export interface SortableTableProps<Row> {
  columns: readonly SortableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  caption: string;
  emptyText?: string;
  initialSortKey?: string;
  /**
   * Renders only the rows in view (tens of thousands of rows): the table scrolls inside a box of
   * `height` with rows of `rowHeight` pixels; the header stays on top.
   */
  virtual?: { height: number | string; rowHeight: number };
  /** `data-testid` of the scroll box of a virtual table. */
  testId?: string;
  /** Rows come sorted by the server; see {@link ServerSort}. */
  serverSort?: ServerSort;
  /** Extra attributes of a row: `data` attributes (without the `data-` prefix) and a highlight style. */
  rowProps?: (row: Row) => { data?: Record<string, string | undefined>; style?: CSSProperties };
  /** A virtual table calls this when its last rows come into view (load the next page). */
  onEndReached?: () => void;
}

type Direction = SortDirection;

/** `{ key: v }` as `{ 'data-key': v }` (undefined values left out). */
function dataAttributes(data: Record<string, string | undefined> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(data ?? {})) if (v !== undefined) out[`data-${k}`] = v;
  return out;
}

/** Sorts rows by a column; nulls last whatever the direction. */
export function sortRows<Row>(
  rows: readonly Row[],
  column: SortableColumn<Row>,
  direction: Direction,
): Row[] {
  const sign = direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = column.value(a);
    const y = column.value(b);
    if (x === null && y === null) return 0;
    if (x === null) return 1;
    if (y === null) return -1;
    if (typeof x === 'number' && typeof y === 'number') return (x - y) * sign;
    return String(x).localeCompare(String(y), undefined, { numeric: true }) * sign;
  });
}

/**
 * A dense table whose column headers sort it. A newly chosen column starts descending; choosing it
 * again toggles the direction (docs/requirements.md#ranking-tables).
 */
export function SortableTable<Row>({
  columns,
  rows,
  rowKey,
  caption,
  emptyText = 'No rows',
  initialSortKey,
  virtual,
  testId,
  serverSort,
  rowProps,
  onEndReached,
}: SortableTableProps<Row>) {
  const [localSort, setSort] = useState<{ key: string; direction: Direction } | null>(
    initialSortKey ? { key: initialSortKey, direction: DEFAULT_SORT_DIRECTION } : null,
  );
  const sort = serverSort ?? localSort;
  const sorted = useMemo(() => {
    if (serverSort) return rows;
    const column = localSort && columns.find((c) => c.key === localSort.key);
    return column && localSort ? sortRows(rows, column, localSort.direction) : rows;
  }, [rows, columns, localSort, serverSort]);

  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: virtual ? sorted.length : 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => virtual?.rowHeight ?? 36,
    overscan: 10,
  });
  const items = virtual ? virtualizer.getVirtualItems() : [];
  const shown = virtual ? items.map((item) => sorted[item.index] as Row) : sorted;
  const padTop = items[0]?.start ?? 0;
  const padBottom = virtual ? virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0) : 0;
  const lastShown = items[items.length - 1]?.index ?? -1;
  const endReached = useRef(onEndReached);
  endReached.current = onEndReached;
  useEffect(() => {
    if (virtual && sorted.length > 0 && lastShown >= sorted.length - 5) endReached.current?.();
  }, [virtual, lastShown, sorted.length]);

  const choose = (key: string) => {
    if (serverSort) {
      const direction =
        serverSort.key === key ? toggleSortDirection(serverSort.direction) : DEFAULT_SORT_DIRECTION;
      serverSort.onChange(key, direction);
      return;
    }
    setSort((current) =>
      current?.key === key
        ? { key, direction: toggleSortDirection(current.direction) }
        : { key, direction: DEFAULT_SORT_DIRECTION },
    );
  };

  const table = (
    <Table
      striped
      highlightOnHover
      verticalSpacing={6}
      fz="sm"
      stickyHeader
      aria-label={caption}
      aria-rowcount={virtual ? sorted.length + 1 : undefined}
      layout={virtual ? 'fixed' : undefined}
    >
      <Table.Thead>
        <Table.Tr>
          {columns.map((column) => {
            const active = sort?.key === column.key;
            if (column.sortable === false)
              return (
                <Table.Th key={column.key} ta={column.align ?? 'left'} w={column.width}>
                  {column.header ?? column.label}
                </Table.Th>
              );
            const Icon = !active
              ? IconArrowsSort
              : sort.direction === 'desc'
                ? IconSortDescending
                : IconSortAscending;
            return (
              <Table.Th
                key={column.key}
                aria-sort={active ? (sort.direction === 'desc' ? 'descending' : 'ascending') : 'none'}
                ta={column.align ?? 'left'}
                w={column.width}
              >
                <UnstyledButton
                  onClick={() => choose(column.key)}
                  fw={600}
                  fz="sm"
                  style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
                >
                  {column.header ?? column.label}
                  <Icon size={14} opacity={active ? 1 : 0.4} />
                </UnstyledButton>
              </Table.Th>
            );
          })}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {sorted.length === 0 && (
          <Table.Tr data-empty>
            <Table.Td colSpan={columns.length}>
              <Text size="sm" c="dimmed" ta="center" py="md">
                {emptyText}
              </Text>
            </Table.Td>
          </Table.Tr>
        )}
        {padTop > 0 && <tr aria-hidden style={{ height: padTop }} />}
        {shown.map((row) => (
          <Table.Tr
            key={rowKey(row)}
            {...dataAttributes(rowProps?.(row).data)}
            style={{ ...(virtual ? { height: virtual.rowHeight } : {}), ...rowProps?.(row).style }}
          >
            {columns.map((column) => (
              <Table.Td key={column.key} ta={column.align ?? 'left'}>
                {column.render ? column.render(row) : (column.value(row) ?? '–')}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
        {padBottom > 0 && <tr aria-hidden style={{ height: padBottom }} />}
      </Table.Tbody>
    </Table>
  );
  if (!virtual) return <Table.ScrollContainer minWidth={600}>{table}</Table.ScrollContainer>;
  return (
    <div ref={scrollRef} style={{ height: virtual.height, overflow: 'auto' }} data-testid={testId}>
      <div style={{ minWidth: 900 }}>{table}</div>
    </div>
  );
}
