/**
 * Folds a counters snapshot into one caller's scope: the same rules as `siteScope`, `tenantScope`
 * and `tenantNarrowing` in SQL, on the keys' company, site tenants and alarm tenants.
 */
import { emptySiteCounts, FIRST_OPERATOR_TENANT, isPowerAlarm } from '@towerwatch/domain';
import type { Caller } from '../../auth/caller.ts';
import { isAlarmTenantVisible } from '../../kernel/scope/sql-scope.ts';
import { type CountScope, SITE_FLAGS } from './counts.repository.ts';
import type { AlarmAgg, ScopeCounts, SiteAgg, Snapshot } from './counts-snapshot.ts';

/** Same scope, same counts: company, allowed tenants and the query's filters. */
export function scopeKey(caller: Caller, scope: CountScope): string {
  const who = caller.isOperator ? '*' : (caller.companyId ?? '-');
  return `${who}|${[...caller.allowedTenants].sort().join(',')}|${scope.companyId ?? ''}|${scope.tenant ?? ''}`;
}

/** `siteScope` + the company and tenant filters, on a key's company and site tenants. */
function siteVisible(caller: Caller, scope: CountScope, companyId: string, siteTenants: string[]): boolean {
  if (!caller.isOperator) {
    if (!caller.companyId || companyId !== caller.companyId) return false;
    if (siteTenants.length > 0 && !siteTenants.some((t) => caller.allowedTenants.includes(t))) return false;
  }
  if (scope.companyId && companyId !== scope.companyId) return false;
  if (scope.tenant && !siteTenants.includes(scope.tenant)) return false;
  return true;
}

/** `tenantScope` and, with a tenant filter, `tenantNarrowing` of an alarm row's tenant. */
function alarmTenantVisible(caller: Caller, scope: CountScope, tenant: string, alarmId: string): boolean {
  if (!isAlarmTenantVisible(caller, tenant, alarmId)) return false;
  if (!scope.tenant || tenant === scope.tenant) return true;
  return tenant === '' && (scope.tenant === FIRST_OPERATOR_TENANT || !isPowerAlarm(alarmId));
}

/** What `caller` sees of `snap` with the query's filters (computed once per scope and snapshot). */
export function fold(snap: Snapshot, caller: Caller, scope: CountScope): ScopeCounts {
  const key = scopeKey(caller, scope);
  const known = snap.scoped.get(key);
  if (known) return known;
  const byAlarm = new Map<string, AlarmAgg>();
  for (const k of snap.alarms) {
    if (!siteVisible(caller, scope, k.company_id, k.site_tenants)) continue;
    const vis = (t: string) => alarmTenantVisible(caller, scope, t, k.alarm_id);
    if (!k.avail.some(vis)) continue;
    let agg = byAlarm.get(k.alarm_id);
    if (!agg) {
      agg = { sites: 0, raised: 0, paused: 0 };
      byAlarm.set(k.alarm_id, agg);
    }
    agg.sites += k.n;
    if (k.raised.some(vis)) agg.raised += k.n;
    agg.paused += k.n * k.paused.filter(vis).length;
  }
  const offline = snap.offline
    .filter(
      (o) =>
        siteVisible(caller, scope, o.company_id, o.site_tenants) &&
        isAlarmTenantVisible(caller, o.tenant, 'device_online'),
    )
    .map((o) => ({ last_event_at: o.last_event_at }));
  const sites: SiteAgg = { ...emptySiteCounts(), total_door: 0 };
  const dcLoads = new Map<string, number>();
  for (const k of snap.sites) {
    if (!siteVisible(caller, scope, k.company_id, k.tenants)) continue;
    sites.total += k.n;
    const has = (bit: number) => ((k.flags & bit) !== 0 ? k.n : 0);
    sites.rms += has(SITE_FLAGS.rms);
    sites.rectifier += has(SITE_FLAGS.rectifier);
    sites.acs += has(SITE_FLAGS.acs);
    sites.sarbs += has(SITE_FLAGS.sarbs);
    sites.vertiv += has(SITE_FLAGS.vertiv);
    sites.eltek += has(SITE_FLAGS.eltek);
    sites.total_door += has(SITE_FLAGS.door);
    for (const load of k.loads) dcLoads.set(load, (dcLoads.get(load) ?? 0) + k.n);
  }
  const counts = { byAlarm, offline, dcLoads, sites };
  snap.scoped.set(key, counts);
  return counts;
}
