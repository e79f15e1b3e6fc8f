import { Stack, Text, Title } from '@mantine/core';
import { allowedTenants } from '@towerwatch/domain';
import { useAuthUser } from '../../auth/index.ts';
import { ReportsView } from '../components/reports-view.tsx';

/**
 * /analytics (docs/requirements.md#analytics): the fleet's DG, mains, battery and temperature reports
 * over the sites the user may see, from the chosen number of months back until now, with a chart, a
 * sortable table and Export to Excel per report.
 */
export function AnalyticsPage() {
  const user = useAuthUser();
  return (
    <Stack gap="md">
      <div>
        <Title order={2}>Analytics</Title>
        <Text c="dimmed" size="sm">
          Reports over all your sites
        </Text>
      </div>
      <ReportsView siteUid={null} scopeName="all sites" tenants={allowedTenants(user)} />
    </Stack>
  );
}
