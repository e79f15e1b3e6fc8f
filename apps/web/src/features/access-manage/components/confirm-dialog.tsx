import { Button, Group, Modal, Text } from '@mantine/core';
import { useState } from 'react';

/** A destructive action waiting for confirmation. */
export interface ConfirmRequest {
  title: string;
  message: string;
  confirm: string;
  run: () => Promise<void>;
}

/** Asks before a destructive action and runs it. */
export function ConfirmDialog({ request, onClose }: { request: ConfirmRequest | null; onClose: () => void }) {
  const [running, setRunning] = useState(false);
  return (
    <Modal opened={request !== null} onClose={onClose} title={request?.title} centered>
      <Text size="sm" mb="md">
        {request?.message}
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button
          color="red"
          loading={running}
          onClick={async () => {
            if (!request) return;
            setRunning(true);
            try {
              await request.run();
            } finally {
              setRunning(false);
              onClose();
            }
          }}
        >
          {request?.confirm}
        </Button>
      </Group>
    </Modal>
  );
}
