import { ActionIcon, Anchor, Badge, Group, Select, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCopy } from '@tabler/icons-react';
import { ROUTES, SITE_ID_COPIED_MESSAGE, tenantLabel } from '@towerwatch/domain';
import { Link } from 'react-router';
import { type FocusedSite, selectFocusedTenant } from '../../lib/site-focus.ts';

async function copySiteId(id: string) {
  try {
    await navigator.clipboard.writeText(id);
    notifications.show({ color: 'teal', message: SITE_ID_COPIED_MESSAGE });
  } catch (error) {
    // A clipboard failure is only logged (docs/requirements.md#silent-failures).
    console.error('Copying the site ID failed', error);
  }
}

/** Props of {@link SiteIdentity}. */
export interface SiteIdentityProps {
  genericSiteId: string;
  name: string;
  /** Widest the name may get before it is cut with an ellipsis. */
  nameMaxWidth: number | string;
}

/** The open site's ID label with its copy button and its name → /site (docs/requirements.md#top-bar). */
export function SiteIdentity({ genericSiteId, name, nameMaxWidth }: SiteIdentityProps) {
  return (
    <Group gap={4} wrap="nowrap" miw={0} data-testid="site-identity">
      <Badge variant="outline" size="lg" radius="sm" tt="none" aria-label="Site ID" style={{ flexShrink: 0 }}>
        {genericSiteId}
      </Badge>
      <Tooltip label="Copy site ID">
        <ActionIcon variant="subtle" aria-label="Copy site ID" onClick={() => copySiteId(genericSiteId)}>
          <IconCopy size={16} />
        </ActionIcon>
      </Tooltip>
      <Anchor
        component={Link}
        to={ROUTES.siteOverview}
        size="sm"
        fw={600}
        truncate
        maw={nameMaxWidth}
        data-testid="site-name"
      >
        {name}
      </Anchor>
    </Group>
  );
}

/** The tenant dropdown of a site with more than one allowed tenant (docs/requirements.md#top-bar). */
export function TenantSelect({ site }: { site: Pick<FocusedSite, 'tenants' | 'tenant'> }) {
  return (
    <Select
      aria-label="Tenant"
      size="xs"
      w={150}
      allowDeselect={false}
      data={site.tenants.map((tenant) => ({ value: tenant, label: tenantLabel(tenant) }))}
      value={site.tenant}
      onChange={(value) => value && selectFocusedTenant(value)}
    />
  );
}
