import { Badge, Tooltip } from '@mantine/core';
import type { AccessSync } from '@towerwatch/contract';
import { syncStateView } from '../access-model.ts';

/** The site's access-list sync state: Applied, Sync pending or Sync failed, with what it means. */
export function SyncBadge({ sync }: { sync: AccessSync | null }) {
  const view = syncStateView(sync && sync.version > 0 ? sync.state : null);
  const detail = sync?.error ? ` (${sync.error})` : '';
  const version = sync && sync.version > 0 ? ` List version ${sync.version}.` : '';
  return (
    <Tooltip label={`${view.hint}${detail}${version}`} multiline w={280} withinPortal>
      <Badge variant="light" color={view.color} data-testid="sync-state" data-state={sync?.state ?? 'none'}>
        {view.label}
      </Badge>
    </Tooltip>
  );
}
