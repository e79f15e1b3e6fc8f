import { useDraggable, useDroppable } from '@dnd-kit/core';
import { ActionIcon, Badge, Group, Paper, Text } from '@mantine/core';
import { IconGripVertical, IconUnlink } from '@tabler/icons-react';
import type { GroupPair } from '../manage-model.ts';

/** Drop id of the detach zone. */
export const DETACH_ZONE_ID = 'detach-zone';

const KIND: Record<string, string> = {
  card: 'Card',
  card_group: 'Card group',
  site: 'Site',
  site_group: 'Site group',
};

/** One attachment of the selected item: drag it to the detach zone, or press its detach button. */
export function AttachmentChip({
  pair,
  shown,
  onDetach,
}: {
  pair: GroupPair;
  /** Which side the chip names (the other side is the selected item). */
  shown: 'card' | 'site';
  onDetach: (pair: GroupPair) => void;
}) {
  const item = shown === 'card' ? pair.card : pair.site;
  const drag = useDraggable({
    id: `attachment:${pair.card.kind}:${pair.card.id}|${pair.site.kind}:${pair.site.id}`,
    data: { detach: pair },
  });
  return (
    <Paper
      ref={drag.setNodeRef}
      {...drag.listeners}
      withBorder
      radius="xl"
      px={8}
      py={2}
      data-attachment={item.label}
      style={{ cursor: 'grab', touchAction: 'none', opacity: drag.isDragging ? 0.4 : 1 }}
    >
      <Group gap={4} wrap="nowrap">
        <IconGripVertical size={12} aria-hidden style={{ opacity: 0.5 }} />
        <Badge size="xs" variant="light">
          {KIND[item.kind]}
        </Badge>
        <Text size="sm">{item.label}</Text>
        <ActionIcon
          size="sm"
          variant="subtle"
          color="red"
          aria-label={`Detach ${pair.card.label} from ${pair.site.label}`}
          onPointerDown={(event) => event.stopPropagation()}
          onClick={() => onDetach(pair)}
        >
          <IconUnlink size={14} />
        </ActionIcon>
      </Group>
    </Paper>
  );
}

/** Where attachments are dropped to be detached. */
export function DetachZone({ active }: { active: boolean }) {
  const drop = useDroppable({ id: DETACH_ZONE_ID });
  return (
    <Paper
      ref={drop.setNodeRef}
      withBorder
      p="xs"
      radius="md"
      aria-label="Detach zone"
      style={{
        borderStyle: 'dashed',
        textAlign: 'center',
        background: drop.isOver ? 'var(--mantine-color-red-light)' : undefined,
        opacity: active ? 1 : 0.6,
      }}
    >
      <Group gap={6} justify="center">
        <IconUnlink size={16} />
        <Text size="sm">Drop an attachment here to detach it</Text>
      </Group>
    </Paper>
  );
}
