import { Anchor, List, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { Logo } from '../../../ui/logo.tsx';
import { ROUTES } from '@towerwatch/domain';

/**
 * /reset. The spec lists the route but no reset call (docs/requirements.md#password-reset), so this page tells the
 * user the real path: an administrator resets the password, the user then changes it under Account.
 */
export function ResetPage() {
  return (
    <Paper withBorder radius="md" p="xl" w={420} maw="100%" shadow="lg">
      <Stack gap="md">
        <Logo size={34} />
        <Title order={1} fz={22}>
          Reset your password
        </Title>
        <Text size="sm">Passwords are reset by your company&apos;s administrator:</Text>
        <List size="sm" spacing={4}>
          <List.Item>
            Ask a user with “Manage Other Users” in your company to set a temporary password.
          </List.Item>
          <List.Item>Sign in with it, then choose a new password under Account → Change password.</List.Item>
          <List.Item>
            Lost your authenticator device? The administrator can turn two-step verification off.
          </List.Item>
        </List>
        <Anchor component={Link} to={ROUTES.login} size="sm">
          Back to sign in
        </Anchor>
      </Stack>
    </Paper>
  );
}
