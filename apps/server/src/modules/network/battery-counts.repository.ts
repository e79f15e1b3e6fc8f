/**
 * SQL of the dashboard's battery classes (docs/requirements.md#battery-classes): one aggregate over
 * the scoped sites' lowest battery_terminal reading, classed in SQL with the domain's limits and each
 * site's DC low-voltage threshold, answering four numbers instead of one row (and its settings JSON)
 * per site. A site's threshold is read by the tolerant settings parser in JavaScript, once per distinct
 * raw setting value (`batteryThresholdKeys`: a handful, most sites set none), never per site.
 */
import { BATTERY_CLASS_LIMITS, type BatteryClass } from '@towerwatch/domain';
import { THRESHOLD_SETTING_NAMES } from '../../alarms/settings.ts';
import type { Caller } from '../../auth/caller.ts';
import type { Queryable } from '../../db/pool.ts';
import { type SqlParams, siteScope, sqlParams } from '../../kernel/scope/sql-scope.ts';
import type { CountScope } from './counts.repository.ts';

/** The raw values (JSON, `null` when absent) of the two places a site may set its DC low-voltage threshold. */
export interface ThresholdKey {
  nested: unknown;
  flat: unknown;
}

/** A threshold key with the threshold the settings parser reads from it. */
export interface ThresholdOf extends ThresholdKey {
  dcLowVoltage: number;
}

const NAME = THRESHOLD_SETTING_NAMES.dcLowVoltage;
/** The two raw values as jsonb, a missing key and a JSON null both as 'null' (the parser reads both alike). */
const NESTED_SQL = `coalesce(s.settings->'thresholds'->'${NAME}', 'null'::jsonb)`;
const FLAT_SQL = `coalesce(s.settings->'${NAME}_threshold', 'null'::jsonb)`;

/** The scoped sites (alias `s`) with the query's company and tenant filters. */
function sitesWhere(caller: Caller, p: SqlParams, scope: CountScope): string {
  const parts = [siteScope(caller, p, 's')];
  if (scope.companyId) parts.push(`s.company_id = ${p.add(scope.companyId)}`);
  if (scope.tenant) parts.push(`${p.add(scope.tenant)} = any(s.tenants)`);
  return parts.join(' and ');
}

export function createBatteryCountsRepository(db: Queryable) {
  return {
    /** The distinct raw threshold settings of the scoped sites. */
    async thresholdKeys(caller: Caller, scope: CountScope): Promise<ThresholdKey[]> {
      const p = sqlParams();
      const { rows } = await db.query<ThresholdKey>(
        `select distinct ${NESTED_SQL} as nested, ${FLAT_SQL} as flat
           from sites s where ${sitesWhere(caller, p, scope)}`,
        p.values,
      );
      return rows;
    },

    /**
     * Number of scoped sites per battery class of their lowest counted reading (pins of the caller's
     * tenants, and of the filter's tenant). A site whose settings changed after `thresholds` was read
     * (not among them) is classed with `fallback` until the next count.
     */
    async classCounts(
      caller: Caller,
      scope: CountScope,
      thresholds: ThresholdOf[],
      fallback: number,
    ): Promise<{ class: BatteryClass; n: number }[]> {
      const p = sqlParams();
      const t = p.add(JSON.stringify(thresholds.map((x) => [x.nested, x.flat, x.dcLowVoltage])));
      const { rows } = await db.query<{ class: BatteryClass; n: number }>(
        `with v as (
           select min(pl.value)::float8 as volts, ${NESTED_SQL} as nested, ${FLAT_SQL} as flat
             from sites s join pin_configs pc on pc.site_uid = s.uid and pc.type = 'battery_terminal'
             join pin_latest pl on pl.com_id = pc.com_id and pl.pin_name = pc.pin_name
            where pl.value >= 0 and ${sitesWhere(caller, p, scope)}
              and (pc.tenant is null or pc.tenant = any(${p.add(caller.allowedTenants)}::text[]))
              ${scope.tenant ? `and (pc.tenant is null or pc.tenant = ${p.add(scope.tenant)})` : ''}
            group by s.uid, s.settings),
         t as (select e->0 as nested, e->1 as flat, (e->>2)::float8 as low from jsonb_array_elements(${t}::jsonb) e)
         select case when v.volts < coalesce(t.low, ${p.add(fallback)}::float8) then 'bad'
                     when v.volts < ${p.add(BATTERY_CLASS_LIMITS.ok)}::float8 then 'ok'
                     when v.volts < ${p.add(BATTERY_CLASS_LIMITS.good)}::float8 then 'good'
                     else 'full' end as class,
                count(*)::int as n
           from v left join t on t.nested = v.nested and t.flat = v.flat
          group by 1`,
        p.values,
      );
      return rows;
    },
  };
}

export type BatteryCountsRepository = ReturnType<typeof createBatteryCountsRepository>;
