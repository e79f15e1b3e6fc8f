/**
 * The site list pages of GET /user/site/fetch built by PostgreSQL: one query per page whose rows are
 * the contract's list items as JSON text (`siteLean`, or `site` up to its free-form maps), each site's
 * alarms and DC load aggregated in SQL (`json_agg`) and the tenant rule applied in SQL (`siteScope`,
 * `tenantScope`), so the server joins texts instead of building, validating and serialising objects
 * site by site (docs/decisions/site-list-json-in-sql.md). Keys, values and order are those the
 * route sent before: site-view.ts `toSite` (and `toLeanSite`) serialised by the contract's schemas
 * (site-list-json.test.ts compares both forms with that path on a fleet with alarms, tenants and DC
 * load states, and checks real replies against the schemas).
 */
import {
  ALARM_FILTER_GROUPS,
  ALARM_GROUP_MEMBERS,
  alarmDisplayGroup,
  FIRST_OPERATOR_TENANT,
} from '@towerwatch/domain';
import { ALARM_TUPLE_FLAGS } from '@towerwatch/contract';
import type { Caller } from '../../auth/caller.ts';
import type { Queryable } from '../../db/pool.ts';
import { type SqlParams, sqlParams, tenantScope } from '../../kernel/scope/sql-scope.ts';
import { DEVICES_ARRAY, type SiteListFilter, whereSites } from './site.repository.ts';

/** An instant as `Date.toISOString()` writes it (UTC, milliseconds; stored instants carry whole ms). */
const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A jsonb member that is a non-empty string, else null (site-view.ts `str`). */
const str = (object: string, key: string) =>
  `case when jsonb_typeof(${object} -> '${key}') = 'string' then nullif(${object} ->> '${key}', '') end`;

/** The domain's display group of every grouped alarm id (`alarmDisplayGroup`), for SQL. */
const ALARM_GROUPS: Readonly<Record<string, string>> = Object.fromEntries(
  ALARM_FILTER_GROUPS.flatMap((group) => ALARM_GROUP_MEMBERS[group].map((id) => [id, alarmDisplayGroup(id)])),
);
/** The display group of an id outside the groups ('' is no alarm id). */
const OTHER_ALARM_GROUP = alarmDisplayGroup('');

/** The forms of a list item: `site`, `siteLean`, `siteCompact`. */
export type SiteListForm = 'full' | 'lean' | 'compact';

/** The flags of an alarm tuple (contract `ALARM_TUPLE_FLAGS`). */
const TUPLE_FLAGS = `(case when a.is_normal then ${ALARM_TUPLE_FLAGS.isNormal} else 0 end
  + case when a.is_available then ${ALARM_TUPLE_FLAGS.isAvailable} else 0 end
  + case when a.is_disable then ${ALARM_TUPLE_FLAGS.isDisable} else 0 end)`;

/** One alarm entry of alias `a` in a form: an object (`liveAlarm`, `siteAlarmBrief`) or a tuple. */
function alarmSql(p: SqlParams, form: SiteListForm): string {
  if (form === 'compact')
    return `json_build_array(a.alarm_id, nullif(a.tenant, ''), ${TUPLE_FLAGS}, ${iso('a.last_event_at')})`;
  const fields =
    form === 'full'
      ? `'id', a.alarm_id,
       'group', coalesce(${p.add(JSON.stringify(ALARM_GROUPS))}::jsonb ->> a.alarm_id, ${p.add(OTHER_ALARM_GROUP)}),
       'tenant', nullif(a.tenant, ''), 'isNormal', a.is_normal, 'isAvailable', a.is_available,
       'isDisable', a.is_disable, 'lastEvent', ${iso('a.last_event_at')}, 'raisedAt', ${iso('a.raised_at')},
       'clearedAt', ${iso('a.cleared_at')}, 'acknowledgedBy', a.acknowledged_by,
       'acknowledgedAt', ${iso('a.acknowledged_at')}, 'value', a.value`
      : `'id', a.alarm_id, 'tenant', nullif(a.tenant, ''), 'isNormal', a.is_normal,
       'isAvailable', a.is_available, 'isDisable', a.is_disable, 'lastEvent', ${iso('a.last_event_at')}`;
  return `json_build_object(${fields})`;
}

/** The alarm entries of site `s` visible to the caller, in the item's form. */
function alarmsSql(caller: Caller, p: SqlParams, form: SiteListForm): string {
  return `coalesce((select json_agg(${alarmSql(p, form)} order by a.alarm_id, a.tenant)
                      from alarms a
                     where a.site_uid = s.uid and ${tenantScope(caller, p, 'a.tenant', { alarmId: 'a.alarm_id' })}),
                   '[]'::json)`;
}

