import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import type { AccessCard, CardGroup, SiteGroup } from '@towerwatch/contract';
import { ROUTES } from '@towerwatch/domain';
import { Link } from 'react-router';
import { formatTimeWindows, formatValidity } from '../../access/index.ts';
import { itemOfCardTarget, itemOfSiteTarget, type ManageSite } from '../manage-items.ts';
import type { GroupPair, ManageItem } from '../manage-model.ts';
import { AttachmentChip } from './attachment-chip.tsx';
import { CardLedger } from './card-ledger.tsx';

/** The selected item's record, whichever list it came from. */
export type Selected =
  | { item: ManageItem; card: AccessCard }
  | { item: ManageItem; cardGroup: CardGroup }
  | { item: ManageItem; site: ManageSite }
  | { item: ManageItem; siteGroup: SiteGroup };

interface Props {
  selected: Selected | null;
  onDetach: (pair: GroupPair) => void;
  onEditCard: (card: AccessCard) => void;
  onMasterRemove: (card: AccessCard) => void;
  onDeleteGroup: (item: ManageItem) => void;
}

function Attachments({
  pairs,
  shown,
  onDetach,
}: {
  pairs: GroupPair[];
  shown: 'card' | 'site';
  onDetach: Props['onDetach'];
}) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {shown === 'site' ? 'Attached to' : 'Attached cards and card groups'}
      </Text>
      {pairs.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nothing attached.
        </Text>
      ) : (
        <Group gap={6} aria-label="Attachments">
          {pairs.map((pair) => (
            <AttachmentChip
              key={`${pair.card.kind}:${pair.card.id}|${pair.site.kind}:${pair.site.id}`}
              pair={pair}
              shown={shown}
              onDetach={onDetach}
            />
          ))}
        </Group>
      )}
    </Stack>
  );
}

/** What the selected card, group or site holds and where it is attached, with its actions. */
export function DetailsPanel({ selected, onDetach, onEditCard, onMasterRemove, onDeleteGroup }: Props) {
  if (!selected) {
    return (
      <Paper withBorder radius="md" p="md">
        <Text size="sm" c="dimmed">
          Select a card, card group, site or site group to see its attachments; drag a card or card group onto
          a site or site group to attach it (or use its link button).
        </Text>
      </Paper>
    );
  }
  const { item } = selected;
  let body: React.ReactNode = null;
  if ('card' in selected) {
    const card = selected.card;
    const pairs = card.attached_to.map((target) => ({ card: item, site: itemOfSiteTarget(target) }));
    body = (
      <Stack gap="sm">
        <Group gap="xs">
          {card.blocked && <Badge color="red">Blocked</Badge>}
          {card.master && <Badge>Master card</Badge>}
          <Text size="sm">Valid: {formatValidity(card.valid_from, card.valid_until)}</Text>
          <Text size="sm">Hours: {formatTimeWindows(card.time_windows)}</Text>
        </Group>
        <Group gap="xs">
          <Button
            size="xs"
            variant="light"
            leftSection={<IconEdit size={14} />}
            onClick={() => onEditCard(card)}
          >
            Edit card
          </Button>
          <Button size="xs" variant="light" color="red" onClick={() => onMasterRemove(card)}>
            Remove from every site
          </Button>
        </Group>
        <Attachments pairs={pairs} shown="site" onDetach={onDetach} />
        <CardLedger cardNumber={card.card_number} />
      </Stack>
    );
  } else if ('cardGroup' in selected) {
    const group = selected.cardGroup;
    const pairs = group.attached_to.map((target) => ({ card: item, site: itemOfSiteTarget(target) }));
    body = (
      <Stack gap="sm">
        <Text size="sm">{group.members.length} cards in the group</Text>
        <GroupActions item={item} path={ROUTES.accessCardGroupSave} onDelete={onDeleteGroup} />
        <Attachments pairs={pairs} shown="site" onDetach={onDetach} />
      </Stack>
    );
  } else if ('site' in selected) {
    const site = selected.site;
    const pairs = site.attached.map((target) => ({ card: itemOfCardTarget(target), site: item }));
    body = (
      <Stack gap="sm">
        <Text size="sm">
          Access list:{' '}
          {site.version === 0 ? 'none sent yet' : site.sync === 'pending' ? 'sync pending' : site.sync}
          {site.version > 0 ? ` (version ${site.version})` : ''}
        </Text>
        <Text size="sm">
          Cards added directly (on the site's Access page):{' '}
          {site.direct_cards === 0 ? 'none' : site.direct_cards}
        </Text>
        <Attachments pairs={pairs} shown="card" onDetach={onDetach} />
      </Stack>
    );
  } else {
    const group = selected.siteGroup;
    const pairs = group.attached.map((target) => ({ card: itemOfCardTarget(target), site: item }));
    body = (
      <Stack gap="sm">
        <Text size="sm">{group.members.length} sites in the group</Text>
        <GroupActions item={item} path={ROUTES.accessSiteGroupSave} onDelete={onDeleteGroup} />
        <Attachments pairs={pairs} shown="card" onDetach={onDetach} />
      </Stack>
    );
  }
  return (
    <Paper withBorder radius="md" p="md" aria-label="Selected item">
      <Title order={4} mb="xs">
        {item.label}
      </Title>
      {body}
    </Paper>
  );
}

function GroupActions({
  item,
  path,
  onDelete,
}: {
  item: ManageItem;
  path: string;
  onDelete: (item: ManageItem) => void;
}) {
  return (
    <Group gap="xs">
      <Button
        size="xs"
        variant="light"
        component={Link}
        to={`${path}?groupId=${item.id}`}
        leftSection={<IconEdit size={14} />}
      >
        Edit group
      </Button>
      <Button
        size="xs"
        variant="light"
        color="red"
        leftSection={<IconTrash size={14} />}
        onClick={() => onDelete(item)}
      >
        Delete group
      </Button>
    </Group>
  );
}
