import {
  Badge,
  Button,
  Container,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconBattery3,
  IconBolt,
  IconDoor,
  IconEngine,
  IconLogin,
  IconTemperature,
  IconBellRinging,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { ROUTES } from '@towerwatch/domain';

const FEATURES = [
  {
    icon: IconBolt,
    title: 'Mains & rectifiers',
    text: 'Phase voltages, AC line failures, rectifier alarms and DC load per tenant.',
  },
  {
    icon: IconBattery3,
    title: 'Batteries & BMS',
    text: 'Terminal voltage, current, backup time left and health, live.',
  },
  {
    icon: IconEngine,
    title: 'DG & PG',
    text: 'Generator run hours, start failures and fuel, grid generator status.',
  },
  {
    icon: IconDoor,
    title: 'Door & lock access',
    text: 'Card access, remote unlock, open doors and security breaches.',
  },
  {
    icon: IconTemperature,
    title: 'Climate',
    text: 'Shelter temperature and humidity with alarm thresholds.',
  },
  {
    icon: IconBellRinging,
    title: 'Alarms & events',
    text: 'Per-tenant alarms, acknowledgements and an audible emergency alarm.',
  },
];

/** The public landing page `/` (docs/requirements.md#landing): welcome heading and 'Login Here'. */
export function LandingPage() {
  return (
    <Container size="lg" py={64}>
      <Stack gap="xl">
        <Stack gap="md" maw={720}>
          <Badge variant="light" size="lg" tt="none" w="fit-content">
            Remote monitoring · Site access control
          </Badge>
          <Title order={1} fz={{ base: 34, sm: 46 }} lh={1.1}>
            Welcome to Towerwatch
          </Title>
          <Text size="lg" c="dimmed">
            Watch every tower site of your network from one screen: power, batteries, generators, climate and
            door access, with live alarms for the people on shift.
          </Text>
          <Group>
            <Button component={Link} to={ROUTES.login} size="md" leftSection={<IconLogin size={18} />}>
              Login Here
            </Button>
          </Group>
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
          {FEATURES.map(({ icon: Icon, title, text }) => (
            <Paper key={title} withBorder p="md" radius="md" bg="var(--mantine-color-body)">
              <Group gap="sm" align="flex-start" wrap="nowrap">
                <ThemeIcon variant="light" size="lg">
                  <Icon size={20} />
                </ThemeIcon>
                <div>
                  <Text fw={600}>{title}</Text>
                  <Text size="sm" c="dimmed">
                    {text}
                  </Text>
                </div>
              </Group>
            </Paper>
          ))}
        </SimpleGrid>
      </Stack>
    </Container>
  );
}
