import { Alert, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import type { AuthUser } from '@towerwatch/contract';
import { ROUTES } from '@towerwatch/domain';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { allowRestrictedAction } from '../../../lib/restricted-action.ts';
import { fieldErrors } from '../../access/index.ts';
import { manageKeys } from '../api/manage-api.ts';
import { type MemberOption, MemberPicker } from './member-picker.tsx';

interface Props {
  user: AuthUser;
  /** 'Card group' or 'Site group'. */
  noun: string;
  membersLabel: string;
  action: string;
  existing: { name: string; members: string[] } | null;
  options: readonly MemberOption[];
  save: (name: string, members: string[]) => Promise<{ sitesAffected: number }>;
}

/** Creates or edits a group: its name and members; back to Manage Access after saving. */
export function GroupForm({ user, noun, membersLabel, action, existing, options, save }: Props) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [members, setMembers] = useState<Set<string>>(new Set());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    setName(existing?.name ?? '');
    setMembers(new Set(existing?.members ?? []));
  }, [existing]);

  const submit = async () => {
    if (!allowRestrictedAction(user, action)) return;
    setSaving(true);
    try {
      const reply = await save(name.trim(), [...members]);
      notifications.show({
        color: 'teal',
        message: `${noun} ${name.trim()} saved${reply.sitesAffected ? `; ${reply.sitesAffected} site(s) get the new list` : ''}.`,
      });
      await queryClient.invalidateQueries({ queryKey: manageKeys.all });
      navigate(ROUTES.accessManage);
    } catch (error) {
      setErrors(fieldErrors(error));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Stack gap="md" maw={820}>
      <Title order={2}>
        {existing ? `Edit ${noun.toLowerCase()} ${existing.name}` : `New ${noun.toLowerCase()}`}
      </Title>
      <TextInput
        label="Name"
        required
        value={name}
        error={errors.name}
        onChange={(e) => setName(e.currentTarget.value)}
        maxLength={100}
      />
      <MemberPicker label={membersLabel} options={options} value={members} onChange={setMembers} />
      {errors.members && <Alert color="red">{errors.members}</Alert>}
      {errors.form && <Alert color="red">{errors.form}</Alert>}
      <Group justify="space-between">
        <Text size="xs" c="dimmed">
          Sites whose access changes get a new list on their device.
        </Text>
        <Group gap="xs">
          <Button variant="default" onClick={() => navigate(ROUTES.accessManage)}>
            Cancel
          </Button>
          <Button loading={saving} disabled={!name.trim()} onClick={() => void submit()}>
            Save {noun.toLowerCase()}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
