/**
 * Seeds the demo fleet of `@towerwatch/fleet` (sites, devices with their demo credentials, pin
 * configs, vendors). Bulk inserts via jsonb_to_recordset; existing rows are kept (idempotent).
 */
import { buildDemoFleet, type DemoFleet, demoDevicePassword } from '@towerwatch/fleet';
import { hashDeviceSecret } from '../auth/passwords.ts';
import type { Queryable } from '../db/pool.ts';
import { FTB_ROOT_UID, KTBL_ROOT_UID } from './demo-accounts.ts';

/** Root user owning each company's sites (companies without a demo account own theirs unassigned). */
const COMPANY_ROOTS: Readonly<Record<string, string>> = { ktbl: KTBL_ROOT_UID, ftb: FTB_ROOT_UID };

export interface FleetSeedResult {
  sites: number;
  devices: number;
  pinConfigs: number;
}

export async function seedFleet(
  db: Queryable,
  fleet: DemoFleet = buildDemoFleet(),
): Promise<FleetSeedResult> {
  await db.query(
    `insert into companies (id, code, name, label)
     select code, code, name, label from jsonb_to_recordset($1::jsonb) as x(code text, name text, label text)
     on conflict (id) do update set name = excluded.name, label = excluded.label`,
    [JSON.stringify(fleet.companies)],
  );
  await db.query(
    `insert into device_vendors (uid, name, address)
     select uid, name, address from jsonb_to_recordset($1::jsonb) as x(uid text, name text, address text)
     on conflict do nothing`,
    [JSON.stringify(fleet.vendors)],
  );
  const sites = fleet.sites.map((s) => ({
    uid: s.uid,
    name: s.name,
    company_id: s.company,
    user_uid: COMPANY_ROOTS[s.company] ?? null,
    tenants: s.tenants,
    thana: s.place.thana,
    district: s.place.district,
    division: s.place.division,
    lat: s.lat,
    lng: s.lng,
    meta: s.meta,
    rectifier: s.rectifier,
    bms: s.bms ? { connected: true } : null,
    battery_max: s.battery_max,
    device_vendor: s.device_vendor,
    more_details: { has_dg: s.has_dg, has_pg: s.has_pg, has_acs: s.has_acs, power: s.power },
    cluster: s.cluster,
    zone: s.zone,
  }));
  const siteRes = await db.query(
    `insert into sites (uid, name, company_id, user_uid, tenants, thana, district, division, lat, lng, meta,
       rectifier, bms, battery_max, device_vendor, more_details, cluster, zone)
     select uid, name, company_id, user_uid, array(select jsonb_array_elements_text(tenants)), thana, district,
       division, lat, lng, meta, rectifier, bms, battery_max, device_vendor, more_details, cluster, zone
     from jsonb_to_recordset($1::jsonb) as x(uid text, name text, company_id text, user_uid text, tenants jsonb,
       thana text, district text, division text, lat double precision, lng double precision, meta jsonb,
       rectifier jsonb, bms jsonb, battery_max double precision, device_vendor text, more_details jsonb,
       cluster text, zone text)
     where exists (select 1 from users u where u.uid = x.user_uid) or x.user_uid is null
     on conflict do nothing`,
    [JSON.stringify(sites)],
  );
  const existing = await db.query<{ com_id: string }>('select com_id from devices where com_id = any($1)', [
    fleet.devices.map((d) => d.com_id),
  ]);
  const known = new Set(existing.rows.map((r) => r.com_id));
  const devices = await Promise.all(
    fleet.devices
      .filter((d) => !known.has(d.com_id))
      .map(async (d) => ({
        com_id: d.com_id,
        site_uid: d.site_uid,
        vendor: d.vendor_uid,
        model: d.model,
        firmware: d.firmware,
        secret_hash: await hashDeviceSecret(demoDevicePassword(d.com_id)),
      })),
  );
  const deviceRes = await db.query(
    `insert into devices (com_id, site_uid, vendor, model, firmware, secret_hash)
     select com_id, site_uid, vendor, model, firmware, secret_hash
     from jsonb_to_recordset($1::jsonb) as x(com_id text, site_uid text, vendor text, model text, firmware text,
       secret_hash text)
     on conflict do nothing`,
    [JSON.stringify(devices)],
  );
  const siteOwner = new Map(sites.map((s) => [s.uid, s.user_uid]));
  const pins = fleet.pinConfigs.map((p) => ({
    com_id: p.com_id,
    pin_name: p.pin_name,
    type: p.type,
    priority: p.priority,
    tenant: p.tenant,
    site_uid: p.site_uid,
    user_uid: siteOwner.get(p.site_uid) ?? null,
    label: p.label,
  }));
  const pinRes = await db.query(
    `insert into pin_configs (com_id, pin_name, type, priority, tenant, site_uid, user_uid, label)
     select com_id, pin_name, type, priority, tenant, site_uid, user_uid, label
     from jsonb_to_recordset($1::jsonb) as x(com_id text, pin_name text, type text, priority text, tenant text,
       site_uid text, user_uid text, label text)
     on conflict do nothing`,
    [JSON.stringify(pins)],
  );
  return { sites: siteRes.rowCount ?? 0, devices: deviceRes.rowCount ?? 0, pinConfigs: pinRes.rowCount ?? 0 };
}
