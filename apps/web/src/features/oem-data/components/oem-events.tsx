import { Badge, Group, Loader, Paper, ScrollArea, Stack, Text, Title } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { formatDateTime } from '../../../lib/time.ts';
import { oemEventsQuery } from '../api/oem-api.ts';

/** OEM events of the site (alarms raised and cleared), newest first, more loaded on scroll. */
export function OemEvents({ siteUid }: { siteUid: string }) {
  const events = useInfiniteQuery(oemEventsQuery(siteUid));
  const viewport = useRef<HTMLDivElement>(null);
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = events;

  useEffect(() => {
    const target = sentinel.current;
    if (!target) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && hasNextPage && !isFetchingNextPage) void fetchNextPage();
      },
      { root: viewport.current, rootMargin: '120px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const items = events.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <Paper withBorder radius="md" p="md">
      <Title order={4} mb="xs">
        OEM events
      </Title>
      <ScrollArea h={320} viewportRef={viewport} type="auto">
        <Stack gap={6} aria-label="OEM events" role="list">
          {items.map((e) => (
            <Group key={e.id} gap="xs" wrap="nowrap" role="listitem">
              <Text size="xs" c="dimmed" w={150} style={{ flexShrink: 0 }}>
                {formatDateTime(e.time)}
              </Text>
              <Badge
                variant="outline"
                color={e.source === 'bms' ? 'grape' : 'blue'}
                w={110}
                style={{ flexShrink: 0 }}
              >
                {e.source === 'bms' ? `Battery ${e.address}` : 'Rectifier'}
              </Badge>
              <Text size="sm">
                {e.raised.map((a) => (
                  <Text span key={`+${a.code}`} c="red.7" fw={600} mr="xs">
                    ▲ {a.name}
                  </Text>
                ))}
                {e.cleared.map((a) => (
                  <Text span key={`-${a.code}`} c="teal.7" mr="xs">
                    ▼ {a.name} cleared
                  </Text>
                ))}
              </Text>
            </Group>
          ))}
          {!events.isPending && items.length === 0 && !hasNextPage && (
            <Text size="sm" c="dimmed">
              No OEM events
            </Text>
          )}
          <div ref={sentinel} />
          {(events.isPending || isFetchingNextPage) && <Loader size="xs" />}
        </Stack>
      </ScrollArea>
    </Paper>
  );
}
