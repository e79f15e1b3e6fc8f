/** SQL of site writes: create, update, settings (a settings change and its alarm flags in one transaction). */
import { type Pool, type Queryable, withTransaction } from '../../db/pool.ts';

export interface SiteWrite {
  name?: string;
  tenants?: string[];
  thana?: string | null;
  district?: string | null;
  division?: string | null;
  lat?: number | null;
  lng?: number | null;
  genericSiteId?: string | null;
  rectifier?: Record<string, unknown>;
  deviceVendor?: string | null;
  batteryMax?: number | null;
  moreDetails?: Record<string, unknown>;
}

/** Column expressions for the given fields (meta and rectifier are merged into the stored json). */
function assignments(w: SiteWrite, add: (v: unknown) => string): string[] {
  const set: string[] = [];
  const col = (name: string, v: unknown) => v !== undefined && set.push(`${name} = ${add(v)}`);
  col('name', w.name);
  col('tenants', w.tenants);
  col('thana', w.thana);
  col('district', w.district);
  col('division', w.division);
  col('lat', w.lat);
  col('lng', w.lng);
  col('device_vendor', w.deviceVendor);
  col('battery_max', w.batteryMax);
  if (w.moreDetails !== undefined) set.push(`more_details = ${add(JSON.stringify(w.moreDetails))}::jsonb`);
  if (w.rectifier !== undefined)
    set.push(`rectifier = rectifier || ${add(JSON.stringify(w.rectifier))}::jsonb`);
  if (w.genericSiteId !== undefined) {
    set.push(`meta = jsonb_set(meta, '{generic_site_id}', ${add(JSON.stringify(w.genericSiteId))}::jsonb)`);
  }
  return set;
}

async function updateSite(db: Queryable, uid: string, w: SiteWrite, at: Date): Promise<void> {
  const values: unknown[] = [uid, at];
  const add = (v: unknown) => {
    values.push(v);
    return `$${values.length}`;
  };
  const set = assignments(w, add);
  await db.query(`update sites set ${[...set, 'updated_at = $2'].join(', ')} where uid = $1`, values);
}

export function createSiteAdminRepository(pool: Pool) {
  return {
    /** Creates the site with all its fields (one transaction). */
    async insert(
      uid: string,
      companyId: string,
      userUid: string | null,
      w: SiteWrite & { name: string; tenants: string[] },
      at: Date,
    ): Promise<void> {
      await withTransaction(pool, async (tx) => {
        await tx.query(
          `insert into sites (uid, name, company_id, user_uid, tenants, created_at, updated_at)
           values ($1, $2, $3, $4, $5, $6, $6)`,
          [uid, w.name, companyId, userUid, w.tenants, at],
        );
        await updateSite(tx, uid, w, at);
      });
    },

    async update(uid: string, w: SiteWrite, at: Date): Promise<void> {
      await updateSite(pool, uid, w, at);
    },

    /** The device vendor's company (null: it serves every company), or null when there is no such vendor. */
    async vendorCompany(uid: string): Promise<{ companyId: string | null } | null> {
      const { rows } = await pool.query<{ company_id: string | null }>(
        'select company_id from device_vendors where uid = $1',
        [uid],
      );
      return rows[0] ? { companyId: rows[0].company_id } : null;
    },

    /**
     * Sets `settings[prop] = value`; for an alarm prop also sets is_disable on the site's alarms of
     * that id (every tenant). One transaction. Returns the new settings.
     */
    async saveSetting(
      siteUid: string,
      prop: string,
      value: unknown,
      alarm: { id: string; disabled: boolean } | null,
      at: Date,
    ): Promise<Record<string, unknown>> {
      return withTransaction(pool, async (tx) => {
        const { rows } = await tx.query<{ settings: Record<string, unknown> }>(
          `update sites set settings = settings || jsonb_build_object($2::text, $3::jsonb), updated_at = $4
            where uid = $1 returning settings`,
          [siteUid, prop, JSON.stringify(value), at],
        );
        if (alarm) {
          await tx.query('update alarms set is_disable = $3 where site_uid = $1 and alarm_id = $2', [
            siteUid,
            alarm.id,
            alarm.disabled,
          ]);
        }
        return rows[0]?.settings ?? {};
      });
    },

    /** The tenants ('' = none) of a site's rows of one alarm. */
    async alarmTenants(siteUid: string, alarmId: string): Promise<string[]> {
      const { rows } = await pool.query<{ tenant: string }>(
        'select distinct tenant from alarms where site_uid = $1 and alarm_id = $2',
        [siteUid, alarmId],
      );
      return rows.map((r) => r.tenant);
    },

    /** A company with its root user, if it has one (operators creating a site for a customer by id). */
    async companyWithRoot(companyId: string): Promise<{ companyId: string; rootUid: string | null } | null> {
      const { rows } = await pool.query<{ id: string; root: string | null }>(
        `select c.id, (select u.uid from users u where u.company_id = c.id and u.root_user_uid is null
           order by u.created_at, u.uid limit 1) as root
         from companies c where c.id = $1`,
        [companyId],
      );
      return rows[0] ? { companyId: rows[0].id, rootUid: rows[0].root } : null;
    },

    /** Company of a user (operators creating a site for a customer). */
    async companyOfUser(uid: string): Promise<{ companyId: string | null; rootUid: string } | null> {
      const { rows } = await pool.query<{ company_id: string | null; root: string }>(
        'select company_id, coalesce(root_user_uid, uid) as root from users where uid = $1',
        [uid],
      );
      return rows[0] ? { companyId: rows[0].company_id, rootUid: rows[0].root } : null;
    },

    async companyCode(companyId: string): Promise<string | null> {
      const { rows } = await pool.query<{ code: string }>('select code from companies where id = $1', [
        companyId,
      ]);
      return rows[0]?.code ?? null;
    },
  };
}

export type SiteAdminRepository = ReturnType<typeof createSiteAdminRepository>;
