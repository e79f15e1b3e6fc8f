import { useDraggable, useDroppable } from '@dnd-kit/core';
import {
  ActionIcon,
  Badge,
  Group,
  Paper,
  Text,
  TextInput,
  Title,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { IconGripVertical, IconLink, IconSearch } from '@tabler/icons-react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, useRef } from 'react';
import { dragId, type ManageItem } from '../manage-model.ts';

const ROW_HEIGHT = 44;

/** A row of a list: the item plus what the row shows under its label. */
export interface ListRow {
  item: ManageItem;
  detail?: string;
  badge?: { label: string; color: string } | null;
}

interface Props {
  title: string;
  /** Total before search and filters. */
  total: number;
  rows: readonly ListRow[];
  search: string;
  onSearch: (value: string) => void;
  /** Filters shown under the search box. */
  filters?: ReactNode;
  /** Header actions (e.g. New group). */
  actions?: ReactNode;
  selected: string | null;
  onSelect: (item: ManageItem) => void;
  /** The keyboard alternative to dragging: opens the attach dialog for the item. */
  onAttach: (item: ManageItem) => void;
  height: number;
}

/**
 * One of the four lists of Manage Access: searchable, virtualised (only the visible rows are in the
 * page, so 50,000 cards scroll as smoothly as 50), each row draggable and a drop target.
 */
export function ItemList(props: Props) {
  const { title, total, rows, search, onSearch, filters, actions, selected, onSelect, onAttach, height } =
    props;
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 6,
  });
  return (
    <Paper withBorder radius="md" p="sm" aria-label={title} component="section">
      <Group justify="space-between" mb={6} wrap="nowrap">
        <Title order={4} fz={16}>
          {title}
        </Title>
        <Group gap={6} wrap="nowrap">
          <Text size="xs" c="dimmed" aria-label={`${title} shown`}>
            {rows.length.toLocaleString()} of {total.toLocaleString()}
          </Text>
          {actions}
        </Group>
      </Group>
      <TextInput
        size="xs"
        placeholder="Search"
        aria-label={`Search ${title.toLowerCase()}`}
        leftSection={<IconSearch size={14} />}
        value={search}
        onChange={(event) => onSearch(event.currentTarget.value)}
        mb={6}
      />
      {filters}
      <div ref={scroller} style={{ height, overflow: 'auto', position: 'relative' }}>
        {rows.length === 0 && (
          <Text size="sm" c="dimmed" p="xs">
            {total === 0 ? `No ${title.toLowerCase()} yet.` : 'Nothing matches.'}
          </Text>
        )}
        <ul
          aria-label={`${title} list`}
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
                key={dragId(row.item)}
                style={{
                  position: 'absolute',
                  top: 0,
                  left: 0,
                  right: 0,
                  height: ROW_HEIGHT,
                  transform: `translateY(${virtual.start}px)`,
                }}
              >
                <ItemRow
                  row={row}
                  selected={selected === dragId(row.item)}
                  onSelect={onSelect}
                  onAttach={onAttach}
                />
              </li>
            );
          })}
        </ul>
      </div>
    </Paper>
  );
}

function ItemRow({
  row,
  selected,
  onSelect,
  onAttach,
}: {
  row: ListRow;
  selected: boolean;
  onSelect: (item: ManageItem) => void;
  onAttach: (item: ManageItem) => void;
}) {
  const id = dragId(row.item);
  const drag = useDraggable({ id, data: row.item });
  const drop = useDroppable({ id, data: row.item });
  const setRef = (node: HTMLDivElement | null) => {
    drag.setNodeRef(node);
    drop.setNodeRef(node);
  };
  // The row drags with the pointer; keyboard users select with the name button and attach with the
  // link button (the attach dialog), so the row itself takes no focus.
  return (
    <div
      ref={setRef}
      {...drag.listeners}
      data-drag-id={id}
      data-label={row.item.label}
      data-over={drop.isOver || undefined}
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: 6,
        height: 40,
        margin: '2px 0',
        padding: '0 4px',
        borderRadius: 6,
        cursor: 'grab',
        touchAction: 'none',
        opacity: drag.isDragging ? 0.4 : 1,
        background: drop.isOver
          ? 'var(--mantine-color-blue-light)'
          : selected
            ? 'var(--mantine-color-gray-light)'
            : undefined,
        outline: drop.isOver ? '2px dashed var(--mantine-color-blue-filled)' : undefined,
      }}
    >
      <IconGripVertical size={14} style={{ flex: 'none', opacity: 0.5 }} aria-hidden />
      <UnstyledButton
        style={{ flex: 1, minWidth: 0 }}
        aria-pressed={selected}
        aria-label={row.item.label}
        onClick={() => onSelect(row.item)}
      >
        <Text size="sm" fw={selected ? 700 : 500} truncate>
          {row.item.label}
        </Text>
        {row.detail && (
          <Text size="xs" c="dimmed" truncate>
            {row.detail}
          </Text>
        )}
      </UnstyledButton>
      {row.badge && (
        <Badge size="xs" variant="light" color={row.badge.color} style={{ flex: 'none' }}>
          {row.badge.label}
        </Badge>
      )}
      <Tooltip label="Attach…" withinPortal>
        <ActionIcon
          variant="subtle"
          size="sm"
          aria-label={`Attach ${row.item.label}`}
          onPointerDown={(event) => event.stopPropagation()}
          onClick={() => onAttach(row.item)}
        >
          <IconLink size={14} />
        </ActionIcon>
      </Tooltip>
    </div>
  );
}
