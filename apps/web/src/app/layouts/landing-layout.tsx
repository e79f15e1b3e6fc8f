import { Anchor, Box, Button, Container, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconLayoutDashboard, IconLogin } from '@tabler/icons-react';
import { Link, Outlet } from 'react-router';
import { vendorContact } from '../../features/landing/index.ts';
import { getAccessToken } from '../../lib/token-store.ts';
import { Logo } from '../../ui/logo.tsx';
import { ROUTES } from '@towerwatch/domain';

/**
 * Public landing layout. The footer describes the product as an IoT based remote monitoring system,
 * gives the vendor's contact details (build-time configuration with demo defaults, `VITE_VENDOR_*`) and a
 * company notice with the current year (docs/requirements.md#landing). A signed-in visitor is offered the
 * dashboard instead of the sign-in.
 */
export function LandingLayout() {
  const year = new Date().getFullYear();
  const contact = vendorContact();
  const signedIn = getAccessToken() !== null;
  return (
    <Box className="tw-grid-bg" mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <Box
        component="header"
        py="sm"
        style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      >
        <Container size="lg">
          <Group justify="space-between">
            <Logo size={30} />
            {signedIn ? (
              <Button
                component={Link}
                to={ROUTES.dashboard}
                size="xs"
                variant="light"
                leftSection={<IconLayoutDashboard size={14} />}
              >
                Go to dashboard
              </Button>
            ) : (
              <Button
                component={Link}
                to={ROUTES.login}
                size="xs"
                variant="light"
                leftSection={<IconLogin size={14} />}
              >
                Sign in
              </Button>
            )}
          </Group>
        </Container>
      </Box>
      <Box component="main" style={{ flex: 1 }}>
        <Outlet />
      </Box>
      <Box component="footer" py="lg" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
        <Container size="lg">
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
            <Stack gap={4}>
              <Logo size={22} />
              <Text size="sm" c="dimmed">
                An IoT based remote monitoring system for telecom tower and energy sites.
              </Text>
            </Stack>
            <Stack gap={2}>
              <Text size="sm" fw={600}>
                Contact the vendor
              </Text>
              <Text size="sm" c="dimmed">
                Phone:{' '}
                <Anchor href={`tel:${contact.phone.replace(/[^+\d]/g, '')}`} size="sm">
                  {contact.phone}
                </Anchor>
              </Text>
              <Text size="sm" c="dimmed">
                Email:{' '}
                <Anchor href={`mailto:${contact.email}`} size="sm">
                  {contact.email}
                </Anchor>
              </Text>
              <Text size="sm" c="dimmed">
                Address: {contact.address}
              </Text>
            </Stack>
            <Stack gap={2}>
              <Text size="sm" fw={600}>
                Account
              </Text>
              <Anchor component={Link} to={ROUTES.login} size="sm">
                Login Here
              </Anchor>
              <Anchor component={Link} to={ROUTES.reset} size="sm">
                Forgot password
              </Anchor>
            </Stack>
          </SimpleGrid>
          <Text size="xs" c="dimmed" mt="lg" aria-label="Company notice">
            © {year} Towerwatch. All rights reserved.
          </Text>
        </Container>
      </Box>
    </Box>
  );
}
