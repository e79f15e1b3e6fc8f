import { Button } from '@mantine/core';
import { IconTicket } from '@tabler/icons-react';
import { Link } from 'react-router';
import { createTicketPath } from '../ticket-model.ts';

/** "Create ticket" from an alarm or an event: opens /ticket/create filled from it. */
export function CreateTicketLink(props: Parameters<typeof createTicketPath>[0]) {
  return (
    <Button
      component={Link}
      to={createTicketPath(props)}
      size="compact-xs"
      variant="light"
      leftSection={<IconTicket size={14} />}
    >
      Create ticket
    </Button>
  );
}
