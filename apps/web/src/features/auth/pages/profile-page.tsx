import {
  Badge,
  Button,
  Group,
  Paper,
  PasswordInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ACCESS_ROLE_LABELS,
  accessRolesOf,
  allowedTenants,
  tenantLabel,
  userTypeLabel,
} from '@towerwatch/domain';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../../lib/api-error.ts';
import { TelegramLinkCard } from '../../telegram/index.ts';
import { authKeys, changePassword, updateProfile } from '../api/auth-api.ts';
import { useAuthUser } from '../hooks/use-session.ts';

function ProfileForm() {
  const user = useAuthUser();
  const queryClient = useQueryClient();
  const [name, setName] = useState(user.name);
  const [email, setEmail] = useState(user.email ?? '');
  const [phone, setPhone] = useState(user.phone ?? '');
  const mutation = useMutation({
    mutationFn: updateProfile,
    onSuccess: async () => {
      notifications.show({ color: 'teal', message: 'Profile updated' });
      await queryClient.invalidateQueries({ queryKey: authKeys.user() });
    },
    onError: (error) => notifications.show({ color: 'red', message: errorMessage(error) }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    mutation.mutate({ name: name.trim(), email: email.trim() || null, phone: phone.trim() || null });
  };
  return (
    <Paper withBorder p="lg" radius="md" component="form" onSubmit={submit} aria-label="Profile">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          Profile
        </Title>
        <TextInput label="Name" required value={name} onChange={(e) => setName(e.currentTarget.value)} />
        <TextInput
          label="Email"
          type="email"
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
        />
        <TextInput label="Phone" value={phone} onChange={(e) => setPhone(e.currentTarget.value)} />
        <Group justify="flex-end">
          <Button type="submit" loading={mutation.isPending}>
            Save profile
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function ChangePasswordForm() {
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: changePassword,
    onSuccess: () => {
      notifications.show({ color: 'teal', message: 'Password changed' });
      setOldPassword('');
      setNewPassword('');
      setConfirm('');
    },
    onError: (caught) => setError(errorMessage(caught)),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (newPassword.length < 8) return setError('The new password needs at least 8 characters.');
    if (newPassword !== confirm) return setError('The two new passwords do not match.');
    mutation.mutate({ old_password: oldPassword, new_password: newPassword });
  };
  return (
    <Paper withBorder p="lg" radius="md" component="form" onSubmit={submit} aria-label="Change password">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          Change password
        </Title>
        <PasswordInput
          label="Current password"
          required
          autoComplete="current-password"
          value={oldPassword}
          onChange={(e) => setOldPassword(e.currentTarget.value)}
        />
        <PasswordInput
          label="New password"
          required
          autoComplete="new-password"
          value={newPassword}
          onChange={(e) => setNewPassword(e.currentTarget.value)}
        />
        <PasswordInput
          label="Confirm new password"
          required
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => setConfirm(e.currentTarget.value)}
          error={error}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={mutation.isPending}>
            Change password
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** /profile: the account page (docs/requirements.md#route-table). */
export function ProfilePage() {
  const user = useAuthUser();
  return (
    <Stack gap="md" maw={960}>
      <Paper withBorder p="lg" radius="md">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={1} fz={22}>
              {user.name}
            </Title>
            <Text size="sm" c="dimmed">
              {user.username} · {userTypeLabel(user)}
              {user.company_code ? ` · ${user.company_code.toUpperCase()}` : ''}
            </Text>
          </div>
          <Group gap={6}>
            {accessRolesOf(user).map((role) => (
              <Badge key={role} variant="light">
                {ACCESS_ROLE_LABELS[role]}
              </Badge>
            ))}
          </Group>
        </Group>
        <Text size="sm" mt="xs">
          Tenants: {allowedTenants(user).map(tenantLabel).join(', ')}
        </Text>
      </Paper>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <ProfileForm />
        <ChangePasswordForm />
        <TelegramLinkCard />
      </SimpleGrid>
    </Stack>
  );
}
