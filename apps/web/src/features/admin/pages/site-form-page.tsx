import { Alert, Button, Group, Loader, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type EndpointBody, siteEndpoints } from '@towerwatch/contract';
import { ROUTES } from '@towerwatch/domain';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { apiCall } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/api-error.ts';
import { adminKeys, siteDetailsQueryOptions } from '../api/admin-api.ts';
import { SiteForm, type SiteFormValues } from '../components/site-form.tsx';

/** /customer/site/create: a new site for a customer; then its configuration (devices and pins). */
export function SiteCreatePage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (values: SiteFormValues) =>
      apiCall(siteEndpoints.siteSave, { body: values as EndpointBody<typeof siteEndpoints.siteSave> }),
    onSuccess: async ({ site }) => {
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
      notifications.show({ color: 'teal', message: `Site ${site.name} created` });
      navigate(`${ROUTES.customerSiteConfigure}?site_uid=${encodeURIComponent(site.uid)}`);
    },
  });
  return (
    <Stack>
      <Title order={2}>New customer site</Title>
      <SiteForm
        customerId={params.get('customer')}
        submitLabel="Create site"
        busy={save.isPending}
        error={save.error ? errorMessage(save.error) : null}
        onSubmit={(v) => save.mutate(v)}
      />
    </Stack>
  );
}

/** /customer/site/edit?site_uid=: changes a site's fields. */
export function SiteEditPage() {
  const [params] = useSearchParams();
  const siteUid = params.get('site_uid') ?? '';
  const queryClient = useQueryClient();
  const details = useQuery({ ...siteDetailsQueryOptions(siteUid), enabled: siteUid !== '' });
  const save = useMutation({
    mutationFn: (values: SiteFormValues) =>
      apiCall(siteEndpoints.siteUpdate, {
        body: { site_uid: siteUid, ...values } as EndpointBody<typeof siteEndpoints.siteUpdate>,
      }),
    onSuccess: async ({ site }) => {
      await queryClient.invalidateQueries({ queryKey: adminKeys.all });
      notifications.show({ color: 'teal', message: `Site ${site.name} saved` });
    },
  });
  if (!siteUid) return <Alert color="yellow">Choose a site from Customer Sites to edit it.</Alert>;
  if (details.isPending) return <Loader />;
  if (details.error) return <Alert color="red">{errorMessage(details.error)}</Alert>;
  const site = details.data.siteInfo;
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2}>Edit {site.name}</Title>
        <Button
          component={Link}
          to={`${ROUTES.customerSiteConfigure}?site_uid=${encodeURIComponent(site.uid)}`}
          variant="default"
        >
          Devices and pins
        </Button>
      </Group>
      <SiteForm
        key={site.uid}
        site={site}
        submitLabel="Save site"
        busy={save.isPending}
        error={save.error ? errorMessage(save.error) : null}
        onSubmit={(v) => save.mutate(v)}
      />
    </Stack>
  );
}
