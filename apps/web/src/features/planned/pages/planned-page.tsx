import { Alert, Code, Paper, Stack, Text, Title } from '@mantine/core';
import { IconClockHour4 } from '@tabler/icons-react';
import { useLocation, useMatches } from 'react-router';
import { isSiteModule } from '../../sites/index.ts';
import { RoutedEvents } from '../components/routed-events.tsx';

/** Route handle of a planned page: what it will do and which issue delivers it. */
export interface PlannedHandle {
  title: string;
  planned: string;
}

/**
 * A route of the spec whose screen is delivered by a later issue. It says so plainly and shows no
 * invented data; a site module's page (mains, battery, ...) lists the live events routed to it.
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
      <Alert variant="light" color="blue" icon={<IconClockHour4 size={18} />} title="This screen is coming">
        {handle?.planned ?? 'This screen is part of a later release.'}
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
