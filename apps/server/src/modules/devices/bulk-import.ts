/**
 * Bulk onboarding (docs/api.md "Bulk onboarding"): reads the file, checks every row against the
 * database, and — only when no row has a problem — writes every site, controller and pin config in one
 * transaction (multi-row inserts), then announces the new sites to ingest and live.
 */
import { randomBytes } from 'node:crypto';
import type { SiteImportBody, SiteImportReply } from '@towerwatch/contract';
import type { Caller } from '../../auth/caller.ts';
import type { EventBus } from '../../bus/bus.ts';
import type { Pool, Queryable } from '../../db/pool.ts';
import { withTransaction } from '../../db/pool.ts';
import { type AuditRecorder, auditActor } from '../audit/index.ts';
import { type ImportLookups, type PlannedSite, planImport } from './bulk-plan.ts';
import { readCsv, readXlsx } from './bulk-rows.ts';

async function lookups(db: Queryable, companyIds: string[] | null): Promise<ImportLookups> {
  const [companies, vendors, devices, generics] = await Promise.all([
    db.query<{ id: string; code: string; root: string | null }>(
      `select c.id, c.code, (select u.uid from users u where u.company_id = c.id and u.root_user_uid is null
         order by u.created_at, u.uid limit 1) as root from companies c`,
    ),
    db.query<{ uid: string; company_id: string | null }>('select uid, company_id from device_vendors'),
    db.query<{ com_id: string; site_uid: string | null; company_id: string | null }>(
      'select com_id, site_uid, company_id from devices',
    ),
    db.query<{ key: string }>(
      `select company_id || '|' || (meta->>'generic_site_id') as key from sites
        where meta ? 'generic_site_id' and ($1::text[] is null or company_id = any($1::text[]))`,
      [companyIds],
    ),
  ]);
  return {
    companies: new Map(companies.rows.map((r) => [r.code, { id: r.id, rootUid: r.root }])),
    vendors: new Map(vendors.rows.map((r) => [r.uid, r.company_id])),
    devices: new Map(devices.rows.map((r) => [r.com_id, { siteUid: r.site_uid, companyId: r.company_id }])),
    genericIds: new Set(generics.rows.map((r) => r.key)),
  };
}

async function write(
  db: Queryable,
  sites: PlannedSite[],
  codes: Map<string, string>,
): Promise<Map<PlannedSite, string>> {
  const uids = new Map<PlannedSite, string>();
  for (const s of sites) {
    uids.set(
      s,
      `${(codes.get(s.companyId) ?? 'site').toUpperCase()}-${randomBytes(5).toString('hex').toUpperCase()}`,
    );
  }
  const siteRows = sites.map((s) => ({
    uid: uids.get(s),
    name: s.name,
    company_id: s.companyId,
    user_uid: s.userUid,
    tenants: s.tenants,
    division: s.division,
    district: s.district,
    thana: s.thana,
    lat: s.lat,
    lng: s.lng,
    meta: s.genericSiteId ? { generic_site_id: s.genericSiteId } : {},
    rectifier: s.rectifierType ? { rectifier_type: s.rectifierType } : {},
    device_vendor: s.vendor,
  }));
  await db.query(
    `insert into sites (uid, name, company_id, user_uid, tenants, division, district, thana, lat, lng, meta, rectifier, device_vendor)
     select uid, name, company_id, user_uid, array(select jsonb_array_elements_text(tenants)), division, district, thana,
            lat, lng, meta, rectifier, device_vendor
       from jsonb_to_recordset($1::jsonb) as x(uid text, name text, company_id text, user_uid text, tenants jsonb,
            division text, district text, thana text, lat double precision, lng double precision, meta jsonb,
            rectifier jsonb, device_vendor text)`,
    [JSON.stringify(siteRows)],
  );
  const withDevice = sites.filter((s) => s.comId);
  const devices = withDevice.map((s) => ({
    com_id: s.comId,
    site_uid: uids.get(s),
    company_id: s.companyId,
    vendor: s.vendor,
  }));
  await db.query(
    `insert into devices (com_id, site_uid, company_id, vendor)
     select com_id, site_uid, company_id, vendor
       from jsonb_to_recordset($1::jsonb) as x(com_id text, site_uid text, company_id text, vendor text)
     on conflict (com_id) do update set site_uid = excluded.site_uid, company_id = excluded.company_id,
       vendor = coalesce(excluded.vendor, devices.vendor)
     where devices.site_uid is null`,
    [JSON.stringify(devices)],
  );
  const pins = withDevice.flatMap((s) =>
    s.pins.map((p) => ({
      com_id: s.comId,
      pin_name: p.pinName,
      type: p.type,
      priority: p.priority,
      tenant: p.tenant,
      site_uid: uids.get(s),
      user_uid: s.userUid,
      label: p.label,
    })),
  );
  // A registered controller may carry configs of an earlier site: they are replaced.
  await db.query(`delete from pin_configs where com_id = any($1::text[])`, [
    withDevice.filter((s) => s.existingDevice).map((s) => s.comId),
  ]);
  await db.query(
    `insert into pin_configs (com_id, pin_name, type, priority, tenant, site_uid, user_uid, label)
     select com_id, pin_name, type, priority, tenant, site_uid, user_uid, label
       from jsonb_to_recordset($1::jsonb) as x(com_id text, pin_name text, type text, priority text,
            tenant text, site_uid text, user_uid text, label text)`,
    [JSON.stringify(pins)],
  );
  return uids;
}

export function createBulkImport(deps: {
  pool: Pool;
  bus?: Pick<EventBus, 'publish'>;
  audit?: AuditRecorder;
}) {
  return {
    async run(caller: Caller, body: SiteImportBody): Promise<SiteImportReply> {
      const data = Buffer.from(body.content_base64, 'base64');
      let file: Awaited<ReturnType<typeof readXlsx>>;
      try {
        file = body.format === 'xlsx' ? await readXlsx(data) : readCsv(data);
      } catch {
        const message = `the file is not a readable ${body.format === 'xlsx' ? '.xlsx workbook' : 'CSV file'}`;
        return {
          applied: false,
          rows: 0,
          sites: 0,
          devices: 0,
          pins: 0,
          errors: [{ row: 0, field: 'file', message }],
        };
      }
      const found = await lookups(deps.pool, null);
      const { errors, sites } = planImport(file.header, file.rows, found);
      const counts = {
        rows: file.rows.length,
        sites: sites.length,
        devices: sites.filter((s) => s.comId).length,
        pins: sites.reduce((n, s) => n + s.pins.length, 0),
      };
      if (errors.length || body.dry_run) return { applied: false, ...counts, errors };
      const codes = new Map([...found.companies].map(([code, c]) => [c.id, code]));
      const uids = await withTransaction(deps.pool, (client) => write(client, sites, codes));
      for (const s of sites) {
        const uid = uids.get(s) as string;
        deps.bus?.publish('site.config-changed', { siteUid: uid, comIds: s.comId ? [s.comId] : [] });
      }
      await deps.audit?.record({
        action: 'site.create',
        actor: auditActor(caller),
        companyId: null,
        target: null,
        detail: { bulk_import: counts },
      });
      return { applied: true, ...counts, errors: [] };
    },
  };
}

export type BulkImport = ReturnType<typeof createBulkImport>;