/**
 * The item's fields up to `meta`, in the contract's key order (`site`; `siteLean` is the same without
 * the free-form maps; the zod serialiser wrote `alarms` after `devices`, `dc_load` entries as
 * `value`, `tenant`).
 */
function headSql(caller: Caller, p: SqlParams, opts: { withDevices: boolean; form: SiteListForm }): string {
  const allowed = p.add(caller.allowedTenants);
  // A DC load row without a tenant counts as the first operator tenant (domain `effectiveTenant`).
  const loadTenant = `coalesce(nullif(l.tenant, ''), ${p.add(FIRST_OPERATOR_TENANT)})`;
  return `json_build_object(
    'uid', s.uid,
    'name', s.name,
    'user_uid', coalesce(s.user_uid, ''),
    'company', c.code,
    'tenants', array(select t.tenant from unnest(s.tenants) with ordinality t(tenant, n)
                      where t.tenant = any(${allowed}::text[]) order by t.n),
    'devices', ${opts.withDevices ? DEVICES_ARRAY : `'{}'::text[]`},
    'alarms', ${alarmsSql(caller, p, opts.form)},
    'status', case when (select bool_or(d.online) from devices d where d.site_uid = s.uid)
                   then 'online' else 'offline' end,
    'rectifier', json_build_object('rectifier_type', ${str('s.rectifier', 'rectifier_type')},
                                   'rectifier_type_2', ${str('s.rectifier', 'rectifier_type_2')}),
    'dc_load', coalesce((select json_agg(json_build_object('value', l.state, 'tenant', ${loadTenant})
                                         order by l.tenant)
                           from dc_load_state l
                          where l.site_uid = s.uid and ${loadTenant} = any(${allowed}::text[])), '[]'::json),
    'battery_max', s.battery_max,
    'battery_left', null,
    'device_vendor', s.device_vendor,
    'place', json_build_object('thana', s.thana, 'district', s.district, 'division', s.division),
    'location', case when s.lat is not null and s.lng is not null
                     then json_build_object('lat', s.lat, 'lng', s.lng) end,
    'meta', json_build_object('generic_site_id', ${str('s.meta', 'generic_site_id')})
  )::text`;
}

/** A full item's free-form maps as stored, for the domain's tenant narrowing (site-view.ts). */
export interface SiteMapsRow {
  more_details: unknown;
  settings: unknown;
  inc: unknown;
  bms: unknown;
}

/** One row of a page: the item's fields up to `meta` as JSON text, its `created_at`, its maps when full. */
export interface SiteListJsonRow extends Partial<SiteMapsRow> {
  head: string;
  created_at: string;
}

export function createSiteListJsonRepository(db: Queryable) {
  return {
    /**
     * One page of the caller's sites ordered by uid (the same paging and total as
     * `SiteRepository.list`): per site the item's JSON up to `meta`, its `created_at` (ISO text) and,
     * for the full form, its stored free-form maps.
     */
    async page(
      caller: Caller,
      f: SiteListFilter,
      page: { offset: number; limit: number; withDevices: boolean; form: SiteListForm },
    ): Promise<{ rows: SiteListJsonRow[]; total: number }> {
      const p = sqlParams();
      const where = whereSites(caller, p, f);
      const head = headSql(caller, p, page);
      const maps = page.form === 'full' ? ', s.more_details, s.settings, s.inc, s.bms' : '';
      // Page the uids first, then build that page's items. The total is its own count: a window
      // count (`count(*) over ()`) kept every matching site in the window (half the paging's time).
      const sql = `select ${head} as head, ${iso('s.created_at')} as created_at${maps}, paged.total
        from (select s.uid, (select count(*) from sites s where ${where}) as total from sites s where ${where}
               order by s.uid limit ${p.add(page.limit)} offset ${p.add(page.offset)}) paged
        join sites s on s.uid = paged.uid
        join companies c on c.id = s.company_id
        order by s.uid`;
      const { rows } = await db.query<SiteListJsonRow & { total: number }>(sql, p.values);
      let total = rows[0]?.total ?? 0;
      if (rows.length === 0 && page.offset > 0) {
        const q = sqlParams();
        const counted = await db.query<{ n: number }>(
          `select count(*)::int as n from sites s where ${whereSites(caller, q, f)}`,
          q.values,
        );
        total = counted.rows[0]?.n ?? 0;
      }
      return { rows, total };
    },
  };
}

export type SiteListJsonRepository = ReturnType<typeof createSiteListJsonRepository>;
