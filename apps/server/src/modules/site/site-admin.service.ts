/**
 * Site writes: POST /user/site/save, /user/site/update, /user/settings/save. Operators create sites
 * for any customer; company and superuser users for their own company, with their allowed tenants.
 * Changes are announced on the bus (ingest caches, live SITE_CONFIG_UPDATED).
 */
import { randomBytes } from 'node:crypto';
import {
  LIVE_EVENTS,
  liveMessage,
  type SettingsSaveBody,
  type SettingsSaveReply,
  type SiteSaveBody,
  type SiteSaveReply,
  type SiteUpdateBody,
} from '@towerwatch/contract';
import {
  eventDisplayName,
  isDisableableAlarm,
  keepHiddenTenants,
  restoreHiddenTenantKeys,
  vendorServesCompany,
} from '@towerwatch/domain';
import { parseSiteAlarmSettings } from '../../alarms/settings.ts';
import type { Caller } from '../../auth/caller.ts';
import type { EventBus } from '../../bus/bus.ts';
import type { Clock } from '../../clock.ts';
import { ForbiddenError, NotFoundError, ValidationError } from '../../errors.ts';
import { REACH_REFUSED } from '../../kernel/scope/action-reach.ts';
import { assertTenantsAllowed, requireSite } from '../../kernel/scope/site-scope.ts';
import { isAlarmTenantVisible } from '../../kernel/scope/sql-scope.ts';
import { type AuditRecorder, auditActor } from '../audit/index.ts';
import type { SiteRepository } from './site.repository.ts';
import type { SiteAdminRepository, SiteWrite } from './site-admin.repository.ts';
import { buildSites } from './site-view.ts';

export interface SiteAdminDeps {
  sites: SiteRepository;
  admin: SiteAdminRepository;
  clock: Clock;
  bus?: Pick<EventBus, 'publish'>;
  /** The audit log: site creation, updates and settings changes. */
  audit?: AuditRecorder;
}

function toWrite(b: Omit<SiteUpdateBody, 'site_uid'>): SiteWrite {
  return {
    name: b.name,
    tenants: b.tenants,
    thana: b.place?.thana,
    district: b.place?.district,
    division: b.place?.division,
    lat: b.location?.lat,
    lng: b.location?.lng,
    genericSiteId: b.generic_site_id,
    rectifier: b.rectifier,
    deviceVendor: b.device_vendor,
    batteryMax: b.battery_max,
    moreDetails: b.more_details,
  };
}

