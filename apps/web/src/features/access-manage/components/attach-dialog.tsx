import { Button, Group, Modal, Radio, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { dragId, keyboardTargets, type ManageItem, sideOf } from '../manage-model.ts';

const KIND_LABELS: Record<ManageItem['kind'], string> = {
  card: 'Card',
  card_group: 'Card group',
  site: 'Site',
  site_group: 'Site group',
};

interface Props {
  source: ManageItem | null;
  candidates: { cards: readonly ManageItem[]; sites: readonly ManageItem[] };
  onClose: () => void;
  onAttach: (source: ManageItem, target: ManageItem) => void;
}

/**
 * The keyboard alternative to drag and drop: pick the item to attach the chosen card (group) or site
 * (group) to from a searchable list of the other side.
 */
export function AttachDialog({ source, candidates, onClose, onAttach }: Props) {
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query, 120);
  const [target, setTarget] = useState<string | null>(null);
  const options = useMemo(
    () => (source ? keyboardTargets(source, candidates, debounced) : []),
    [source, candidates, debounced],
  );
  const chosen = options.find((item) => dragId(item) === target) ?? null;
  const other = source && sideOf(source.kind) === 'card' ? 'a site or site group' : 'a card or card group';
  const close = () => {
    setQuery('');
    setTarget(null);
    onClose();
  };
  return (
    <Modal opened={source !== null} onClose={close} title={source ? `Attach ${source.label}` : ''} centered>
      <Text size="sm" mb="xs">
        Choose {other} for this {source ? KIND_LABELS[source.kind].toLowerCase() : 'item'}.
      </Text>
      <TextInput
        data-autofocus
        size="sm"
        placeholder="Search"
        aria-label="Search targets"
        leftSection={<IconSearch size={14} />}
        value={query}
        onChange={(event) => setQuery(event.currentTarget.value)}
        mb="xs"
      />
      <ScrollArea h={260} type="auto">
        <Radio.Group value={target} onChange={setTarget} aria-label="Attach to">
          <Stack gap={6}>
            {options.map((item) => (
              <Radio
                key={dragId(item)}
                value={dragId(item)}
                label={`${item.label} (${KIND_LABELS[item.kind]})`}
              />
            ))}
            {options.length === 0 && (
              <Text size="sm" c="dimmed">
                Nothing matches.
              </Text>
            )}
          </Stack>
        </Radio.Group>
      </ScrollArea>
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={close}>
          Cancel
        </Button>
        <Button
          disabled={!chosen}
          onClick={() => {
            if (source && chosen) onAttach(source, chosen);
            close();
          }}
        >
          Attach
        </Button>
      </Group>
    </Modal>
  );
}
