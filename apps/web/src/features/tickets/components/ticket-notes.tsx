import { Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { TicketDetailsReply } from '@towerwatch/contract';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-error.ts';
import { formatDateTime } from '../../../lib/time.ts';
import { updateTicket } from '../api/tickets-api.ts';

/** Notes (append-only, oldest first) and, for users who may write, a box to add one. */
export function TicketNotes({
  ticketId,
  notes,
  canWrite,
  onAdded,
}: {
  ticketId: number;
  notes: TicketDetailsReply['notes'];
  canWrite: boolean;
  onAdded: () => void;
}) {
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const add = async () => {
    setBusy(true);
    try {
      await updateTicket({ id: ticketId, note: text.trim() });
      setText('');
      onAdded();
    } catch (error) {
      notifications.show({ color: 'red', message: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="xs">
        <Title order={4}>Notes</Title>
        {notes.length === 0 && (
          <Text size="sm" c="dimmed">
            No notes yet.
          </Text>
        )}
        <Stack component="ul" gap={6} aria-label="Notes" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {notes.map((n) => (
            <li key={n.id}>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {n.body}
              </Text>
              <Text size="xs" c="dimmed">
                {n.authorName} · {formatDateTime(n.at)}
              </Text>
            </li>
          ))}
        </Stack>
        {canWrite && (
          <Group align="flex-end" wrap="nowrap">
            <Textarea
              aria-label="New note"
              placeholder="Add a note"
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
              autosize
              minRows={1}
              maxLength={5000}
              style={{ flex: 1 }}
            />
            <Button loading={busy} disabled={!text.trim()} onClick={() => void add()}>
              Add note
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
