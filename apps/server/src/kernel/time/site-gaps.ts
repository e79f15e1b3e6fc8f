/**
 * A site's data gaps over [from, end) (docs/requirements.md#down-offline-rule): its device-offline
 * periods (any tenant: a gap is the site's) and the time before its first record
 * (kernel/time-series firstRecordSql). The one-site calls (mains and battery availability) leave them
 * out of both the counted and the possible time, as the reports do.
 */
import { GAP_EVENT, type Interval, periodsFromTransitions, union } from '@towerwatch/domain';
import type { Queryable } from '../../db/pool.ts';
import { firstRecordSql } from '../time-series/first-record.ts';

export async function siteGaps(
  db: Queryable,
  siteUid: string,
  from: number,
  end: number,
): Promise<Interval[]> {
  if (end <= from) return [];
  const { rows } = await db.query<{ tenant: string; time: Date | null; active: boolean; first: Date | null }>(
    `with tr as (
       (select distinct on (tenant) tenant, time, active, id from events
         where site_uid = $1 and name = $4 and time < $2 order by tenant, time desc, id desc)
       union all
       (select tenant, time, active, id from events where site_uid = $1 and name = $4 and time >= $2 and time < $3))
     select tr.tenant, tr.time, tr.active, tr.id, null::timestamptz as first from tr
     union all
     select null, null, null, null, ${firstRecordSql('s')} from sites s where s.uid = $1
     order by 2 nulls first, 4`,
    [siteUid, new Date(from), new Date(end), GAP_EVENT],
  );
  const out: Interval[] = [];
  const first = rows.find((r) => r.time === null)?.first?.getTime();
  if (first !== undefined && first > from) out.push([from, Math.min(first, end)]);
  const byTenant = new Map<string, { at: number; active: boolean }[]>();
  for (const r of rows) {
    if (r.time === null) continue;
    const list = byTenant.get(r.tenant) ?? [];
    list.push({ at: r.time.getTime(), active: r.active });
    byTenant.set(r.tenant, list);
  }
  for (const list of byTenant.values()) {
    const before = list.filter((x) => x.at < from);
    const within = list.filter((x) => x.at >= from);
    out.push(...periodsFromTransitions(before[before.length - 1]?.active ?? false, within, from, end));
  }
  return union(out);
}
