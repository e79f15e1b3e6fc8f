import { Alert, Button, Group, Paper, Select, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import type { TicketCreateBody } from '@towerwatch/contract';
import {
  isReadOnly,
  ROUTES,
  TICKET_PRIORITIES,
  TICKET_SEVERITIES,
  TICKET_TYPES,
  type TicketPriority,
  type TicketSeverity,
  type TicketType,
} from '@towerwatch/domain';
import { useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '../../../lib/api-error.ts';
import { useAuthUser } from '../../auth/index.ts';
import { useCompleteSiteList } from '../../sites/index.ts';
import { createTicket, ticketListQueryOptions } from '../api/tickets-api.ts';
import { detailsPath } from '../components/ticket-table.tsx';
import { filterFromParams, prefillFromParams } from '../ticket-model.ts';

const options = (values: readonly string[]) =>
  values.map((v) => ({ value: v, label: v[0]?.toUpperCase() + v.slice(1) }));

/**
 * /ticket/create (docs/requirements.md#ticket-screens): a new ticket, prefilled from an alarm or an
 * event (site, alarm, tenant, title, type). When the alarm already has an open ticket the server links
 * to it instead (docs/requirements.md#ticket-alarms) and this page opens that ticket.
 */
export function TicketCreatePage() {
  const user = useAuthUser();
  const [params] = useSearchParams();
  const prefill = useMemo(() => prefillFromParams(params), [params]);
  const { sites } = useCompleteSiteList(1000);
  const [siteUid, setSiteUid] = useState<string | null>(prefill.siteUid ?? null);
  const [title, setTitle] = useState(prefill.title ?? '');
  const [description, setDescription] = useState('');
  const [type, setType] = useState<TicketType>(prefill.type ?? 'other');
  const [severity, setSeverity] = useState<TicketSeverity>(prefill.severity ?? 'major');
  const [priority, setPriority] = useState<TicketPriority>('medium');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const siteOptions = useMemo(() => {
    const list = sites.map((s) => ({ value: s.uid, label: `${s.name} (${s.uid})` }));
    if (prefill.siteUid && !list.some((o) => o.value === prefill.siteUid))
      list.unshift({ value: prefill.siteUid, label: prefill.siteName ?? prefill.siteUid });
    return list;
  }, [sites, prefill]);

  if (isReadOnly(user)) {
    return <Alert color="yellow">Read-only accounts cannot open tickets.</Alert>;
  }

  const submit = async () => {
    if (!siteUid) return setError('Choose the site.');
    if (!title.trim()) return setError('Give the ticket a title.');
    setBusy(true);
    setError(null);
    try {
      const body: TicketCreateBody = {
        siteUid,
        title,
        description,
        type,
        severity,
        priority,
        alarm: prefill.alarm,
        eventId: prefill.eventId,
      };
      const [ticket] = await createTicket(body);
      if (!ticket) throw new Error('No ticket in the reply');
      notifications.show({
        color: ticket.outcome === 'linked' ? 'blue' : 'teal',
        message:
          ticket.outcome === 'linked'
            ? `This alarm already has ticket #${ticket.id}: opened it instead of a second one.`
            : `Ticket #${ticket.id} opened.`,
      });
      // The ticket guard wants a loaded list before the details page (docs/requirements.md#guards).
      await queryClient.prefetchInfiniteQuery(
        ticketListQueryOptions(filterFromParams(new URLSearchParams())),
      );
      navigate(detailsPath(ticket.id));
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="md" maw={720}>
      <div>
        <Title order={2}>New ticket</Title>
        <Text c="dimmed" size="sm">
          {prefill.alarm || prefill.eventId
            ? `From ${prefill.alarm ? 'alarm' : 'event'} ${params.get('name') ?? prefill.alarm?.alarmId ?? ''}`
            : 'A support ticket for a site'}
        </Text>
      </div>
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <Select
            label="Site"
            data={siteOptions}
            value={siteUid}
            onChange={setSiteUid}
            searchable
            required
            disabled={Boolean(prefill.alarm || prefill.eventId)}
            nothingFoundMessage="No site matches"
          />
          <TextInput
            label="Title"
            value={title}
            onChange={(e) => setTitle(e.currentTarget.value)}
            required
            maxLength={200}
          />
          <Textarea
            label="Description"
            value={description}
            onChange={(e) => setDescription(e.currentTarget.value)}
            autosize
            minRows={3}
            maxLength={5000}
          />
          <Group grow>
            <Select
              label="Type"
              data={options(TICKET_TYPES)}
              value={type}
              onChange={(v) => v && setType(v as TicketType)}
              allowDeselect={false}
            />
            <Select
              label="Severity"
              data={options(TICKET_SEVERITIES)}
              value={severity}
              onChange={(v) => v && setSeverity(v as TicketSeverity)}
              allowDeselect={false}
            />
            <Select
              label="Priority"
              data={options(TICKET_PRIORITIES)}
              value={priority}
              onChange={(v) => v && setPriority(v as TicketPriority)}
              allowDeselect={false}
            />
          </Group>
          {error && <Alert color="red">{error}</Alert>}
          <Group justify="flex-end">
            <Button variant="default" component={Link} to={ROUTES.ticket}>
              Cancel
            </Button>
            <Button loading={busy} onClick={() => void submit()}>
              Open ticket
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
