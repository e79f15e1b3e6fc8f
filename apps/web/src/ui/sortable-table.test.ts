import { describe, expect, it } from 'vitest';
import { type SortableColumn, sortRows } from './sortable-table.tsx';

type Row = { name: string; load: number | null };
const load: SortableColumn<Row> = { key: 'load', label: 'Load', value: (row) => row.load };
const name: SortableColumn<Row> = { key: 'name', label: 'Name', value: (row) => row.name };
const rows: Row[] = [
  { name: 'Site 10', load: 5 },
  { name: 'Site 2', load: null },
  { name: 'Site 1', load: 12.5 },
];

describe('sortRows', () => {
  it('sorts numbers both ways with nulls last', () => {
    expect(sortRows(rows, load, 'desc').map((r) => r.load)).toEqual([12.5, 5, null]);
    expect(sortRows(rows, load, 'asc').map((r) => r.load)).toEqual([5, 12.5, null]);
  });

  it('sorts text naturally', () => {
    expect(sortRows(rows, name, 'asc').map((r) => r.name)).toEqual(['Site 1', 'Site 2', 'Site 10']);
  });
});
