/**
 * Device health in SQL (issue 20): each device's category and the counts come from the database,
 * computed from `online` and `last_seen_at` with the domain's bucket bounds; they must agree with the
 * domain's `offlineBucket` of whole minutes offline, on both sides of every bound.
 */
import type { DeviceHealthCategory, SiteHealthsReply } from '@towerwatch/contract';
import { OFFLINE_BUCKET_BOUNDS, OFFLINE_BUCKETS, offlineBucket } from '@towerwatch/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDevice, buildSite } from '../../../test/factories.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { buildCaller, type Caller } from '../../auth/caller.ts';
import { siteScope, sqlParams } from '../../kernel/scope/sql-scope.ts';

let t: TestServer;
let admin: Caller;
let ktbl: Caller;
const MINUTE = 60_000;

/** Bounds of the domain's buckets in minutes (24 h, 48 h, 72 h). */
const BOUNDS = OFFLINE_BUCKETS.flatMap((b) => {
  const { max } = OFFLINE_BUCKET_BOUNDS[b];
  return max === undefined ? [] : [max];
});

/** Test devices: [com_id, online, milliseconds since last seen (null: never)]. */
const DEVICES: [string, boolean, number | null][] = [
  ['HB-NEVER', false, null],
  ['HB-ONLINE-OLD', true, 5 * 24 * 60 * MINUTE],
  ['HB-FUTURE', false, -5 * MINUTE],
  ['HB-NOW', false, 0],
  ...BOUNDS.flatMap((m): [string, boolean, number][] => [
    [`HB-${m}-MINUS-1MIN`, false, (m - 1) * MINUTE],
    [`HB-${m}-MINUS-1MS`, false, m * MINUTE - 1],
    [`HB-${m}-EXACT`, false, m * MINUTE],
    [`HB-${m}-PLUS-1MS`, false, m * MINUTE + 1],
  ]),
];

async function callerOf(username: string): Promise<Caller> {
  const user = await t.container.repos.users.findByUsername(username);
  if (!user) throw new Error(`no user ${username}`);
  return buildCaller(user, 'sid', new Date(Date.now() + 3_600_000));
}

beforeAll(async () => {
  t = await startTestServer();
  admin = await callerOf('admin');
  ktbl = await callerOf('ktbl');
  await buildSite(t.pool, { uid: 'HB-SITE', company: 'ktbl' });
  const now = t.clock.now().getTime();
  for (const [comId, online, ago] of DEVICES)
    await buildDevice(t.pool, {
      comId,
      siteUid: 'HB-SITE',
      online,
      lastSeenAt: ago === null ? null : new Date(now - ago),
    });
  // Microseconds past a bound: JavaScript dates (and the domain's minutes) see whole milliseconds.
  await buildDevice(t.pool, { comId: 'HB-SUBMS', siteUid: 'HB-SITE', online: false });
  await t.pool.query(
    `update devices set last_seen_at = $1::timestamptz + interval '500 microseconds' where com_id = 'HB-SUBMS'`,
    [new Date(now - (BOUNDS[0] ?? 0) * MINUTE)],
  );
});
afterAll(async () => {
  await t?.close();
});

const health = () => t.container.services.health.health;

/** The domain's category of a device as the service computed it before issue 20 (in JavaScript). */
function domainCategory(d: { online: boolean; last_seen_at: Date | null }): DeviceHealthCategory {
  if (d.online) return 'online';
  const minutes = d.last_seen_at
    ? Math.max(0, Math.floor((t.clock.now().getTime() - d.last_seen_at.getTime()) / MINUTE))
    : Number.NaN;
  return offlineBucket(minutes);
}

/** Every device the caller may see, straight from the tables (the scope of every site endpoint). */
async function allRows(caller: Caller) {
  const p = sqlParams();
  const { rows } = await t.pool.query<{ com_id: string; online: boolean; last_seen_at: Date | null }>(
    `select d.com_id, d.online, d.last_seen_at from devices d join sites s on s.uid = d.site_uid
      where ${siteScope(caller, p, 's')}`,
    p.values,
  );
  return rows;
}

describe('device health in SQL', () => {
  it('puts every device in the bucket of the domain, on both sides of each bound', async () => {
    expect(BOUNDS).toEqual([1440, 2880, 4320]);
    const reply = await health().healths(admin, { page: 1, limit: 5000 });
    const byComId = new Map(reply.devices.map((d) => [d.comId, d.category]));
    const rows = await allRows(admin);
    expect(reply.devices).toHaveLength(rows.length);
    for (const row of rows)
      expect([row.com_id, byComId.get(row.com_id)]).toEqual([row.com_id, domainCategory(row)]);
    // The bounds themselves, spelled out.
    expect(byComId.get('HB-NEVER')).toBe('gte72h');
    expect(byComId.get('HB-ONLINE-OLD')).toBe('online');
    expect(byComId.get('HB-FUTURE')).toBe('lt24h');
    expect(byComId.get('HB-1440-MINUS-1MS')).toBe('lt24h');
    expect(byComId.get('HB-1440-EXACT')).toBe('lt48h');
    expect(byComId.get('HB-2880-MINUS-1MS')).toBe('lt48h');
    expect(byComId.get('HB-2880-EXACT')).toBe('lt72h');
    expect(byComId.get('HB-4320-MINUS-1MS')).toBe('lt72h');
    expect(byComId.get('HB-4320-EXACT')).toBe('gte72h');
    expect(byComId.get('HB-SUBMS')).toBe('lt48h');
    const mine = reply.devices.find((d) => d.comId === 'HB-1440-PLUS-1MS');
    expect(mine).toMatchObject({ minutesOffline: 1440, category: 'lt48h', siteUid: 'HB-SITE' });
  });

  it('counts every category in SQL as the domain would, for an operator and for a company', async () => {
    for (const caller of [admin, ktbl]) {
      const expected: SiteHealthsReply['counts'] = {
        total: 0,
        online: 0,
        offline: 0,
        lt24h: 0,
        lt48h: 0,
        lt72h: 0,
        gte72h: 0,
      };
      for (const row of await allRows(caller)) {
        const category = domainCategory(row);
        expected[category] += 1;
        expected.total += 1;
        if (category !== 'online') expected.offline += 1;
      }
      expect(expected.lt48h).toBeGreaterThan(0);
      expect(await health().counts(caller)).toEqual(expected);
      expect((await health().healths(caller, { page: 3, limit: 2, category: 'lt72h' })).counts).toEqual(
        expected,
      );
    }
  });

  it('pages one category in SQL in com_id order', async () => {
    const all = (await health().healths(ktbl, { page: 1, limit: 5000, category: 'lt48h' })).devices;
    expect(all.length).toBeGreaterThanOrEqual(5);
    expect(all.every((d) => d.category === 'lt48h')).toBe(true);
    const paged: string[] = [];
    for (let page = 1; page <= Math.ceil(all.length / 2) + 1; page++) {
      const reply = await health().healths(ktbl, { page, limit: 2, category: 'lt48h' });
      expect(reply).toMatchObject({ page, limit: 2 });
      expect(reply.devices.length).toBeLessThanOrEqual(2);
      paged.push(...reply.devices.map((d) => d.comId));
    }
    expect(paged).toEqual(all.map((d) => d.comId));
  });
});
