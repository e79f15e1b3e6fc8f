import { Button, Group } from '@mantine/core';
import { IconBolt, IconHistory } from '@tabler/icons-react';
import { ROUTES } from '@towerwatch/domain';
import { Link } from 'react-router';

/** Links from All Sites to the network-wide lists that have no menu item: site history and rectifiers. */
export function SiteListLinks() {
  return (
    <Group gap="xs" role="group" aria-label="More site lists">
      <Button
        component={Link}
        to={ROUTES.siteHistory}
        variant="default"
        size="xs"
        leftSection={<IconHistory size={14} />}
      >
        Site History
      </Button>
      <Button
        component={Link}
        to={ROUTES.siteRectifier}
        variant="default"
        size="xs"
        leftSection={<IconBolt size={14} />}
      >
        Rectifiers
      </Button>
    </Group>
  );
}
