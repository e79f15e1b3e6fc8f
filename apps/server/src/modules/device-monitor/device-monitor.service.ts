/**
 * GET /user/pulse/list and GET /user/health/list (docs/requirements.md#device-monitoring,
 * docs/requirements.md#service-string): the controllers with liveness and message rate; with the
 * offline bucket, flapping, refused messages, firmware and service string. Paged (default and most:
 * 50,000 devices in one page, the screens virtualise them).
 */
import type {
  DeviceHealthItem,
  HealthListQuery,
  HealthListReply,
  PulseListQuery,
  PulseListReply,
} from '@towerwatch/contract';
import { type DeviceServiceInfo, isFlapping, offlineBucket, serviceString } from '@towerwatch/domain';
import type { Caller } from '../../auth/caller.ts';
import type { Clock } from '../../clock.ts';
import type { DeviceMonitorRepository, HealthRow, MonitorRow } from './device-monitor.repository.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function pulseOf(r: MonitorRow) {
  return {
    comId: r.com_id,
    siteUid: r.site_uid,
    siteName: r.site_name,
    companyId: r.company_id,
    online: r.online,
    lastSeen: iso(r.last_seen_at),
    messagesLastHour: r.messages_last_hour,
  };
}

function healthOf(r: HealthRow, now: number): DeviceHealthItem {
  const minutes = r.last_seen_at
    ? Math.max(0, Math.floor((now - r.last_seen_at.getTime()) / 60_000))
    : Number.NaN;
  const info = (r.service ?? {}) as DeviceServiceInfo;
  return {
    ...pulseOf(r),
    // A device never heard from is offline for an unknown, long time: the last bucket.
    bucket: r.online ? 'online' : offlineBucket(minutes),
    offlineTransitions24h: r.offline_24h,
    flapping: isFlapping(r.offline_24h),
    firmware: r.firmware,
    model: (typeof info.model === 'string' ? info.model : null) ?? r.model,
    service: r.service ? serviceString({ ...info, firmware: r.firmware, model: info.model ?? r.model }) : '',
    serviceAt: iso(r.service_at),
    rejected: r.rejected ?? {},
    rejectedTotal: r.rejected_total,
    lastRejectedAt: iso(r.last_rejected_at),
  };
}

const page = <T>(items: T[], q: { page: number; limit: number }) =>
  items.slice((q.page - 1) * q.limit, q.page * q.limit);

export function createDeviceMonitorService(deps: { monitor: DeviceMonitorRepository; clock: Clock }) {
  return {
    async pulse(caller: Caller, q: PulseListQuery): Promise<PulseListReply> {
      const rows = await deps.monitor.pulse(caller, { companyId: q.company_id, now: deps.clock.now() });
      return { total: rows.length, page: q.page, limit: q.limit, items: page(rows, q).map(pulseOf) };
    },

    async health(caller: Caller, q: HealthListQuery): Promise<HealthListReply> {
      const now = deps.clock.now();
      const rows = await deps.monitor.health(caller, { companyId: q.company_id, now });
      let items = rows.map((r) => healthOf(r, now.getTime()));
      const needle = q.q?.toLowerCase();
      if (needle)
        items = items.filter((d) =>
          [d.comId, d.siteUid, d.siteName, d.firmware, d.model, d.service].some((v) =>
            v?.toLowerCase().includes(needle),
          ),
        );
      if (q.flapping !== undefined) items = items.filter((d) => d.flapping === q.flapping);
      const counts = { online: 0, offline: 0, flapping: 0, withRejections: 0 };
      for (const d of items) {
        if (d.online) counts.online += 1;
        else counts.offline += 1;
        if (d.flapping) counts.flapping += 1;
        if (d.rejectedTotal > 0) counts.withRejections += 1;
      }
      return { total: items.length, counts, page: q.page, limit: q.limit, items: page(items, q) };
    },
  };
}

export type DeviceMonitorService = ReturnType<typeof createDeviceMonitorService>;
