import { Badge, Divider, Drawer, Group, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import type { AuthUser } from '@towerwatch/contract';
import { isMenuItemSelected, usesAdminMenu, userTypeLabel, visibleMenuItems } from '@towerwatch/domain';
import { Link, useLocation } from 'react-router';
import { useLogout } from '../../features/auth/index.ts';
import { Logo } from '../../ui/logo.tsx';
import { useMenuIcons } from './menu-icons.ts';

/** Props of {@link SideMenu}. */
export interface SideMenuProps {
  user: AuthUser;
  opened: boolean;
  onClose: () => void;
}

/**
 * The slide-out side menu with the logo: admin menu for sudo/support, company menu for company
 * users, then Account and Logout; items whose screen is not built are not shown (docs/requirements.md#menu-selection, docs/requirements.md#menu-visibility; items and selection from the domain).
 */
export function SideMenu({ user, opened, onClose }: SideMenuProps) {
  const { pathname } = useLocation();
  const logout = useLogout();
  // Only built screens (docs/requirements.md#home-page).
  const items = visibleMenuItems(user);
  const icons = useMenuIcons();
  const main = items.filter((item) => item.id !== 'account' && item.id !== 'logout');
  const common = items.filter((item) => item.id === 'account' || item.id === 'logout');

  const render = (item: (typeof items)[number]) => {
    const Icon = icons[item.id];
    const icon = Icon ? <Icon size={18} stroke={1.6} /> : null;
    if (item.id === 'logout') {
      return (
        <NavLink
          key={item.id}
          component="button"
          label={item.label}
          leftSection={icon}
          onClick={() => {
            onClose();
            void logout();
          }}
        />
      );
    }
    return (
      <NavLink
        key={item.id}
        component={Link}
        to={item.path}
        label={item.label}
        active={isMenuItemSelected(item, pathname)}
        aria-current={isMenuItemSelected(item, pathname) ? 'page' : undefined}
        leftSection={icon}
        onClick={onClose}
      />
    );
  };

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      size={280}
      padding="md"
      title={
        <Logo size={30} subtitle={usesAdminMenu(user) ? 'Operator console' : 'Remote site monitoring'} />
      }
      aria-label="Side menu"
      scrollAreaComponent={ScrollArea.Autosize}
    >
      <Stack gap={2} component="nav" aria-label="Main menu">
        <Group gap={6} mb="xs" px={4}>
          <Text size="sm" fw={600}>
            {user.name}
          </Text>
          <Badge size="xs" variant="light">
            {userTypeLabel(user)}
          </Badge>
        </Group>
        {main.map(render)}
        <Divider my="xs" />
        {common.map(render)}
      </Stack>
    </Drawer>
  );
}
