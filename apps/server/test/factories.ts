/**
 * Test factories for the site and network tests: rows inserted straight into the test schema.
 * Defaults are complete and valid; tests override what they assert on.
 */
import type { Queryable } from '../src/db/pool.ts';

export interface SiteInput {
  uid: string;
  name?: string;
  company?: string;
  userUid?: string;
  tenants?: string[];
  rectifierType?: string | null;
  settings?: Record<string, unknown>;
  division?: string;
}

export async function buildSite(db: Queryable, s: SiteInput): Promise<string> {
  await db.query(
    `insert into sites (uid, name, company_id, user_uid, tenants, division, district, thana, lat, lng, rectifier, settings, meta)
     values ($1, $2, $3, $4, $5, $6, 'Dhaka', 'Gulshan', 23.79, 90.41, $7, $8, $9)`,
    [
      s.uid,
      s.name ?? `Site ${s.uid}`,
      s.company ?? 'ktbl',
      s.userUid ?? (s.company === 'ftb' ? '200' : '100'),
      s.tenants ?? ['banglalink', 'robi'],
      s.division ?? 'Dhaka',
      JSON.stringify(s.rectifierType ? { rectifier_type: s.rectifierType } : {}),
      JSON.stringify(s.settings ?? {}),
      JSON.stringify({ generic_site_id: `G-${s.uid}` }),
    ],
  );
  return s.uid;
}

export interface DeviceInput {
  comId: string;
  siteUid: string;
  online?: boolean;
  lastSeenAt?: Date | null;
}

export async function buildDevice(db: Queryable, d: DeviceInput): Promise<string> {
  await db.query('insert into devices (com_id, site_uid, online, last_seen_at) values ($1, $2, $3, $4)', [
    d.comId,
    d.siteUid,
    d.online ?? true,
    d.lastSeenAt ?? null,
  ]);
  return d.comId;
}

export interface PinInput {
  comId: string;
  siteUid: string;
  pinName: string;
  type: string;
  tenant?: string | null;
  priority?: string | null;
  value?: number | null;
  ts?: Date;
}

export async function buildPin(db: Queryable, p: PinInput): Promise<void> {
  await db.query(
    `insert into pin_configs (com_id, pin_name, type, priority, tenant, site_uid, user_uid, label)
     values ($1, $2, $3, $4, $5, $6, '100', $7)`,
    [p.comId, p.pinName, p.type, p.priority ?? null, p.tenant ?? null, p.siteUid, `${p.type} ${p.pinName}`],
  );
  if (p.value !== undefined && p.value !== null) {
    await db.query('insert into pin_latest (com_id, pin_name, value, ts) values ($1, $2, $3, $4)', [
      p.comId,
      p.pinName,
      p.value,
      p.ts ?? new Date(),
    ]);
  }
}

export interface AlarmInput {
  siteUid: string;
  alarmId: string;
  tenant?: string;
  isNormal?: boolean;
  isAvailable?: boolean;
  isDisable?: boolean;
  raisedAt?: Date | null;
  lastEventAt?: Date | null;
  value?: number | null;
}

/** An alarm row; default raised (not normal) now. */
export async function buildAlarm(db: Queryable, a: AlarmInput): Promise<void> {
  const isNormal = a.isNormal ?? false;
  const at = a.lastEventAt ?? new Date();
  await db.query(
    `insert into alarms (site_uid, alarm_id, tenant, is_normal, is_available, is_disable, raised_at, last_event_at, value)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      a.siteUid,
      a.alarmId,
      a.tenant ?? '',
      isNormal,
      a.isAvailable ?? true,
      a.isDisable ?? false,
      a.raisedAt === undefined ? (isNormal ? null : at) : a.raisedAt,
      at,
      a.value ?? null,
    ],
  );
}

export interface EventInput {
  siteUid: string;
  name?: string;
  tenant?: string;
  time?: Date;
  group?: 'RMS' | 'ACS';
  value?: number | null;
  active?: boolean;
}

/** An event row; returns its id. */
export async function buildEvent(db: Queryable, e: EventInput): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `insert into events (site_uid, name, tenant, time, value, event_group, active)
     values ($1, $2, $3, $4, $5, $6, $7) returning id`,
    [
      e.siteUid,
      e.name ?? 'mains_fail',
      e.tenant ?? '',
      e.time ?? new Date(),
      e.value === undefined || e.value === null ? null : JSON.stringify(e.value),
      e.group ?? 'RMS',
      e.active ?? true,
    ],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('event insert returned no id');
  return id;
}

/** Many events of one site in one statement (ids ascending with time); returns the ids. */
export async function buildEvents(
  db: Queryable,
  siteUid: string,
  n: number,
  name = 'mains_fail',
): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    `insert into events (site_uid, name, tenant, time, event_group)
     select $1, $2, '', now() - (($3 - g) * interval '1 minute'), 'RMS' from generate_series(1, $3) g
     returning id`,
    [siteUid, name, n],
  );
  return rows.map((r) => r.id);
}

export async function buildDownPeriod(db: Queryable, siteUid: string, startedAt: Date, endedAt: Date | null) {
  await db.query('insert into site_down_history (site_uid, started_at, ended_at) values ($1, $2, $3)', [
    siteUid,
    startedAt,
    endedAt,
  ]);
}

export async function buildDcLoad(
  db: Queryable,
  siteUid: string,
  tenant: string,
  state: string,
  current = 20,
) {
  await db.query(
    `insert into dc_load_state (site_uid, tenant, state, current, updated_at) values ($1, $2, $3, $4, now())`,
    [siteUid, tenant, state, current],
  );
}

/**
 * A KTBL company user restricted to `tenants` (not read-only: the roles of the `ktbl` account,
 * acs, rms, telegram, manage_users, legacy, alarm_settings); same password as the demo accounts.
 */
export async function buildTenantUser(db: Queryable, username: string, tenants: string[]): Promise<void> {
  await db.query(
    `insert into users (username, password_hash, name, type, tenants, root_user_uid, company_id, access_roles)
     select $1, password_hash, $1, type, $2, uid, company_id, access_roles from users where username = 'ktbl'`,
    [username, tenants],
  );
}
