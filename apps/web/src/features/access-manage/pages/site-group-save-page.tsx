import { Alert, Group, Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ACCESS_ACTIONS } from '@towerwatch/domain';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../../lib/api-error.ts';
import { useAuthUser } from '../../auth/index.ts';
import { saveSiteGroup, siteGroupListQueryOptions } from '../api/manage-api.ts';
import { GroupForm } from '../components/group-form.tsx';

/** /access/site-group/save[?groupId=]: a site group's name and sites (docs/requirements.md#access-model). */
export function SiteGroupSavePage() {
  const user = useAuthUser();
  const [params] = useSearchParams();
  const groupId = Number(params.get('groupId')) || null;
  const list = useQuery(siteGroupListQueryOptions());
  const group = groupId ? list.data?.items.find((g) => g.groupId === groupId) : undefined;
  const existing = useMemo(() => (group ? { name: group.name, members: group.members } : null), [group]);
  const options = useMemo(
    () =>
      (list.data?.sites ?? []).map((site) => ({
        id: site.site_uid,
        label: site.name,
        detail: site.site_uid,
      })),
    [list.data],
  );
  if (list.isPending) {
    return (
      <Group justify="center" p="xl">
        <Loader />
      </Group>
    );
  }
  if (list.isError) return <Alert color="red">{errorMessage(list.error)}</Alert>;
  if (groupId && !group) return <Alert color="yellow">This site group does not exist (any more).</Alert>;
  return (
    <GroupForm
      user={user}
      noun="Site group"
      membersLabel="Sites"
      action={ACCESS_ACTIONS.saveSiteGroup}
      existing={existing}
      options={options}
      save={(name, members) => saveSiteGroup({ groupId: groupId ?? undefined, name, members })}
    />
  );
}
