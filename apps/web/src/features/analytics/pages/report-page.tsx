import { Stack, Text, Title } from '@mantine/core';
import { ROUTES, tenantLabel } from '@towerwatch/domain';
import { Navigate } from 'react-router';
import { useExternalStore } from '../../../lib/external-store.ts';
import { focusedSiteStore } from '../../../lib/site-focus.ts';
import { ReportsView } from '../components/reports-view.tsx';

/** /report (docs/requirements.md#analytics): the four reports for the open site and its focused tenant. */
export function ReportPage() {
  const site = useExternalStore(focusedSiteStore);
  if (!site) return <Navigate to={ROUTES.siteList} replace />;
  return (
    <Stack gap="md">
      <div>
        <Title order={2}>Reports</Title>
        <Text c="dimmed" size="sm">
          {site.name}
          {site.tenant ? ` · ${tenantLabel(site.tenant)}` : ''}
        </Text>
      </div>
      {/* Keyed by site and tenant: another site or tenant starts from fresh settings. */}
      <ReportsView
        key={`${site.siteUid}:${site.tenant ?? ''}`}
        siteUid={site.siteUid}
        scopeName={site.name}
        tenants={[]}
        fixedTenant={site.tenant}
      />
    </Stack>
  );
}
