import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconCalendarTime, IconTargetArrow } from '@tabler/icons-react';
import { allowedTenants, ROUTES } from '@towerwatch/domain';
import { Link } from 'react-router';
import { useAuthUser } from '../../auth/index.ts';
import { ReportsView } from '../components/reports-view.tsx';

/**
 * /analytics (docs/requirements.md#analytics): the fleet's DG, mains, battery and temperature reports
 * over the sites the user may see, from the chosen number of months back until now, with a chart, a
 * sortable table and Export to Excel per report; links to the tenant SLA report and scheduled reports.
 */
export function AnalyticsPage() {
  const user = useAuthUser();
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={2}>Analytics</Title>
          <Text c="dimmed" size="sm">
            Reports over all your sites
          </Text>
        </div>
        <Group gap="xs" wrap="wrap">
          <Button
            component={Link}
            to={ROUTES.slaReport}
            variant="light"
            leftSection={<IconTargetArrow size={16} />}
          >
            Tenant SLA report
          </Button>
          <Button
            component={Link}
            to={ROUTES.reportSchedules}
            variant="light"
            leftSection={<IconCalendarTime size={16} />}
          >
            Scheduled reports
          </Button>
        </Group>
      </Group>
      <ReportsView siteUid={null} scopeName="all sites" tenants={allowedTenants(user)} />
    </Stack>
  );
}
