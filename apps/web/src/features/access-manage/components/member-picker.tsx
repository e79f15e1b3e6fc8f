import { Checkbox, Group, Paper, Switch, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef, useState } from 'react';
import { searchIndex, searchList } from '../manage-model.ts';

const ROW_HEIGHT = 36;

/** A possible member: its id, name and a detail line. */
export interface MemberOption {
  id: string;
  label: string;
  detail?: string;
}

/**
 * Chooses the members of a group from a long list (tens of thousands): searchable, virtualised, with
 * "selected only" to review the choice.
 */
export function MemberPicker({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: readonly MemberOption[];
  value: ReadonlySet<string>;
  onChange: (next: Set<string>) => void;
}) {
  const [search, setSearch] = useState('');
  const [selectedOnly, setSelectedOnly] = useState(false);
  const [debounced] = useDebouncedValue(search, 120);
  const index = useMemo(() => searchIndex(options, (o) => [o.label, o.detail, o.id]), [options]);
  const rows = useMemo(
    () => searchList(index, debounced, selectedOnly ? (o) => value.has(o.id) : undefined),
    [index, debounced, selectedOnly, value],
  );
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
  });
  const toggle = (id: string, on: boolean) => {
    const next = new Set(value);
    if (on) next.add(id);
    else next.delete(id);
    onChange(next);
  };
  const setShown = (on: boolean) => {
    const next = new Set(value);
    for (const row of rows) {
      if (on) next.add(row.id);
      else next.delete(row.id);
    }
    onChange(next);
  };
  return (
    <Paper withBorder p="sm" radius="md">
      <Group justify="space-between" mb={6}>
        <Text size="sm" fw={600}>
          {label}: {value.size.toLocaleString()} selected
        </Text>
        <Switch
          size="xs"
          label="Selected only"
          checked={selectedOnly}
          onChange={(e) => setSelectedOnly(e.currentTarget.checked)}
        />
      </Group>
      <Group gap={6} mb={6} wrap="nowrap">
        <TextInput
          size="xs"
          style={{ flex: 1 }}
          placeholder="Search"
          aria-label={`Search ${label.toLowerCase()}`}
          leftSection={<IconSearch size={14} />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
        />
        <Checkbox
          size="xs"
          label={`All ${rows.length.toLocaleString()} shown`}
          checked={rows.length > 0 && rows.every((r) => value.has(r.id))}
          indeterminate={rows.some((r) => value.has(r.id)) && !rows.every((r) => value.has(r.id))}
          onChange={(e) => setShown(e.currentTarget.checked)}
        />
      </Group>
      <div ref={scroller} style={{ height: 360, overflow: 'auto' }}>
        <ul
          aria-label={`${label} to choose`}
          style={{
            height: virtualizer.getTotalSize(),
            position: 'relative',
            margin: 0,
            padding: 0,
            listStyle: 'none',
          }}
        >
          {virtualizer.getVirtualItems().map((virtual) => {
            const row = rows[virtual.index];
            if (!row) return null;
            return (
              <li
                key={row.id}
                style={{
                  position: 'absolute',
                  left: 0,
                  right: 0,
                  top: 0,
                  height: ROW_HEIGHT,
                  transform: `translateY(${virtual.start}px)`,
                }}
              >
                <Checkbox
                  size="sm"
                  mt={6}
                  checked={value.has(row.id)}
                  onChange={(e) => toggle(row.id, e.currentTarget.checked)}
                  label={
                    <Text size="sm" span>
                      {row.label}
                      {row.detail && (
                        <Text size="xs" c="dimmed" span>
                          {' '}
                          · {row.detail}
                        </Text>
                      )}
                    </Text>
                  }
                />
              </li>
            );
          })}
        </ul>
        {rows.length === 0 && (
          <Text size="sm" c="dimmed">
            Nothing matches.
          </Text>
        )}
      </div>
    </Paper>
  );
}
