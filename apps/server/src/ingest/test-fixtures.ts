/**
 * Test factories for ingest/alarm/live tests: a site with one RMS device and a standard pin layout
 * (the demo fleet's layout, one config per pin).
 */
import { randomBytes } from 'node:crypto';
import { deviceClientId } from '@towerwatch/contract';
import mqtt, { type MqttClient } from 'mqtt';
import { hashDeviceSecret } from '../auth/passwords.ts';
import type { Queryable } from '../db/pool.ts';

export interface BuiltSite {
  siteUid: string;
  comId: string;
  password: string;
  companyId: string;
  tenants: string[];
}

/** Pin layout of a test site: [pin, type, tenant, priority]. */
export const TEST_PINS: [string, string, string | null, string | null][] = [
  ['am1', 'main_phase_a', 'robi', null],
  ['am2', 'main_phase_b', 'robi', null],
  ['am3', 'main_phase_c', 'robi', null],
  ['am4', 'battery_terminal', 'robi', null],
  ['am5', 'battery_current_critical', 'robi', null],
  ['am6', 'temperature', null, null],
  ['am7', 'humidity', null, null],
  ['am8', 'dg_fuel', null, null],
  ['di1', 'access_control', null, 'door'],
  ['di2', 'access_control', null, 'lock'],
  ['di3', 'dg_status', 'robi', null],
  ['di4', 'pg_status', 'robi', null],
];

let counter = 0;

/** Inserts a site of `companyId` with one device and the {@link TEST_PINS} configs. */
export async function buildSite(
  db: Queryable,
  opts: { companyId: string; tenants?: string[]; settings?: object; userUid?: string | null },
): Promise<BuiltSite> {
  counter += 1;
  const suffix = `${process.pid % 1000}${counter}${randomBytes(2).toString('hex')}`;
  const siteUid = `TS${suffix}`.toUpperCase();
  const comId = `TD${suffix}`.toUpperCase();
  const password = randomBytes(9).toString('base64url');
  const tenants = opts.tenants ?? ['robi'];
  await db.query(
    `insert into sites (uid, name, company_id, user_uid, tenants, settings) values ($1, $2, $3, $4, $5, $6)`,
    [siteUid, `Test site ${suffix}`, opts.companyId, opts.userUid ?? null, tenants, opts.settings ?? {}],
  );
  await db.query(`insert into devices (com_id, site_uid, secret_hash) values ($1, $2, $3)`, [
    comId,
    siteUid,
    await hashDeviceSecret(password),
  ]);
  for (const [pin, type, tenant, priority] of TEST_PINS) {
    await db.query(
      `insert into pin_configs (com_id, pin_name, type, priority, tenant, site_uid, label)
       values ($1, $2, $3, $4, $5, $6, $7)`,
      [comId, pin, type, priority, tenant, siteUid, `${type} ${pin}`],
    );
  }
  return { siteUid, comId, password, companyId: opts.companyId, tenants };
}

/** Connects to `brokerUrl` as `site`'s device: its own credentials, a client id of its own, no reconnects. */
export function connectDevice(
  brokerUrl: string,
  site: Pick<BuiltSite, 'comId' | 'password'>,
): Promise<MqttClient> {
  return mqtt.connectAsync(brokerUrl, {
    clientId: deviceClientId(site.comId, randomBytes(3).toString('hex')),
    username: site.comId,
    password: site.password,
    reconnectPeriod: 0,
  });
}
