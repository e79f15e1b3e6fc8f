import { Button } from '@mantine/core';
import { IconLayoutDashboard } from '@tabler/icons-react';
import { Link, Outlet } from 'react-router';
import { AppFrame } from './app-frame.tsx';
import { ROUTES } from '@towerwatch/domain';

/** The legacy dashboard layout, recognised by its path (docs/requirements.md#legacy-dashboard). */
export function LegacyLayout() {
  return (
    <AppFrame
      fallbackTitle="Legacy Dashboard"
      extra={
        <Button
          component={Link}
          to={ROUTES.businessDashboard}
          size="xs"
          variant="light"
          leftSection={<IconLayoutDashboard size={14} />}
          visibleFrom="md"
        >
          Smart Dashboard
        </Button>
      }
    >
      <Outlet />
    </AppFrame>
  );
}