export function createSiteAdminService(deps: SiteAdminDeps) {
  async function reply(caller: Caller, uid: string): Promise<SiteSaveReply> {
    const row = await requireSite(deps.sites, caller, uid);
    const [site] = await buildSites(deps.sites, caller, [row]);
    if (!site) throw new NotFoundError('Site not found');
    return { site };
  }

  /**
   * 400 unless the site's device vendor exists and serves the site's company
   * (docs/requirements.md#device-vendors); one message for both, so another company's vendors stay unseen.
   */
  async function assertVendorServes(vendorUid: string | null | undefined, companyId: string): Promise<void> {
    if (!vendorUid) return;
    const vendor = await deps.admin.vendorCompany(vendorUid);
    if (!vendor || !vendorServesCompany(vendor.companyId, companyId)) {
      throw new ValidationError('body.device_vendor', `${vendorUid} is not a device vendor of this company`);
    }
  }

  function announce(
    siteUid: string,
    companyId: string,
    reason: 'renamed' | 'settings' | 'other',
    name?: string,
  ) {
    deps.bus?.publish('site.config-changed', { siteUid });
    deps.bus?.publish('live', {
      audience: { companyId, siteUid, tenant: null },
      message: liveMessage(LIVE_EVENTS.SITE_CONFIG_UPDATED, { siteUid, reason, ...(name ? { name } : {}) }),
    });
  }

  return {
    async save(caller: Caller, body: SiteSaveBody): Promise<SiteSaveReply> {
      let owner: { companyId: string; rootUid: string | null };
      if (caller.isOperator && body.company_id) {
        // A customer named by id: reached with or without a root user.
        const found = await deps.admin.companyWithRoot(body.company_id);
        if (!found) throw new NotFoundError('Company not found');
        owner = found;
      } else if (caller.isOperator) {
        if (!body.user_uid)
          throw new ValidationError('body.user_uid', 'body.user_uid: the customer is required');
        const found = await deps.admin.companyOfUser(body.user_uid);
        if (!found?.companyId) throw new NotFoundError('User not found');
        owner = { companyId: found.companyId, rootUid: found.rootUid };
      } else {
        assertTenantsAllowed(caller, body.tenants);
        if (!caller.companyId) throw new NotFoundError('User not found');
        owner = { companyId: caller.companyId, rootUid: caller.rootUid };
      }
      await assertVendorServes(body.device_vendor, owner.companyId);
      const code = (await deps.admin.companyCode(owner.companyId)) ?? 'site';
      const uid = `${code.toUpperCase()}-${randomBytes(4).toString('hex').toUpperCase()}`;
      const { user_uid: _ignored, company_id: _alsoIgnored, ...fields } = body;
      await deps.admin.insert(
        uid,
        owner.companyId,
        owner.rootUid,
        { ...toWrite(fields), name: body.name, tenants: body.tenants },
        deps.clock.now(),
      );
      announce(uid, owner.companyId, 'other');
      await deps.audit?.record({
        action: 'site.create',
        actor: auditActor(caller),
        companyId: owner.companyId,
        target: { type: 'site', id: uid },
        after: fields,
      });
      return reply(caller, uid);
    },

    async update(caller: Caller, body: SiteUpdateBody): Promise<SiteSaveReply> {
      const site = await requireSite(deps.sites, caller, body.site_uid, false);
      if (!caller.isOperator) assertTenantsAllowed(caller, body.tenants);
      await assertVendorServes(body.device_vendor, site.company_id);
      const { site_uid: uid, ...fields } = body;
      // The caller saw the tenants narrowed to theirs: the others stay on the site.
      if (fields.tenants && !caller.isOperator)
        fields.tenants = keepHiddenTenants(
          fields.tenants,
          site.tenants as typeof fields.tenants,
          caller.allowedTenants,
        );
      if (fields.more_details) {
        // The caller saw more_details narrowed to their tenants: keep the other tenants' keys.
        fields.more_details = restoreHiddenTenantKeys(
          fields.more_details,
          site.more_details,
          caller.allowedTenants,
        );
      }
      await deps.admin.update(uid, toWrite(fields), deps.clock.now());
      const renamed = body.name !== undefined && body.name !== site.name;
      announce(uid, site.company_id, renamed ? 'renamed' : 'other', renamed ? body.name : undefined);
      await deps.audit?.record({
        action: 'site.update',
        actor: auditActor(caller),
        companyId: site.company_id,
        target: { type: 'site', id: uid },
        before: { name: site.name, tenants: site.tenants },
        after: fields,
      });
      return reply(caller, uid);
    },

    /**
     * Alarm props pause/resume the alarm (value false = disabled; refused with 400 when the site does
     * not have the alarm); threshold props set a number.
     */
    async saveSettings(caller: Caller, body: SettingsSaveBody): Promise<SettingsSaveReply> {
      const site = await requireSite(deps.sites, caller, body.siteUid, false);
      const alarm =
        typeof body.value === 'boolean' && isDisableableAlarm(body.prop)
          ? { id: body.prop, disabled: !body.value }
          : null;
      // The site's pause of an alarm applies to every tenant's row of it: the caller must see them all.
      if (alarm && !caller.isOperator) {
        const tenants = await deps.admin.alarmTenants(site.uid, alarm.id);
        if (tenants.some((tenant) => !isAlarmTenantVisible(caller, tenant, alarm.id)))
          throw new ForbiddenError(REACH_REFUSED);
      }
      if (alarm?.disabled) {
        // Pausing an alarm the site does not have would change nothing: refuse it, naming the alarm.
        const rows = await deps.sites.alarmsOf(caller, [site.uid]);
        if (!rows.some((row) => row.alarm_id === alarm.id && row.is_available)) {
          const name = eventDisplayName(alarm.id, caller.companyCode);
          throw new ValidationError(
            'body.prop',
            `${name} is not installed on this site: there is nothing to pause`,
          );
        }
      }
      const settings = await deps.admin.saveSetting(site.uid, body.prop, body.value, alarm, deps.clock.now());
      announce(site.uid, site.company_id, 'settings');
      await deps.audit?.record({
        action: 'site.settings_save',
        actor: auditActor(caller),
        companyId: site.company_id,
        target: { type: 'site', id: site.uid },
        before: { [body.prop]: site.settings[body.prop] ?? null },
        after: { [body.prop]: body.value },
      });
      deps.bus?.publish('site.state-changed', { companyId: site.company_id, siteUids: [site.uid] });
      return {
        siteUid: site.uid,
        settings,
        disabledAlarms: [...parseSiteAlarmSettings(settings).disabled].sort(),
      };
    },
  };
}

export type SiteAdminService = ReturnType<typeof createSiteAdminService>;
