/**
 * Site reads (docs/requirements.md#site-calls): the site lists, one site's details and alarms, and the
 * session start. Every call is scoped to the caller (see site-scope.ts).
 */
import type {
  OemSiteListQuery,
  OemSiteListReply,
  SessionStartReply,
  SiteAlarmsReply,
  SiteDetailsReply,
  SiteFetchQuery,
  SiteFilterQuery,
  SiteListReply,
  SitePinConfig,
} from '@towerwatch/contract';
import { type PinType, pinService } from '@towerwatch/contract';
import { visibleSiteTenants } from '@towerwatch/domain';
import type { Caller } from '../../auth/caller.ts';
import type { Clock } from '../../clock.ts';
import { toSiteAlarm } from '../../kernel/rows/site-rows.ts';
import { assertTenantsAllowed, ownerFilter, requireSite } from '../../kernel/scope/site-scope.ts';
import type { SqlParams } from '../../kernel/scope/sql-scope.ts';
import { type DigitalControlsDeps, digitalControlsOf } from './digital-controls.ts';
import type { PinRow, SiteListFilter, SiteRepository } from './site.repository.ts';
import type { SiteListJsonRepository } from './site-list-json.repository.ts';
import { buildSites, dcLoadEntries, siteItemJson } from './site-view.ts';

export interface SiteServiceDeps extends DigitalControlsDeps {
  sites: SiteRepository;
  /** The pages of GET /user/site/fetch, built in SQL. */
  lists: SiteListJsonRepository;
  clock: Clock;
}

/**
 * A reply already serialised as JSON: the site list of GET /user/site/fetch, whose items PostgreSQL
 * builds as the contract's `site` / `siteLean` (site-list-json.repository.ts), sent as is instead of
 * being validated and serialised item by item (site-list-json.test.ts checks real replies against
 * the schemas and the path that builds them in JS).
 */
export interface JsonReply {
  readonly json: string;
}

/** A pin config row with its latest value, as the site calls return it. */
export function toPinConfig(row: PinRow): SitePinConfig {
  const v = row.value;
  return {
    id: row.id,
    com_id: row.com_id,
    pin_name: row.pin_name,
    type: row.type,
    service: pinService(row.type as PinType) ?? null,
    priority: row.priority,
    tenant: row.tenant,
    site_uid: row.site_uid,
    user_uid: row.user_uid ?? '',
    label: row.label,
    // One stored reading; the pin type says what it is (status 0/1, volts or amperes).
    status: v,
    voltage: row.type.startsWith('main_phase') || row.type === 'battery_terminal' ? v : null,
    ampere: row.type.startsWith('battery_current') ? v : null,
    maximum: null,
    remaining: null,
    updated_at: row.ts ? row.ts.toISOString() : null,
  };
}

/**
 * The alarm condition of GET /user/site/filter (alias `a`), the SQL form of the domain's
 * `alarmMatchesFilter` (expected vs isNormal on available alarms; minutes since lastEvent in
 * [minDuration, maxDuration)). A test checks it against the domain function.
 */
function alarmFilterSql(q: SiteFilterQuery, now: Date): (p: SqlParams) => string {
  return (p) => {
    const parts = [`a.alarm_id = ${p.add(q.alarmName)}`, 'a.is_available'];
    if (q.alarmValue === 'true') parts.push('a.is_normal');
    if (q.alarmValue === 'false') parts.push('not a.is_normal');
    if (q.alarmValue === 'paused') parts.push('a.is_disable');
    if (q.tenant) parts.push(`a.tenant = ${p.add(q.tenant)}`);
    const at = (minutes: number) => `${p.add(new Date(now.getTime() - minutes * 60_000))}::timestamptz`;
    if (q.minDuration !== undefined) parts.push(`a.last_event_at <= ${at(q.minDuration)}`);
    if (q.maxDuration !== undefined) parts.push(`a.last_event_at > ${at(q.maxDuration)}`);
    return parts.join(' and ');
  };
}

