import { ActionIcon, Anchor, Badge, Box, Button, Group, Select, Text, Title, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCopy, IconList, IconMenu2 } from '@tabler/icons-react';
import type { AuthUser } from '@towerwatch/contract';
import {
  holdsSites,
  isSiteSpecificRoute,
  ROUTES,
  SITE_ID_COPIED_MESSAGE,
  showTenantDropdown,
  tenantLabel,
  userTypeLabel,
} from '@towerwatch/domain';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { emergencyAlarmStore } from '../../lib/emergency-alarm.ts';
import { useExternalStore } from '../../lib/external-store.ts';
import { liveStateStore } from '../../lib/live-client.ts';
import { focusedSiteStore, selectFocusedTenant } from '../../lib/site-focus.ts';
import { Logo } from '../../ui/logo.tsx';
import { EmergencyAlarmPlayer } from './emergency-alarm-player.tsx';

/** Props of {@link TopBar}. */
export interface TopBarProps {
  user: AuthUser;
  title: string;
  onMenu: () => void;
  /** Extra controls shown after the title (legacy tabs link, etc.). */
  extra?: ReactNode;
}

async function copySiteId(id: string) {
  try {
    await navigator.clipboard.writeText(id);
    notifications.show({ color: 'teal', message: SITE_ID_COPIED_MESSAGE });
  } catch (error) {
    // A clipboard failure is only logged (docs/requirements.md#silent-failures).
    console.error('Copying the site ID failed', error);
  }
}

const LIVE_COLORS = { open: 'teal', connecting: 'yellow', closing: 'orange', closed: 'red' } as const;

/**
 * The top bar (docs/requirements.md#top-bar): title, site-ID label with copy button, site name → /site, 'All
 * Sites' → /site/list, the tenant dropdown on tenant-specific site pages when the user has more than
 * one allowed tenant, and the menu button with the pulsing red dot on an emergency alarm.
 */
export function TopBar({ user, title, onMenu, extra }: TopBarProps) {
  const { pathname } = useLocation();
  const site = useExternalStore(focusedSiteStore);
  const alarm = useExternalStore(emergencyAlarmStore);
  const live = useExternalStore(liveStateStore);
  const showTenants = site !== null && showTenantDropdown(isSiteSpecificRoute(pathname), site.tenants);

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
      <Group gap="sm" wrap="nowrap" miw={0}>
        <Tooltip label="Menu">
          <Box pos="relative">
            <ActionIcon variant="subtle" size="lg" onClick={onMenu} aria-label="Open menu">
              <IconMenu2 size={22} />
            </ActionIcon>
            {alarm.dot && <span className="tw-dot" role="status" aria-label="Emergency alarm" />}
          </Box>
        </Tooltip>
        <Box visibleFrom="sm">
          <Logo size={26} withText={false} />
        </Box>
        <Title
          order={1}
          fz="lg"
          fw={650}
          style={{ whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}
        >
          {title}
        </Title>
        {extra}
      </Group>
      <Group gap="xs" wrap="nowrap">
        {site && (
          <Group gap={4} wrap="nowrap" visibleFrom="xs">
            <Badge variant="outline" size="lg" radius="sm" tt="none" aria-label="Site ID">
              {site.genericSiteId}
            </Badge>
            <Tooltip label="Copy site ID">
              <ActionIcon
                variant="subtle"
                aria-label="Copy site ID"
                onClick={() => copySiteId(site.genericSiteId)}
              >
                <IconCopy size={16} />
              </ActionIcon>
            </Tooltip>
            <Anchor component={Link} to={ROUTES.siteOverview} size="sm" fw={600} truncate maw={220}>
              {site.name}
            </Anchor>
          </Group>
        )}
        {showTenants && site && (
          <Select
            aria-label="Tenant"
            size="xs"
            w={150}
            allowDeselect={false}
            data={site.tenants.map((tenant) => ({ value: tenant, label: tenantLabel(tenant) }))}
            value={site.tenant}
            onChange={(value) => value && selectFocusedTenant(value)}
          />
        )}
        <EmergencyAlarmPlayer />
        {/* An account without sites (finance) has no site list to go to (docs/requirements.md#home-page). */}
        {holdsSites(user) && (
          <Button
            component={Link}
            to={ROUTES.siteList}
            variant="default"
            size="xs"
            leftSection={<IconList size={14} />}
          >
            All Sites
          </Button>
        )}
        <Badge
          variant="light"
          color="gray"
          size="lg"
          radius="sm"
          tt="none"
          visibleFrom="md"
          aria-label="Signed in as"
        >
          {user.name} · {userTypeLabel(user)}
        </Badge>
        <Tooltip label={`Live connection: ${live}`}>
          <Badge
            variant="dot"
            color={LIVE_COLORS[live]}
            size="md"
            tt="none"
            aria-label={`Live connection ${live}`}
            visibleFrom="sm"
          >
            <Text span size="xs">
              {live === 'open' ? 'Live' : live}
            </Text>
          </Badge>
        </Tooltip>
      </Group>
    </Group>
  );
}
