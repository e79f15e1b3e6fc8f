import { Anchor, FileButton, Group, Image, Modal, Paper, Stack, Text, Title, Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { TicketAttachmentInfo } from '@towerwatch/contract';
import { TICKET_ATTACHMENT_MAX_BYTES, TICKET_ATTACHMENT_TYPES } from '@towerwatch/domain';
import { useState } from 'react';
import { errorMessage } from '../../../lib/api-error.ts';
import { formatDateTime } from '../../../lib/time.ts';
import { attachToTicket, ticketAttachment } from '../api/tickets-api.ts';

/** The bytes of a file as base64 (without the data-URL prefix). */
async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** Image attachments (docs/requirements.md#ticket-attachments): list, view, upload up to the cap. */
export function TicketAttachments({
  ticketId,
  attachments,
  canWrite,
  onAdded,
}: {
  ticketId: number;
  attachments: readonly TicketAttachmentInfo[];
  canWrite: boolean;
  onAdded: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [shown, setShown] = useState<{ name: string; src: string } | null>(null);
  const upload = async (file: File | null) => {
    if (!file) return;
    if (!(TICKET_ATTACHMENT_TYPES as readonly string[]).includes(file.type)) {
      notifications.show({ color: 'red', message: 'Attach a PNG, JPEG, WebP or GIF image.' });
      return;
    }
    if (file.size > TICKET_ATTACHMENT_MAX_BYTES) {
      notifications.show({ color: 'red', message: `Images up to ${TICKET_ATTACHMENT_MAX_BYTES / 1024} KB.` });
      return;
    }
    setBusy(true);
    try {
      await attachToTicket({ ticketId, name: file.name, contentType: file.type, data: await base64Of(file) });
      onAdded();
    } catch (error) {
      notifications.show({ color: 'red', message: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };
  const view = async (a: TicketAttachmentInfo) => {
    try {
      const full = await ticketAttachment(a.id);
      setShown({ name: a.name, src: `data:${full.contentType};base64,${full.data}` });
    } catch (error) {
      notifications.show({ color: 'red', message: errorMessage(error) });
    }
  };
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={4}>Attachments</Title>
          {canWrite && (
            <FileButton onChange={(f) => void upload(f)} accept={TICKET_ATTACHMENT_TYPES.join(',')}>
              {(props) => (
                <Button {...props} size="xs" variant="light" loading={busy}>
                  Attach image
                </Button>
              )}
            </FileButton>
          )}
        </Group>
        {attachments.length === 0 ? (
          <Text size="sm" c="dimmed">
            No images. Photos of the site help the next shift (up to {TICKET_ATTACHMENT_MAX_BYTES / 1024} KB
            each).
          </Text>
        ) : (
          <Stack
            component="ul"
            gap={4}
            aria-label="Attachments"
            style={{ listStyle: 'none', margin: 0, padding: 0 }}
          >
            {attachments.map((a) => (
              <li key={a.id}>
                <Anchor component="button" size="sm" onClick={() => void view(a)}>
                  {a.name}
                </Anchor>
                <Text span size="xs" c="dimmed">
                  {' '}
                  · {Math.ceil(a.size / 1024)} KB · {a.uploadedByName} · {formatDateTime(a.at)}
                </Text>
              </li>
            ))}
          </Stack>
        )}
      </Stack>
      <Modal opened={shown !== null} onClose={() => setShown(null)} title={shown?.name} size="lg">
        {shown && <Image src={shown.src} alt={shown.name} />}
      </Modal>
    </Paper>
  );
}
