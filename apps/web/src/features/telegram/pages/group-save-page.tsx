import {
  Alert,
  Button,
  Group,
  Loader,
  MultiSelect,
  Paper,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isOperator, ROUTES } from '@towerwatch/domain';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { allowRestrictedAction } from '../../../lib/restricted-action.ts';
import { useAuthUser } from '../../auth/index.ts';
import { useCompleteSiteList } from '../../sites/index.ts';
import { GroupActionError, groupActions, groupQueryOptions, telegramKeys } from '../api/telegram-api.ts';

/**
 * /telegram/group/save (docs/requirements.md#messaging): add a group by its chat id (the bot answers
 * /chatid in the group) or edit one (?chat_id=): title, status and the sites it receives.
 */
export function GroupSavePage() {
  const user = useAuthUser();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const editing = params.get('chat_id') ? Number(params.get('chat_id')) : null;
  const existing = useQuery({ ...groupQueryOptions(editing ?? 0), enabled: editing !== null });
  const sites = useCompleteSiteList(isOperator(user) ? 3000 : 1000);
  const [chatId, setChatId] = useState('');
  const [title, setTitle] = useState('');
  const [companyId, setCompanyId] = useState(user.company_code ?? '');
  const [active, setActive] = useState(true);
  const [siteUids, setSiteUids] = useState<string[]>([]);
  const [fieldError, setFieldError] = useState<{ field: string; message: string } | null>(null);

  const group = existing.data?.group;
  useEffect(() => {
    if (!group) return;
    setChatId(String(group.chat_id));
    setTitle(group.title);
    setCompanyId(group.company_id);
    setActive(group.status === 'active');
    setSiteUids(group.sites.map((s) => s.site_uid));
  }, [group]);

  const siteOptions = useMemo(() => {
    const all = sites.sites;
    const own = isOperator(user) && companyId ? all.filter((s) => s.company === companyId) : all;
    return own.map((s) => ({ value: s.uid, label: `${s.name} (${s.uid})` }));
  }, [sites.sites, user, companyId]);

  const save = useMutation({
    mutationFn: async () => {
      const status = active ? ('active' as const) : ('inactive' as const);
      if (editing === null) {
        return groupActions.create({
          chat_id: Number(chatId),
          title,
          status,
          site_uids: siteUids,
          ...(isOperator(user) ? { company_id: companyId } : {}),
        });
      }
      const before = new Set(group?.sites.map((s) => s.site_uid) ?? []);
      await groupActions.update(editing, { title, status });
      const added = siteUids.filter((uid) => !before.has(uid));
      if (added.length) await groupActions.addSites(editing, added);
      for (const uid of before) if (!siteUids.includes(uid)) await groupActions.removeSite(editing, uid);
      return null;
    },
    onSuccess: async () => {
      notifications.show({ color: 'green', message: editing === null ? 'Group added' : 'Group saved' });
      await queryClient.invalidateQueries({ queryKey: telegramKeys.all });
      navigate(ROUTES.telegram);
    },
    onError: (err) => {
      notifications.show({ color: 'red', message: err.message });
      setFieldError(err instanceof GroupActionError ? err.fieldError : null);
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setFieldError(null);
    if (allowRestrictedAction(user, 'manage messaging groups')) save.mutate();
  };
  const errorOf = (field: string) => (fieldError?.field === field ? fieldError.message : undefined);

  if (editing !== null && existing.isPending) return <Loader size="sm" />;
  if (existing.error) return <Alert color="red">This group was not found.</Alert>;
  return (
    <Paper
      withBorder
      radius="md"
      p="lg"
      maw={720}
      component="form"
      onSubmit={submit}
      aria-label="Messaging group"
    >
      <Stack gap="sm">
        <Title order={1} fz={22}>
          {editing === null ? 'Add a Telegram group' : `Edit ${group?.title ?? 'group'}`}
        </Title>
        {editing === null ? (
          <Text size="sm" c="dimmed">
            Add the Towerwatch bot to the Telegram group as an administrator, then send /chatid in the group:
            the bot answers with the chat id to enter here.
          </Text>
        ) : null}
        <TextInput
          label="Chat id"
          placeholder="-1001234567890"
          required
          disabled={editing !== null}
          value={chatId}
          onChange={(e) => setChatId(e.currentTarget.value)}
          error={errorOf('body.chat_id')}
        />
        <TextInput
          label="Title"
          required
          value={title}
          onChange={(e) => setTitle(e.currentTarget.value)}
          error={errorOf('body.title')}
        />
        {isOperator(user) && editing === null ? (
          <TextInput
            label="Company id"
            required
            value={companyId}
            onChange={(e) => setCompanyId(e.currentTarget.value)}
            error={errorOf('body.company_id')}
          />
        ) : null}
        <MultiSelect
          label="Sites"
          description="The group receives the alarms of these sites"
          placeholder={sites.query.isPending ? 'Loading sites…' : 'Search sites'}
          data={siteOptions}
          value={siteUids}
          onChange={setSiteUids}
          searchable
          clearable
          limit={50}
          maxDropdownHeight={260}
          error={errorOf('body.site_uids')}
        />
        <Switch
          label="Active (receives notifications)"
          checked={active}
          onChange={(e) => setActive(e.currentTarget.checked)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => navigate(ROUTES.telegram)}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
