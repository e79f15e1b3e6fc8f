import { ActionIcon, Badge, Box, Button, Group, Text, Title, Tooltip } from '@mantine/core';
import { IconList, IconMenu2 } from '@tabler/icons-react';
import type { AuthUser } from '@towerwatch/contract';
import {
  holdsSites,
  isSiteSpecificRoute,
  ROUTES,
  showTenantDropdown,
  userTypeLabel,
} from '@towerwatch/domain';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { emergencyAlarmStore } from '../../lib/emergency-alarm.ts';
import { useExternalStore } from '../../lib/external-store.ts';
import { liveStateStore } from '../../lib/live-client.ts';
import { focusedSiteStore } from '../../lib/site-focus.ts';
import { usePhoneWidth } from '../../lib/use-phone-width.ts';
import { Logo } from '../../ui/logo.tsx';
import { EmergencyAlarmPlayer } from './emergency-alarm-player.tsx';
import { SiteIdentity, TenantSelect } from './site-identity.tsx';
import { ThemeSwitch } from './theme-switch.tsx';

/** Props of {@link TopBar}. */
export interface TopBarProps {
  user: AuthUser;
  title: string;
  onMenu: () => void;
  /** Extra controls shown after the title (legacy tabs link, etc.). */
  extra?: ReactNode;
}

const LIVE_COLORS = { open: 'teal', connecting: 'yellow', closing: 'orange', closed: 'red' } as const;

/**
 * The top bar (docs/requirements.md#top-bar): title, site-ID label with copy button, site name → /site (on a
 * phone they are above the site pages' tabs instead: docs/requirements.md#phone-layout), 'All Sites' → /site/list (its icon alone on a phone), the tenant dropdown on tenant-specific site pages when the user has more than
 * one allowed tenant, and the menu button with the pulsing red dot on an emergency alarm.
 */
export function TopBar({ user, title, onMenu, extra }: TopBarProps) {
  const { pathname } = useLocation();
  const site = useExternalStore(focusedSiteStore);
  const alarm = useExternalStore(emergencyAlarmStore);
  const live = useExternalStore(liveStateStore);
  const phone = usePhoneWidth();
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
        {/* Shrinks to an ellipsis, never to nothing: the page's name stays on a phone. */}
        <Title
          order={1}
          fz="lg"
          fw={650}
          miw="4.5em"
          style={{ whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}
        >
          {title}
        </Title>
        {extra}
      </Group>
      <Group gap="xs" wrap="nowrap">
        {site && !phone && (
          <SiteIdentity genericSiteId={site.genericSiteId} name={site.name} nameMaxWidth={220} />
        )}
        {showTenants && site && !phone && <TenantSelect site={site} />}
        <EmergencyAlarmPlayer />
        {/* An account without sites (finance) has no site list to go to (docs/requirements.md#home-page). */}
        {holdsSites(user) &&
          (phone ? (
            <ActionIcon
              component={Link}
              to={ROUTES.siteList}
              variant="default"
              size="lg"
              aria-label="All Sites"
            >
              <IconList size={18} />
            </ActionIcon>
          ) : (
            <Button
              component={Link}
              to={ROUTES.siteList}
              variant="default"
              size="xs"
              leftSection={<IconList size={14} />}
            >
              All Sites
            </Button>
          ))}
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
        <ThemeSwitch uid={user.uid} />
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
