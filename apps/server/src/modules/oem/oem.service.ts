/**
 * A site's OEM data (docs/requirements.md#oem-calls, docs/requirements.md#oem-screens): the latest
 * rectifier and BMS records, their history over a range, OEM events and active alarm counts; and the
 * fleet's raw records for operators. Every site call answers 404 for a site outside the caller's
 * scope (another company, or no allowed tenant), like the other site calls.
 */
import type {
  BmsAlarmQuery,
  BmsAlarmReply,
  BmsMeasurementReply,
  BmsQuery,
  OemAlarm,
  OemEventCountReply,
  OemEventQuery,
  OemEventReply,
  OemRangeQuery,
  OemRecordsQuery,
  OemRecordsReply,
  RectifierAlarmReply,
  RectifierInfoReply,
  RectifierMeasurementReply,
  RectifierSettingReply,
} from '@towerwatch/contract';
import { type RectifierClockParts, rectifierClock } from '@towerwatch/domain';
import type { Caller } from '../../auth/caller.ts';
import type { Clock } from '../../clock.ts';
import { ValidationError } from '../../errors.ts';
import { requireSite } from '../../kernel/scope/site-scope.ts';
import type { SiteLookup } from '../site/index.ts';
import type { OemRepository, OemRow } from './oem.repository.ts';
import { createEventScan } from './oem-events.ts';

export interface OemDeps {
  oem: OemRepository;
  sites: SiteLookup;
  clock: Clock;
}

const HOUR_MS = 3_600_000;
/** Default range of the history: the last 24 hours. */
const DEFAULT_RANGE_MS = 24 * HOUR_MS;
/** Longest range one history call covers. */
const MAX_RANGE_MS = 31 * 24 * HOUR_MS;
/** Alarm records read per chunk, and the most chunks one event page reads. */
const EVENT_CHUNK = 500;
const EVENT_CHUNKS = 20;

/** The stored record as the reply carries it (the device's fields plus id, time, com id). */
function stored<T>(row: OemRow | null): T | null {
  if (!row) return null;
  return { ...row.data, id: row.id, time: row.time.toISOString(), comId: row.com_id } as T;
}

const activeCount = (row: OemRow | null) =>
  ((row?.data.alarms ?? []) as OemAlarm[]).filter((a) => a.active).length;

