import {
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { Alert, Button, Grid, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { AccessCard } from '@towerwatch/contract';
import { ACCESS_ACTIONS, ROUTES } from '@towerwatch/domain';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../lib/api-error.ts';
import { allowRestrictedAction } from '../../../lib/restricted-action.ts';
import { useAuthUser } from '../../auth/index.ts';
import { AttachDialog } from '../components/attach-dialog.tsx';
import { DETACH_ZONE_ID, DetachZone } from '../components/attachment-chip.tsx';
import { CardEditor } from '../components/card-editor.tsx';
import { ConfirmDialog, type ConfirmRequest } from '../components/confirm-dialog.tsx';
import { DetailsPanel, type Selected } from '../components/details-panel.tsx';
import { ManageLists } from '../components/manage-lists.tsx';
import { useManageActions } from '../hooks/use-manage-actions.ts';
import { useManageLists } from '../hooks/use-manage-lists.ts';
import { cardGroupItem, cardItem, siteGroupItem, siteItem } from '../manage-items.ts';
import { dragId, type GroupPair, type ManageItem, parseDragId } from '../manage-model.ts';

/**
 * /access/manage (docs/requirements.md#group-attach): the company's cards, card groups, sites and site
 * groups side by side. Drag a card or card group onto a site or site group (or the other way) to attach
 * it; the link button of a row does the same from the keyboard. The selected item shows its
 * attachments: drag one to the detach zone, or press its detach button.
 */
export function AccessManagePage() {
  const user = useAuthUser();
  const navigate = useNavigate();
  const lists = useManageLists();
  const actions = useManageActions(user);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [dragging, setDragging] = useState<{ label: string; detach: boolean } | null>(null);
  const [attachSource, setAttachSource] = useState<ManageItem | null>(null);
  const [editing, setEditing] = useState<{ card: AccessCard | null } | null>(null);
  const [confirm, setConfirm] = useState<ConfirmRequest | null>(null);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }));
  const { cards, cardGroups, siteGroups } = lists.queries;

  const selected = useMemo<Selected | null>(() => {
    const id = selectedId ? parseDragId(selectedId) : null;
    if (!id) return null;
    if (id.kind === 'card') {
      const card = cards.data?.items.find((c) => String(c.card_id) === id.id);
      return card ? { item: cardItem(card), card } : null;
    }
    if (id.kind === 'card_group') {
      const group = cardGroups.data?.items.find((g) => String(g.groupId) === id.id);
      return group ? { item: cardGroupItem(group), cardGroup: group } : null;
    }
    if (id.kind === 'site') {
      const site = siteGroups.data?.sites.find((s) => s.site_uid === id.id);
      return site ? { item: siteItem(site), site } : null;
    }
    const group = siteGroups.data?.items.find((g) => String(g.groupId) === id.id);
    return group ? { item: siteGroupItem(group), siteGroup: group } : null;
  }, [selectedId, cards.data, cardGroups.data, siteGroups.data]);

  const candidates = useMemo(
    () => ({
      cards: [...lists.rows.cardGroups, ...lists.rows.cards].map((row) => row.item),
      sites: [...lists.rows.siteGroups, ...lists.rows.sites].map((row) => row.item),
    }),
    [lists.rows],
  );

  const onDragStart = (event: DragStartEvent) => {
    const data = event.active.data.current as (ManageItem & { detach?: undefined }) | { detach: GroupPair };
    setDragging(
      data.detach
        ? { label: `${data.detach.card.label} → ${data.detach.site.label}`, detach: true }
        : { label: (data as ManageItem).label, detach: false },
    );
  };
  const onDragEnd = (event: DragEndEvent) => {
    setDragging(null);
    const data = event.active.data.current as ManageItem | { detach: GroupPair } | undefined;
    if (!data) return;
    if ('detach' in data) {
      if (event.over?.id === DETACH_ZONE_ID) void actions.detach(data.detach);
      return;
    }
    const target =
      event.over && event.over.id !== DETACH_ZONE_ID ? (event.over.data.current as ManageItem) : null;
    void actions.drop(data, target ?? null);
  };

  const guarded = (action: string, run: () => void) => () => {
    if (allowRestrictedAction(user, action)) run();
  };

  if (cards.isPending || cardGroups.isPending || siteGroups.isPending) {
    return (
      <Group justify="center" p="xl">
        <Loader size="md" />
      </Group>
    );
  }
  const failed = cards.error ?? cardGroups.error ?? siteGroups.error;
  if (failed) {
    return (
      <Alert color="red" title="Access management could not be loaded">
        {errorMessage(failed)}
      </Alert>
    );
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={2}>Manage Access</Title>
          <Text size="sm" c="dimmed">
            Drag a card or card group onto a site or site group to give it access; the link button on a row
            does the same from the keyboard.
          </Text>
        </div>
        <Group gap="xs">
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} />}
            onClick={guarded(ACCESS_ACTIONS.saveCard, () => setEditing({ card: null }))}
          >
            New card
          </Button>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} />}
            onClick={guarded(ACCESS_ACTIONS.saveCardGroup, () => navigate(ROUTES.accessCardGroupSave))}
          >
            New card group
          </Button>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} />}
            onClick={guarded(ACCESS_ACTIONS.saveSiteGroup, () => navigate(ROUTES.accessSiteGroupSave))}
          >
            New site group
          </Button>
        </Group>
      </Group>
      <DndContext
        sensors={sensors}
        onDragStart={onDragStart}
        onDragEnd={onDragEnd}
        onDragCancel={() => setDragging(null)}
      >
        <ManageLists
          lists={lists}
          selected={selectedId}
          onSelect={(item) => setSelectedId(dragId(item))}
          onAttach={setAttachSource}
        />
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <DetailsPanel
              selected={selected}
              onDetach={(pair) => void actions.detach(pair)}
              onEditCard={(card) =>
                allowRestrictedAction(user, ACCESS_ACTIONS.saveCard) && setEditing({ card })
              }
              onMasterRemove={guardedCard(user, setConfirm, actions.removeEverywhere)}
              onDeleteGroup={(item) => {
                const action =
                  item.kind === 'card_group'
                    ? ACCESS_ACTIONS.deleteCardGroup
                    : ACCESS_ACTIONS.deleteSiteGroup;
                if (!allowRestrictedAction(user, action)) return;
                setConfirm({
                  title: `Delete ${item.label}?`,
                  message: 'Its attachments end and the sites it gave access to get a new list.',
                  confirm: 'Delete group',
                  run: () => {
                    setSelectedId(null);
                    return actions.deleteGroup(item);
                  },
                });
              }}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <DetachZone active={dragging?.detach ?? false} />
          </Grid.Col>
        </Grid>
        <DragOverlay dropAnimation={null}>
          {dragging ? (
            <Paper shadow="md" withBorder px="sm" py={6} radius="md" style={{ cursor: 'grabbing' }}>
              <Text size="sm" fw={600}>
                {dragging.label}
              </Text>
            </Paper>
          ) : null}
        </DragOverlay>
      </DndContext>
      <AttachDialog
        source={attachSource}
        candidates={candidates}
        onClose={() => setAttachSource(null)}
        onAttach={(source, target) => void actions.drop(source, target)}
      />
      <CardEditor
        opened={editing !== null}
        card={editing?.card ?? null}
        onClose={() => setEditing(null)}
        onSaved={() => void actions.refresh()}
      />
      <ConfirmDialog request={confirm} onClose={() => setConfirm(null)} />
    </Stack>
  );
}

/** Remove-from-every-site: refused to read-only users, else confirmed first. */
function guardedCard(
  user: ReturnType<typeof useAuthUser>,
  setConfirm: (request: ConfirmRequest) => void,
  run: (card: AccessCard) => Promise<void>,
) {
  return (card: AccessCard) => {
    if (!allowRestrictedAction(user, ACCESS_ACTIONS.masterRemove)) return;
    setConfirm({
      title: `Remove card ${card.card_number} from every site?`,
      message:
        'Its assignments, attachments, group memberships and master flag end; every device gets a new list.',
      confirm: 'Remove everywhere',
      run: () => run(card),
    });
  };
}
