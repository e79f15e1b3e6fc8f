import { Alert, Button, Checkbox, Group, Modal, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { AccessCard } from '@towerwatch/contract';
import { useEffect, useState } from 'react';
import {
  type CardDraft,
  CardFields,
  cardDraftOf,
  cardFieldsOf,
  emptyCardDraft,
  fieldErrors,
} from '../../access/index.ts';
import { saveCard } from '../api/manage-api.ts';

/** Creates (card null) or edits a company card: number, holder, validity, block, master, time windows. */
export function CardEditor({
  opened,
  card,
  onClose,
  onSaved,
}: {
  opened: boolean;
  card: AccessCard | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [draft, setDraft] = useState<CardDraft>(emptyCardDraft);
  const [master, setMaster] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (!opened) return;
    setDraft(card ? cardDraftOf(card) : emptyCardDraft());
    setMaster(card?.master ?? false);
    setErrors({});
  }, [opened, card]);

  const save = async () => {
    setSaving(true);
    try {
      const reply = await saveCard({ card_id: card?.card_id, master, ...cardFieldsOf(draft) });
      notifications.show({
        color: 'teal',
        message: `Card ${reply.card.card_number} saved${reply.sitesAffected ? `; ${reply.sitesAffected} site(s) get the new list` : ''}.`,
      });
      onSaved();
      onClose();
    } catch (error) {
      setErrors(fieldErrors(error));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title={card ? `Card ${card.card_number}` : 'New card'} size="lg">
      <Stack gap="sm">
        <CardFields draft={draft} onChange={setDraft} errors={errors} numberLocked={card !== null} />
        <Checkbox
          label="Master card (opens every site of the company)"
          checked={master}
          onChange={(event) => setMaster(event.currentTarget.checked)}
        />
        {errors.form && <Alert color="red">{errors.form}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={saving} disabled={!draft.card_number.trim()} onClick={() => void save()}>
            Save card
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
