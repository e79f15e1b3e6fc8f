import { Alert, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertOctagon, IconChecks, IconFileSpreadsheet } from '@tabler/icons-react';
import { dhakaDate, isReadOnly } from '@towerwatch/domain';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../../lib/api-error.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { useAuthUser } from '../../auth/index.ts';
import { useOpenSite } from '../../sites/index.ts';
import { acknowledgeMany, exportConsole } from '../api/alarm-console-api.ts';
import {
  type ConsoleFilter,
  filterFromParams,
  filterToParams,
  selectableKeys,
} from '../alarm-console-model.ts';
import { ConsoleFilters } from '../components/console-filters.tsx';
import { ConsoleTable } from '../components/console-table.tsx';
import { useAlarmConsole } from '../hooks/use-alarm-console.ts';

/**
 * /alarm-console (docs/requirements.md#alarm-console): every active alarm (or every raise of the last
 * 7 days) over the user's sites and allowed tenants, live; filters kept in the URL; rows load page by
 * page as the list scrolls; select and acknowledge together; open the site or a ticket from a row;
 * export the filter to .xlsx. Emergency alarms stand out (the shell sounds them: the spec's rule).
 */
export function AlarmConsolePage() {
  const user = useAuthUser();
  const [params, setParams] = useSearchParams();
  const filter = useMemo(() => filterFromParams(params), [params]);
  const setFilter = useCallback(
    (f: ConsoleFilter) => setParams(filterToParams(f), { replace: true }),
    [setParams],
  );
  const state = useAlarmConsole(user, filter);
  const { open } = useOpenSite(user);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [busy, setBusy] = useState<'ack' | 'export' | null>(null);
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  // A new filter starts a new selection.
  // biome-ignore lint/correctness/useExhaustiveDependencies: cleared whenever the filter changes
  useEffect(() => setSelected(new Set()), [filter]);

  const selectable = selectableKeys(state.rows);
  const chosen = state.rows.filter((r) => selected.has(r.key) && r.eventId !== null && !r.acknowledgedBy);
  const emergencies = state.rows.filter((r) => r.emergency && r.active);

  const acknowledge = async () => {
    setBusy('ack');
    try {
      const reply = await acknowledgeMany(chosen.map((r) => r.eventId as number));
      state.acknowledged(reply.acknowledged);
      setSelected(new Set());
      notifications.show({
        color: 'teal',
        message: `${reply.acknowledged.length} acknowledged${reply.unchanged.length ? `, ${reply.unchanged.length} already were` : ''}.`,
      });
    } catch (error) {
      notifications.show({ color: 'red', message: errorMessage(error) });
    } finally {
      setBusy(null);
    }
  };
  const exportXlsx = async () => {
    setBusy('export');
    try {
      saveFile(await exportConsole(filter), `alarms-${filter.view}-${dhakaDate(new Date())}.xlsx`);
    } catch (error) {
      notifications.show({ color: 'red', message: errorMessage(error) });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={2}>Alarm Console</Title>
          <Text c="dimmed" size="sm" data-testid="console-count">
            {state.rows.length}
            {state.complete ? '' : '+'}{' '}
            {filter.view === 'active' ? 'active alarms' : 'alarms raised in the last 7 days'}
            {selected.size > 0 ? ` · ${chosen.length} selected` : ''}
          </Text>
        </div>
        <Group gap="xs">
          {!isReadOnly(user) && (
            <Button
              leftSection={<IconChecks size={16} />}
              disabled={chosen.length === 0}
              loading={busy === 'ack'}
              onClick={() => void acknowledge()}
            >
              Acknowledge selected
            </Button>
          )}
          <Button
            variant="default"
            leftSection={<IconFileSpreadsheet size={16} />}
            loading={busy === 'export'}
            onClick={() => void exportXlsx()}
          >
            Export to Excel
          </Button>
        </Group>
      </Group>
      {emergencies.length > 0 && (
        <Alert color="red" variant="filled" icon={<IconAlertOctagon />} data-testid="console-emergency">
          {emergencies.length} emergency alarm{emergencies.length > 1 ? 's' : ''} active:{' '}
          {emergencies
            .slice(0, 3)
            .map((r) => `${r.siteName} (${r.siteUid})`)
            .join(', ')}
          {emergencies.length > 3 ? ' …' : ''}
        </Alert>
      )}
      <Paper withBorder radius="md" p="sm">
        <ConsoleFilters user={user} filter={filter} onChange={setFilter} />
      </Paper>
      {state.error !== null && <Alert color="red">{errorMessage(state.error)}</Alert>}
      <Paper withBorder radius="md" p={0} style={{ overflow: 'hidden' }}>
        <ConsoleTable
          user={user}
          rows={state.rows}
          now={now}
          selected={selected}
          selectable={selectable}
          onSelect={(keys, on) =>
            setSelected((prev) => {
              const next = new Set(prev);
              for (const k of keys) on ? next.add(k) : next.delete(k);
              return next;
            })
          }
          sort={filter.sort}
          onSort={(sort) => setFilter({ ...filter, sort })}
          onOpen={(r) =>
            void open({
              uid: r.siteUid,
              name: r.siteName,
              tenants: r.tenant ? [r.tenant] : [],
              meta: { generic_site_id: null },
            })
          }
          onEndReached={state.loadMore}
          emptyText={state.loading ? 'Loading…' : 'No alarm matches.'}
        />
      </Paper>
      {state.loading && (
        <Group justify="center">
          <Loader size="sm" />
        </Group>
      )}
    </Stack>
  );
}
