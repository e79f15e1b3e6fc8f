import { Button, Group, ScrollArea } from '@mantine/core';
import type { AuthUser } from '@towerwatch/contract';
import { normalizePath, showsSiteNav, siteNavItemsFor } from '@towerwatch/domain';
import { Link, useLocation } from 'react-router';
import { useExternalStore } from '../../lib/external-store.ts';
import { focusedSiteStore } from '../../lib/site-focus.ts';

/**
 * The site sub-navigation under Site Overview (docs/requirements.md#site-specific-routes,
 * docs/requirements.md#home-page): on every page of the open site, the built site pages the user's
 * access roles allow.
 */
export function SiteNav({ user }: { user: AuthUser }) {
  const { pathname } = useLocation();
  const site = useExternalStore(focusedSiteStore);
  if (!site || !showsSiteNav(pathname)) return null;
  const current = normalizePath(pathname);
  return (
    <ScrollArea type="never" mb="md">
      <Group
        component="nav"
        aria-label="Site pages"
        gap={4}
        wrap="nowrap"
        pb={6}
        style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      >
        {siteNavItemsFor(user).map((item) => (
          <Button
            key={item.path}
            component={Link}
            to={item.path}
            size="xs"
            variant={item.path === current ? 'light' : 'subtle'}
            color={item.path === current ? undefined : 'gray'}
            aria-current={item.path === current ? 'page' : undefined}
          >
            {item.label}
          </Button>
        ))}
      </Group>
    </ScrollArea>
  );
}
