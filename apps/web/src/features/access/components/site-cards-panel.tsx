import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  Paper,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import type { AuthUser, SiteCard } from '@towerwatch/contract';
import { ACCESS_ACTIONS } from '@towerwatch/domain';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-error.ts';
import { allowRestrictedAction } from '../../../lib/restricted-action.ts';
import { accessKeys, addCard, clearCards, deleteCard } from '../api/access-api.ts';
import { fieldErrors } from '../field-errors.ts';
import type { useSiteCards } from '../hooks/use-site-cards.ts';
import { formatTimeWindows, formatValidity } from '../validity-model.ts';
import { type CardDraft, CardFields, cardFieldsOf, emptyCardDraft } from './card-fields.tsx';

interface Props {
  user: AuthUser;
  siteUid: string;
  state: ReturnType<typeof useSiteCards>;
}

/** The cards of the site with add and delete, and whether the device applied the list. */
export function SiteCardsPanel({ user, siteUid, state }: Props) {
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);
  const [draft, setDraft] = useState<CardDraft>(emptyCardDraft);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [removing, setRemoving] = useState<SiteCard | null>(null);
  const [clearing, setClearing] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: accessKeys.cards(siteUid) });

  const save = async () => {
    setSaving(true);
    try {
      const reply = await addCard({ site_uid: siteUid, ...cardFieldsOf(draft) });
      notifications.show({
        color: 'teal',
        message: `Card ${reply.card.card_number} added; sending to the device.`,
      });
      setAdding(false);
      setDraft(emptyCardDraft());
      setErrors({});
      await refresh();
    } catch (error) {
      setErrors(fieldErrors(error));
    } finally {
      setSaving(false);
    }
  };
  const remove = async (card: SiteCard) => {
    setRemoving(null);
    try {
      await deleteCard(card.access_id);
      notifications.show({
        color: 'teal',
        message: `Card ${card.card_number} removed; sending to the device.`,
      });
      await refresh();
    } catch (error) {
      notifications.show({ color: 'red', message: errorMessage(error) });
    }
  };
  const clearAll = async () => {
    setClearing(false);
    try {
      const reply = await clearCards(siteUid);
      notifications.show({
        color: 'teal',
        message: `${reply.removed} removed; ${reply.remaining} stay through groups and master cards. Sending to the device.`,
      });
      await refresh();
    } catch (error) {
      notifications.show({ color: 'red', message: errorMessage(error) });
    }
  };
  const { query, cards, effectiveCount } = state;

  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" mb="xs">
        <Title order={4}>Cards of this site</Title>
        <Group gap="xs">
          <Button
            size="xs"
            variant="light"
            color="red"
            disabled={cards.length === 0}
            onClick={() => allowRestrictedAction(user, ACCESS_ACTIONS.clearCards) && setClearing(true)}
          >
            Clear cards
          </Button>
          <Button
            size="xs"
            leftSection={<IconPlus size={14} />}
            onClick={() => allowRestrictedAction(user, ACCESS_ACTIONS.addCard) && setAdding(true)}
          >
            Add card
          </Button>
        </Group>
      </Group>
      {effectiveCount !== null && (
        <Text size="xs" c="dimmed" mb="xs">
          {cards.length} added here · {effectiveCount} on the device's list (with groups and master cards)
        </Text>
      )}
      {query.isPending ? (
        <Group justify="center" p="md">
          <Loader size="sm" />
        </Group>
      ) : query.isError ? (
        <Alert color="red">{errorMessage(query.error)}</Alert>
      ) : cards.length === 0 ? (
        <Text size="sm" c="dimmed">
          No card is added to this site directly.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={520} maxHeight={320}>
          <Table striped highlightOnHover aria-label="Cards of this site" stickyHeader>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Card</Table.Th>
                <Table.Th>Holder</Table.Th>
                <Table.Th>Valid</Table.Th>
                <Table.Th>Hours</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {cards.map((card) => (
                <Table.Tr key={card.access_id} data-card={card.card_number}>
                  <Table.Td>
                    <Group gap={4}>
                      <Text size="sm" ff="monospace">
                        {card.card_number}
                      </Text>
                      {card.blocked && (
                        <Badge size="xs" color="red">
                          Blocked
                        </Badge>
                      )}
                      {card.master && <Badge size="xs">Master</Badge>}
                    </Group>
                  </Table.Td>
                  <Table.Td>{card.holder_name ?? '-'}</Table.Td>
                  <Table.Td>{formatValidity(card.valid_from, card.valid_until)}</Table.Td>
                  <Table.Td>{formatTimeWindows(card.time_windows)}</Table.Td>
                  <Table.Td>
                    <Tooltip label="Remove from this site">
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Delete card ${card.card_number}`}
                        onClick={() =>
                          allowRestrictedAction(user, ACCESS_ACTIONS.deleteCard) && setRemoving(card)
                        }
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Tooltip>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {query.hasNextPage && (
        <Button
          variant="subtle"
          size="xs"
          mt="xs"
          loading={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          More cards
        </Button>
      )}
      <Modal opened={adding} onClose={() => setAdding(false)} title="Add a card to this site" size="lg">
        <Stack gap="sm">
          <CardFields draft={draft} onChange={setDraft} errors={errors} />
          {errors.form && <Alert color="red">{errors.form}</Alert>}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setAdding(false)}>
              Cancel
            </Button>
            <Button loading={saving} disabled={!draft.card_number.trim()} onClick={() => void save()}>
              Add card
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal
        opened={clearing}
        onClose={() => setClearing(false)}
        title="Clear the cards of this site?"
        centered
      >
        <Text size="sm" mb="md">
          Every card added here and every attachment naming this site ends; cards of its site groups and
          master cards stay. The device gets the new list.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setClearing(false)}>
            Cancel
          </Button>
          <Button color="red" onClick={() => void clearAll()}>
            Clear cards
          </Button>
        </Group>
      </Modal>
      <Modal opened={removing !== null} onClose={() => setRemoving(null)} title="Remove the card?" centered>
        <Text size="sm" mb="md">
          Card {removing?.card_number} stops opening this door once the device applies the new list.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setRemoving(null)}>
            Cancel
          </Button>
          <Button color="red" onClick={() => removing && void remove(removing)}>
            Remove card
          </Button>
        </Group>
      </Modal>
    </Paper>
  );
}
