import { Button, Group, Stack } from '@mantine/core';
import type { AuthUser } from '@towerwatch/contract';
import {
  isSiteSpecificRoute,
  normalizePath,
  showsSiteNav,
  showTenantDropdown,
  siteNavItemsFor,
} from '@towerwatch/domain';
import { Link, useLocation } from 'react-router';
import { useExternalStore } from '../../lib/external-store.ts';
import { focusedSiteStore } from '../../lib/site-focus.ts';
import { usePhoneWidth } from '../../lib/use-phone-width.ts';
import { SiteIdentity, TenantSelect } from './site-identity.tsx';

/**
 * The site sub-navigation under Site Overview (docs/requirements.md#site-specific-routes,
 * docs/requirements.md#home-page): on every page of the open site, the built site pages the user's
 * access roles allow. The tabs wrap onto more lines rather than scroll out of sight; on a phone the
 * site's ID, name and tenant are above them (docs/requirements.md#phone-layout).
 */
export function SiteNav({ user }: { user: AuthUser }) {
  const { pathname } = useLocation();
  const site = useExternalStore(focusedSiteStore);
  const phone = usePhoneWidth();
  if (!site || !showsSiteNav(pathname)) return null;
  const current = normalizePath(pathname);
  const showTenants = showTenantDropdown(isSiteSpecificRoute(pathname), site.tenants);
  return (
    <Stack gap={6} mb="md">
      {phone && (
        <Group gap="xs" justify="space-between" wrap="nowrap" miw={0}>
          <SiteIdentity genericSiteId={site.genericSiteId} name={site.name} nameMaxWidth="100%" />
          {showTenants && <TenantSelect site={site} />}
        </Group>
      )}
      <Group
        component="nav"
        aria-label="Site pages"
        gap={4}
        wrap="wrap"
        pb={6}
        style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      >
        {siteNavItemsFor(user).map((item) => (
          <Button
            key={item.path}
            component={Link}
            to={item.path}
            size="xs"
            px={phone ? 8 : undefined}
            variant={item.path === current ? 'light' : 'subtle'}
            color={item.path === current ? undefined : 'gray'}
            aria-current={item.path === current ? 'page' : undefined}
          >
            {item.label}
          </Button>
        ))}
      </Group>
    </Stack>
  );
}