export function createSiteService(deps: SiteServiceDeps) {
  const repo = deps.sites;

  async function page(
    caller: Caller,
    f: SiteListFilter,
    q: { page: number; limit: number; with_devices: boolean },
  ) {
    const offset = (q.page - 1) * q.limit;
    const { rows, total } = await repo.list(caller, f, {
      offset,
      limit: q.limit,
      withDevices: q.with_devices,
    });
    return { items: await buildSites(repo, caller, rows), total, page: q.page, limit: q.limit };
  }

  return {
    async oemSiteList(caller: Caller, q: OemSiteListQuery): Promise<OemSiteListReply> {
      const f = { ...(await ownerFilter(repo, caller, q.user_uid)), eventName: q.event_name };
      const { rows } = await repo.list(caller, f, { offset: 0, limit: q.limit, withDevices: q.with_devices });
      return {
        items: rows.map((r) => ({
          site_uid: r.uid,
          name: r.name,
          tenants: visibleSiteTenants(r.tenants, caller.allowedTenants),
          devices: r.devices ?? [],
        })),
      };
    },

    /**
     * The full form (siteListReply), with `lean` the lean form (siteLeanListReply), with `compact`
     * the compact one (siteCompactListReply), as JSON text.
     */
    async fetch(caller: Caller, q: SiteFetchQuery): Promise<JsonReply> {
      assertTenantsAllowed(caller, q.tenants);
      const owner = await ownerFilter(repo, caller, q.user_uid, q.company_id);
      if (q.site_uid) await requireSite(repo, caller, q.site_uid, false);
      const form = q.compact ? 'compact' : q.lean ? 'lean' : 'full';
      const { rows, total } = await deps.lists.page(
        caller,
        { ...owner, siteUid: q.site_uid, tenants: q.tenants },
        { offset: (q.page - 1) * q.limit, limit: q.limit, withDevices: q.with_devices, form },
      );
      const items = rows.map((row) => siteItemJson(caller, row, form === 'full')).join(',');
      // The keys of siteListReply / siteLeanListReply in their order (items, total, page, limit).
      return { json: `{"items":[${items}],"total":${total},"page":${q.page},"limit":${q.limit}}` };
    },

    async filter(caller: Caller, q: SiteFilterQuery): Promise<SiteListReply> {
      assertTenantsAllowed(caller, q.tenant ? [q.tenant] : undefined);
      const owner = await ownerFilter(repo, caller, q.user_uid);
      if (q.alarmName !== 'dc_load') {
        return page(caller, { ...owner, alarmCondition: alarmFilterSql(q, deps.clock.now()) }, q);
      }
      // DC load is derived from the load currents: classify every scoped site, then page.
      const uids = await repo.listUids(caller, owner);
      const load = dcLoadEntries(caller, await repo.dcLoadOf(uids));
      const matching = uids.filter((uid) =>
        (load.get(uid) ?? []).some(
          (e) => (!q.alarmValue || e.value === q.alarmValue) && (!q.tenant || e.tenant === q.tenant),
        ),
      );
      const r = await page(caller, { ...owner, siteUids: matching }, q);
      return { ...r, total: matching.length };
    },

    async details(caller: Caller, siteUid: string): Promise<SiteDetailsReply> {
      const row = await requireSite(repo, caller, siteUid);
      const [[siteInfo], pins, controls] = await Promise.all([
        buildSites(repo, caller, [row]),
        repo.pinsOf(siteUid),
        digitalControlsOf(deps, row.uid, row.devices ?? []),
      ]);
      if (!siteInfo) throw new Error('site vanished');
      const visible = pins.filter((p) => !p.tenant || caller.allowedTenants.includes(p.tenant));
      return { siteInfo, pinConfigs: visible.map(toPinConfig), devices: row.devices ?? [], controls };
    },

    async alarms(caller: Caller, siteUid: string): Promise<SiteAlarmsReply> {
      await requireSite(repo, caller, siteUid, false);
      const rows = await repo.alarmsOf(caller, [siteUid]);
      return { siteUid, items: rows.map(toSiteAlarm) };
    },

    async sessionStart(caller: Caller, siteUid: string): Promise<SessionStartReply> {
      const row = await requireSite(repo, caller, siteUid, false);
      const startedAt = deps.clock.now();
      await repo.recordSession(caller.uid, siteUid, startedAt);
      return {
        siteUid,
        name: row.name,
        tenants: visibleSiteTenants(row.tenants, caller.allowedTenants),
        startedAt: startedAt.toISOString(),
      };
    },
  };
}

export type SiteService = ReturnType<typeof createSiteService>;
