/** OEM records for the OEM tests: rows inserted straight into oem_records. */
import type { Queryable } from '../../db/pool.ts';

export async function buildOemRecord(
  db: Queryable,
  r: { siteUid: string; comId: string; kind: string; time: Date; data: Record<string, unknown> },
): Promise<number> {
  const { rows } = await db.query<{ id: string }>(
    `insert into oem_records (site_uid, com_id, kind, time, data) values ($1, $2, $3, $4, $5) returning id`,
    [r.siteUid, r.comId, r.kind, r.time, JSON.stringify({ kind: r.kind, ...r.data })],
  );
  return Number(rows[0]?.id);
}

export const moduleRecord = (address: number, current: number, status = 'ok') => ({
  address,
  output_current: current,
  temperature: 40,
  status,
});

export const alarm = (code: string, active: boolean) => ({
  code,
  name: code.replace('_', ' '),
  active,
  severity: 'major',
});

export const cells = (base: number, weakAt: number, weak: number) =>
  Array.from({ length: 16 }, (_, i) => (i === weakAt ? weak : base));
