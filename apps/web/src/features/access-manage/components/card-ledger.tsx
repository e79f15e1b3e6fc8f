import { Alert, Badge, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { CardLedgerReply } from '@towerwatch/contract';
import { errorMessage } from '../../../lib/api-error.ts';
import { cardLedgerQueryOptions } from '../api/manage-api.ts';

const VIA_LABELS: Record<CardLedgerReply['listed'][number]['via'][number], string> = {
  direct: 'added to the site',
  master: 'master card',
  card_attachment: 'card attached',
  group_attachment: 'card group attached',
};

const SYNC_LABELS = { applied: 'Applied', pending: 'Sync pending', failed: 'Sync failed' } as const;
const SYNC_COLOURS = { applied: 'teal', pending: 'yellow', failed: 'red' } as const;

type LedgerSite = CardLedgerReply['listed'][number];

function LedgerTable({ label, sites, removal }: { label: string; sites: LedgerSite[]; removal: boolean }) {
  if (sites.length === 0) return null;
  return (
    <Table.ScrollContainer minWidth={420} maxHeight={220}>
      <Table aria-label={label} striped stickyHeader>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Site</Table.Th>
            {!removal && <Table.Th>Through</Table.Th>}
            <Table.Th>Device list</Table.Th>
            <Table.Th>Now</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sites.map((site) => (
            <Table.Tr key={site.siteUid}>
              <Table.Td>{site.name}</Table.Td>
              {!removal && <Table.Td>{site.via.map((v) => VIA_LABELS[v]).join(', ')}</Table.Td>}
              <Table.Td>
                <Badge size="xs" variant="light" color={SYNC_COLOURS[site.state]}>
                  {SYNC_LABELS[site.state]}
                </Badge>
              </Table.Td>
              <Table.Td>
                <Badge size="xs" variant="light" color={site.opensNow ? 'teal' : 'gray'}>
                  {site.opensNow
                    ? 'Opens the door'
                    : site.onDevice
                      ? 'Held, refused now'
                      : 'Not on device yet'}
                </Badge>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * The revocation ledger of a card (docs/requirements.md#revocation-ledger): where it opens a door right
 * now by what each device applied, and which sites have not yet applied its removal.
 */
export function CardLedger({ cardNumber }: { cardNumber: string }) {
  const ledger = useQuery({ ...cardLedgerQueryOptions(cardNumber), refetchInterval: 5000 });
  if (ledger.isPending) return <Loader size="xs" />;
  if (ledger.isError) return <Alert color="red">{errorMessage(ledger.error)}</Alert>;
  const { listed, pendingRemoval } = ledger.data;
  const opens = listed.filter((s) => s.opensNow).length + pendingRemoval.filter((s) => s.opensNow).length;
  return (
    <Stack gap={6} aria-label="Revocation ledger">
      <Group gap="xs">
        <Text size="sm" fw={600}>
          Where this card opens a door now
        </Text>
        <Badge variant="light" color={opens > 0 ? 'teal' : 'gray'}>
          {opens} site{opens === 1 ? '' : 's'}
        </Badge>
      </Group>
      {listed.length === 0 ? (
        <Text size="xs" c="dimmed">
          On no site's access list.
        </Text>
      ) : (
        <LedgerTable label="Sites listing the card" sites={listed} removal={false} />
      )}
      <Group gap="xs" mt={4}>
        <Text size="sm" fw={600}>
          Removal not yet applied
        </Text>
        <Badge variant="light" color={pendingRemoval.length > 0 ? 'yellow' : 'teal'}>
          {pendingRemoval.length} site{pendingRemoval.length === 1 ? '' : 's'}
        </Badge>
      </Group>
      {pendingRemoval.length === 0 ? (
        <Text size="xs" c="dimmed">
          Every device that held this card has applied its removal.
        </Text>
      ) : (
        <LedgerTable label="Sites still holding the card" sites={pendingRemoval} removal />
      )}
    </Stack>
  );
}
