import { Group, Text, Title } from '@mantine/core';
import { tenantLabel } from '@towerwatch/domain';
import type { ReactNode } from 'react';

/** The title of a power page of the open site: the page, the site's name and the focused tenant. */
export function SitePageHeader({
  title,
  siteName,
  tenant,
  children,
}: {
  title: string;
  siteName: string;
  tenant: string | null;
  children?: ReactNode;
}) {
  return (
    <Group justify="space-between" align="flex-end" wrap="wrap">
      <div>
        <Title order={2}>{title}</Title>
        <Text c="dimmed" size="sm">
          {siteName}
          {tenant ? ` · ${tenantLabel(tenant)}` : ''}
        </Text>
      </div>
      {children}
    </Group>
  );
}