export function createOemService(deps: OemDeps) {
  const site = (caller: Caller, siteUid: string) => requireSite(deps.sites, caller, siteUid, false);

  /** [from, until) of a history query: default the last 24 h; at most 31 days; from before until. */
  function range(q: { from_time?: string; until_time?: string }): { from: Date; until: Date } {
    const until = q.until_time ? new Date(q.until_time) : deps.clock.now();
    const from = q.from_time ? new Date(q.from_time) : new Date(until.getTime() - DEFAULT_RANGE_MS);
    if (from.getTime() >= until.getTime())
      throw new ValidationError('query.from_time', 'from_time must be before until_time');
    if (until.getTime() - from.getTime() > MAX_RANGE_MS)
      throw new ValidationError('query.from_time', 'The range is at most 31 days');
    return { from, until };
  }

  return {
    async rectifierInfo(caller: Caller, siteUid: string): Promise<RectifierInfoReply> {
      await site(caller, siteUid);
      return { info: stored(await deps.oem.latest(siteUid, 'rectifier_info')) };
    },

    async rectifierSetting(caller: Caller, siteUid: string): Promise<RectifierSettingReply> {
      await site(caller, siteUid);
      return { setting: stored(await deps.oem.latest(siteUid, 'rectifier_setting')) };
    },

    async rectifierAlarm(caller: Caller, siteUid: string): Promise<RectifierAlarmReply> {
      await site(caller, siteUid);
      return { record: stored(await deps.oem.latest(siteUid, 'rectifier_alarm')) };
    },

    async rectifierMeasurement(caller: Caller, q: OemRangeQuery): Promise<RectifierMeasurementReply> {
      const { from, until } = range(q);
      await site(caller, q.siteUid);
      const [latestRow, rows] = await Promise.all([
        deps.oem.latest(q.siteUid, 'rectifier_measurement'),
        deps.oem.history(q.siteUid, 'rectifier_measurement', from, until),
      ]);
      const clock = latestRow?.data.clock as Partial<RectifierClockParts> | undefined;
      const latest =
        stored<Omit<NonNullable<RectifierMeasurementReply['latest']>, 'rectifierTime'>>(latestRow);
      return {
        latest: latest ? { ...latest, rectifierTime: rectifierClock(clock)?.toISOString() ?? null } : null,
        history: rows.map((r) => ({
          time: r.time.toISOString(),
          output_voltage: Number(r.data.output_voltage),
          load_current: Number(r.data.load_current),
          battery_current: typeof r.data.battery_current === 'number' ? r.data.battery_current : null,
        })),
        from: from.toISOString(),
        until: until.toISOString(),
      };
    },

    async bmsMeasurement(caller: Caller, q: BmsQuery): Promise<BmsMeasurementReply> {
      const { from, until } = range(q);
      await site(caller, q.siteUid);
      const since = new Date(deps.clock.now().getTime() - MAX_RANGE_MS);
      const [latest, rows, addresses] = await Promise.all([
        deps.oem.latest(q.siteUid, 'bms_measurement', q.address),
        deps.oem.history(q.siteUid, 'bms_measurement', from, until, q.address),
        deps.oem.addresses(q.siteUid, since),
      ]);
      return {
        address: q.address,
        addresses,
        latest: stored(latest),
        history: rows.map((r) => ({
          time: r.time.toISOString(),
          soc: Number(r.data.soc),
          soh: Number(r.data.soh),
          voltage: Number(r.data.voltage),
          current: Number(r.data.current),
        })),
        from: from.toISOString(),
        until: until.toISOString(),
      };
    },

    async bmsAlarm(caller: Caller, q: BmsAlarmQuery): Promise<BmsAlarmReply> {
      await site(caller, q.siteUid);
      return { address: q.address, record: stored(await deps.oem.latest(q.siteUid, 'bms_alarm', q.address)) };
    },

    /** OEM events below the cursor (docs/requirements.md#oem-events). */
    async events(caller: Caller, q: OemEventQuery): Promise<OemEventReply> {
      await site(caller, q.siteUid);
      const scan = createEventScan();
      let cursor = q.oldestId;
      let more = true;
      for (let i = 0; i < EVENT_CHUNKS && more; i += 1) {
        const rows = await deps.oem.alarmRecords(q.siteUid, cursor, EVENT_CHUNK);
        scan.add(rows);
        more = rows.length === EVENT_CHUNK;
        cursor = rows[rows.length - 1]?.id ?? cursor;
        if (scan.result(q.limit, more).items.length >= q.limit) break;
      }
      // A source whose record before is further back than the chunks read (a battery alarming rarely
      // beside a busy rectifier) reads that record directly, so the cursor always moves on.
      if (more) for (const row of scan.waiting()) scan.resolve(row, await deps.oem.previousAlarm(row));
      else scan.finish();
      return scan.result(q.limit, more);
    },

    async eventCount(caller: Caller, siteUid: string): Promise<OemEventCountReply> {
      await site(caller, siteUid);
      const [rect, bms] = await Promise.all([
        deps.oem.latest(siteUid, 'rectifier_alarm'),
        deps.oem.latestBmsAlarms(siteUid),
      ]);
      const rectifier = activeCount(rect);
      const battery = bms.reduce((sum, row) => sum + activeCount(row), 0);
      return { rectifier, bms: battery, total: rectifier + battery };
    },

    /** Raw records of the fleet (the route admits operators only; the SQL is scoped all the same). */
    async records(caller: Caller, q: OemRecordsQuery): Promise<OemRecordsReply> {
      if (q.from_time && q.until_time && Date.parse(q.from_time) >= Date.parse(q.until_time))
        throw new ValidationError('query.from_time', 'from_time must be before until_time');
      const rows = await deps.oem.fleet(caller, {
        companyId: q.company_id,
        siteUid: q.site_uid,
        kind: q.kind,
        from: q.from_time ? new Date(q.from_time) : undefined,
        until: q.until_time ? new Date(q.until_time) : undefined,
        before: q.oldest_id,
        limit: q.limit,
      });
      const items = rows.map((r) => ({
        id: r.id,
        siteUid: r.site_uid,
        siteName: r.site_name,
        companyId: r.company_id,
        comId: r.com_id,
        kind: r.kind,
        time: r.time.toISOString(),
        data: r.data,
      }));
      const last = items[items.length - 1];
      return { items, nextOldestId: items.length === q.limit && last ? last.id : null };
    },
  };
}

export type OemService = ReturnType<typeof createOemService>;
