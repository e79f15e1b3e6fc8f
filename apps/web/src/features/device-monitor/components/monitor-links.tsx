import { Anchor, Group } from '@mantine/core';
import { ROUTES } from '@towerwatch/domain';
import { Link, useLocation } from 'react-router';

const LINKS = [
  { path: ROUTES.monitorDeviceHealth, label: 'Device Health' },
  { path: ROUTES.monitorServiceString, label: 'Service String' },
  { path: ROUTES.monitorOemRecords, label: 'OEM Records' },
] as const;

/** Links between the three monitor pages (OEM Records has no menu item of its own). */
export function MonitorLinks() {
  const { pathname } = useLocation();
  return (
    <Group gap="md" component="nav" aria-label="Monitor pages">
      {LINKS.filter((l) => l.path !== pathname).map((l) => (
        <Anchor key={l.path} component={Link} to={l.path} size="sm">
          {l.label}
        </Anchor>
      ))}
    </Group>
  );
}
