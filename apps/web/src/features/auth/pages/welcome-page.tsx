import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconLayoutDashboard, IconList, IconUserCircle } from '@tabler/icons-react';
import { holdsSites, homePathFor, ROUTES, userTypeLabel } from '@towerwatch/domain';
import { Link, Navigate } from 'react-router';
import { Logo } from '../../../ui/logo.tsx';
import { useSession } from '../hooks/use-session.ts';

/** /welcome: where every user lands after login (docs/requirements.md#sign-in-flow). */
export function WelcomePage() {
  const { user, loggedIn, loading } = useSession();
  if (!loggedIn) return <Navigate to={ROUTES.login} replace />;
  if (loading || !user) return null;
  // Each role's home (docs/requirements.md#home-page); an account without sites has no dashboard.
  const home = homePathFor(user);
  const sites = holdsSites(user);
  return (
    <Paper withBorder radius="md" p="xl" w={460} maw="100%" shadow="lg">
      <Stack gap="md">
        <Logo size={34} />
        <div>
          <Title order={1} fz={24}>
            Welcome, {user.name}
          </Title>
          <Text size="sm" c="dimmed">
            Signed in as {user.username} · {userTypeLabel(user)}
          </Text>
        </div>
        {home !== ROUTES.welcome && (
          <Group grow>
            <Button component={Link} to={home} leftSection={<IconLayoutDashboard size={16} />}>
              {home === ROUTES.customerSites
                ? 'Open customer sites'
                : home === ROUTES.billingList
                  ? 'Open Payment List'
                  : 'Open dashboard'}
            </Button>
          </Group>
        )}
        {!sites && (
          <Text size="sm" aria-label="What this account does">
            This account handles billing: the invoices and payments of the customers' sites, on the Payment
            List. It holds no sites to monitor, so it has no dashboard. Your account settings and password are
            under Account.
          </Text>
        )}
        <Group grow>
          {sites && (
            <Button
              component={Link}
              to={ROUTES.siteList}
              variant="default"
              leftSection={<IconList size={16} />}
            >
              All Sites
            </Button>
          )}
          <Button
            component={Link}
            to={ROUTES.profile}
            variant="default"
            leftSection={<IconUserCircle size={16} />}
          >
            Account
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
