/**
 * GET /site/healths: the caller's devices by category — online, or offline by the domain's offline
 * buckets of minutes since the device was last heard from (docs/requirements.md#offline-buckets).
 */
import type { DeviceHealth, SiteHealthsQuery, SiteHealthsReply } from '@towerwatch/contract';
import { offlineBucket } from '@towerwatch/domain';
import type { Caller } from '../../auth/caller.ts';
import type { Clock } from '../../clock.ts';
import { ownerFilter } from '../../kernel/scope/site-scope.ts';
import type { SiteLookup } from '../site/index.ts';
import type { HealthRepository } from './health.repository.ts';

export interface HealthDeps {
  health: HealthRepository;
  sites: SiteLookup;
  clock: Clock;
}

export function createHealthService(deps: HealthDeps) {
  return {
    async healths(caller: Caller, q: SiteHealthsQuery): Promise<SiteHealthsReply> {
      const owner = await ownerFilter(deps.sites, caller, q.userUid);
      const now = deps.clock.now().getTime();
      const devices: DeviceHealth[] = (await deps.health.devices(caller, owner.companyId)).map((d) => {
        const minutes = d.last_seen_at
          ? Math.max(0, Math.floor((now - d.last_seen_at.getTime()) / 60_000))
          : Number.NaN;
        return {
          comId: d.com_id,
          siteUid: d.site_uid,
          siteName: d.site_name,
          lastSeen: d.last_seen_at ? d.last_seen_at.toISOString() : null,
          minutesOffline: d.online || Number.isNaN(minutes) ? 0 : minutes,
          // A device never heard from is offline for an unknown, long time: the last bucket.
          category: d.online ? 'online' : offlineBucket(minutes),
        };
      });
      const counts = {
        total: devices.length,
        online: 0,
        offline: 0,
        lt24h: 0,
        lt48h: 0,
        lt72h: 0,
        gte72h: 0,
      };
      for (const d of devices) {
        counts[d.category] += 1;
        if (d.category !== 'online') counts.offline += 1;
      }
      const matching = q.category ? devices.filter((d) => d.category === q.category) : devices;
      const start = (q.page - 1) * q.limit;
      return { counts, devices: matching.slice(start, start + q.limit), page: q.page, limit: q.limit };
    },
  };
}

export type HealthService = ReturnType<typeof createHealthService>;
