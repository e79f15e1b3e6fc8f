/** Test rows of the power-data tests: one-minute telemetry of a device, from SQL expressions of `g`. */
import type { Queryable } from '../../db/pool.ts';

/**
 * Inserts one packed telemetry row per minute from `from`, `minutes` rows; each pin's value is a SQL
 * expression of the row number `g` (0-based), e.g. `{ am6: '50 + (g % 10) * 0.1' }`.
 */
export async function buildTelemetry(
  db: Queryable,
  comId: string,
  from: Date,
  minutes: number,
  pins: Record<string, string>,
): Promise<void> {
  const names = Object.keys(pins);
  const values = Object.values(pins).map((e) => `(${e})::float8`);
  await db.query(
    `insert into telemetry (com_id, ts, pin_names, pin_values)
     select $1, $2::timestamptz + g * interval '1 minute', $3::text[], array[${values.join(', ')}]
       from generate_series(0, $4 - 1) g`,
    [comId, from, names, minutes],
  );
}

/** Adds a pin config (and optionally a latest value) to a site. */
export async function buildPowerPin(
  db: Queryable,
  p: {
    comId: string;
    siteUid: string;
    pinName: string;
    type: string;
    tenant?: string | null;
    value?: number;
  },
): Promise<void> {
  await db.query(
    `insert into pin_configs (com_id, pin_name, type, tenant, site_uid, user_uid, label)
     values ($1, $2, $3, $4, $5, '100', $2)`,
    [p.comId, p.pinName, p.type, p.tenant ?? null, p.siteUid],
  );
  if (p.value !== undefined)
    await db.query(
      `insert into pin_latest (com_id, pin_name, value, ts) values ($1, $2, $3, now())
       on conflict (com_id, pin_name) do update set value = excluded.value, ts = excluded.ts`,
      [p.comId, p.pinName, p.value],
    );
}
