import { Table, Text, UnstyledButton } from '@mantine/core';
import { IconArrowsSort, IconSortAscending, IconSortDescending } from '@tabler/icons-react';
import { DEFAULT_SORT_DIRECTION, type SortDirection, toggleSortDirection } from '@towerwatch/domain';
import { type ReactNode, useMemo, useState } from 'react';

/** A column of a {@link SortableTable}. */
export interface SortableColumn<Row> {
  key: string;
  label: string;
  /** The value used for sorting (numbers sort numerically; null sorts last). */
  value: (row: Row) => number | string | null;
  render?: (row: Row) => ReactNode;
  align?: 'left' | 'right';
}

/** Props of {@link SortableTable}. */
export interface SortableTableProps<Row> {
  columns: readonly SortableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  caption: string;
  emptyText?: string;
  initialSortKey?: string;
}

type Direction = SortDirection;

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
}: SortableTableProps<Row>) {
  const [sort, setSort] = useState<{ key: string; direction: Direction } | null>(
    initialSortKey ? { key: initialSortKey, direction: DEFAULT_SORT_DIRECTION } : null,
  );
  const sorted = useMemo(() => {
    const column = sort && columns.find((c) => c.key === sort.key);
    return column && sort ? sortRows(rows, column, sort.direction) : rows;
  }, [rows, columns, sort]);

  const choose = (key: string) =>
    setSort((current) =>
      current?.key === key
        ? { key, direction: toggleSortDirection(current.direction) }
        : { key, direction: DEFAULT_SORT_DIRECTION },
    );

  return (
    <Table.ScrollContainer minWidth={600}>
      <Table striped highlightOnHover verticalSpacing={6} fz="sm" stickyHeader aria-label={caption}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => {
              const active = sort?.key === column.key;
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
                >
                  <UnstyledButton
                    onClick={() => choose(column.key)}
                    fw={600}
                    fz="sm"
                    style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
                  >
                    {column.label}
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
          {sorted.map((row) => (
            <Table.Tr key={rowKey(row)}>
              {columns.map((column) => (
                <Table.Td key={column.key} ta={column.align ?? 'left'}>
                  {column.render ? column.render(row) : (column.value(row) ?? '–')}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
