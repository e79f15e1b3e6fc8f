import {
  Alert,
  Anchor,
  Button,
  Group,
  Paper,
  PasswordInput,
  PinInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconLock, IconShieldCheck, IconUser } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { AFTER_LOGIN_PATH, ROUTES } from '@towerwatch/domain';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError, errorMessage } from '../../../lib/api-error.ts';
import { setTokens } from '../../../lib/token-store.ts';
import { Logo } from '../../../ui/logo.tsx';
import { authKeys, fetchAuthUser, login } from '../api/auth-api.ts';

function loginErrorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 401) return 'Wrong username or password.';
    if (error.status === 429) return 'Too many attempts. Wait a minute and try again.';
    if (error.status === 400 && error.field === 'otp') return 'The one-time password must be 6 digits.';
    return error.message;
  }
  if (error instanceof TypeError) return 'Cannot reach the server. Check your connection.';
  return errorMessage(error);
}

/** /login: username and password, then the one-time password when the user has 2FA (docs/requirements.md#sign-in-flow). */
export function LoginPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [otp, setOtp] = useState('');
  const [needsOtp, setNeedsOtp] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!username.trim() || !password) {
      setError('Enter your username and password.');
      return;
    }
    if (needsOtp && !/^\d{6}$/.test(otp)) {
      setError('Enter the 6-digit one-time password from your authenticator app.');
      return;
    }
    setBusy(true);
    try {
      const reply = await login({ username: username.trim(), password, ...(needsOtp ? { otp } : {}) });
      if ('two_factor_required' in reply) {
        setNeedsOtp(true);
        return;
      }
      setTokens(reply.access_token, reply.refresh_token, reply.refresh_expires_in);
      await queryClient.fetchQuery({ queryKey: authKeys.user(), queryFn: fetchAuthUser });
      await navigate(AFTER_LOGIN_PATH);
    } catch (caught) {
      if (needsOtp && caught instanceof ApiError && caught.status === 401) {
        setError('The one-time password is wrong or has expired.');
        setOtp('');
      } else {
        setError(loginErrorText(caught));
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <Paper component="form" onSubmit={submit} withBorder radius="md" p="xl" w={380} maw="100%" shadow="lg">
      <Stack gap="md">
        <Logo size={34} subtitle="Remote site monitoring" />
        <div>
          <Title order={1} fz={22}>
            {needsOtp ? 'Two-step verification' : 'Sign in'}
          </Title>
          <Text size="sm" c="dimmed">
            {needsOtp
              ? 'Enter the 6-digit code from your authenticator app.'
              : 'Use the account your company administrator gave you.'}
          </Text>
        </div>
        {error && (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
            {error}
          </Alert>
        )}
        {!needsOtp ? (
          <>
            <TextInput
              label="Username"
              autoComplete="username"
              autoFocus
              leftSection={<IconUser size={16} />}
              value={username}
              onChange={(event) => setUsername(event.currentTarget.value)}
            />
            <PasswordInput
              label="Password"
              autoComplete="current-password"
              leftSection={<IconLock size={16} />}
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
            />
          </>
        ) : (
          <Stack gap={4}>
            <Text size="sm" fw={500} id="otp-label">
              One-time password
            </Text>
            <PinInput
              length={6}
              type="number"
              oneTimeCode
              autoFocus
              value={otp}
              onChange={setOtp}
              aria-labelledby="otp-label"
              aria-label="One-time password"
            />
          </Stack>
        )}
        <Button
          type="submit"
          loading={busy}
          fullWidth
          leftSection={needsOtp ? <IconShieldCheck size={16} /> : null}
        >
          {needsOtp ? 'Verify' : 'Sign in'}
        </Button>
        <Group justify="space-between">
          {needsOtp ? (
            <Anchor
              component="button"
              type="button"
              size="sm"
              onClick={() => {
                setNeedsOtp(false);
                setOtp('');
                setError(null);
              }}
            >
              Back
            </Anchor>
          ) : (
            <Anchor component={Link} to={ROUTES.reset} size="sm">
              Forgot password?
            </Anchor>
          )}
          <Anchor component={Link} to={ROUTES.landing} size="sm" c="dimmed">
            Home
          </Anchor>
        </Group>
      </Stack>
    </Paper>
  );
}
