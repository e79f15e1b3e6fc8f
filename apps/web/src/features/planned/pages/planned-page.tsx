import { Alert, Code, Paper, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useLocation, useMatches } from 'react-router';
import { isSiteModule } from '../../sites/index.ts';
import { RoutedEvents } from '../components/routed-events.tsx';

/** Route handle of a planned page. */
interface PlannedHandle {
  title: string;
}

/**
 * A route of the spec whose screen is not built: reached only by a typed URL (menus do not show it),
 * it says neutrally that the page is not available and shows no invented data; a site module's page
 * (mains, battery, ...) lists the live events routed to it (docs/requirements.md#planned-routes).
 */
export function PlannedPage() {
  const { pathname, search } = useLocation();
  const matches = useMatches();
  const handle = matches.at(-1)?.handle as PlannedHandle | undefined;
  const params = [...new URLSearchParams(search).entries()];
  const module = pathname.replace(/^\//, '');
  return (
    <Stack maw={760} gap="md">
      <Title order={2} fz={22}>
        {handle?.title ?? pathname}
      </Title>
      <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} />} title="Not available">
        This page is not available for your account. The menu lists the pages you can use.
      </Alert>
      {isSiteModule(module) && <RoutedEvents module={module} />}
      {params.length > 0 && (
        <Paper withBorder p="md">
          <Text size="sm" fw={600} mb={4}>
            Filter from the link
          </Text>
          <Stack gap={2} aria-label="Filter from the link">
            {params.map(([key, value]) => (
              <Text key={key} size="sm">
                <Code>{key}</Code> = <Code>{value}</Code>
              </Text>
            ))}
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
